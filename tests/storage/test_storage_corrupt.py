"""A corrupt or unreadable database file: a clear error naming the file, no traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import DatabaseUnreadable, Seat, Storage


async def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not sqlite at all\n" * 500)
    with pytest.raises(DatabaseUnreadable) as info:
        await Storage.open(path)
    assert str(path) in str(info.value)
    assert info.value.path == str(path)
    assert "not a database" in info.value.reason


async def test_directory_instead_of_file(tmp_path: Path) -> None:
    path = tmp_path / "adir"
    path.mkdir()
    with pytest.raises(DatabaseUnreadable, match="not a regular file") as info:
        await Storage.open(path)
    assert str(path) in str(info.value)


async def test_parent_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path = blocker / "sub" / "bot.db"
    with pytest.raises(DatabaseUnreadable, match="folder") as info:
        await Storage.open(path)
    assert str(path) in str(info.value)


async def _make_big_db(path: Path) -> None:
    store = await Storage.open(path)
    for i in range(300):
        await store.create_table(
            guild_id=1, channel_id=i, game="traditional", host_id=1,
            seats=[Seat(1, None, "x" * 200), Seat(2, None, "y" * 200)],
            options={"padding": "z" * 300},
        )
    await store.close()


async def test_corrupt_pages(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.db"
    await _make_big_db(path)
    page_size = 4096
    data = bytearray(path.read_bytes())
    assert len(data) > page_size * 20
    for offset in range(page_size * 3, page_size * 15, 97):
        data[offset : offset + 13] = b"\xff\x00CORRUPTION!"
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseUnreadable) as info:
        await Storage.open(path)
    assert str(path) in str(info.value)


async def test_truncated_header(tmp_path: Path) -> None:
    path = tmp_path / "trunc.db"
    await _make_big_db(path)
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\x00" * 50)
    with pytest.raises(DatabaseUnreadable) as info:
        await Storage.open(path)
    assert str(path) in str(info.value)


async def test_empty_file_becomes_a_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    store = await Storage.open(path)
    await store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def _break_freelist(path: Path) -> None:
    """Point the header's freelist at a page that does not exist (the data stays readable)."""
    data = bytearray(path.read_bytes())
    data[32:36] = (99999).to_bytes(4, "big")
    data[36:40] = (3).to_bytes(4, "big")
    path.write_bytes(bytes(data))


async def test_quick_check_failure_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "freelist.db"
    await _make_big_db(path)
    _break_freelist(path)
    with pytest.raises(DatabaseUnreadable, match="corrupt") as info:
        await Storage.open(path)
    assert str(path) in str(info.value) and "freelist" in str(info.value)
    # Skipping the check opens it (the data itself is still readable).
    store = await Storage.open(path, quick_check=False)
    assert len(await store.tables_in_channel(5)) == 1
    await store.close()
