"""Seats kept for their people (tables/holds.py) on two bot processes sharing one
PostgreSQL database: a holds the table, b is visiting. Races are made certain with
`before_write` (the other process's act between b's read and b's write)."""

from __future__ import annotations

import pytest

from tables.errors import TableError
from tables.live import Person
from tests.tables.test_tables_shards import ANN, BOB, lobby_at, two
from tests.tables.test_tables_shards_lobbies import Two, before_write, told

__all__ = ["two"]  # the fixture, shared with the other two-process tests

HOLD = 3600
CAROL = Person(3, "Carol")


async def kept_for_bob(two: Two) -> int:
    """Ann's two-seat game held by a, its second seat kept for Bob an hour."""
    vt, a, _ = two
    table_id = await lobby_at(a, seats=2, invited=(BOB.user_id,), invited_names=("Bob",),
                              hold_seconds=HOLD)
    await a.service.start(table_id, ANN.user_id)
    await vt.settle()
    assert a.service.held_tables[table_id].seat_state.hold_of(BOB.user_id) is not None
    return table_id


async def test_a_seat_taken_on_the_other_process_reaches_the_holder(two: Two) -> None:
    vt, a, b = two
    table_id = await kept_for_bob(two)
    assert await b.service.take_seat(table_id, BOB.user_id) is True
    await a.until("seats")
    await vt.settle()
    held = a.service.held_tables[table_id]
    assert held.seats[1].user_id == BOB.user_id and held.seat_state.holds() == []
    assert held.hold_timer is None  # nothing left to end
    assert told(a, "held", table_id) == 1 and not b.events


async def test_two_clicks_on_both_processes_at_once_seat_the_person_once(two: Two) -> None:
    _, a, b = two
    table_id = await kept_for_bob(two)
    taken: list[bool] = []

    async def first() -> None:
        taken.append(await a.service.take_seat(table_id, BOB.user_id))

    before_write(b, "update_seats", first)
    with pytest.raises(TableError) as raised:
        await b.service.take_seat(table_id, BOB.user_id)
    assert taken == [True] and raised.value.key == "error.hold.none"
    row = await a.service._store.get_table(table_id)
    assert row is not None and [s.user_id for s in row.seats] == [ANN.user_id, BOB.user_id]


async def test_a_click_raced_by_the_holds_end_is_refused_and_the_ai_plays_on(
        two: Two) -> None:
    vt, a, b = two
    table_id = await kept_for_bob(two)
    held = a.service.held_tables[table_id]

    async def the_end() -> None:  # the hold's time comes at the holder meanwhile
        vt.now = held.seat_state.holds()[0][2]
        async with held.lock:
            await a.service.scheduler.actions.end_holds(held)

    before_write(b, "update_seats", the_end)
    with pytest.raises(TableError) as raised:
        await b.service.take_seat(table_id, BOB.user_id)
    assert raised.value.key in ("error.hold.none", "error.hold.over")
    row = await a.service._store.get_table(table_id)
    assert row is not None and row.seats[1].is_ai and "held" not in row.settings
    assert held.seat_state.holds() == [] and held.in_play
    # Nobody else takes it (Carol was never invited).
    with pytest.raises(TableError):
        await b.service.take_seat(table_id, CAROL.user_id)
