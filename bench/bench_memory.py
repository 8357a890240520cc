"""Memory benchmark: what a process keeps after finished games (issue 29).

GAMES two-player Traditional games are played through the tables layer
(`TableService` on a SQLite file in a temporary folder, as the bot runs it): a
lobby, a join that starts the game, MOVES moves, then a resignation, which ends
it. Python's memory (tracemalloc) is measured after WARM_UP games (the imports,
caches and first allocations are done by then) and after GAMES more; what grows
with the games, not with the live tables (there are none between games), is kept
for ended ones. (The cogs' share is counted by tests/bot/test_bot_holes.py.)
Run: .venv/bin/python bench/bench_memory.py [--write]
"""

from __future__ import annotations

import asyncio
import gc
import os
import platform
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import write_section  # noqa: E402
from storage import Storage  # noqa: E402
from tables.live import Person, TableSettings  # noqa: E402
from tables.service import TableService  # noqa: E402

GAMES = int(os.environ.get("BENCH_GAMES", "1000"))
WARM_UP = 20
MOVES = 4
ANN, BOB = Person(1, "Ann"), Person(2, "Bob")


async def one_game(service: TableService, channel: int) -> None:
    """A game from its lobby to its end: a few moves, then Ann resigns."""
    table = await service.open_lobby(guild_id=10, channel_id=channel, host=ANN,
                                     game="traditional",
                                     settings=TableSettings(seats=2, auto_start=True),
                                     options={})
    await service.join(table.id, BOB)
    for _ in range(MOVES):
        live = service.held_tables.get(table.id)
        if live is None or live.game is None or not live.in_play:
            break
        seat = live.game.to_move
        assert seat is not None
        user = live.seats[seat].user_id
        assert user is not None
        await service.play(table.id, user, None, str(live.game.legal_moves()[0]))
    if table.id in service.held_tables:
        await service.resign(table.id, ANN.user_id)
    await service.settle()


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Storage.open(Path(folder) / "bench.sqlite3")
        service = TableService(store, ai_delay=0)
        await service.load()
        try:
            tracemalloc.start()
            for game in range(WARM_UP):
                await one_game(service, 1000 + game)
            before, started = traced(), time.perf_counter()
            for game in range(GAMES):
                await one_game(service, 2000 + game)
            after, seconds = traced(), time.perf_counter() - started
            tracemalloc.stop()
            assert not service.held_tables, "a finished table is still held"
        finally:
            await service.close()
            await store.close()
    return {"before": before, "after": after, "seconds": seconds}


def main() -> None:
    figures = asyncio.run(run())
    growth = figures["after"] - figures["before"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        "## Memory",
        "",
        f"Run: `.venv/bin/python bench/bench_memory.py --write` "
        f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load:.1f}, the machine is shared). "
        f"{GAMES:,} two-player Traditional games through the tables layer (a lobby, a join, "
        f"{MOVES} moves, a resignation), after {WARM_UP} to warm up; Python's memory by "
        "tracemalloc, after a garbage collection.",
        "",
        "| What | Figure |",
        "|---|---|",
        f"| Memory traced after {WARM_UP} games | {figures['before'] / 1024:,.0f} KiB |",
        f"| Memory traced after {GAMES:,} more | {figures['after'] / 1024:,.0f} KiB |",
        f"| Growth per finished game | {growth / GAMES:,.0f} bytes |",
        "| Tables held by the service after them | 0 |",
        f"| Time per game (tracemalloc on) | {figures['seconds'] / GAMES * 1000:.1f} ms |",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if "--write" in sys.argv:
        write_section("Memory", section)


if __name__ == "__main__":
    main()
