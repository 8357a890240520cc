"""The AI's choices, pinned: every game and level on seeded positions, at a fixed budget.

The positions and the move each level chooses there were computed once and stored
in tests/engine/pins/ai_choices.json; a refactor of the engine or the AI must leave
every one unchanged. The hard level runs a fixed number of playouts with a time cap
so generous that it is never reached, so its choice depends only on the seed.

The pinned positions use only options that the AI could always read from a view
before it was given the table's options (a Traditional match target; the Carousel's
target, pairs and set), so that being given the real options changes nothing here.

Rewrite the data (only when a change of the AI's choices is intended):
    .venv/bin/python tests/engine/test_ai_pins.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai import LEVELS, Budget, choose  # noqa: E402
from engine.records import replay  # noqa: E402
from engine.rng import SeededRandom  # noqa: E402

DATA = Path(__file__).parent / "pins" / "ai_choices.json"
BUDGET = Budget(playouts=100, seconds=600.0)

# (game, options, players): the tables the positions are taken from.
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("traditional", {}, 2),
    ("traditional", {}, 3),
    ("traditional", {}, 4),
    ("traditional", {"target": 50}, 3),
    ("carousel", {}, 2),
    ("carousel", {}, 3),
    ("carousel", {"pairs": True}, 4),
    ("carousel", {"target": 21}, 5),
    ("carousel", {"set": 9}, 3),
    ("clock", {"set": 6}, 1),
    ("clock", {}, 1),
]
SEEDS = (0, 1, 2)
DEPTHS = {"traditional": (0, 3, 7, 12), "carousel": (0, 4, 9, 16), "clock": (0, 5, 17)}


def position_record(game: str, options: dict[str, Any], players: int, seed: int,
                    depth: int) -> dict[str, Any]:
    """A record: a seeded game advanced `depth` random moves (fewer if it ends)."""
    record: dict[str, Any] = {"game": game, "options": options,
                              "players": [f"P{i}" for i in range(players)], "seed": seed,
                              "moves": []}
    played = replay(record)
    rng = SeededRandom(seed * 1000 + depth)
    for _ in range(depth):
        seat = played.to_move
        if seat is None:
            break
        moves = played.legal_moves()
        played.play(moves[rng.below(len(moves))])
    record["moves"] = list(played.moves)
    return record


def choices(record: dict[str, Any], *, given_options: bool = False) -> dict[str, str]:
    """Each level's move in the record's position (from a fixed seed), in record notation;
    with `given_options`, the table's options are handed to the AI beside the view."""
    game = replay(record)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    options = game.options if given_options else None  # type: ignore[attr-defined]
    return {level: str(choose(level, view, SeededRandom(len(record["moves"])), BUDGET,
                              options=options))
            for level in LEVELS}


def compute() -> list[dict[str, Any]]:
    cases = []
    for game, options, players in TABLES:
        for seed in SEEDS:
            for depth in DEPTHS[game]:
                record = position_record(game, options, players, seed, depth)
                if replay(record).to_move is None:
                    continue
                cases.append({"record": record, "choices": choices(record)})
    return cases


def _pinned() -> list[dict[str, Any]]:
    if not DATA.exists():  # only while --write makes it
        return []
    data: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("case", _pinned(),
                         ids=lambda c: f"{c['record']['game']}-{len(c['record']['players'])}"
                         f"-{json.dumps(c['record']['options'], sort_keys=True)}"
                         f"-s{c['record']['seed']}-m{len(c['record']['moves'])}")
def test_the_ai_chooses_as_pinned(case: dict[str, Any]) -> None:
    assert choices(case["record"]) == case["choices"]


@pytest.mark.parametrize("case", _pinned()[::5])
def test_the_ai_given_the_tables_options_chooses_as_pinned(case: dict[str, Any]) -> None:
    assert choices(case["record"], given_options=True) == case["choices"]


def test_the_pins_cover_every_game_and_level() -> None:
    pinned = _pinned()
    assert {c["record"]["game"] for c in pinned} == {"traditional", "carousel", "clock"}
    assert all(set(c["choices"]) == set(LEVELS) for c in pinned)
    # The hard level must really choose: many pinned positions offer several moves.
    several = [c for c in pinned if len(replay(c["record"]).legal_moves()) > 1]
    assert len(several) >= len(pinned) // 2


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(compute(), indent=1) + "\n", encoding="utf-8")
