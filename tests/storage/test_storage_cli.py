"""`python -m storage check DB` and `python -m storage backup [DB] OUT` (and a restore)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Seat, Storage
from storage.cli import main
from storage.schema import latest_version

ROOT = Path(__file__).resolve().parents[2]


def make_db(path: Path, tables: int = 3) -> None:
    async def fill() -> None:
        store = await Storage.open(path)
        for i in range(tables):
            t = await store.create_table(
                guild_id=1, channel_id=i, game="traditional", host_id=1,
                seats=[Seat(1, None, "a" * 300), Seat(2, None, "b")],
            )
            await store.start_table(t.id, deadline=None, seed=i)
            await store.append_move(t.id, 1, "6-6", deadline=None)
        await store.close()

    asyncio.run(fill())


def test_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.db"
    make_db(path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "integrity: ok" in out and "game_tables: 3" in out and "moves: 3" in out
    assert "tables by status: playing 3" in out and f"schema version: {latest_version()}" in out


def test_check_missing_and_garbage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.db"
    assert main(["check", str(missing)]) == 1
    assert f"no such database file: {missing}" in capsys.readouterr().err
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"hello" * 1000)
    assert main(["check", str(garbage)]) == 1
    err = capsys.readouterr().err
    assert str(garbage) in err and "not a database" in err


def test_check_empty_sqlite_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.db"
    sqlite3.connect(path).execute("CREATE TABLE x (y)").connection.close()
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "schema version: 0" in out and "tables by status" not in out


def test_check_newer_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")
    conn.close()
    assert main(["check", str(path)]) == 1
    assert "newer" in capsys.readouterr().out


def test_check_corrupt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.db"
    make_db(path, tables=200)
    data = bytearray(path.read_bytes())
    for offset in range(4096 * 3, min(len(data), 4096 * 12), 211):
        data[offset : offset + 8] = b"\xde\xad\xbe\xef" * 2
    path.write_bytes(bytes(data))
    assert main(["check", str(path)]) == 1
    captured = capsys.readouterr()
    assert "FAILED" in captured.out or "corrupt" in captured.err


def test_backup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.db"
    make_db(path)
    out = tmp_path / "backups" / "copy.db"
    assert main(["backup", str(path), str(out)]) == 0
    assert "backed up" in capsys.readouterr().out
    conn = sqlite3.connect(out)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 3
    conn.close()
    assert not out.with_name("copy.db.tmp").exists()
    assert main(["backup", str(path), str(out)]) == 0  # overwrites an older copy
    assert main(["backup", str(path), str(path)]) == 1
    assert "another file" in capsys.readouterr().err
    assert main(["backup", str(tmp_path / "missing.db"), str(out)]) == 1


def test_backup_unwritable_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.db"
    make_db(path)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["backup", str(path), str(blocker / "copy.db")]) == 1
    assert "cannot back up" in capsys.readouterr().err


def test_module_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    make_db(path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    ok = subprocess.run(
        [sys.executable, "-m", "storage", "check", str(path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert ok.returncode == 0 and "integrity: ok" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "storage", "check", str(tmp_path / "nope.db")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "no such database file" in bad.stderr


def test_check_reports_integrity_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "freelist.db"
    make_db(path)
    data = bytearray(path.read_bytes())
    data[32:36] = (99999).to_bytes(4, "big")
    data[36:40] = (3).to_bytes(4, "big")
    path.write_bytes(bytes(data))
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "integrity: FAILED" in out and "freelist" in out


def test_check_reports_broken_references(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fk.db"
    make_db(path)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO seats VALUES (999, 0, 1, NULL, 'ghost')")
    conn.commit()
    conn.close()
    assert main(["check", str(path)]) == 1
    assert "foreign keys: 1 broken references" in capsys.readouterr().out


def test_backup_of_postgresql_names_pg_dump_and_backup_alone_takes_the_bots_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["backup", "postgresql://bot:pw@db/dominoes", str(tmp_path / "x")]) == 1
    assert "pg_dump" in capsys.readouterr().err
    path = tmp_path / "bot.db"
    make_db(path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main(["backup", str(tmp_path / "one.db")]) == 0  # `backup OUT`: the bot's own
    assert (tmp_path / "one.db").is_file()
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:pw@db/dominoes")
    assert main(["backup", str(tmp_path / "two.db")]) == 1
    assert "pg_dump" in capsys.readouterr().err


async def test_a_backup_taken_during_play_restores_to_a_game_the_bot_plays_on(
        tmp_path: Path) -> None:
    """README's restore: the copy put in place of the database loads, mid-game, at the
    state of the last commit before the backup; nothing another connection had not
    committed yet is in it."""
    from tables.live import Person, TableSettings
    from tables.service import TableService

    live = tmp_path / "data" / "dominoes.sqlite3"
    store = await Storage.open(live)
    service = TableService(store, ai_delay=0)
    await service.load()
    try:
        table = await service.open_lobby(
            guild_id=1, channel_id=2, host=Person(1, "Ann"), game="traditional",
            settings=TableSettings(seats=2, auto_start=False), options={})
        await service.join(table.id, Person(2, "Bob"))
        await service.start(table.id, 1)
        for _ in range(3):
            assert table.game is not None and table.game.to_move is not None
            user = table.seats[table.game.to_move].user_id
            assert user is not None
            await service.play(table.id, user, table.seq, str(table.game.legal_moves()[0]))
        seq, moves = table.seq, list(table.game.moves)
        # Another process is writing (uncommitted) while the backup is taken.
        other = sqlite3.connect(live, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("UPDATE game_tables SET channel_id = 999")
        out = tmp_path / "backups" / "dominoes.sqlite3"
        assert await asyncio.to_thread(main, ["backup", str(live), str(out)]) == 0
        other.rollback()
        other.close()
    finally:
        await service.close()
        await store.close()
    # Restore as README says: the bot stopped, the copy in place of the database.
    restored = tmp_path / "restored" / "data" / "dominoes.sqlite3"
    restored.parent.mkdir(parents=True)
    restored.write_bytes(out.read_bytes())
    assert await asyncio.to_thread(main, ["check", str(restored)]) == 0
    store = await Storage.open(restored)
    again = TableService(store, ai_delay=0)
    try:
        assert await again.load() == 1
        back = again.held_tables[table.id]
        assert back.status == "playing" and back.seq == seq and back.channel_id == 2
        assert back.game is not None and list(back.game.moves) == moves
        assert back.game.to_move is not None
        user = back.seats[back.game.to_move].user_id
        assert user is not None
        await again.play(table.id, user, seq, str(back.game.legal_moves()[0]))  # play goes on
        assert back.seq > seq
    finally:
        await again.close()
        await store.close()
