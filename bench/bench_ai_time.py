"""What an AI level's decision costs: two levels timed on the same positions, interleaved.

Run from the repository root:
    .venv/bin/python bench/bench_ai_time.py [--configs trad2,trad3,trad4,car2,car3,car4,carpairs]
        [--levels hard,hardflat@600] [--positions 40] [--rounds 2]

Position k of a config (bench/bench_ai.py's configs and level names) is game seed k
played by the normal level at every seat for 3 + k % 20 moves, seen by the seat to move;
positions with one legal move (or a game over) are passed over, so each config has
`--positions` real decisions. Each level first decides three of them untimed (the
kernels fill caches as they go). Each round times every level on every position, one level
after the other (the first level on all positions, then the second, and so on), so that a
load that comes and goes touches both alike. A level without `@N` plays at its own
budget, as at the tables (`hard`: the game's `HARD_BUDGET`, within its 1 s); `hard@2400`
plays 2,400 playouts whatever the time. Times are CPU (`time.process_time`: what the
decision cost, whatever else the machine runs), median / p95 / worst over every decision
of every round.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ai import _budget_of, _choose, new_game
from engine.ai import choose
from engine.rng import SeededRandom


def positions(config: str, count: int) -> list[Any]:
    """`count` views of `config` where the seat to move has a choice (see the docstring)."""
    views: list[Any] = []
    k = 0
    while len(views) < count:
        game = new_game(config, k)
        rng = SeededRandom(k)
        for _ in range(3 + k % 20):
            if game.to_move is None:
                break
            game.play(choose("normal", game.view(game.to_move), rng))
        if game.to_move is not None:
            view = game.view(game.to_move)
            if len(view.legal_moves) > 1:
                views.append(view)
        k += 1
    return views


def timed(level: str, views: list[Any], seed: int) -> list[float]:
    """CPU seconds of `level`'s decision on each view."""
    name = level.partition("@")[0]
    budget = _budget_of(level, None)
    out = []
    for k, view in enumerate(views):
        rng = SeededRandom(seed * 1_000_003 + k)
        start = time.process_time()
        _choose(name, view, rng, budget, [])
        out.append(time.process_time() - start)
    return out


def summary(times: list[float]) -> str:
    """`median / p95 / worst` in ms."""
    ordered = sorted(times)
    return (f"{1000 * ordered[len(ordered) // 2]:.1f} / "
            f"{1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]:.1f} / "
            f"{1000 * ordered[-1]:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--configs", default="trad2,trad3,trad4,car2,car3,car4,carpairs")
    parser.add_argument("--levels", default="hard,hardflat@600")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    print(f"Decision CPU, median / p95 / worst; {args.positions} positions a config, "
          f"{args.rounds} rounds; Python {sys.version.split()[0]}")
    print("\n| config | " + " | ".join(levels) + " |")
    print("|---|" + "---:|" * len(levels), flush=True)
    for config in args.configs.split(","):
        views = positions(config, args.positions)
        times: dict[str, list[float]] = {level: [] for level in levels}
        for level in levels:  # warm the kernels' caches first, untimed
            timed(level, views[:3], -1)
        for round_no in range(args.rounds):
            for level in levels:
                times[level] += timed(level, views, round_no)
        print(f"| {config} | " + " | ".join(summary(times[level]) for level in levels) + " |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
