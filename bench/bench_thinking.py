"""The event loop's lag while computer players think: searches on asyncio's default
executor (a thread each, all at once) against tables/thinking.py (one at a time).

Run from the repository root:
    .venv/bin/python bench/bench_thinking.py [--searches 6] [--rounds 3] [--write]

`--searches` hard decisions of 4-player Carousel (bench/bench_ai_time.py's positions) are
started at once, as by that many busy tables, `--rounds` times; meanwhile a ticker on the
loop asks to wake every 10 ms and records how late it woke (the wait a click's handler
would have before it runs). Printed: the lag's median and p99 in ms, and the wall time
until the last search ended, for each way.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ai_time import positions
from bench.common import write_section
from engine.ai import choose
from engine.rng import SeededRandom
from tables.thinking import think

TICK = 0.010


async def measured(run: Callable[..., Awaitable[Any]], views: list[Any],
                   rounds: int) -> tuple[list[float], float]:
    """The ticker's lags (ms) while `rounds` batches of searches run through `run`, and
    the seconds until the last one ended."""
    lags: list[float] = []
    stop = asyncio.Event()

    async def ticker() -> None:
        while not stop.is_set():
            asked = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - asked - TICK) * 1000)

    ticking = asyncio.create_task(ticker())
    began = time.perf_counter()
    for r in range(rounds):
        await asyncio.gather(*(run(choose, "hard", view, SeededRandom(r * 97 + k))
                               for k, view in enumerate(views)))
    took = time.perf_counter() - began
    stop.set()
    await ticking
    return lags, took


async def default_executor(func: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.to_thread(func, *args)


def p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))]


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--searches", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="record in bench/README.md")
    args = parser.parse_args(argv)
    views = positions("car4", args.searches)
    lines = [f"{args.searches} hard Carousel (4 players) searches at once, {args.rounds} "
             "times; the loop's lag in ms (a 10 ms ticker), and the wall time:", "",
             "| searches run on | lag median | lag p99 | last search ended |",
             "|---|---:|---:|---:|"]
    for name, run in (("asyncio's default executor", default_executor),
                      ("tables/thinking.py, one at a time", think)):
        lags, took = await measured(run, views, args.rounds)
        lines.append(f"| {name} | {statistics.median(lags):.1f} | {p99(lags):.1f} | "
                     f"{took:.1f} s |")
    print("\n".join(lines))
    if args.write:
        write_section("Thinking", "## Thinking\n\n`.venv/bin/python bench/bench_thinking.py "
                      f"--searches {args.searches} --rounds {args.rounds}` (2 cores, "
                      f"{time.strftime('%Y-%m-%d')}). " + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1:])))
