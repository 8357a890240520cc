"""`python -m engine clock-play` and `python -m engine hint`: records that replay, hints
after a record's moves."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.clock import ClockGame, ClockOptions
from engine.clock.play import parse_seeds, play_deal

ROOT = Path(__file__).resolve().parents[2]


def engine(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_clock_play_prints_records_that_replay_to_their_result(level: str,
                                                               tmp_path: Path) -> None:
    done = engine("clock-play", "--set", "6", "--seeds", "3:6", "--level", level)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["seed"] for r in lines] == [3, 4, 5]
    files = []
    for record in lines:
        assert record["game"] == "clock" and record["options"] == {"set": 6}
        assert len(record["deal"]["hours"]) == 6
        assert len(record["deal"]["hours"]) + len(record["deal"]["stock"]) == 27
        file = tmp_path / f"{record['seed']}.json"
        file.write_text(json.dumps(record))
        files.append(str(file))
    replayed = engine("replay", *files)
    assert replayed.returncode == 0, replayed.stdout
    for record, line in zip(lines, replayed.stdout.splitlines(), strict=True):
        summary = json.loads(line)
        assert summary["finished"] is True
        assert summary["home"] == record["home"]
        assert (summary["reason"] == "won") == (record["result"] == "won")


def test_the_explicit_deal_is_the_seeded_one() -> None:
    played = play_deal(9, 11, "normal")
    record = played.record()
    by_seed = ClockGame(("x",), ClockOptions(9), seed=11).record()
    assert record["deal"] == by_seed["deal"] and record["seed"] == 11
    del record["deal"]  # the seed alone gives the same game
    again = ClockGame.from_record({**record, "moves": []})
    for move in record["moves"]:
        again.play(move)
    assert again.home_hours() == record["home"]


def test_hint_prints_a_legal_move_after_the_records_moves(tmp_path: Path) -> None:
    record = play_deal(12, 2, "hard").record()
    for cut in (0, 1, len(record["moves"]) // 2):
        game = ClockGame.from_record(record)
        for move in record["moves"][:cut]:
            game.play(move)
        file = tmp_path / "r.json"
        file.write_text(json.dumps({**record, "moves": record["moves"][:cut]}))
        for level in ("normal", "hard"):
            done = engine("hint", str(file), "--level", level)
            assert done.returncode == 0, done.stderr
            assert done.stdout.strip() in {str(m) for m in game.legal_moves()}


def test_hint_refuses_what_it_cannot_hint(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    over = tmp_path / "over.json"
    over.write_text(json.dumps(play_deal(6, 0, "normal").record()))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"game": "traditional", "players": ["a", "b"], "seed": 1,
                                 "moves": []}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "clock", "players": ["p"], "seed": 1,
                               "moves": ["place 3"]}))
    for file, words in ((over, "over"), (other, "Big Clock"), (bad, "illegal")):
        assert main(["hint", str(file)]) == 2
        assert words in capsys.readouterr().err


def test_reading_seeds_are_a_half_open_range() -> None:
    assert parse_seeds("3:6") == range(3, 6)
    assert parse_seeds("7") == range(7, 8)
    for text in ("5:5", "x", "-1:2"):
        with pytest.raises(ValueError):
            parse_seeds(text)
