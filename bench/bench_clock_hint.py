"""How often the Big Clock `hint` policy wins, over seeded deals of each set.

Run from the repository root: `python bench/bench_clock_hint.py [--deals 10000]
[--workers 2]`. Seeds 0..deals-1 are played for each set (6, 9, 12) by
following `engine.clock.hint.hint` until the game ends; a table of wins, the
win rate and the time per set is printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.clock import ClockGame, ClockOptions
from engine.clock.hint import hint

SETS = (6, 9, 12)
MOVE_LIMIT = 5000  # the hint policy always ends; this only guards the benchmark


def play_out(job: tuple[int, int]) -> tuple[bool, int]:
    """Play one seeded deal by the hint; return (won, hours home)."""
    top, seed = job
    game = ClockGame(("Bench",), ClockOptions(top), seed=seed)
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            break
        game.play(hint(game))
    outcome = game.outcome()
    assert outcome is not None, f"seed {seed} on double-{top} did not end"
    return bool(outcome.winners), outcome.scores[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    rows = []
    with Pool(args.workers) as pool:
        for top in SETS:
            start = time.perf_counter()
            results = pool.map(play_out, [(top, s) for s in range(args.deals)], chunksize=200)
            seconds = time.perf_counter() - start
            wins = sum(won for won, _ in results)
            mean_home = sum(home for _, home in results) / len(results)
            rows.append((top, wins, mean_home, seconds))
    sys.stdout.write(f"Big Clock hint policy, {args.deals} seeded deals per set "
                     f"(seeds 0..{args.deals - 1}), {args.workers} workers\n\n")
    sys.stdout.write("| set | wins | win rate | mean hours home | time |\n")
    sys.stdout.write("|---|---:|---:|---:|---:|\n")
    for top, wins, mean_home, seconds in rows:
        sys.stdout.write(f"| double-{top} | {wins} / {args.deals} | "
                         f"{100 * wins / args.deals:.2f}% | {mean_home:.2f} | {seconds:.1f} s |\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
