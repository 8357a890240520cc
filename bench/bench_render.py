"""Render benchmark: median time and PNG size of the boards the issue names.

    .venv/bin/python bench/bench_render.py            print the figures
    .venv/bin/python bench/bench_render.py --write    also put them in bench/README.md

Targets: a full 28-tile Traditional board and a 7-player Carousel board each
render in under 15 ms (median, warm tile cache) into a PNG under 200 KB.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import write_section  # noqa: E402
from engine.carousel import CarouselGame  # noqa: E402
from render import render_board, render_hand, render_replay_gif  # noqa: E402
from render.board import board_image  # noqa: E402
from render.games.carousel import carousel_record  # noqa: E402
from render.games.clock import clock_record  # noqa: E402
from render.games.mexican import mexican_record  # noqa: E402
from render.games.traditional import full_line_view, traditional_record  # noqa: E402
from render.picture import encode_png  # noqa: E402
from render.samples import PLAYERS, autoplay, replayed  # noqa: E402
from render.theme import TABLE  # noqa: E402

RUNS = 60
TARGET_MS = 15.0
TARGET_BYTES = 200 * 1024


def median_ms(fn: Callable[[], Any], runs: int = RUNS) -> float:
    fn()  # warm the tile cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure() -> list[tuple[str, float, int, str]]:
    """(what, median ms, bytes, note) for each picture."""
    rows = []
    seven = carousel_record(players=7)
    boards = {
        "Traditional, full 28-tile line": full_line_view(),
        "Carousel, 7 players, end of a hand": replayed(seven, 10**6).view(None),
        "Big Clock, end of a game": replayed(clock_record(seed=1), 10**6).view(None),
        "Mexican Train, 4 players, end of a round": replayed(mexican_record(), 10**6).view(None),
        "Mexican Train, 8 players, end of a round":
            replayed(mexican_record(seed=8, players=8), 10**6).view(None),
    }
    for name, view in boards.items():
        total = median_ms(lambda v=view: render_board(v))
        draw = median_ms(lambda v=view: board_image(v, TABLE))
        img = board_image(view, TABLE)[0]
        encode = median_ms(lambda i=img: encode_png(i, TABLE))
        pic = render_board(view)
        note = f"{pic.width}x{pic.height}; draw {draw:.1f} ms + PNG {encode:.1f} ms"
        rows.append((name, total, len(pic.data), note))
    trad = traditional_record()
    game = replayed(trad, 3)
    hand_view = game.view(game.to_move)
    pic = render_hand(hand_view)
    rows.append(("Hand, 7 tiles", median_ms(lambda: render_hand(hand_view)), len(pic.data),
                 f"{pic.width}x{pic.height}"))
    whole_match = autoplay(CarouselGame(PLAYERS[:7], seed=5), 5, max_moves=5000).record()
    for name, record in {"Replay GIF, Traditional": trad,
                         "Replay GIF, Big Clock (long)": clock_record(seed=21),
                         "Replay GIF, Carousel 7 players, whole match": whole_match}.items():
        gif = render_replay_gif(record)
        ms = median_ms(lambda r=record: render_replay_gif(r), runs=3)
        rows.append((name, ms, len(gif.data), f"{len(record['moves']) + 1} frames, "
                     f"{gif.width}x{gif.height}"))
    return rows


def report(rows: list[tuple[str, float, int, str]]) -> str:
    lines = [
        "## Render",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC with `bench/bench_render.py` on "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, load average {os.getloadavg()[0]:.1f} "
        f"(the machine is shared). Median of {RUNS} runs with a warm tile cache (replays: "
        "3 runs); the default \"table\" theme. Draw and PNG are timed apart, so they need "
        "not add up.",
        f"Targets: under {TARGET_MS:.0f} ms and under {TARGET_BYTES // 1024} KB for the "
        "28-tile Traditional and 7-player Carousel boards; replays under 8 MB.",
        "",
        "| Picture | Median time | Size | Notes |",
        "|---|---:|---:|---|",
    ]
    for name, ms, size, note in rows:
        lines.append(f"| {name} | {ms:.1f} ms | {size / 1024:.1f} KB | {note} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    text = report(measure())
    print(text)
    if "--write" in sys.argv[1:]:
        write_section("Render", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
