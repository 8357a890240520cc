"""Big Clock: how often each level wins, per set, and how long its decisions take.

Run from the repository root:
    .venv/bin/python bench/bench_clock_levels.py [--deals 1000] [--sets 6,9,12]
        [--levels easy,normal,hard] [--workers 1] [--write]

Seeds 0..deals-1 of each set are played to the end by each level
(`engine.clock.play.play_deal`, the same code as `python -m engine clock-play`).
The win rate's interval is Wilson's 95% score interval. Decision times are per
move asked of the level (median, 95th percentile, worst), measured inside the
worker, one process per core: with `--workers 1` that is one core. `--write` puts
the table into bench/README.md under "## Big Clock levels".
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import wilson, write_section
from engine.clock.play import play_deal

CEILING = {6: "79.4% (76.8-81.8)", 9: "80.0% (77.4-82.4)", 12: "79.2% (76.6-81.6)"}
YARDSTICK = {6: "35.1%", 9: "18.4%", 12: "10.3%"}


def one(job: tuple[int, int, str]) -> tuple[bool, int, list[float]]:
    """Play one deal: (won, hours home, decision seconds)."""
    top, seed, level = job
    played = play_deal(top, seed, level)
    return played.won, len(played.game.home_hours()), played.seconds


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--sets", default="6,9,12")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    rows = ["| set | level | deals | wins | win rate (95% CI) | mean hours home | decision: "
            "median / p95 / worst | time a deal | the issue's yardstick | ceiling (stock known) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    print("\n".join(rows), flush=True)
    with Pool(args.workers) as pool:
        for top in (int(s) for s in args.sets.split(",")):
            for level in args.levels.split(","):
                start = time.perf_counter()
                results = pool.map(one, [(top, s, level) for s in range(args.deals)],
                                   chunksize=10)
                seconds = time.perf_counter() - start
                wins = sum(won for won, _, _ in results)
                low, high = wilson(wins, len(results))
                times = [t for _, _, ts in results for t in ts]
                home = sum(h for _, h, _ in results) / len(results)
                row = (f"| double-{top} | {level} | {len(results)} | {wins} | "
                       f"{100 * wins / len(results):.1f}% ({100 * low:.1f}-{100 * high:.1f}) | "
                       f"{home:.2f} | {1000 * quantile(times, 0.5):.2f} / "
                       f"{1000 * quantile(times, 0.95):.1f} / {1000 * max(times):.0f} ms | "
                       f"{1000 * seconds * args.workers / len(results):.0f} ms | "
                       f"{YARDSTICK[top]} | {CEILING[top]} |")
                rows.append(row)
                print(row, flush=True)
    if args.write:
        write_readme(rows, args)
    return 0


def write_readme(rows: list[str], args: argparse.Namespace) -> None:
    """Replace (or add) the "## Big Clock levels" section of bench/README.md."""
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    intro = (f"Run: `.venv/bin/python bench/bench_clock_levels.py "
               f"--deals {args.deals} --workers {args.workers} --write` ({date}; seeds 0-"
               f"{args.deals - 1} of each set; {os.cpu_count()} cores shared with other work, "
               f"load average {os.getloadavg()[0]:.1f}). Decision times are per move asked of "
               "the level, in one worker process (one core). The yardstick and the ceiling "
               "(every deal solved with the stock order known) are the figures of issue 18.")
    section = ("## Big Clock levels\n\n" + textwrap.fill(intro, 88) + "\n\n"
               + "\n".join(rows) + "\n")
    write_section("Big Clock levels", section)


if __name__ == "__main__":
    raise SystemExit(main())
