"""Hand-written Traditional records and their replay lines, computed by hand from RULES.md."""

import json
from pathlib import Path

import pytest

from engine.records import replay, replay_file

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "traditional"
RECORDS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_golden_records_are_there():
    names = {p.stem for p in RECORDS}
    assert {"domino", "fish_maker", "fish_lowest_tie", "lone_blank", "draws_then_play",
            "match_two_hands", "illegal_missing_end", "fish_on_draw"} <= names
    for path in RECORDS:
        assert path.with_suffix(".expected.json").exists(), path.name


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_expected_line(path):
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    line = replay_file(path)
    assert line.pop("file") == str(path)
    assert line == expected


@pytest.mark.parametrize("path", [p for p in RECORDS if "illegal" not in p.stem],
                         ids=lambda p: p.stem)
def test_golden_record_written_back_replays_the_same(path):
    game = replay(json.loads(path.read_text(encoding="utf-8")))
    again = replay(game.record())
    assert again.summary() == game.summary()
    assert again.record() == game.record()
