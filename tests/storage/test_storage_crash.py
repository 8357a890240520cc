"""Crash safety and concurrent writers, with real processes and real files."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storage import MoveConflict, Seat, Storage, StorageError

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import asyncio, sys
from storage import Seat, Storage

async def main(path):
    store = await Storage.open(path)
    table = await store.create_table(guild_id=1, channel_id=1, game="traditional",
                                     host_id=1, seats=[Seat(1, None, "a"), Seat(2, None, "b")])
    await store.start_table(table.id, deadline=None, seed=1)
    print("table", table.id, flush=True)
    seq = 0
    while True:
        seq += 1
        await store.append_move(table.id, seq, f"move {seq}", deadline=float(seq))
        print(seq, flush=True)

asyncio.run(main(sys.argv[1]))
"""

RACER = """
import asyncio, os, sys, time
from storage import MoveConflict, Storage

async def main(path, table_id, n, go):
    store = await Storage.open(path)
    print("ready", flush=True)
    while not os.path.exists(go):
        time.sleep(0.001)
    for seq in range(1, n + 1):
        try:
            await store.append_move(table_id, seq, f"{os.getpid()}", deadline=None)
            print("won", seq, flush=True)
        except MoveConflict as exc:
            print("lost", seq, flush=True)
    await store.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
"""


def child(code: str, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


@pytest.mark.parametrize("kill_after", [1, 37, 250])
def test_sigkill_keeps_every_committed_move(tmp_path: Path, kill_after: int) -> None:
    path = tmp_path / "crash.db"
    proc = child(WRITER, str(path))
    assert proc.stdout is not None
    header = proc.stdout.readline()
    assert header.startswith("table"), proc.stderr.read() if proc.stderr else header
    table_id = int(header.split()[1])
    printed: list[int] = []
    while len(printed) < kill_after:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else "writer died"
        printed.append(int(line))
    os.kill(proc.pid, signal.SIGKILL)  # in the middle of the stream
    # Read the rest through proc.stdout: readline() may have buffered lines already,
    # which communicate() (reading the raw pipes) would drop.
    rest = proc.stdout.read()
    proc.wait(timeout=30)
    proc.stdout.close()
    if proc.stderr is not None:
        proc.stderr.close()
    printed += [int(x) for x in rest.split()]
    assert proc.returncode == -signal.SIGKILL

    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        seqs = [r[0] for r in conn.execute(
            "SELECT seq FROM moves WHERE table_id = ? ORDER BY seq", (table_id,))]
        last_seq, deadline = conn.execute(
            "SELECT last_seq, deadline FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
    finally:
        conn.close()
    assert set(printed) <= set(seqs)  # every move whose commit returned is there
    assert seqs == list(range(1, len(seqs) + 1))
    assert len(seqs) in (max(printed), max(printed) + 1)  # at most one unreported commit
    # The move and the table's fields committed together.
    assert last_seq == seqs[-1] and deadline == float(last_seq)

    async def reopen() -> None:
        store = await Storage.open(path)
        loaded = await store.load_table(table_id)
        assert loaded is not None and len(loaded.moves) == len(seqs)
        await store.close()

    asyncio.run(reopen())


async def test_two_connections_race_for_the_same_seq(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    first = await Storage.open(path)
    second = await Storage.open(path)
    try:
        table = await first.create_table(
            guild_id=1, channel_id=1, game="traditional", host_id=1,
            seats=[Seat(1, None, "a"), Seat(2, None, "b")],
        )
        await first.start_table(table.id, deadline=None, seed=1)
        for seq in range(1, 31):
            outcomes = await asyncio.gather(
                first.append_move(table.id, seq, "first", deadline=None),
                second.append_move(table.id, seq, "second", deadline=None),
                return_exceptions=True,
            )
            assert sorted(type(o).__name__ for o in outcomes) == ["MoveConflict", "NoneType"]
            conflict = next(o for o in outcomes if isinstance(o, MoveConflict))
            assert conflict.seq == seq and f"move {seq} of table {table.id}" in str(conflict)
        moves = await second.moves(table.id)
        assert len(moves) == 30
    finally:
        await first.close()
        await second.close()


def test_two_processes_race_for_the_same_seqs(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    go = tmp_path / "go"
    n = 200

    async def setup() -> int:
        store = await Storage.open(path)
        table = await store.create_table(
            guild_id=1, channel_id=1, game="traditional", host_id=1,
            seats=[Seat(1, None, "a"), Seat(2, None, "b")],
        )
        await store.start_table(table.id, deadline=None, seed=1)
        await store.close()
        return table.id

    table_id = asyncio.run(setup())
    procs = [child(RACER, str(path), str(table_id), str(n), str(go)) for _ in range(2)]
    for proc in procs:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
    time.sleep(0.05)
    go.touch()
    outputs = [proc.communicate(timeout=60) for proc in procs]
    for proc, (_, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err
    won: list[int] = []
    lost: list[int] = []
    for out, _ in outputs:
        for line in out.splitlines():
            kind, seq = line.split()
            (won if kind == "won" else lost).append(int(seq))
    assert sorted(won) == list(range(1, n + 1))  # every seq won exactly once
    assert sorted(lost) == list(range(1, n + 1))  # and lost by the other process
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == n
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


async def test_locked_database_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import storage.sqlite

    monkeypatch.setattr(storage.sqlite, "BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "locked.db"
    store = await Storage.open(path)
    try:
        table = await store.create_table(
            guild_id=1, channel_id=1, game="traditional", host_id=1,
            seats=[Seat(1, None, "a"), Seat(2, None, "b")],
        )
        await store.start_table(table.id, deadline=None, seed=1)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            with pytest.raises(StorageError, match="locked") as info:
                await store.append_move(table.id, 1, "6-6", deadline=None)
            assert str(path) in str(info.value)
        finally:
            other.execute("ROLLBACK")
            other.close()
        await store.append_move(table.id, 1, "6-6", deadline=None)  # fine again
        assert await store.moves(table.id) == ["6-6"]
    finally:
        await store.close()
