"""Hand-written Partnership Dominó records and their replay lines, computed by hand from
RULES.md section 5 (the lead, the capicúa, a blocked hand's winners and blocker, scoring
the opponents' pips only, a tie's leader leading again)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.records import replay, replay_file

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "partnership"
RECORDS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_golden_records_are_there() -> None:
    names = {p.stem for p in RECORDS}
    assert {"capicua_domino", "blocked_opponents", "blocked_tie_next_hand",
            "illegal_not_the_lead"} <= names
    for path in RECORDS:
        assert path.with_suffix(".expected.json").exists(), path.name


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_expected_line(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    line = replay_file(path)
    assert line.pop("file") == str(path)
    assert line == expected


@pytest.mark.parametrize("path", [p for p in RECORDS if "illegal" not in p.stem],
                         ids=lambda p: p.stem)
def test_golden_record_written_back_replays_the_same(path: Path) -> None:
    game = replay(json.loads(path.read_text(encoding="utf-8")))
    again = replay(game.record())
    assert again.summary() == game.summary() and again.record() == game.record()


def test_the_hand_computed_figures() -> None:
    # Capicúa: the pips of all four hands (0 + 10 + 4 + 8) and the bonus of 25.
    capicua = replay_file(GOLDEN / "capicua_domino.json")
    assert capicua["scores"] == {"Ann": 47, "Bob": 0, "Cy": 47, "Dee": 0}
    # Blocked by Ann's 5-0: Ann + Cy hold 7 + 2 against 8 + 10 and score the losers' 18.
    blocked = replay_file(GOLDEN / "blocked_opponents.json")
    assert (blocked["winner"], blocked["blocker"], blocked["scores"]["Cy"]) == ("Ann+Cy",
                                                                                "Ann", 18)
    # A tie (9 against 9): nobody scores and Ann, who led, leads the next hand.
    tie = replay_file(GOLDEN / "blocked_tie_next_hand.json")
    assert tie["hand_number"] == 2 and tie["line"] == ["2-0"] and tie["to_move"] == "Bob"
    assert set(tie["scores"].values()) == {0}
