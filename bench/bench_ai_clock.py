"""Big Clock: win rates of the `hint` policy and of the Monte Carlo solver, per set.

Run from the repository root:
    .venv/bin/python bench/bench_ai_clock.py [--deals 10000] [--solver-deals 1000]
        [--playouts 48] [--workers 2] [--max-minutes 8]

Seeds 0..deals-1 are played for each set (double-6, 9, 12) by the policy until
the game ends. The hint plays `--deals` deals; the solver (`choose("hard", ...)`,
`engine.clock.solver.solve`, with `--playouts` rollouts per decision and a
5 s cap that is never reached) plays the first `--solver-deals` of them, and
stops early after `--max-minutes` per set (the table says how many it played).
The interval is Wilson's 95% score interval; "same deals" gives the hint's
rate on exactly the deals the solver played.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import Budget, choose
from engine.clock import ClockGame, ClockOptions
from engine.clock.hint import hint
from engine.rng import SeededRandom

SETS = (6, 9, 12)
MOVE_LIMIT = 5000


def play_out(job: tuple[str, int, int, int]) -> bool:
    """Play one seeded deal by a policy ("hint" or "solver"); True when it is won."""
    policy, top, seed, playouts = job
    game = ClockGame(("Bench",), ClockOptions(top), seed=seed)
    rng = SeededRandom(seed)
    budget = Budget(playouts=max(1, playouts), seconds=5.0)
    for _ in range(MOVE_LIMIT):
        if game.is_over():
            break
        view = game.view(0)
        game.play(hint(view) if policy == "hint" else choose("hard", view, rng, budget))
    outcome = game.outcome()
    assert outcome is not None
    return bool(outcome.winners)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--solver-deals", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-minutes", type=float, default=8.0)
    args = parser.parse_args(argv)
    print(f"Big Clock; solver = {args.playouts} rollouts per decision; {args.workers} workers",
          flush=True)
    print("\n| set | policy | deals | wins | win rate | 95% CI | hint, same deals | time |")
    print("|---|---|---:|---:|---:|---:|---:|---:|", flush=True)
    with Pool(args.workers) as pool:
        for top in SETS:
            start = time.perf_counter()
            hinted = pool.map(play_out, [("hint", top, s, 0) for s in range(args.deals)],
                              chunksize=100)
            row(top, "hint", hinted, hinted, time.perf_counter() - start)
            start = time.perf_counter()
            solved: list[bool] = []
            jobs = [("solver", top, s, args.playouts) for s in range(args.solver_deals)]
            for won in pool.imap(play_out, jobs, chunksize=4):
                solved.append(won)
                if time.perf_counter() - start > args.max_minutes * 60:
                    break
            row(top, "solver", solved, hinted[:len(solved)], time.perf_counter() - start)
        pool.terminate()
    return 0


def row(top: int, policy: str, results: list[bool], hinted: list[bool], seconds: float) -> None:
    """Print one table row."""
    n, wins = len(results), sum(results)
    low, high = wilson(wins, n)
    same = f"{100 * sum(hinted) / max(len(hinted), 1):.1f}%"
    print(f"| double-{top} | {policy} | {n} | {wins} | {100 * wins / max(n, 1):.1f}% | "
          f"{100 * low:.1f}-{100 * high:.1f}% | {same} | {seconds:.0f} s |", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
