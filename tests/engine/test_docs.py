"""The documentation inside the repository keeps up with the code, and stays inside it."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from bench.common import wilson
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
# "81.5% (79.7-83.1) [2,000]": a win rate, its 95% interval and the games played.
WIN_RATE = re.compile(r"(\d+\.\d)% \((\d+\.\d)-(\d+\.\d)\) \[([\d,]+)\]")


def _default_text(value: object) -> str:
    return json.dumps(value)  # as a record writes it: true, 7, "maker"


@pytest.mark.parametrize("name", list(GAMES))
def test_every_option_is_documented_with_its_default(name: str) -> None:
    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    section = text.split(f"(`engine/{name}/options.py`)")[1].split("\n## ")[0]
    rows = {row.split("|")[1].strip(" `"): row.split("|")[3].strip(" `")
            for row in section.splitlines() if row.startswith("| `")}
    fields = dataclasses.fields(GAMES[name].options_type)
    assert set(rows) == {f.name for f in fields}
    for field in fields:
        assert rows[field.name] == _default_text(field.default).strip('"'), field.name


@pytest.mark.parametrize("path", [ROOT / "README.md", *DOCS], ids=lambda p: p.name)
def test_no_link_leaves_the_repository(path: Path) -> None:
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        assert not target.startswith(("/", "..", "file:")), target
        if "://" not in target:
            assert (path.parent / target.split("#")[0]).exists(), target


def test_the_docs_exist() -> None:
    assert {p.name for p in DOCS} >= {"rules.md", "options.md", "records.md",
                                      "adding-a-game.md"}


def test_every_win_rate_in_the_readme_agrees_with_its_interval_and_games() -> None:
    # The strength table's figures are copied by hand from the bench's runs: some whole
    # number of wins must give the rate and the Wilson interval printed beside it.
    found = WIN_RATE.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(found) >= 21  # every cell of the strength table
    for rate, low, high, played in found:
        n = int(played.replace(",", ""))
        shown = [(f"{100 * k / n:.1f}", *(f"{100 * x:.1f}" for x in wilson(k, n)))
                 for k in range(n + 1)]
        assert (rate, low, high) in shown, f"{rate}% ({low}-{high}) [{played}]"
