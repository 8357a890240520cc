"""Storage benchmark: moves appended per second, leaderboard over 100,000 results,
loading 10,000 active tables. Run: .venv/bin/python bench/bench_storage.py [--write]

Prints the figures; with --write, also puts them into bench/README.md under
"## Storage" (replacing only that section), as the other benchmarks do.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import write_section  # noqa: E402
from storage import Seat, SeatResult, Storage  # noqa: E402

MOVES = 5000
RESULTS = 100_000
ACTIVE_TABLES = 10_000
MOVES_PER_ACTIVE = 12


async def median_ms(fn: Callable[[], Awaitable[Any]], runs: int = 200) -> float:
    """Median wall time of `fn` in milliseconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        await fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


async def bench_moves(folder: Path) -> dict[str, float]:
    """Moves appended per second through Storage.append_move, one at a time."""
    store = await Storage.open(folder / "moves.db")
    tables = []
    for i in range(50):
        t = await store.create_table(
            guild_id=1, channel_id=100 + i, game="traditional", host_id=1,
            seats=[Seat(1, None, "A"), Seat(None, "easy", "B")],
        )
        await store.start_table(t.id, deadline=None, seed=i)
        tables.append(t.id)
    t0 = time.perf_counter()
    for n in range(MOVES):
        table_id = tables[n % len(tables)]
        await store.append_move(table_id, n // len(tables) + 1, "6-6 L", deadline=time.time() + 60)
    sequential = MOVES / (time.perf_counter() - t0)
    # Fifty tables' moves in flight at once (the bot's real shape): still one connection.
    base = MOVES // len(tables)

    async def play(table_id: int) -> None:
        for k in range(base + 1, 2 * base + 1):
            await store.append_move(table_id, k, "6-5 R", deadline=None)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(t) for t in tables))
    concurrent = MOVES / (time.perf_counter() - t0)
    # Finishing a game: results + ratings in one transaction.
    t0 = time.perf_counter()
    finishes = 200
    for i in range(finishes):
        t = await store.create_table(
            guild_id=1, channel_id=1, game="traditional", host_id=1,
            seats=[Seat(1 + i % 7, None, "A"), Seat(8 + i % 5, None, "B"),
                   Seat(20 + i % 3, None, "C")],
        )
        await store.finish_table(t.id, [SeatResult(0, 1), SeatResult(1, 2), SeatResult(2, 3)])
    finish_ms = (time.perf_counter() - t0) * 1000 / finishes
    await store.close()
    return {"moves_per_s": sequential, "moves_per_s_concurrent": concurrent,
            "finish_ms": finish_ms}


def fill_results(path: Path, n_results: int) -> None:
    """Bulk-insert finished 4-seat tables, their results and consistent rating rows."""
    import sqlite3

    rng = random.Random(1)
    players = 5000
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, 0)",
        [(u, f"player{u}") for u in range(1, players + 1)],
    )
    stats: dict[tuple[int, int], list[int]] = {}
    tables = n_results // 4
    conn.executemany(
        """INSERT INTO game_tables (id, guild_id, channel_id, game, host_id, status, seed,
           created_at, updated_at) VALUES (?, ?, 1, 'traditional', 1, 'finished', 1, ?, ?)""",
        [(t, 1 + t % 3, t, t) for t in range(1, tables + 1)],
    )
    rows = []
    for t in range(1, tables + 1):
        guild = 1 + t % 3
        for seat, user in enumerate(rng.sample(range(1, players + 1), 4)):
            place = seat + 1
            figures = json.dumps({"goat": int(place == 4), "hands": 1 + t % 5})
            rows.append((t, seat, user, f"player{user}", guild, place, 10 - place, figures, t))
            for scope in (0, guild):
                s = stats.setdefault((user, scope), [0, 0])
                s[0] += 1
                s[1] += place == 1
    conn.executemany(
        """INSERT INTO results (table_id, seat, user_id, name, game, guild_id, place, points,
           figures, finished_at) VALUES (?, ?, ?, ?, 'traditional', ?, ?, ?, ?, ?)""",
        rows,
    )
    ratings = []
    for (user, scope), (games, wins) in stats.items():
        mu = 25 + rng.gauss(0, 5)
        sigma = max(1.0, 8.33 / (1 + games / 10))
        ratings.append((scope, user, mu, sigma, mu - 3 * sigma, games, wins))
    conn.executemany(
        """INSERT INTO ratings (game, scope, user_id, mu, sigma, ordinal, games, wins,
           updated_at) VALUES ('traditional', ?, ?, ?, ?, ?, ?, ?, 0)""",
        ratings,
    )
    conn.execute("COMMIT")
    conn.close()


async def bench_leaderboard(folder: Path) -> dict[str, float]:
    """Median leaderboard / rank / stats query times over RESULTS results."""
    path = folder / "board.db"
    store = await Storage.open(path)
    await store.close()
    fill_results(path, RESULTS)
    store = await Storage.open(path)
    out = {
        "board_global_ms": await median_ms(lambda: store.leaderboard("traditional", limit=10)),
        "board_guild_ms": await median_ms(lambda: store.leaderboard("traditional", 2, limit=10)),
        "board_page_ms": await median_ms(
            lambda: store.leaderboard("traditional", limit=10, offset=2000)),
        "rank_ms": await median_ms(lambda: store.rank_of(4321, "traditional")),
        "stats_ms": await median_ms(
            lambda: store.game_totals(4321, "traditional", figures=("goat", "hands"))),
        "history_ms": await median_ms(lambda: store.history(4321, limit=10)),
    }
    await store.close()
    return out


def fill_active(path: Path, n_tables: int, n_moves: int) -> None:
    """Bulk-insert playing tables with four seats and n_moves moves each."""
    import sqlite3

    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    deal = json.dumps({"hands": [["6-6", "6-5"], ["5-5", "4-4"]], "stock": ["0-0"]})
    conn.executemany(
        """INSERT INTO game_tables (id, guild_id, channel_id, game, options, host_id, status,
           deal, created_at, updated_at, deadline, last_seq)
           VALUES (?, 1, ?, 'traditional', '{"target": 0}', 1, 'playing', ?, 0, 0, ?, ?)""",
        [(t, t, deal, 1e10, n_moves) for t in range(1, n_tables + 1)],
    )
    conn.executemany(
        "INSERT INTO seats (table_id, seat, user_id, ai_level, name) VALUES (?, ?, ?, ?, ?)",
        [(t, s, t * 4 + s if s < 3 else None, None if s < 3 else "hard", f"p{s}")
         for t in range(1, n_tables + 1) for s in range(4)],
    )
    conn.executemany(
        "INSERT INTO moves (table_id, seq, move, created_at) VALUES (?, ?, '6-5 L', 0)",
        [(t, k) for t in range(1, n_tables + 1) for k in range(1, n_moves + 1)],
    )
    conn.execute("COMMIT")
    conn.close()


async def bench_load(folder: Path) -> dict[str, float]:
    """Time to open the database and load every active table with its moves."""
    path = folder / "active.db"
    store = await Storage.open(path)
    await store.close()
    fill_active(path, ACTIVE_TABLES, MOVES_PER_ACTIVE)
    t0 = time.perf_counter()
    store = await Storage.open(path)
    opened = time.perf_counter() - t0
    t1 = time.perf_counter()
    loaded = await store.active_tables()
    load = time.perf_counter() - t1
    assert len(loaded) == ACTIVE_TABLES
    assert all(len(x.moves) == MOVES_PER_ACTIVE for x in loaded)
    await store.close()
    return {"open_s": opened, "load_s": load, "total_s": opened + load,
            "db_mb": path.stat().st_size / 1e6}


def report(figures: dict[str, float]) -> str:
    """The "## Storage" section of bench/README.md with these figures."""
    f = figures
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    section = f"""## Storage

Run: `.venv/bin/python bench/bench_storage.py --write` ({date}; {os.cpu_count()} cores,
Python {platform.python_version()}, SQLite {__import__('sqlite3').sqlite_version}, WAL,
synchronous=NORMAL; files in a temporary folder; load average {os.getloadavg()[0]:.1f},
the machine is shared).

| What | Figure | Target |
|---|---|---|
| Moves appended, one after another (`append_move`) | {f['moves_per_s']:,.0f}/s | >= 1,000/s |
| Moves appended, 50 tables at once (one connection) | {f['moves_per_s_concurrent']:,.0f}/s | |
| Finishing a 3-player game (results + ratings, global + guild) | {f['finish_ms']:.2f} ms | |
| Leaderboard top 10 over {RESULTS:,} results, global (median) \
| {f['board_global_ms']:.2f} ms | < 20 ms |
| Leaderboard top 10, one guild (median) | {f['board_guild_ms']:.2f} ms | < 20 ms |
| Leaderboard page at offset 2,000 (median) | {f['board_page_ms']:.2f} ms | |
| A user's own rank (median) | {f['rank_ms']:.2f} ms | |
| A player's stats (median) | {f['stats_ms']:.2f} ms | |
| A player's last 10 results (median) | {f['history_ms']:.2f} ms | |
| Open (quick_check + migrations) with {ACTIVE_TABLES:,} active tables | {f['open_s']:.3f} s | |
| Load {ACTIVE_TABLES:,} active tables, {MOVES_PER_ACTIVE} moves each (`active_tables`) \
| {f['load_s']:.3f} s | |
| Open + load | {f['total_s']:.3f} s | < 2 s |

The leaderboard reads the `ratings` rows (one per player, game and scope, holding
games and wins) through the index `(game, scope, ordinal DESC)`, so its time does not
grow with the number of results. Loading replays nothing: it reads tables, seats and
moves in three queries; rebuilding the game state from the moves is the table layer's.
"""
    return section


async def main() -> None:
    """Run every measurement and report."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        figures: dict[str, float] = {}
        figures.update(await bench_moves(folder))
        figures.update(await bench_leaderboard(folder))
        figures.update(await bench_load(folder))
    for key, value in figures.items():
        print(f"{key}: {value:,.3f}")
    section = report(figures)
    print(section)
    if "--write" in sys.argv[1:]:
        write_section("Storage", section)


if __name__ == "__main__":
    asyncio.run(main())
