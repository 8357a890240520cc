"""Strength of Partnership Dominó's AI (engine/partnership/ai): its levels against each
other and against the `dominoes` package's players (PyPI 6.1.0), with 95% intervals.

Run from the repository root:
    .venv/bin/python bench/bench_partnership.py [--games 200] [--workers 1]
        [--pairings hard-normal,normal-easy,hard-bota_gorda,hard-alphabeta]
        [--playouts 600] [--ab-start 12] [--ab-samples 4] [--target 200]
        [--max-minutes 8] [--first 0]

Game k of a pairing A vs B is a match to `--target` (200, the default) with the default
options, dealt from seed k // 2, A holding seats 0 and 2 (B 1 and 3) for even k and
seats 1 and 3 for odd k: every deal is played from both sides, the pairs swapped. A
match counts as a win for A when A's pair wins it. The hard level searches a fixed
`--playouts` a move (600, its tables' budget, `engine.partnership.ai.hard.HARD_BUDGET`)
with the 1 s wall guard lifted to 5 s, so that results do not depend on the load.

The package's players (`bench.peer`): `bota_gorda` (the heaviest tile first), and
`alphabeta`, its `probabilistic_alphabeta` from move `--ab-start` of each hand on,
`--ab-samples` sampled deals a move (consistent with the passes), the heaviest tile
before that and among the moves it rates alike: its exact search costs too much
earlier (the table gives its decision times: at most about a second is the goal). The
package's search sees only what its seat may (its own hand, the hand sizes, the moves
and passes); the bench hands it the whole hand as the package keeps it.

The table gives each side's decision time (median / p95, in wall and in the worker's
CPU time, only decisions with more than one legal move). A pairing stops early after
`--max-minutes` (after a whole deal) and says how many matches it finished. `--first K`
starts at game K (even), to add games to an earlier run's. The interval is Wilson's.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import wilson
from bench.peer import PEERS, peer_move
from engine.ai import Budget, choose
from engine.partnership import PartnershipGame, PartnershipOptions
from engine.partnership.ai.hard import HARD_BUDGET
from engine.rng import SeededRandom

LOG = logging.getLogger("bench.partnership")
Move = Any  # a LineMove, or what `engine.ai.choose` returns for one
Times = list[tuple[float, float]]  # (wall, CPU) seconds of each decision
Job = tuple[str, str, int, int, int, int, int]  # a, b, k, playouts, target, ab start, samples


def play_match(job: Job) -> tuple[bool, Times, Times]:
    """Play game k of the pairing a vs b (see the module docstring): whether a's pair won
    the match, and a's and b's decision times."""
    a, b, k, playouts, target, ab_start, ab_samples = job
    seed = k // 2
    game = PartnershipGame([f"P{i}" for i in range(4)], PartnershipOptions(target=target),
                           seed=seed)
    levels = [(a, b)[(i + k) % 2] for i in range(4)]
    budget = Budget(playouts=playouts, seconds=5.0)
    rng = SeededRandom(seed * 7919 + k % 2)
    random.seed(seed * 7919 + k % 2)  # the package's players draw from `random`
    peers = {name: factory(ab_start, ab_samples) for name, factory in PEERS.items()}
    times: tuple[Times, Times] = ([], [])
    while (seat := game.to_move) is not None:
        level = levels[seat]
        move: Move
        start, cpu = time.perf_counter(), time.process_time()
        if level in peers:
            move = peer_move(game, peers[level])
        else:
            move = choose(level, game.view(seat), rng, budget)
        if len(game.legal_moves()) > 1:
            times[level != a].append((time.perf_counter() - start, time.process_time() - cpu))
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None
    return any(levels[w] == a for w in outcome.winners), times[0], times[1]


def percentiles(times: list[float]) -> str:
    """`median / p95` of decision times, in ms."""
    if not times:
        return "-"
    ordered = sorted(times)
    return (f"{1000 * ordered[len(ordered) // 2]:.1f} / "
            f"{1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]:.1f} ms")


def run_pairing(a: str, b: str, args: argparse.Namespace) -> tuple[int, int, float, Times,
                                                                   Times]:
    """(wins of a, matches finished, seconds, a's and b's decision times)."""
    start = time.perf_counter()
    jobs: list[Job] = [(a, b, k, args.playouts, args.target, args.ab_start, args.ab_samples)
                       for k in range(args.first, args.first + args.games)]
    wins = done = 0
    first: Times = []
    second: Times = []
    with Pool(args.workers) as pool:
        for won, mine, theirs in pool.imap(play_match, jobs, chunksize=2):
            wins += won
            done += 1
            first += mine
            second += theirs
            if time.perf_counter() - start > args.max_minutes * 60 and done % 2 == 0:
                break
        pool.terminate()
    return wins, done, time.perf_counter() - start, first, second


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=HARD_BUDGET.playouts)
    parser.add_argument("--target", type=int, default=200)
    parser.add_argument("--ab-start", type=int, default=12)
    parser.add_argument("--ab-samples", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--pairings",
                        default="hard-normal,normal-easy,hard-bota_gorda,hard-alphabeta")
    parser.add_argument("--max-minutes", type=float, default=8.0)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
    LOG.info("Partnership AI strength; matches to %d; hard = %d playouts a move; "
             "alphabeta from move %d, %d samples; %d workers; games %d-; Python %s",
             args.target, args.playouts, args.ab_start, args.ab_samples, args.workers,
             args.first, sys.version.split()[0])
    LOG.info("\n| pairing | matches | wins of the first | win rate | 95% CI | first's "
             "decisions median / p95: wall | CPU | second's: wall | CPU | time |")
    LOG.info("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for pairing in args.pairings.split(","):
        a, b = pairing.split("-")
        wins, done, secs, first, second = run_pairing(a, b, args)
        low, high = wilson(wins, done)
        LOG.info("| %s vs %s | %d | %d | %.1f%% | %.1f-%.1f%% | %s | %s | %s | %s | %.0f s |",
                 a, b, done, wins, 100 * wins / max(done, 1), 100 * low, 100 * high,
                 percentiles([w for w, _ in first]), percentiles([c for _, c in first]),
                 percentiles([w for w, _ in second]), percentiles([c for _, c in second]),
                 secs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


