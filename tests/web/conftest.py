"""Web-test set-up: where the browser tests leave their screenshots, said at the end of
the run, and the Chromium they drive (Debian's; the tests skip without one)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

SHOTS = Path(os.environ.get("WEB_SCREENSHOTS", Path(tempfile.gettempdir()) / "dominoes-web"))


def chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM, else Debian's, else None."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if candidate and shutil.which(candidate):
            return candidate
    return None


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if chromium() is None:
        terminalreporter.write_line("web: no Chromium here, the browser tests were skipped "
                                    "(.ci/run installs Debian's chromium)")
    elif SHOTS.is_dir() and any(SHOTS.glob("*.png")):
        terminalreporter.write_line(f"web: browser screenshots in {SHOTS}")
