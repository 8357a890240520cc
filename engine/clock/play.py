"""Whole Big Clock games played by a level, as records anyone can replay, and the
hint after a record's moves: `python -m engine clock-play` and `python -m engine hint`.

    python -m engine clock-play --set N --seeds A:B [--level easy|normal|hard]
    python -m engine hint RECORD.json [--level easy|normal|hard]

`clock-play` prints one JSON line per seed A..B-1: the game record (RULES.md
"Game records") with its explicit `deal` (hours and stock) and its `seed`, plus
`result` ("won" or "lost") and `home` (the hours home, ascending); the line replays
with `python -m engine replay`. `hint` prints the suggested move, as a record move.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from engine.clock.ai.hint import HINT_LEVELS, hint_at
from engine.clock.ai.policy import POLICIES
from engine.clock.game import ClockGame
from engine.clock.options import ClockOptions
from engine.errors import RecordError
from engine.records import ReplayError, replay
from engine.rng import SeededRandom

MOVE_LIMIT = 5000  # every level's game ends long before; this only guards


@dataclass
class Played:
    """One game played by a level, and how long each of its decisions took (seconds)."""

    game: ClockGame
    seed: int
    level: str
    seconds: list[float] = field(default_factory=list)

    @property
    def won(self) -> bool:
        outcome = self.game.outcome()
        return outcome is not None and bool(outcome.winners)

    def record(self) -> dict[str, Any]:
        """The replayable record (the game's own, with its `deal` and `seed`), with
        `result` and `home`."""
        game = self.game
        record = game.record()
        record["result"] = "won" if self.won else "lost"
        record["home"] = game.home_hours()
        return record


def play_deal(top: int, seed: int, level: str) -> Played:
    """Play the seeded double-`top` deal by `level` to its end (a computer playing alone
    gives a hopeless double up). Raises ValueError for an unknown level or set."""
    policy = POLICIES.get(level)
    if policy is None:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(HINT_LEVELS)})")
    game = ClockGame((f"{level}-ai",), ClockOptions(top), seed=seed)
    played = Played(game, seed, level)
    rng = SeededRandom(seed)
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            break
        start = time.perf_counter()
        move = policy(game.view(0), rng, None, None)
        played.seconds.append(time.perf_counter() - start)
        game.play(move)
    return played


def parse_seeds(text: str) -> range:
    """`A:B` (seeds A..B-1) or a single seed `A`. Raises ValueError."""
    first, sep, last = text.partition(":")
    try:
        low = int(first)
        high = int(last) if sep else low + 1
    except ValueError:
        raise ValueError(f"write seeds as A:B (from A up to B-1), not {text!r}") from None
    if low < 0 or high <= low:
        raise ValueError(f"the seeds {text!r} are empty: B must be above A, both from 0")
    return range(low, high)


def run_clock_play(top: int, seeds: range, level: str, out: TextIO) -> int:
    """Print one record line per seed; 0."""
    for seed in seeds:
        print(json.dumps(play_deal(top, seed, level).record()), file=out, flush=True)
    return 0


def run_hint(path: str, level: str, out: TextIO) -> int:
    """Print the hint after the record's moves; raises RecordError for a record that is
    not a Big Clock game in progress (or does not replay)."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    if not isinstance(record, dict) or record.get("game") != "clock":
        raise RecordError("the hint is for Big Clock records (\"game\": \"clock\")")
    try:
        game = replay(record)
    except ReplayError as exc:
        raise RecordError(f"move {exc.index} ({exc.move}) is illegal: {exc.error}") from None
    if game.is_over():
        raise RecordError("the game is over: there is nothing to suggest")
    print(str(hint_at(level, game.view(0))), file=out)
    return 0
