"""Web pages benchmark: a server with 10,000 rated players; its leaderboard page, a
player's page, a finished game's page, a 2,404-move Mexican Train game's (folded) page
and one of its parts' pages, each timed warm through aiohttp's test client
(p50 and p99 over a few hundred requests), on SQLite and, when TEST_POSTGRES_URL is set,
on PostgreSQL (`.ci/with-postgres .venv/bin/python bench/bench_web.py --write`).

Prints the figures; with --write, also puts them into bench/README.md under
"## Web pages" (replacing only that section).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import secrets
import statistics
import sys
import tempfile
import time
from contextlib import AbstractContextManager
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from bench.common import write_section  # noqa: E402
from storage import Seat, SeatResult, Storage  # noqa: E402
from tables.live import Person, TableSettings  # noqa: E402
from tables.service import TableService  # noqa: E402
from web.access import Access  # noqa: E402
from web.app import make_app  # noqa: E402
from web.guard import RateLimit  # noqa: E402

PLAYERS = 10_000
GUILD = 77
STAR = 1  # the player whose page is timed: 60 games of their own
REQUESTS = 300
TARGET_MS = 50.0
SECRET = b"w" * 32
NOW = time.time()
# The deal seed (and move choices) of the longest two-player Mexican Train game of the
# first 300 tried (tests/web/test_web_long_games.py): 2,404 moves.
LONG_SEED, LONG_MOVES = 131, 2404


async def fill(store: Storage) -> int:
    """10,000 named players, each rated from two-player games in GUILD (goats included);
    STAR with 60 more; and one game played move by move. Returns that game's table id."""
    rng = random.Random(26)
    async with store._db.write() as conn:  # the names, in one statement
        await conn.executemany(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
            [(u, f"Player {u} <b>&amp;</b>", NOW) for u in range(1, PLAYERS + 1)])
    pairs = [(u, u + 1) for u in range(1, PLAYERS + 1, 2)]
    pairs += [(STAR, rng.randrange(2, PLAYERS + 1)) for _ in range(60)]
    for a, b in pairs:
        row = await store.create_table(
            guild_id=GUILD, channel_id=5, game="traditional", host_id=a,
            seats=[Seat(a, None, f"Player {a}"), Seat(b, None, f"Player {b}")])
        first = rng.random() < 0.5
        await store.finish_table(row.id, [
            SeatResult(0, 1 if first else 2, 10, figures={"goat": int(not first), "hands": 3}),
            SeatResult(1, 2 if first else 1, 5, figures={"goat": int(first), "hands": 3})])
    service = TableService(store, ai_delay=0)
    try:
        ann, bob = Person(STAR, "Player 1"), Person(2, "Player 2")
        table = await service.open_lobby(
            guild_id=GUILD, channel_id=5, host=ann, game="traditional",
            settings=TableSettings(seats=2, auto_start=False), options={})
        await service.join(table.id, bob)
        await service.start(table.id, ann.user_id)
        by_seat = [s.user_id for s in service.held_tables[table.id].seats]
        while table.id in service.held_tables:
            live = service.held_tables[table.id]
            assert live.game is not None and live.game.to_move is not None
            user = by_seat[live.game.to_move]
            assert user is not None
            await service.play(table.id, user, live.seq, str(live.game.legal_moves()[0]))
    finally:
        await service.close()
    return table.id


def dealt_from(seed: int) -> AbstractContextManager[object]:
    """Tables started meanwhile are dealt from `seed` (tables/lobby.py draws its seeds
    with secrets.randbits)."""
    return mock.patch.object(secrets, "randbits", lambda _bits: seed)


async def long_game(store: Storage) -> int:
    """The LONG_MOVES-move Mexican Train game in GUILD, each seat drawing (or passing)
    whenever it may, else playing a seeded random move. Returns its table id."""
    service = TableService(store, ai_delay=0)
    rng = random.Random(LONG_SEED)
    try:
        ann, bob = Person(STAR, "Player 1"), Person(2, "Player 2")
        with dealt_from(LONG_SEED):
            table = await service.open_lobby(
                guild_id=GUILD, channel_id=5, host=ann, game="mexican",
                settings=TableSettings(seats=2, auto_start=False), options={})
            await service.join(table.id, bob)
            await service.start(table.id, ann.user_id)
        by_seat = [s.user_id for s in service.held_tables[table.id].seats]
        while table.id in service.held_tables:
            live = service.held_tables[table.id]
            assert live.game is not None and live.game.to_move is not None
            moves = [str(m) for m in live.game.legal_moves()]
            draws = [m for m in moves if m.startswith(("draw", "pass"))]
            move = moves[0] if len(moves) == 1 else draws[0] if draws else rng.choice(moves)
            user = by_seat[live.game.to_move]
            assert user is not None
            await service.play(table.id, user, live.seq, move)
    finally:
        await service.close()
    assert len((await store.record(table.id))["moves"]) == LONG_MOVES
    return table.id


async def timed(client: TestClient, path: str) -> tuple[float, float]:  # type: ignore[type-arg]
    """p50 and p99 in ms of REQUESTS gets of `path`, after one unmeasured warm-up."""
    assert (await client.get(path)).status == 200, path
    times = []
    for _ in range(REQUESTS):
        started = time.perf_counter()
        answer = await client.get(path)
        await answer.read()
        times.append((time.perf_counter() - started) * 1000)
        assert answer.status == 200
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


async def longest_part(store: Storage, table_id: int) -> int:
    """The number of the long game's part of the most moves (web/replays.py's parts)."""
    from web.replays import Replays

    game = await Replays(store).game(GUILD, table_id)
    return max(game.parts, key=lambda p: (p.last - p.first, -p.number)).number


async def bench(target: Path | str) -> dict[str, tuple[float, float]]:
    started = time.perf_counter()
    store = await Storage.open(target)
    try:
        table_id = await fill(store)
        long_id = await long_game(store)
        print(f"filled in {time.perf_counter() - started:.1f} s", flush=True)
        access = Access(SECRET, clock=time.time)
        sign = access.query_for(GUILD, int(NOW) + 3600)
        app = make_app(store, access, limit=RateLimit(per_second=1e6, burst=1e6))
        pages = {
            "Leaderboard, page 1 by rating (50 lines, goats)":
                f"/s/{GUILD}/leaderboard/traditional?{sign}",
            "Leaderboard, page 100 by games": f"/s/{GUILD}/leaderboard/traditional?"
                                              f"sort=games&page=100&{sign}",
            "Leaderboard, page 1 by name": f"/s/{GUILD}/leaderboard/traditional?sort=name&{sign}",
            "Player page (61 games, last 50 listed)": f"/s/{GUILD}/player/{STAR}?{sign}",
            "Player's rating chart PNG": f"/s/{GUILD}/player/{STAR}/chart/traditional.png?{sign}",
            "Game page (every move)": f"/s/{GUILD}/game/{table_id}?{sign}",
            f"Game page, {LONG_MOVES:,}-move Mexican Train (folded by hand)":
                f"/s/{GUILD}/game/{long_id}?{sign}",
            "Its longest part's page (at most 250 moves)":
                f"/s/{GUILD}/game/{long_id}/part/{await longest_part(store, long_id)}.html"
                f"?{sign}",
        }
        out = {}
        async with TestClient(TestServer(app)) as client:
            for name, path in pages.items():
                out[name] = await timed(client, path)
                size = len(await (await client.get(path)).read())
                print(f"{name}: p50 {out[name][0]:.2f} ms, p99 {out[name][1]:.2f} ms, "
                      f"{size:,} bytes", flush=True)
        return out
    finally:
        await store.close()


async def postgres() -> dict[str, tuple[float, float]] | None:
    url = os.environ.get("TEST_POSTGRES_URL", "").strip()
    if not url:
        return None
    import asyncpg

    schema = "bench_web_" + secrets.token_hex(4)
    async def admin(sql: str) -> None:  # a short connection: none idles through the bench
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    await admin(f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in url else "?"
        return await bench(f"{url}{sep}search_path={schema}")
    finally:
        await admin(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def report(results: dict[str, dict[str, tuple[float, float]]]) -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    backends = list(results)
    lines = [
        "## Web pages", "",
        f"Run: `.ci/with-postgres .venv/bin/python bench/bench_web.py --write` ({when}; "
        f"{os.cpu_count()} cores, Python {platform.python_version()}; load average "
        f"{load:.1f}, the machine is shared). A server with {PLAYERS:,} rated players "
        f"(two-player Traditional games with goats); each page asked {REQUESTS} times, warm, "
        "through aiohttp's test client (the whole request: guard, signature, storage, "
        f"template). Target: every page under {TARGET_MS:.0f} ms p99.", "",
        "| Page | " + " | ".join(f"{b} p50 | {b} p99" for b in backends) + " |",
        "|---|" + "---|---|" * len(backends),
    ]
    for name in results[backends[0]]:
        cells = []
        for backend in backends:
            p50, p99 = results[backend][name]
            cells += [f"{p50:.1f} ms", f"{p99:.1f} ms"]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "Sorting by rating, games or wins walks an index of the ratings "
              "(migration 010 adds those of games and wins); by name the server's rows are "
              "sorted. Goats are one grouped query over the page's 50 players' results. The "
              "chart is drawn on each request (the browser keeps it by its ETag). A game of "
              "more than 300 moves lists its parts (a hand each, or a long hand's pieces of "
              "at most 250 moves), each part's moves on a page of its own.", ""]
    return "\n".join(lines)


def arguments(argv: list[str]) -> argparse.Namespace:
    """The command line: --help prints this module's description and exits."""
    parser = argparse.ArgumentParser(prog="bench/bench_web.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true",
                        help='put the figures into bench/README.md under "## Web pages"')
    return parser.parse_args(argv)


async def main(write: bool) -> None:
    results: dict[str, dict[str, tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        print("== SQLite", flush=True)
        results["SQLite"] = await bench(Path(tmp) / "web.db")
    print("== PostgreSQL", flush=True)
    found = await postgres()
    if found is not None:
        results["PostgreSQL"] = found
    else:
        print("TEST_POSTGRES_URL is not set: SQLite only")
    section = report(results)
    print(section)
    if write:
        write_section("Web pages", section)


if __name__ == "__main__":
    asyncio.run(main(arguments(sys.argv[1:]).write))
