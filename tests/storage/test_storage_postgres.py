"""PostgreSQL: migrations beside SQLite's, URLs, placeholders, and concurrent writers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import (
    DatabaseUnreadable,
    GuildSettings,
    MoveConflict,
    Seat,
    SeatResult,
    Storage,
    StorageBusy,
    latest_version,
)
from storage.postgres import numbered, redact
from storage.schema import MIGRATIONS_DIR, POSTGRES_MIGRATIONS_DIR, migrations
from storage.store import is_postgres, sqlite_path
from tests.pg import fresh_schema, raw_execute, server_url

TWO = [Seat(1, None, "a"), Seat(2, None, "b")]


def test_every_migration_exists_for_both_backends() -> None:
    sqlite = [(m.version, m.path.name) for m in migrations(MIGRATIONS_DIR)]
    postgres = [(m.version, m.path.name) for m in migrations(POSTGRES_MIGRATIONS_DIR)]
    assert sqlite == postgres
    assert sqlite[-1][0] == latest_version()


def test_placeholders_are_numbered_outside_literals_and_comments() -> None:
    assert numbered("SELECT ? , '?', ? -- what's ?\nWHERE a::text = ?") == (
        "SELECT $1 , '?', $2 -- what's ?\nWHERE a::text = $3", ())
    assert numbered("x = :a AND y = :b AND z = :a") == ("x = $1 AND y = $2 AND z = $1",
                                                       ("a", "b"))


def test_urls_choose_the_backend() -> None:
    assert is_postgres("postgresql://u@h/db") and is_postgres("postgres://h/db")
    assert not is_postgres(Path("postgresql:/x"))
    assert sqlite_path("sqlite:///data/x.db") == Path("data/x.db")
    assert sqlite_path("sqlite:////abs/x.db") == Path("/abs/x.db")
    assert sqlite_path("plain.db") == Path("plain.db")
    with pytest.raises(ValueError, match="mysql"):
        sqlite_path("mysql://h/db")
    assert redact("postgresql://bot:pw@h:5432/db") == "postgresql://bot:***@h:5432/db"


async def test_migrations_apply_once_even_when_two_processes_start_together() -> None:
    async with fresh_schema() as url:
        first, second = await asyncio.gather(Storage.open(url), Storage.open(url))
        try:
            assert await first.schema_version() == latest_version()
            assert await second.schema_version() == latest_version()
        finally:
            await first.close()
            await second.close()
        again = await Storage.open(url)  # nothing left to apply
        assert await again.schema_version() == latest_version()
        await again.close()


async def test_a_newer_schema_is_refused_naming_the_url_without_password() -> None:
    async with fresh_schema() as url:
        store = await Storage.open(url)
        await store.close()
        await raw_execute(url, "UPDATE schema_version SET version = ?", latest_version() + 1)
        with pytest.raises(DatabaseUnreadable, match="newer") as info:
            await Storage.open(url)
        assert redact(url) in str(info.value)


async def test_an_unreachable_server_is_a_clear_error() -> None:
    server_url()  # only where PostgreSQL is being tested
    url = "postgresql://bot:secret@127.0.0.1:1/nowhere"
    with pytest.raises(DatabaseUnreadable) as info:
        await Storage.open(url)
    assert "127.0.0.1:1" in str(info.value) and "secret" not in str(info.value)


async def test_two_pools_race_for_the_same_seq() -> None:
    async with fresh_schema() as url:
        first, second = await Storage.open(url), await Storage.open(url)
        try:
            table = await first.create_table(guild_id=1, channel_id=1, game="traditional",
                                             host_id=1, seats=TWO)
            await first.start_table(table.id, deadline=None, seed=1)
            for seq in range(1, 31):
                outcomes = await asyncio.gather(
                    first.append_move(table.id, seq, "first", deadline=float(seq)),
                    second.append_move(table.id, seq, "second", deadline=-1.0),
                    return_exceptions=True,
                )
                assert sorted(type(o).__name__ for o in outcomes) == ["MoveConflict", "NoneType"]
                conflict = next(o for o in outcomes if isinstance(o, MoveConflict))
                assert conflict.seq == seq
            loaded = await second.load_table(table.id)
            assert loaded is not None and len(loaded.moves) == 30
            assert loaded.table.last_seq == 30
            # The winner's fields were committed with its move, never the loser's.
            winner = loaded.moves[-1]
            assert loaded.table.deadline == (30.0 if winner == "first" else -1.0)
        finally:
            await first.close()
            await second.close()


async def six_wins(url: str, *, concurrently: bool) -> list[tuple[int | None, int, float]]:
    """Player 1 beats player 2 at six tables through two pools; the board afterwards."""
    stores = [await Storage.open(url), await Storage.open(url)]
    try:
        tables = []
        for store in stores * 3:
            row = await store.create_table(guild_id=5, channel_id=1, game="traditional",
                                           host_id=1, seats=TWO)
            await store.start_table(row.id, deadline=None, seed=1)
            tables.append((store, row.id))
        finishes = [store.finish_table(table_id, [SeatResult(0, 1, 10), SeatResult(1, 2, 0)])
                    for store, table_id in tables]
        if concurrently:
            await asyncio.gather(*finishes)
        else:
            for finish in finishes:
                await finish
        board = await stores[0].leaderboard("traditional")
        return [(r.user_id, r.games, r.rating) for r in board]
    finally:
        for store in stores:
            await store.close()


async def test_concurrent_finishes_never_lose_a_rating_update() -> None:
    async with fresh_schema() as one, fresh_schema() as other:
        together = await six_wins(one, concurrently=True)
        in_turn = await six_wins(other, concurrently=False)
    assert [(u, g) for u, g, _ in together] == [(1, 6), (2, 6)]
    # Each finish read the ratings the previous one wrote: the same as one after another.
    assert [r for _, _, r in together] == pytest.approx([r for _, _, r in in_turn])


async def test_a_lock_held_elsewhere_is_a_clear_busy_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncpg

    import storage.postgres

    monkeypatch.setattr(storage.postgres, "LOCK_TIMEOUT_MS", 200)
    async with fresh_schema() as url:
        store = await Storage.open(url)
        other = await asyncpg.connect(url)
        try:
            table = await store.create_table(guild_id=1, channel_id=1, game="traditional",
                                             host_id=1, seats=TWO)
            await store.start_table(table.id, deadline=None, seed=1)
            async with other.transaction():  # another process holds the table's row
                await other.execute("SELECT 1 FROM game_tables WHERE id = $1 FOR UPDATE",
                                    table.id)
                with pytest.raises(StorageBusy, match="lock") as info:
                    await store.append_move(table.id, 1, "6-6", deadline=None)
            assert redact(url) in str(info.value)
            await store.append_move(table.id, 1, "6-6", deadline=None)  # free again
            assert await store.moves(table.id) == ["6-6"]
        finally:
            await other.close()
            await store.close()


async def test_every_connection_busy_is_a_clear_busy_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import storage.postgres
    from storage.postgres import PostgresDatabase

    monkeypatch.setattr(storage.postgres, "ACQUIRE_TIMEOUT_S", 0.2)
    async with fresh_schema() as url:
        store = Storage(await PostgresDatabase.open(url, pool_size=1))
        try:
            async with store.backend.write():  # the pool's one connection, held
                with pytest.raises(StorageBusy):
                    await store.set_guild_settings(GuildSettings(1))
            await store.set_guild_settings(GuildSettings(1))  # free again
            assert await store.get_guild_settings(1) == GuildSettings(1)
        finally:
            await store.close()


async def test_two_processes_race_for_the_same_seqs(tmp_path: Path) -> None:
    from tests.storage.test_storage_crash import RACER, child

    n = 100
    go = tmp_path / "go"
    async with fresh_schema() as url:
        store = await Storage.open(url)
        try:
            table = await store.create_table(guild_id=1, channel_id=1, game="traditional",
                                             host_id=1, seats=TWO)
            await store.start_table(table.id, deadline=None, seed=1)
            procs = [child(RACER, url, str(table.id), str(n), str(go)) for _ in range(2)]
            for proc in procs:
                assert proc.stdout is not None
                line = await asyncio.to_thread(proc.stdout.readline)
                assert line.strip() == "ready"
            go.touch()
            outputs = [await asyncio.to_thread(proc.communicate, timeout=120) for proc in procs]
            for proc, (_, err) in zip(procs, outputs, strict=True):
                assert proc.returncode == 0, err
            won = sorted(int(line.split()[1]) for out, _ in outputs
                         for line in out.splitlines() if line.startswith("won"))
            assert won == list(range(1, n + 1))  # every seq won by exactly one process
            moves = await store.moves(table.id)
            assert len(moves) == n and len(set(moves)) <= 2
            loaded = await store.load_table(table.id)
            assert loaded is not None and loaded.table.last_seq == n
        finally:
            await store.close()


async def test_check_summarises_a_postgres_database(capsys: pytest.CaptureFixture[str]) -> None:
    from storage.cli import check

    async with fresh_schema() as url:
        assert await check(url)  # empty: no schema yet, nothing to refuse
        store = await Storage.open(url, node="node-x")
        try:
            table = await store.create_table(guild_id=1, channel_id=1, game="traditional",
                                             host_id=1, seats=TWO)
            await store.start_table(table.id, deadline=None, seed=1)
            await store.append_move(table.id, 1, "6-6", deadline=None)
        finally:
            await store.close()
        capsys.readouterr()
        assert await check(url)
        out = capsys.readouterr().out
        assert f"schema version: {latest_version()}" in out
        assert "game_tables: 1" in out and "moves: 1" in out
        assert "tables by status: playing 1" in out


async def test_bots_in_two_schemas_of_one_database_hear_only_their_own_table_changes() -> None:
    """NOTIFY channels are the database's: each schema's changes go on its own channel
    (postgres/013), so a process never refreshes its table #1 from another bot's."""
    from storage.cluster import Cluster, TableChange

    async with fresh_schema() as url_a, fresh_schema() as url_b:
        stores = [await Storage.open(url_a), await Storage.open(url_b)]
        heard: list[list[TableChange]] = [[], []]
        told = [asyncio.Event(), asyncio.Event()]
        clusters = [Cluster(store, f"node-{i}") for i, store in enumerate(stores)]
        try:
            for i, cluster in enumerate(clusters):
                def on_change(change: TableChange, i: int = i) -> None:
                    heard[i].append(change)
                    told[i].set()
                await cluster.listen(on_change)
            for i, store in enumerate(stores):  # A's change first, then B's
                await store.create_table(guild_id=1, channel_id=2, game="traditional",
                                         host_id=1, seats=TWO)
                await asyncio.wait_for(told[i].wait(), 10)
            # One listening connection hears its channels in commit order: had B's heard
            # A's change, it would have come before B's own.
            assert [len(h) for h in heard] == [1, 1]
        finally:
            for cluster in clusters:
                await cluster.close()
            for store in stores:
                await store.close()
