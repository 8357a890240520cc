"""`Storage.open(read_only=True)`, for tools: the database as it is, no migration, no writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import DatabaseUnreadable, Seat, Storage, StorageError, latest_version

TWO = [Seat(1, None, "Ann"), Seat(2, None, "Bob")]


async def test_a_read_only_store_reads_and_refuses_every_write(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        table = await store.create_table(guild_id=1, channel_id=2, game="traditional",
                                         host_id=1, seats=TWO)
    finally:
        await store.close()
    reader = await Storage.open(target, read_only=True)
    try:
        assert reader.read_only and await reader.schema_version() == latest_version()
        got = await reader.get_table(table.id)
        assert got is not None and got.seats == tuple(TWO)
        with pytest.raises(StorageError, match="read-only"):
            await reader.set_table_message(table.id, 5)
        with pytest.raises(StorageError, match="read-only"):
            await reader.create_table(guild_id=1, channel_id=2, game="clock", host_id=1)
    finally:
        await reader.close()
    store = await Storage.open(target)
    try:
        again = await store.get_table(table.id)
        assert again is not None and again.message_id is None  # nothing was written
        assert not store.read_only
    finally:
        await store.close()


async def test_read_only_migrates_nothing_and_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "folder" / "bot.db"
    with pytest.raises(DatabaseUnreadable, match="no such file"):
        await Storage.open(missing, read_only=True)
    assert not missing.parent.exists()
    old = tmp_path / "old.db"
    sqlite3.connect(old).execute("CREATE TABLE x (y)").connection.close()
    reader = await Storage.open(old, read_only=True)
    try:
        assert await reader.schema_version() == 0  # an older schema is left as it is
    finally:
        await reader.close()
    conn = sqlite3.connect(old)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        conn.close()
