"""Big Clock: one level's win rates on two sets at once, for a slow level on a shared
machine: one process plays the sets' seeds in turn (`--chunks` seeds of each, e.g. 25
double-6 deals then 10 double-12 deals), and prints each set's figures so far after
each chunk, so that a run stopped at any point has measured seeds start..k of each set.

Run from the repository root:
    .venv/bin/python bench/bench_clock_interleaved.py [--sets 6,12] [--chunks 25,10]
        [--level hard] [--rounds 40] [--start 0] [--playouts N] [--late K] [--lead M]
        [--credit C] [--rollout R,I] [--seconds S] [--each]

`--playouts`, `--late`, `--lead`, `--credit` and `--rollout` set the hard level's search for every
set run (the computer player's `montecarlo.PLAYER_BUDGET_BY_SET` and `RULES_BY_SET`;
`--playouts 0`: the planner alone); `--seconds` its time cap a decision (to tell what
the cap costs); `--each` prints every seed's result, for paired comparisons.

Each deal is played by `engine.clock.play.play_deal` (as bench/bench_clock_levels.py
plays them); the interval is Wilson's 95% score interval; decision times are wall
time per move asked of the level (median, 95th percentile, worst); "cpu" is the
process time a deal.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_clock_levels import quantile
from bench.common import wilson
from engine.clock.ai import montecarlo
from engine.clock.play import play_deal


@dataclass
class Tally:
    """One set's figures so far."""

    wins: int = 0
    deals: int = 0
    home: int = 0
    cpu: float = 0.0
    times: list[float] = field(default_factory=list)
    start: int = 0  # the first seed

    def line(self, top: int) -> str:
        low, high = wilson(self.wins, self.deals)
        return (f"double-{top} seeds {self.start}-{self.start + self.deals - 1}: "
                f"{self.wins}/{self.deals} = "
                f"{100 * self.wins / self.deals:.1f}% ({100 * low:.1f}-{100 * high:.1f}) "
                f"home {self.home / self.deals:.2f}; decision median "
                f"{1000 * quantile(self.times, 0.5):.2f} ms p95 "
                f"{1000 * quantile(self.times, 0.95):.1f} ms worst "
                f"{1000 * max(self.times):.0f} ms; cpu {self.cpu / self.deals:.1f} s a deal")


def limits(text: str) -> tuple[int, int]:
    """`R,I`: a rescue and an improving search limit, in boards. Raises ValueError."""
    rescue, improve = (int(x) for x in text.split(","))
    return rescue, improve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", default="6,12")
    parser.add_argument("--chunks", default="25,10")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--start", type=int, default=0, help="the first seed of every set")
    # A variant of the hard level's search, for every set run (default: the level's own).
    parser.add_argument("--playouts", type=int, help="a choice's playouts (0: the planner)")
    parser.add_argument("--late", type=int, help="search only with at most this stock")
    parser.add_argument("--lead", type=float, help="paired margin over the planner's choice")
    parser.add_argument("--credit", type=float, help="a lost playout's credit, all hours home")
    parser.add_argument("--rollout", help="the playouts' rescue,improve search limits")
    parser.add_argument("--seconds", type=float, help="a decision's time cap (wall seconds)")
    parser.add_argument("--each", action="store_true", help="print each seed's result")
    args = parser.parse_args(argv)
    sets = [int(s) for s in args.sets.split(",")]
    chunks = [int(c) for c in args.chunks.split(",")]
    tallies = {top: Tally(start=args.start) for top in sets}
    for top in sets:
        # The computer player's budget (`montecarlo.player_budget`), which this plays.
        own = montecarlo.player_budget(top)
        assert own is not None  # the search is on outside the test suite
        montecarlo.PLAYER_BUDGET_BY_SET[top] = (
            own.playouts if args.playouts is None else args.playouts,
            own.seconds if args.seconds is None else args.seconds)
        rules = montecarlo.RULES_BY_SET.get(top, montecarlo.Rules())
        montecarlo.RULES_BY_SET[top] = replace(
            rules, late=rules.late if args.late is None else args.late,
            lead=rules.lead if args.lead is None else args.lead,
            credit=rules.credit if args.credit is None else args.credit,
            rollout=limits(args.rollout) if args.rollout else rules.rollout)
    for _ in range(args.rounds):
        for top, chunk in zip(sets, chunks, strict=True):
            tally = tallies[top]
            for seed in range(tally.start + tally.deals, tally.start + tally.deals + chunk):
                start = time.process_time()
                played = play_deal(top, seed, args.level)
                tally.cpu += time.process_time() - start
                tally.wins += played.won
                tally.deals += 1
                tally.home += len(played.game.home_hours())
                tally.times.extend(played.seconds)
                if args.each:
                    print(f"double-{top} seed {seed} {'won' if played.won else 'lost'}")
            print(tally.line(top), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
