"""Big Clock: one level's win rates on two sets at once, for a slow level on a shared
machine: one process plays the sets' seeds in turn (`--chunks` seeds of each, e.g. 25
double-6 deals then 10 double-12 deals), and prints each set's figures so far after
each chunk, so that a run stopped at any point has measured seeds 0..k of each set.

Run from the repository root:
    .venv/bin/python bench/bench_clock_interleaved.py [--sets 6,12] [--chunks 25,10]
        [--level hard] [--rounds 40]

Each deal is played by `engine.clock.play.play_deal` (as bench/bench_clock_levels.py
plays them); the interval is Wilson's 95% score interval; decision times are wall
time per move asked of the level (median, 95th percentile, worst); "cpu" is the
process time a deal.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_clock_levels import quantile
from bench.common import wilson
from engine.clock.play import play_deal


@dataclass
class Tally:
    """One set's figures so far."""

    wins: int = 0
    deals: int = 0
    home: int = 0
    cpu: float = 0.0
    times: list[float] = field(default_factory=list)

    def line(self, top: int) -> str:
        low, high = wilson(self.wins, self.deals)
        return (f"double-{top} seeds 0-{self.deals - 1}: {self.wins}/{self.deals} = "
                f"{100 * self.wins / self.deals:.1f}% ({100 * low:.1f}-{100 * high:.1f}) "
                f"home {self.home / self.deals:.2f}; decision median "
                f"{1000 * quantile(self.times, 0.5):.2f} ms p95 "
                f"{1000 * quantile(self.times, 0.95):.1f} ms worst "
                f"{1000 * max(self.times):.0f} ms; cpu {self.cpu / self.deals:.1f} s a deal")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", default="6,12")
    parser.add_argument("--chunks", default="25,10")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    sets = [int(s) for s in args.sets.split(",")]
    chunks = [int(c) for c in args.chunks.split(",")]
    tallies = {top: Tally() for top in sets}
    for _ in range(args.rounds):
        for top, chunk in zip(sets, chunks, strict=True):
            tally = tallies[top]
            for seed in range(tally.deals, tally.deals + chunk):
                start = time.process_time()
                played = play_deal(top, seed, args.level)
                tally.cpu += time.process_time() - start
                tally.wins += played.won
                tally.deals += 1
                tally.home += len(played.game.home_hours())
                tally.times.extend(played.seconds)
            print(tally.line(top), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
