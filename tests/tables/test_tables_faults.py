"""The table layer through bad rows and timeouts handled by the timer itself (issue 13).

Time is virtual (`VirtualTime` of test_tables_timers.py); listeners await before
recording, as a real one (a Discord edit) does, so a task that cancels itself
mid-way is caught.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from storage import Storage, StorageBusy
from tables.errors import MoveQueued, NotAllowed
from tables.live import Person, TableEvent, TableSettings
from tables.service import TableService
from tables.timers import STORAGE_RETRY_MAX
from tests.tables.conftest import Services, shut
from tests.tables.test_tables_timers import ANN, BOB, HOUR, START, VirtualTime

Seen = list[tuple[float, str, int]]


async def open_slow_listening(services: Services, path: Path,
                              vt: VirtualTime) -> tuple[TableService, Seen]:
    """A service whose listener yields to the loop before it records each event."""
    seen: Seen = []

    async def listen(event: TableEvent) -> None:
        await asyncio.sleep(0)  # a real listener talks to Discord here
        seen.append((vt.now - START, event.kind, event.table.id))

    service, _ = await services.open(path, clock=vt.clock, sleep=vt.sleep,
                                     store_clock=vt.clock, listeners=[listen])
    vt.service = service
    await vt.settle()
    return service, seen


async def two_player_game(service: TableService, *, guild_id: int | None = None,
                          action: str = "ai") -> int:
    table = await service.open_lobby(
        guild_id=guild_id, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, turn_seconds=int(HOUR), auto_start=False,
                               timeout_action=action),
        options={})
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    return table.id


async def play_first_legal(service: TableService, table_id: int) -> None:
    """The player to move plays their first legal move."""
    table = service.held_tables[table_id]
    assert table.game is not None
    mover = table.seats[table.game.to_move or 0].user_id
    assert mover is not None
    await service.play(table_id, mover, None, str(table.game.legal_moves()[0]))


def edit_move_by_hand(path: Path, table_id: int, seq: int, text: str) -> None:
    """What a person with the sqlite3 shell might do: rewrite a stored move."""
    conn = sqlite3.connect(path)
    try:
        (trigger,) = conn.execute("SELECT sql FROM sqlite_schema WHERE name = "
                                  "'moves_append_only_update'").fetchone()
        conn.execute("DROP TRIGGER moves_append_only_update")
        conn.execute("UPDATE moves SET move = ? WHERE table_id = ? AND seq = ?",
                     (text, table_id, seq))
        conn.execute(trigger)
        conn.commit()
    finally:
        conn.close()


async def test_a_table_whose_moves_no_longer_replay_is_quarantined_and_the_rest_load(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, services: Services) -> None:
    path = tmp_path / "db.sqlite3"
    vt = VirtualTime()
    service, _ = await open_slow_listening(services, path, vt)
    broken = await two_player_game(service)
    healthy = await two_player_game(service)
    for table_id in (broken, healthy):
        await play_first_legal(service, table_id)
    await shut(service)
    edit_move_by_hand(path, broken, 1, "9-9 L")

    caplog.set_level(logging.INFO)
    service, seen = await open_slow_listening(services, path, vt)
    assert healthy in service.held_tables and broken not in service.held_tables
    assert broken in service.quarantined
    assert [(k, t) for _, k, t in seen if k == "quarantined"] == [("quarantined", broken)]
    lines = [r for r in caplog.records if f"table {broken}" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None, lines
    await play_first_legal(service, healthy)  # the healthy table plays on
    await shut(service)

    # A second start-up logs it again but does not tell the channel twice; the host cancels.
    service, seen = await open_slow_listening(services, path, vt)
    assert broken in service.quarantined
    assert [k for _, k, _ in seen if k == "quarantined"] == []
    with pytest.raises(NotAllowed):
        await service.cancel(broken, BOB.user_id)
    await service.cancel(broken, ANN.user_id)
    await vt.settle()
    stored = await service._store.get_table(broken)
    assert stored is not None and stored.status == "cancelled"
    assert broken not in service.quarantined
    assert ("cancelled", broken) in [(k, t) for _, k, t in seen]


async def test_a_forfeit_on_timeout_reaches_the_listeners(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_slow_listening(services, tmp_path / "db.sqlite3", vt)
    table_id = await two_player_game(service, action="forfeit")
    await vt.advance(HOUR + 1)
    assert (HOUR, "finished", table_id) in seen
    stored = await service._store.get_table(table_id)
    assert stored is not None and stored.status == "finished"


async def test_an_expired_lobby_reaches_the_listeners(tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_slow_listening(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(
        guild_id=None, channel_id=20, host=Person(1, "Ann"), game="traditional",
        settings=TableSettings(seats=2, lobby_seconds=600), options={})
    await vt.advance(601)
    assert (600.0, "abandoned", table.id) in seen


async def test_no_turn_notice_after_the_table_was_cancelled(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_slow_listening(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(
        guild_id=None, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    # Cancelled before the turn-notice task (spawned by the start) has run.
    await service.cancel(table.id, ANN.user_id)
    await vt.settle()
    kinds = [k for _, k, _ in seen]
    assert "cancelled" in kinds
    assert "turn" not in kinds[kinds.index("cancelled"):]


@pytest.mark.parametrize("locked_for", [1, 2 * HOUR], ids=["a second", "two hours"])
async def test_an_ai_move_refused_by_a_locked_database_is_played_once_it_is_free(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, services: Services,
        locked_for: float) -> None:
    path = tmp_path / "db.sqlite3"
    vt = VirtualTime()
    service, _ = await open_slow_listening(services, path, vt)
    await service._store._db.conn.execute("PRAGMA busy_timeout = 10")  # not 5 s per try
    table = await service.open_lobby(
        guild_id=None, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, auto_start=False), options={})
    await service.add_ai(table.id, ANN.user_id, "easy")
    locker = sqlite3.connect(path, isolation_level=None)
    try:
        await service.start(table.id, ANN.user_id)
        assert table.game is not None
        if table.game.to_move == 0:  # Ann first: her move, then the AI's turn
            await service.play(table.id, ANN.user_id, None, str(table.game.legal_moves()[0]))
        seq = table.seq
        locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        await vt.advance(locked_for)
        assert table.seq == seq  # the AI could not store its move...
        locker.rollback()
        await vt.advance(STORAGE_RETRY_MAX)
        assert table.seq > seq  # ...and played it once the file was free
    finally:
        locker.close()
    refused = [r for r in caplog.records if f"table {table.id}: storage refused" in r.getMessage()]
    assert refused and all(r.exc_info is None for r in refused)
    assert len(refused) <= 12  # the first ten refusals, then one line an hour
    assert not [r for r in refused if "giving up" in r.getMessage()]
    assert not [r for r in caplog.records if r.exc_info is not None]


async def test_a_last_move_whose_result_storage_refuses_is_played_and_finished_later(
        tmp_path: Path, services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    vt = VirtualTime()
    service, seen = await open_slow_listening(services, tmp_path / "db.sqlite3", vt)
    table_id = await two_player_game(service)
    table = service.held_tables[table_id]
    store = service._store
    finish_table = store.finish_table
    refusals = 0

    async def refuse_once(*args: object, **kwargs: object) -> None:
        nonlocal refusals
        if refusals == 0:
            refusals += 1
            raise StorageBusy("database is locked")
        await finish_table(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "finish_table", refuse_once)
    while table.is_live:
        assert table.game is not None and table.game.to_move is not None
        user = table.seats[table.game.to_move].user_id
        assert user is not None
        # Every click plays, the last one too: its result is written a little later.
        move = str(table.game.legal_moves()[0])
        assert await service.play(table_id, user, table.seq, move) == move
        if table.game.is_over():
            break
    assert refusals == 1 and table.status == "playing"  # over, its result not yet stored
    await vt.advance(60)
    assert table.status == "finished" and table_id not in service.held_tables
    assert len(await store.results_of_table(table_id)) == 2
    assert [k for _, k, t in seen if t == table_id].count("finished") == 1


# -- issue 55: a queued move survives a stop ---------------------------------------------
async def journaled_service(path: Path, journal: Path, vt: VirtualTime) -> TableService:
    store = await Storage.open(path, clock=vt.clock)
    service = TableService(store, clock=vt.clock, sleep=vt.sleep, ai_delay=0, journal=journal)
    vt.service = service
    await service.load()
    # Storage waits 10 ms for the lock before it calls itself busy (5 s in production).
    await store._db.conn.execute("PRAGMA busy_timeout = 10")
    return service


def mover_and_move(service: TableService, table_id: int) -> tuple[int, str]:
    table = service.held_tables[table_id]
    assert table.game is not None and table.game.to_move is not None
    user = table.seats[table.game.to_move].user_id
    assert user is not None
    return user, str(table.game.legal_moves()[0])


async def test_a_move_queued_while_another_connection_holds_the_lock_survives_a_stop(
        tmp_path: Path) -> None:
    path, journal = tmp_path / "db.sqlite3", tmp_path / "queued_moves.json"
    vt = VirtualTime()
    service = await journaled_service(path, journal, vt)
    table_id = await two_player_game(service)
    user, move = mover_and_move(service, table_id)
    seq = service.held_tables[table_id].seq
    locker = sqlite3.connect(path, isolation_level=None)
    try:
        locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        with pytest.raises(MoveQueued):
            await service.play(table_id, user, seq, move)
        assert journal.exists()  # on disk before the player is told it is queued
        await shut(service)  # the bot stops while the lock is still held
        locker.rollback()
    finally:
        locker.close()
    # The next start plays it first, at the move number it was made at.
    vt2 = VirtualTime()
    again = await journaled_service(path, journal, vt2)
    try:
        table = again.held_tables[table_id]
        assert table.seq > seq and table.game is not None
        assert table.game.moves[seq] == move
        assert again.journal.pending() == []
        rows = await again._store.load_table(table_id)
        assert rows is not None and rows.moves[seq] == move  # stored, not only in memory
    finally:
        await shut(again)
    # Played once: a third start finds nothing more to play.
    third = await journaled_service(path, journal, VirtualTime())
    try:
        assert third.held_tables[table_id].seq == table.seq
    finally:
        await shut(third)


async def test_a_queued_move_overtaken_before_the_restart_is_dropped_not_played_twice(
        tmp_path: Path) -> None:
    path, journal = tmp_path / "db.sqlite3", tmp_path / "queued_moves.json"
    vt = VirtualTime()
    service = await journaled_service(path, journal, vt)
    table_id = await two_player_game(service)
    user, move = mover_and_move(service, table_id)
    seq = service.held_tables[table_id].seq
    with sqlite3.connect(path, isolation_level=None) as locker:
        locker.execute("BEGIN IMMEDIATE")
        with pytest.raises(MoveQueued):
            await service.play(table_id, user, seq, move)
        locker.rollback()
    locker.close()
    await vt.advance(STORAGE_RETRY_MAX)  # the lock is gone: the queued move is stored
    after = service.held_tables[table_id].seq
    assert after > seq and service.journal.pending() == []
    await shut(service)
    again = await journaled_service(path, journal, VirtualTime())
    try:
        assert again.held_tables[table_id].seq == after
    finally:
        await shut(again)


async def test_a_busy_storage_whose_journal_cannot_be_written_refuses_the_move_honestly(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    vt = VirtualTime()
    service = await journaled_service(path, blocker / "queued_moves.json", vt)
    try:
        table_id = await two_player_game(service)
        user, move = mover_and_move(service, table_id)
        seq = service.held_tables[table_id].seq
        with sqlite3.connect(path, isolation_level=None) as locker:
            locker.execute("BEGIN IMMEDIATE")
            # Not "queued": the player is told it was not done (error.storage_busy).
            with pytest.raises(StorageBusy):
                await service.play(table_id, user, seq, move)
            locker.rollback()
        locker.close()
        await vt.advance(STORAGE_RETRY_MAX)
        assert service.held_tables[table_id].seq == seq  # and nothing plays it later
    finally:
        await shut(service)
