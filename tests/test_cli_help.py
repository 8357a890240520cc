"""Every command-line tool parses its arguments and answers --help without doing anything
(issue 28: `python -m render gallery --help` wrote a gallery into a folder named --help)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("argv", [["render", "--help"], ["render", "gallery", "--help"],
                                  ["render", "docs", "--help"], ["engine", "--help"],
                                  ["storage", "--help"], ["catalog", "--help"],
                                  ["catalog", "sync", "--help"], ["bench", "--help"]],
                         ids=" ".join)
def test_every_command_line_answers_help_and_writes_nothing(argv, tmp_path):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: python -m {argv[0]}"), done.stdout
    assert list(tmp_path.iterdir()) == []
