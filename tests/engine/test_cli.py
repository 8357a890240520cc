"""`python -m engine replay ...` and `python -m engine play traditional ...`."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main, play_record

ROOT = Path(__file__).resolve().parent.parent.parent
GOLDEN = ROOT / "tests" / "golden" / "traditional"


def test_cli_replay_in_a_subprocess_one_line_per_file_and_status_1(tmp_path):
    bad = GOLDEN / "illegal_missing_end.json"
    good = [GOLDEN / "domino.json", GOLDEN / "fish_maker.json"]
    result = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(good[0]), str(bad), str(good[1])],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(good[0]), str(bad), str(good[1])]
    assert lines[0]["winner"] == "Anfisa" and lines[2]["reason"] == "fish"
    assert lines[1] == {"file": str(bad), "error": "6-1 fits both ends: say 6-1 L or 6-1 R",
                        "index": 1, "move": "6-1"}


def test_cli_replay_in_process_all_good_is_status_0():
    out = io.StringIO()
    files = [str(GOLDEN / "domino.json"), str(GOLDEN / "lone_blank.json")]
    assert main(["replay", *files], stdout=out) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["file"] for line in lines] == files
    assert lines[1]["scores"] == {"A": 24, "B": 0}


def test_cli_replay_in_process_bad_file_is_status_1_and_others_still_replayed(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(broken), str(GOLDEN / "domino.json")], stdout=out) == 1
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["file"] == str(broken) and "error" in first
    assert second["finished"] is True


def test_cli_replay_needs_a_file():
    with pytest.raises(SystemExit) as info:
        main(["replay"], stdout=io.StringIO())
    assert info.value.code == 2


class Typist(io.StringIO):
    """A human at the terminal: types what `script` says, then the first legal move shown."""

    def __init__(self, out: io.StringIO, script: list[str]) -> None:
        super().__init__()
        self.out = out
        self.script = list(script)
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        if self.script:
            text = self.script.pop(0)
        else:
            shown = [line for line in self.out.getvalue().splitlines()
                     if line.startswith("legal: ")]
            text = shown[-1].removeprefix("legal: ").split(", ")[-1] + "\n"
        self.typed.append(text)
        return text


def test_cli_play_traditional_through_stdin_bad_input_reprompts_with_the_reason():
    out = io.StringIO()
    typist = Typist(out, ["this is no move\n", "5-5 L\n"])
    status = main(["play", "traditional", "--seats", "you,ai,ai", "--seed", "11"],
                  stdin=typist, stdout=out)
    text = out.getvalue()
    assert status == 0
    assert text.startswith("seed 11: replay this deal with --seed")
    assert "not that: 'this is no move' is not a move" in text
    assert text.count("not that:") >= 2  # "5-5 L" is no legal first move of this game
    assert "you, your move: " in text
    assert "normal-ai-2: " in text and "normal-ai-3: " in text
    assert "game over: " in text
    over = json.loads(text.split("game over: ")[1].splitlines()[0])
    assert set(over) == {"winner", "reason", "scores"}
    assert set(over["scores"]) == {"you", "normal-ai-2", "normal-ai-3"}


def test_cli_play_same_seed_same_game():
    transcripts = []
    for _ in range(2):
        out = io.StringIO()
        main(["play", "traditional", "--seats", "you,easy", "--seed", "3",
              "--option", "target=40"], stdin=Typist(out, []), stdout=out)
        transcripts.append(out.getvalue())
    assert transcripts[0] == transcripts[1]
    assert "(match to 40)" in transcripts[0]


def test_cli_play_end_of_input_says_bye():
    out = io.StringIO()
    status = main(["play", "traditional", "--seats", "you,you", "--seed", "1"],
                  stdin=io.StringIO(""), stdout=out)
    assert status == 0 and out.getvalue().rstrip().endswith("bye")


@pytest.mark.parametrize("argv", [
    ["play", "traditional", "--seats", "you,robot"],
    ["play", "traditional", "--option", "target"],
    ["play", "traditional", "--option", "colour=red"],
    ["play", "traditional", "--seats", "you", "--seed", "1"],
    ["play", "traditional", "--option", "hand_size=9"],
])
def test_cli_play_bad_arguments_exit_2_with_the_reason(argv, capsys):
    assert main(argv, stdin=io.StringIO(""), stdout=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_cli_play_record_reads_seats_and_options():
    record = play_record("traditional", "You, AI ,easy", 5, None,
                         ["target=101", "lead=winner", "flag=on", "other=off"])
    assert record["players"] == ["you", "normal-ai-2", "easy-ai-3"]
    assert record["options"] == {"target": 101, "lead": "winner", "flag": True,
                                 "other": False}
    assert record["seed"] == 5 and record["moves"] == []
    two_humans = play_record("traditional", "you, YOU", None, None, [])
    assert two_humans["players"] == ["you1", "you2"]
    assert isinstance(two_humans["seed"], int)
    assert play_record("traditional", None, 1, 6, [])["options"] == {"set": 6}
