"""Migrations: numbered files, user_version, idempotent, upgrade in place; pragmas."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import DatabaseUnreadable, Storage, StorageError, latest_version
from storage.schema import MIGRATIONS_DIR, Migration, migrations


def schema_of(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        return sorted(conn.execute("SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL"))
    finally:
        conn.close()


def version_of(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_migration_files_are_numbered_from_one() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, len(found) + 1))
    assert len(found) >= 2
    assert latest_version() == found[-1].version
    assert found[0].path.name == "001_initial.sql"


async def test_open_creates_folder_and_applies_all(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "bot.db"
    store = await Storage.open(path)
    try:
        assert await store.schema_version() == latest_version()
        assert store.path == path
    finally:
        await store.close()
    assert version_of(path) == latest_version()


async def test_applying_twice_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    store = await Storage.open(path)
    await store.close()
    before = schema_of(path)
    store = await Storage.open(path)
    await store.close()
    assert schema_of(path) == before
    assert version_of(path) == latest_version()


async def test_old_database_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    first = migrations()[0]
    for statement in first.statements():
        conn.execute(statement)
    conn.execute("PRAGMA user_version=1")
    conn.execute(
        """INSERT INTO game_tables (guild_id, channel_id, game, host_id, status, seed,
           created_at, updated_at) VALUES (5, 6, 'carousel', 7, 'playing', 42, 1, 1)"""
    )
    conn.execute("INSERT INTO seats VALUES (1, 0, 7, NULL, 'Ann')")
    conn.execute("INSERT INTO moves VALUES (1, 1, '5-5', 1)")
    conn.execute("UPDATE game_tables SET last_seq = 1")
    conn.commit()
    conn.close()
    assert "snapshot" not in str(schema_of(path))

    store = await Storage.open(path)
    try:
        assert await store.schema_version() == latest_version()
        loaded = await store.load_table(1)
        assert loaded is not None
        assert loaded.table.game == "carousel" and loaded.table.seed == 42
        assert loaded.moves == ("5-5",)
        await store.append_move(1, 2, "5-0 L", deadline=None)
        again = await store.load_table(1)
        assert again is not None and again.moves == ("5-5", "5-0 L")
    finally:
        await store.close()
    assert "game_tables_deadline" in str(schema_of(path))
    assert "snapshot" not in str(schema_of(path))  # 002 added it, 009 took it away


async def test_pragmas(tmp_path: Path) -> None:
    store = await Storage.open(tmp_path / "bot.db")
    try:
        async def pragma(name: str) -> object:
            rows = await store.backend.fetch(f"PRAGMA {name}")
            return next(iter(rows))[0]

        assert await pragma("journal_mode") == "wal"
        assert await pragma("foreign_keys") == 1
        assert await pragma("busy_timeout") == 5000
        assert await pragma("synchronous") == 1  # NORMAL
    finally:
        await store.close()


async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={latest_version() + 1}")
    conn.close()
    with pytest.raises(DatabaseUnreadable, match="newer") as info:
        await Storage.open(path)
    assert str(path) in str(info.value)


def test_bad_migration_names_and_gaps(tmp_path: Path) -> None:
    (tmp_path / "001_a.sql").write_text("CREATE TABLE a (x);\n")
    (tmp_path / "003_c.sql").write_text("CREATE TABLE c (x);\n")
    with pytest.raises(StorageError, match="number 002"):
        migrations(tmp_path)
    (tmp_path / "003_c.sql").unlink()
    (tmp_path / "two.sql").write_text("")
    with pytest.raises(StorageError, match="badly named"):
        migrations(tmp_path)


def test_statement_splitting(tmp_path: Path) -> None:
    path = tmp_path / "001_x.sql"
    path.write_text(
        "-- a comment; with a semicolon\nCREATE TABLE a (x);\n"
        "CREATE TRIGGER t BEFORE UPDATE ON a BEGIN SELECT 1; SELECT 2; END;\n-- trailing\n"
    )
    statements = Migration(1, path).statements()
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    path.write_text("CREATE TABLE a (x);\nCREATE TABLE b (y)\n")
    with pytest.raises(StorageError, match="incomplete"):
        Migration(1, path).statements()


def test_real_migrations_parse() -> None:
    for migration in migrations(MIGRATIONS_DIR):
        assert migration.statements()
