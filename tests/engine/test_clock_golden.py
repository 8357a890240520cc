"""Big Clock golden records: `python -m engine replay` must print what tests/golden/clock
holds (each NAME.json record next to NAME.expected, the line the replay prints)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.records import replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "clock"
RECORDS = sorted(GOLDEN.glob("*.json"))


def _printed(path: Path) -> tuple[int, dict[str, object]]:
    out = io.StringIO()
    status = main(["replay", str(path)], stdout=out)
    line = json.loads(out.getvalue())
    line.pop("file")
    return status, line


def test_every_case_the_issue_asks_for_has_a_golden_record() -> None:
    names = {p.stem for p in RECORDS}
    assert {"dealt_double_moved_home", "drawn_double_rearranged_home", "discard",
            "won_double_6", "lost_giving_up", "lost_empty_stock"} <= names


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_replay_prints_the_expected_state(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected").read_text(encoding="utf-8"))
    expected.pop("file")
    status, line = _printed(path)
    assert line == expected
    assert status == (1 if "error" in expected else 0)


@pytest.mark.parametrize("path", [p for p in RECORDS if "illegal" not in p.stem],
                         ids=lambda p: p.stem)
def test_golden_records_round_trip(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    game = replay(record)
    again = game.record()
    assert again["moves"] == [str(game.parse_move(m)) for m in record["moves"]]
    assert replay(again).summary() == game.summary()


def test_several_files_print_one_line_each_and_fail_on_an_illegal_move() -> None:
    out = io.StringIO()
    assert main(["replay", *map(str, RECORDS)], stdout=out) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["file"] for line in lines] == [str(p) for p in RECORDS]
