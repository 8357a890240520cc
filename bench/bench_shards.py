"""SQLite and PostgreSQL, one and several processes: moves committed per second, a click in
one process to the holder's table update, memory per live table, start-up with 10,000
live tables.

Needs a PostgreSQL server: run it as
    .ci/with-postgres .venv/bin/python bench/bench_shards.py
(or set BENCH_POSTGRES_URL). Prints the figures and writes them into bench/README.md
under "## PostgreSQL and shards" (replacing only that section).
"""

from __future__ import annotations

import asyncio
import gc
import os
import platform
import re
import secrets
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import write_section  # noqa: E402
from engine.records import new_game  # noqa: E402
from storage import Seat, Storage  # noqa: E402
from storage.copy import copy_to_postgres  # noqa: E402
from tables.live import Person, TableEvent, TableSettings  # noqa: E402
from tables.node import ShardNode  # noqa: E402
from tables.service import TableService  # noqa: E402
from tables.shards import Placement  # noqa: E402

SECONDS = 4.0  # each moves-per-second run
RUNS = 2
TABLES_PER_WORKER = 16
CLICKS = 200
LIVE_TABLES = 10_000
MOVES_PER_LIVE = 8

WORKER = """
import asyncio, os, sys, time
sys.path.insert(0, {root!r})
from storage import Storage

async def main(target, first, count, go, seconds):
    store = await Storage.open(target)
    print("ready", flush=True)
    while not os.path.exists(go):
        await asyncio.sleep(0.001)
    stop = time.perf_counter() + seconds
    done = 0

    async def play(table_id):
        nonlocal done
        seq = 0
        while time.perf_counter() < stop:
            seq += 1
            await store.append_move(table_id, seq, "6-6", deadline=time.time() + 60)
            done += 1

    await asyncio.gather(*(play(t) for t in range(first, first + count)))
    print(done, flush=True)
    await store.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], float(sys.argv[5])))
"""


async def new_schema(server: str) -> str:
    """A URL on a fresh schema of the bench server."""
    import asyncpg

    name = "bench_" + secrets.token_hex(4)
    conn = await asyncpg.connect(server)
    await conn.execute(f"CREATE SCHEMA {name}")
    await conn.close()
    return f"{server}{'&' if '?' in server else '?'}search_path={name}"


async def playing_tables(target: str | Path, n: int) -> int:
    """n playing tables on a new database; returns the first id."""
    store = await Storage.open(target)
    ids = []
    for i in range(n):
        row = await store.create_table(guild_id=1, channel_id=i, game="traditional",
                                       host_id=1, seats=[Seat(1, None, "a"), Seat(2, None, "b")])
        await store.start_table(row.id, deadline=None, seed=i)
        ids.append(row.id)
    await store.close()
    return ids[0]


async def moves_per_second(target: str | Path, processes: int, folder: Path) -> float:
    """Moves committed per second by `processes` processes, 16 tables each, all at once."""
    first = await playing_tables(target, processes * TABLES_PER_WORKER)
    go = folder / f"go-{secrets.token_hex(3)}"
    code = WORKER.format(root=str(ROOT))
    procs = [subprocess.Popen([sys.executable, "-c", code, str(target),
                               str(first + k * TABLES_PER_WORKER), str(TABLES_PER_WORKER),
                               str(go), str(SECONDS)], stdout=subprocess.PIPE, text=True)
             for k in range(processes)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    go.touch()
    total = sum(int(proc.communicate(timeout=120)[0].strip()) for proc in procs)
    return total / SECONDS


async def click_to_update(server: str) -> tuple[float, float]:
    """(median, p99) ms from a move committed by one process to the holder's table event."""
    url = await new_schema(server)
    holder_store = await Storage.open(url, node="holder")
    holder = TableService(holder_store, ai_delay=0)
    node = ShardNode(holder, holder._store, "holder", shard_count=1, home={0})
    await node.start(loop=False)
    clicker_store = await Storage.open(url, node="clicker")
    clicker = TableService(clicker_store, ai_delay=0, placement=Placement(1, frozenset()))
    seen: dict[tuple[int, int], float] = {}
    arrived = asyncio.Event()

    async def on_event(event: TableEvent) -> None:
        if event.kind == "move":
            seen[(event.table.id, event.table.seq)] = time.perf_counter()
            arrived.set()

    holder.listeners.append(on_event)
    times: list[float] = []
    ann, bob = Person(1, "Ann"), Person(2, "Bob")
    while len(times) < CLICKS:
        lobby = await holder.open_lobby(
            guild_id=1, channel_id=1, host=ann, game="traditional",
            settings=TableSettings(seats=2, auto_start=False), options={"target": 0})
        await holder.join(lobby.id, bob)
        table = await holder.start(lobby.id, ann.user_id)
        while len(times) < CLICKS:
            assert table.game is not None
            if table.game.to_move is None:  # over: its end is being stored
                break
            user = table.seats[table.game.to_move].user_id
            assert user is not None
            move = str(table.game.legal_moves()[0])
            key = (table.id, table.seq + 1)
            arrived.clear()
            t0 = time.perf_counter()
            await clicker.play(table.id, user, table.seq, move)
            while key not in seen:
                await asyncio.wait_for(arrived.wait(), 10)
                arrived.clear()
            times.append((seen[key] - t0) * 1000)
    await node.stop()
    await holder.close()
    await clicker.close()
    await holder_store.close()
    await clicker_store.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


async def fill_live(path: Path, n: int) -> None:
    """n Traditional tables in play, MOVES_PER_LIVE real moves each, the turn notice sent."""
    store = await Storage.open(path)  # the schema
    await store.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    tables, seats, moves, sent = [], [], [], []
    for t in range(1, n + 1):
        game = new_game({"game": "traditional", "options": {"target": 0},
                         "players": ["a", "b"], "seed": t})
        played = []
        while len(played) < MOVES_PER_LIVE and not game.is_over():
            move = str(game.legal_moves()[0])
            game.play(move)
            played.append(move)
        tables.append((t, (t % 64) << 22, t, t, len(played)))
        seats += [(t, 0, 10 * t, "a"), (t, 1, 10 * t + 1, "b")]
        moves += [(t, k, m) for k, m in enumerate(played, start=1)]
        to_move = game.to_move if game.to_move is not None else 0
        sent.append((t, len(played), 10 * t + to_move))
    conn.executemany(
        """INSERT INTO game_tables (id, guild_id, channel_id, game, options, host_id, status,
           seed, created_at, updated_at, deadline, last_seq, settings)
           VALUES (?, ?, ?, 'traditional', '{"target": 0}', 1, 'playing', ?, 0, 0, 4e9, ?,
                   '{"seats": 2}')""", tables)
    conn.executemany("INSERT INTO seats (table_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                     seats)
    conn.executemany("INSERT INTO moves (table_id, seq, move, created_at) VALUES (?, ?, ?, 0)",
                     moves)
    conn.executemany("INSERT INTO sent_notifications VALUES (?, ?, 'turn', ?, 0)", sent)
    conn.execute("COMMIT")
    conn.close()


STARTUP = """
import asyncio, gc, sys, time
sys.path.insert(0, {root!r})
from bench.bench_shards import start_up
asyncio.run(start_up(sys.argv[1]))
"""


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def start_up(target: str) -> None:
    """In a fresh process: open, load every live table, wait for the turn notices' checks;
    prints seconds to load, seconds to settle, and KB of memory per live table."""
    gc.collect()
    before = rss_kb()
    t0 = time.perf_counter()
    store = await Storage.open(target, node="bench")
    service = TableService(store, ai_delay=0)
    node = None
    if store.dialect == "postgres":
        node = ShardNode(service, service._store, "bench", shard_count=1, home={0})
        loaded = await node.start(loop=False)
    else:
        loaded = await service.load()
    t1 = time.perf_counter()
    await asyncio.gather(*[t for t in service.scheduler.tasks if t.get_name().startswith("turn-")])
    t2 = time.perf_counter()
    gc.collect()
    per_table = (rss_kb() - before) / max(1, loaded)
    print(loaded, t1 - t0, t2 - t0, per_table, flush=True)
    if node is not None:
        await node.stop()
    await service.close()
    await store.close()


def measure_start(target: str) -> tuple[int, float, float, float]:
    out = subprocess.run([sys.executable, "-c", STARTUP.format(root=str(ROOT)), target],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    loaded, load, settled, per_table = out.split()
    return int(loaded), float(load), float(settled), float(per_table)


async def main() -> dict[str, Any]:
    server = os.environ.get("BENCH_POSTGRES_URL") or os.environ.get("TEST_POSTGRES_URL")
    if not server:
        raise SystemExit("needs PostgreSQL: .ci/with-postgres .venv/bin/python "
                         "bench/bench_shards.py (or set BENCH_POSTGRES_URL)")
    f: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for run in range(RUNS):  # the runs interleaved, so a busy spell hits all alike
            for n in (1, 4):
                sqlite_rate = await moves_per_second(folder / f"m{n}-{run}.db", n, folder)
                pg_rate = await moves_per_second(await new_schema(server), n, folder)
                f.setdefault(f"sqlite_{n}", []).append(sqlite_rate)
                f.setdefault(f"postgres_{n}", []).append(pg_rate)
                print(n, sqlite_rate, pg_rate, flush=True)
        f["click_median"], f["click_p99"] = await click_to_update(server)
        print("click", f["click_median"], f["click_p99"], flush=True)
        live = folder / "live.db"
        await fill_live(live, LIVE_TABLES)
        url = await new_schema(server)
        source, target = await Storage.open(live), await Storage.open(url)
        await copy_to_postgres(source, target)
        await source.close()
        await target.close()
        f["start_sqlite"] = measure_start(str(live))
        f["start_postgres"] = measure_start(url)
        print("start", f["start_sqlite"], f["start_postgres"], flush=True)
    return f


def rates(runs: list[float]) -> str:
    return " / ".join(f"{r:,.0f}/s" for r in runs)


def write_readme(f: dict[str, Any]) -> None:
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    found = re.search(r"\d+\.\d+", subprocess.run(["psql", "--version"], capture_output=True,
                                                  text=True, check=False).stdout)
    pg = found.group() if found else "?"
    ls, lp = f["start_sqlite"], f["start_postgres"]
    section = f"""## PostgreSQL and shards

Run: `.ci/with-postgres .venv/bin/python bench/bench_shards.py` ({date}; {os.cpu_count()}
cores, Python {platform.python_version()}, SQLite {sqlite3.sqlite_version} (WAL,
synchronous=NORMAL), PostgreSQL {pg} on loopback, default settings
(fsync and synchronous_commit on); load average {os.getloadavg()[0]:.1f}, the machine is
shared with other work, so treat these as rough).

| What | SQLite | PostgreSQL |
|---|---:|---:|
| Moves committed per second, 1 process ({TABLES_PER_WORKER} tables at once) \
| {rates(f['sqlite_1'])} | {rates(f['postgres_1'])} |
| Moves committed per second, 4 processes ({TABLES_PER_WORKER} tables each) \
| {rates(f['sqlite_4'])} | {rates(f['postgres_4'])} |
| Start-up with {LIVE_TABLES:,} live tables ({MOVES_PER_LIVE} moves each): loaded \
| {ls[1]:.2f} s | {lp[1]:.2f} s |
| ... and every turn notice checked (one write each) | {ls[2]:.2f} s | {lp[2]:.2f} s |
| Memory per live table (RSS growth / tables) | {ls[3]:.1f} KB | {lp[3]:.1f} KB |

| Click in one process to the table update by its holder (PostgreSQL) | Figure |
|---|---:|
| Median | {f['click_median']:.1f} ms |
| 99th percentile | {f['click_p99']:.1f} ms |

Moves per second: each process appends to its own tables for {SECONDS:.0f} s (a move, its
seq check and its deadline in one transaction each); {RUNS} runs, interleaved, each
shown. SQLite has one writer at a time for the whole file, but its commits do not wait
for the disk (WAL, synchronous=NORMAL), so one process is bound by its own Python work
and a second core helps. Every PostgreSQL commit waits for its WAL flush
(synchronous_commit on), and the server shares the 2 cores with the processes, so its
figures follow the disk and the machine's other load, which moved them run to run.
The click: a process holding no shard commits a move (`TableService.play` on a visiting
table); the time runs until the holder's listener is called with that move (the
NOTIFY delivered, the table read back, the move played on the game in memory). The
holder's editing of the message comes on top (rendering and Discord's HTTP; see
"Bot" above). Start-up runs in a fresh process: open storage (on PostgreSQL claim the
lease and LISTEN), read the tables, replay each game, arm its timer; then every
table's turn notice is checked against `sent_notifications` (already sent here, as after
a restart). Memory is the process's RSS growth over the load, divided by the tables.
"""
    write_section("PostgreSQL and shards", section)


if __name__ == "__main__":
    figures = asyncio.run(main())
    write_readme(figures)
    print("written to bench/README.md")
