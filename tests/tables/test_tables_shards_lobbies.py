"""Lobby actions (Join, Leave, Add AI, Start, Cancel, Rematch) and the lobby deadline on
two bot processes sharing one PostgreSQL database: b is visiting, a holds the table.

A race is made certain, not hoped for: `before_write` runs a's click between b's read
of the lobby and b's write, as when both clicks arrive at the same moment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine.records import replay
from storage.models import ACTIVE_STATUSES
from tables.errors import StaleMove, TableError
from tables.live import DAY, LiveTable, Person
from tables.table_settings import SeatState
from tests.tables.test_tables_shards import (
    ANN,
    BOB,
    Process,
    SharedTime,
    game_at,
    lobby_at,
    two,
)

__all__ = ["two"]  # the fixture, shared with the other two-process tests

CAROL = Person(3, "Carol")
Two = tuple[SharedTime, Process, Process]


def before_write(process: Process, method: str, first: Callable[[], Awaitable[Any]]) -> None:
    """Run `first` (the other process's click) just before `process`'s next `method` of
    storage: both clicks have read the table before either is committed."""
    store = process.service._store
    original = getattr(store, method)

    async def racing(*args: Any, **kwargs: Any) -> Any:
        delattr(store, method)  # once
        await first()
        return await original(*args, **kwargs)

    setattr(store, method, racing)


async def names(process: Process, table_id: int) -> list[str]:
    row = await process.service._store.get_table(table_id)
    assert row is not None
    return [s.name for s in row.seats]


async def three_at_play(process: Process) -> int:
    """A game of Ann, Bob and Carol, held by `process`."""
    table_id = await lobby_at(process, seats=3)
    for person in (BOB, CAROL):
        await process.service.join(table_id, person)
    await process.service.start(table_id, ANN.user_id)
    return table_id


async def timed_out(process: Process, table: LiveTable) -> None:
    """Ann's turn timed out at the holder: counted under the table's lock, as the
    deadline counts it (so the holder's catching up never interleaves with it)."""
    async with table.lock:
        await process.service.scheduler.count_timeout(table, 0)


def told(process: Process, kind: str, table_id: int) -> int:
    return sum(e.kind == kind and e.table.id == table_id for e in process.events)


async def test_joins_on_both_processes_at_once_seat_both(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a)
    before_write(b, "update_seats", lambda: a.service.join(lobby, CAROL))
    await b.service.join(lobby, BOB)
    assert await names(a, lobby) == ["Ann", "Carol", "Bob"]  # neither seat overwritten
    await a.until("lobby", 2)  # Carol's here, Bob's through storage's notice
    await a.node.settled()
    assert [s.name for s in a.service.held_tables[lobby].seats] == ["Ann", "Carol", "Bob"]
    assert told(a, "lobby", lobby) == 2
    assert not b.events and lobby not in b.service.held_tables


async def test_one_person_joining_on_both_processes_at_once_is_seated_once(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a)
    before_write(b, "update_seats", lambda: a.service.join(lobby, BOB))
    with pytest.raises(TableError) as raised:
        await b.service.join(lobby, BOB)
    assert raised.value.key == "error.already_seated"
    assert await names(a, lobby) == ["Ann", "Bob"]


async def test_a_leave_and_a_join_on_both_processes_at_once_both_apply(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a)
    await a.service.join(lobby, BOB)
    before_write(b, "update_seats", lambda: a.service.join(lobby, CAROL))
    await b.service.leave(lobby, BOB.user_id)
    assert await names(a, lobby) == ["Ann", "Carol"]
    await a.until("lobby", 3)
    assert [s.name for s in a.service.held_tables[lobby].seats] == ["Ann", "Carol"]


async def test_an_ai_added_on_the_other_process_while_a_person_joins_here(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a, seats=3)
    before_write(b, "update_seats", lambda: a.service.join(lobby, BOB))
    await b.service.add_ai(lobby, ANN.user_id, "easy")
    seats = await names(a, lobby)
    assert seats[:2] == ["Ann", "Bob"] and len(seats) == 3
    await a.until("lobby", 2)
    assert a.service.held_tables[lobby].seats[2].ai_level == "easy"


async def test_a_game_started_on_the_other_process_runs_at_the_holder(two: Two) -> None:
    vt, a, b = two
    lobby = await lobby_at(a, seats=2, auto_start=True)
    await b.service.add_ai(lobby, ANN.user_id, "easy")  # the last seat: starts it, on b
    await a.until("started")
    await a.until("turn")  # the AI seat plays here until Ann's turn, which begins here
    await vt.settle()
    held = a.service.held_tables[lobby]
    assert held.game is not None and held.game.to_move == 0
    assert held.timer is not None and held.deadline is not None  # her clock runs here
    stored = await a.service._store.moves(lobby)
    assert [e.move for e in a.events if e.kind == "move"] == stored  # each told, as here
    assert told(a, "started", lobby) == 1
    assert not b.events and not [t for t in b.service.scheduler.tasks if not t.done()]


async def test_starts_on_both_processes_at_once_start_one_game(two: Two) -> None:
    vt, a, b = two
    lobby = await lobby_at(a, seats=2)
    await a.service.join(lobby, BOB)
    before_write(b, "start_table", lambda: a.service.start(lobby, ANN.user_id))
    with pytest.raises(TableError) as raised:
        await b.service.start(lobby, ANN.user_id)
    assert raised.value.key == "error.not_in_lobby"
    held = a.service.held_tables[lobby]
    row = await a.service._store.get_table(lobby)
    assert row is not None and row.seed == held.seed  # the game a dealt
    await vt.settle()
    assert told(a, "started", lobby) == 1


async def test_a_start_on_the_other_process_deals_for_the_seats_stored(two: Two) -> None:
    vt, a, b = two
    lobby = await lobby_at(a)
    await a.service.join(lobby, BOB)
    await a.service.join(lobby, CAROL)
    # b read three seats; Carol stands up on a before b's start is committed.
    before_write(b, "start_table", lambda: a.service.leave(lobby, CAROL.user_id))
    await b.service.start(lobby, ANN.user_id)
    await a.until("started")
    held = a.service.held_tables[lobby]
    assert [s.name for s in held.seats] == ["Ann", "Bob"]
    record = await a.service._store.record(lobby)
    assert record["players"] == ["Ann", "Bob"]
    assert replay(record).view(None) == held.game.view(None)  # type: ignore[union-attr]
    await vt.settle()
    assert told(a, "started", lobby) == 1


@pytest.mark.parametrize("ended", ["cancelled", "finished"])
async def test_a_cancel_on_the_other_process_after_the_end_here_changes_nothing(
        two: Two, ended: str) -> None:
    """Cancels on both at once cancel once; a cancel does not undo a game that ended."""
    _, a, b = two
    if ended == "cancelled":
        table_id = await lobby_at(a)
        before_write(b, "set_status", lambda: a.service.cancel(table_id, ANN.user_id))
    else:
        table_id = await game_at(a)
        before_write(b, "set_status", lambda: a.service.resign(table_id, BOB.user_id))
    with pytest.raises(TableError) as raised:
        await b.service.cancel(table_id, ANN.user_id)
    assert raised.value.key == "error.already_ended"
    row = await a.service._store.get_table(table_id)
    assert row is not None and row.status == ended
    assert told(a, ended, table_id) == 1 and told(a, "cancelled", table_id) == (
        ended == "cancelled")


async def test_a_seat_handed_to_an_ai_on_both_processes_at_once_is_handed_once(
        two: Two) -> None:
    _, a, b = two
    table_id = await game_at(a, turn_seconds=600)
    before_write(b, "update_seats", lambda: a.service.replace_with_ai(table_id, 1, ANN.user_id))
    with pytest.raises(StaleMove):
        await b.service.replace_with_ai(table_id, 1, ANN.user_id, level="hard")
    row = await a.service._store.get_table(table_id)
    assert row is not None and [s.ai_level for s in row.seats] == [None, "normal"]
    assert told(a, "seats", table_id) == 1


async def finished_game(a: Process) -> int:
    table_id = await game_at(a)
    await a.service.resign(table_id, BOB.user_id)
    return table_id


async def rematches_of(process: Process, old: int) -> list[int]:
    found = await process.service._store.tables_in_channel(5)
    return [t.id for t in found if t.settings.get("rematch_of") == old
            and t.status in ACTIVE_STATUSES]


async def test_a_rematch_asked_on_both_processes_opens_one_lobby(two: Two) -> None:
    _, a, b = two
    old = await finished_game(a)
    first = await a.service.rematch(old, BOB)
    again = await b.service.rematch(old, ANN)  # b does not hold the lobby a opened
    assert first.opened and not again.opened and again.table.id == first.table.id
    assert await rematches_of(a, old) == [first.table.id]


async def test_a_rematch_asked_on_both_processes_at_once_opens_one_lobby(two: Two) -> None:
    _, a, b = two
    old = await finished_game(a)
    opened = []

    async def on_a() -> None:
        opened.append(await a.service.rematch(old, BOB))

    before_write(b, "create_table", on_a)
    again = await b.service.rematch(old, ANN)
    assert opened[0].opened and not again.opened and again.table.id == opened[0].table.id
    assert await rematches_of(a, old) == [again.table.id]


async def test_an_expired_lobby_is_abandoned_once_during_a_hand_over(two: Two) -> None:
    vt, a, b = two
    lobby = await lobby_at(a)
    # b takes shard 0 over while a, not knowing yet, still runs the lobby's clock.
    await b.service.adopt({0})
    assert lobby in b.service.held_tables and lobby in a.service.held_tables
    await vt.advance(DAY + 1)
    # Each hears the other's changes: a lobby opened by each, waited for by the other.
    await lobby_at(a)
    await lobby_at(b)
    await a.until("lobby")
    await b.until("lobby")
    await a.node.settled()
    await b.node.settled()
    assert told(a, "abandoned", lobby) + told(b, "abandoned", lobby) == 1
    row = await a.service._store.get_table(lobby)
    assert row is not None and row.status == "abandoned"
    assert lobby not in a.service.held_tables and lobby not in b.service.held_tables


async def test_settings_changed_on_both_processes_at_once_keep_both_changes(two: Two) -> None:
    _, a, b = two
    table_id = await three_at_play(a)
    held = a.service.held_tables[table_id]
    # Carol resigns on b (an AI plays her seat on) while a counts a timeout of Ann's.
    before_write(b, "set_table_settings", lambda: timed_out(a, held))
    await b.service.resign(table_id, CAROL.user_id)
    row = await a.service._store.get_table(table_id)
    assert row is not None
    stored = SeatState.from_json(row.settings)
    assert stored.resigned == (2,) and stored.timeouts[0] == 1  # neither overwritten


async def test_a_seat_is_taken_back_from_the_ai_on_a_process_not_holding_it(two: Two) -> None:
    _, a, b = two
    table_id = await game_at(a)
    held = a.service.held_tables[table_id]
    for _ in range(3):  # three timeouts in a row: an AI plays Ann's seat
        await timed_out(a, held)
    assert held.seat_state.away == (0,)
    await b.service.take_back(table_id, ANN.user_id)  # her click reached b
    row = await a.service._store.get_table(table_id)
    assert row is not None and SeatState.from_json(row.settings).away == ()
    await a.until("seats")  # the holder hears of it and stops playing her seat
    assert a.service.held_tables[table_id].seat_state.away == ()


async def test_the_holder_tells_a_settings_change_it_met_while_making_its_own(two: Two) -> None:
    _, a, b = two
    table_id = await three_at_play(a)
    held = a.service.held_tables[table_id]
    seats_told = told(a, "seats", table_id)
    # Carol's resign (on b) commits between a's read of the settings and a's write.
    before_write(a, "set_table_settings", lambda: b.service.resign(table_id, CAROL.user_id))
    await timed_out(a, held)
    row = await a.service._store.get_table(table_id)
    assert row is not None
    stored = SeatState.from_json(row.settings)
    assert stored.resigned == (2,) and stored.timeouts[0] == 1
    assert held.seat_state == stored and told(a, "seats", table_id) > seats_told


async def test_the_notice_of_a_table_made_here_read_before_it_is_held_adds_nothing(
        two: Two) -> None:
    _, a, _ = two
    store = a.service._store
    create_table = store.create_table
    refreshes: list[asyncio.Task[None]] = []

    async def notice_comes_first(**row: Any) -> Any:
        created = await create_table(**row)
        # Storage's notice of the new table is read before create_table returns here.
        refreshes.append(asyncio.ensure_future(a.service.refresh(created.id)))
        await asyncio.sleep(0)  # a yield: the refresh starts before the table is held
        return created

    store.create_table = notice_comes_first  # type: ignore[method-assign]
    lobby = await lobby_at(a)
    await asyncio.gather(*refreshes)
    held = a.service.held_tables[lobby]
    assert told(a, "lobby", lobby) == 0  # no second copy, told as another process's
    await a.service.refresh(lobby)  # the notice, handled now: nothing new
    assert a.service.held_tables[lobby] is held and told(a, "lobby", lobby) == 0
