"""`python -m engine replay` on hostile files: an error line for that file, the others replayed."""

import io
import json
from pathlib import Path

from engine.cli import main

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "traditional"


def test_replay_of_deeply_nested_json_reports_it_and_replays_the_other_files(
        tmp_path: Path) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    good = GOLDEN / "domino.json"
    out = io.StringIO()
    assert main(["replay", str(nested), str(good)], stdout=out) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"file": str(nested), "error": "not a record: nested too deeply"}
    assert lines[1]["file"] == str(good) and "error" not in lines[1]
