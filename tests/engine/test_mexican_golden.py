"""Hand-written Mexican Train records and their replay lines, computed by hand from
RULES.md section 4 (the trains, the markers, the waiting double, the totals)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.records import replay, replay_file

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "mexican"
RECORDS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_golden_records_are_there() -> None:
    names = {p.stem for p in RECORDS}
    assert {"domino_two_rounds", "double_marker_blocked", "blank_double_tie",
            "blank_double_fifty", "illegal_closed_train", "illegal_waiting_double",
            "in_progress_waiting", "open_train_play"} <= names
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


def test_the_two_round_record_writes_the_second_deal_as_next() -> None:
    game = replay(json.loads((GOLDEN / "domino_two_rounds.json").read_text(encoding="utf-8")))
    deal = game.record()["deal"]
    assert deal["hands"] == [["9-3", "3-1"], ["9-5", "4-2"]]
    assert deal["next"] == [{"hands": [["8-1", "1-0"], ["6-6", "8-6"]],
                             "stock": ["5-4", "0-0"]}]


def test_the_command_line_replays_several_records(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(GOLDEN / "blank_double_tie.json"), str(GOLDEN / "illegal_closed_train.json")]
    assert main(["replay", *files]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["winner"] is None and first["scores"] == {"Ann": 0, "Bob": 0, "Cy": 12}
    assert second["index"] == 1 and second["move"] == "4-2 T1"


class Typist(io.StringIO):
    """Types the last legal move the terminal shows, after a script of lines."""

    def __init__(self, out: io.StringIO, script: list[str]) -> None:
        super().__init__()
        self.out, self.script = out, list(script)

    def readline(self, size: int | None = -1) -> str:
        if self.script:
            return self.script.pop(0)
        shown = [line for line in self.out.getvalue().splitlines() if line.startswith("legal: ")]
        return shown[-1].removeprefix("legal: ").split(", ")[-1] + "\n"


def test_the_terminal_plays_a_game_against_three_ais() -> None:
    out = io.StringIO()
    status = main(["play", "mexican", "--seats", "you,ai,ai,ai", "--seed", "4", "--set", "9",
                   "--option", "rounds=2"], stdin=Typist(out, ["12-5 Q\n", "0-0 T9\n"]),
                  stdout=out)
    text = out.getvalue()
    assert status == 0 and "not that: '12-5 Q' is not a move" in text
    assert "Mexican Train, round 1 of 2, engine 9-9" in text and "round 2 of 2" in text
    assert " M Mexican train" in text and "your hand: " in text
    over = json.loads(text.split("game over: ")[1].splitlines()[0])
    assert set(over["scores"]) == {"you", "normal-ai-2", "normal-ai-3", "normal-ai-4"}


def test_the_terminal_refuses_options_the_players_cannot_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "mexican", "--seats", "you,ai,ai,ai,ai,ai,ai,ai", "--set", "9",
            "--option", "hand_size=15"]
    assert main(argv, stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert capsys.readouterr().err == ("error: 8 hands of 15 tiles do not fit in the double-9 "
                                       "set less its engine: at most 6 tiles each\n")
