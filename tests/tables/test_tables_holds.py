"""Seats kept for invited people absent at the start (tables/holds.py), without Discord:
who gets one, the AI playing it, the person taking it (once, two clicks at once too),
its end (quietly, at its time, also across a restart), and how it is stored."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.records import replay
from storage.models import Player, Seat, TableRow
from tables.errors import TableError
from tables.holds import HOLD_LEVEL, seats_at_start
from tables.live import LiveTable, Person, TableSettings
from tables.schedule import ScheduledTables
from tables.service import TableService
from tests.tables.conftest import Services, shut
from tests.tables.test_tables_timers import HOUR, VirtualTime, open_service

ANN, BOB, CY, DEE, EVE = (Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy"),
                          Person(4, "Dee"), Person(5, "Eve"))


async def lobby(service: TableService, *, seats: int, invited: tuple[Person, ...],
                hold_minutes: int = 60) -> LiveTable:
    """Ann's lobby inviting `invited` (in order), keeping seats `hold_minutes`."""
    settings = TableSettings(seats=seats, auto_start=False, turn_seconds=int(12 * HOUR),
                             invited=tuple(p.user_id for p in invited),
                             invited_names=tuple(p.name for p in invited))
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=settings, options={})
    if hold_minutes:
        table = await service.change_lobby(table.id, ANN.user_id,
                                           {"hold_minutes": hold_minutes})
    return table


def held_events(seen: list[tuple[float, str, int | None]]) -> list[int | None]:
    return [seat for _, kind, seat in seen if kind == "held"]


async def test_reading_held_seats_are_the_absent_invited_in_order_up_to_the_free_seats(
        services: Services, tmp_path: Path) -> None:
    """Four seats; the host invited Cy, Bob, Dee and Eve, and Bob came: Cy and Dee get the
    two free seats in the host's order, Eve none (no seat is free for her)."""
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    table = await lobby(service, seats=4, invited=(CY, BOB, DEE, EVE))
    await service.join(table.id, BOB)
    table = await service.start(table.id, ANN.user_id)
    await vt.settle()
    assert [s.name for s in table.seats] == ["Ann", "Bob", "Cy", "Dee"]
    assert [s.ai_level for s in table.seats[2:]] == [HOLD_LEVEL, HOLD_LEVEL]
    assert table.seat_state.holds() == [(2, CY.user_id, vt.now + HOUR),
                                        (3, DEE.user_id, vt.now + HOUR)]
    assert held_events(seen) == [2, 3]  # each told once
    stored = await service._store.load_table(table.id)
    assert stored is not None and list(stored.table.seats) == list(table.seats)
    assert stored.table.settings["held_for"] == [CY.user_id, DEE.user_id]


async def test_without_hold_minutes_the_table_starts_with_those_seated(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    table = await lobby(service, seats=3, invited=(BOB, CY), hold_minutes=0)
    await service.join(table.id, BOB)
    table = await service.start(table.id, ANN.user_id)
    assert [s.name for s in table.seats] == ["Ann", "Bob"]
    assert table.seat_state.holds() == [] and held_events(seen) == []
    # Nothing new in the stored column of a table that keeps no seats.
    assert not {"hold_seconds", "held", "held_for", "held_until"} & set(table.row.settings)


async def test_reading_a_host_and_a_held_seat_start_a_two_seat_table(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "t.db", vt)
    alone = await lobby(service, seats=2, invited=(BOB,), hold_minutes=0)
    with pytest.raises(TableError) as refused:
        await service.start(alone.id, ANN.user_id)
    assert refused.value.key == "error.too_few"
    table = await lobby(service, seats=2, invited=(BOB,))
    table = await service.start(table.id, ANN.user_id)
    assert table.status == "playing" and [s.name for s in table.seats] == ["Ann", "Bob"]
    assert table.seats[1].is_ai and table.seat_state.hold_of(BOB.user_id) == (1, vt.now + HOUR)


def test_the_host_and_someone_seated_are_never_held_nor_anyone_twice() -> None:
    settings = TableSettings(seats=4, hold_seconds=600, invited=(1, 2, 2, 3),
                             invited_names=("Ann", "Bob", "Bob", "Ann"))
    row = TableRow(id=1, guild_id=None, channel_id=1, message_id=None, game="traditional",
                   status="lobby", host_id=1, seats=(Seat(1, None, "Ann"),), options={},
                   settings=settings.to_json(), seed=None, deal=None, created_at=0.0,
                   updated_at=0.0, deadline=None, last_seq=0)
    seats, holds = seats_at_start(LiveTable(row, None), 100.0)
    assert [s.name for s in seats] == ["Ann", "Bob", "Ann (2)"]  # names stay distinct
    assert holds == [(1, 2, 700.0), (2, 3, 700.0)]


async def started(service: TableService, vt: VirtualTime) -> LiveTable:
    """Ann's two-seat game, the second seat kept for Bob (an hour)."""
    table = await lobby(service, seats=2, invited=(BOB,))
    table = await service.start(table.id, ANN.user_id)
    await vt.settle()
    return table


async def test_the_ai_plays_the_held_seat_and_its_person_takes_it_with_one_click(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    table = await started(service, vt)
    for _ in range(20):  # Ann plays whatever she can until the AI has moved for Bob's seat
        if any(seat == 1 for _, kind, seat in seen if kind == "move"):
            break
        game = table.game
        assert game is not None
        if game.to_move == 0:
            await service.play(table.id, ANN.user_id, None, str(game.legal_moves()[0]))
        await vt.advance(1)
    record = await service._store.record(table.id)
    assert [p if isinstance(p, str) else p["name"] for p in record["players"]] == ["Ann", "Bob"]
    replay(record)  # the record replays: the held seat played under Bob's name
    assert any(seat == 1 for _, kind, seat in seen if kind == "move")  # the AI moved for it
    assert await service.take_seat(table.id, BOB.user_id) is True
    assert table.seats[1].user_id == BOB.user_id and not table.seats[1].is_ai
    assert table.seat_state.holds() == []
    stored = await service._store.load_table(table.id)
    assert stored is not None and stored.table.seats[1].user_id == BOB.user_id
    assert "held" not in stored.table.settings
    with pytest.raises(TableError):  # taken once: the second click finds nothing to take
        await service.take_seat(table.id, BOB.user_id)
    with pytest.raises(TableError):  # nobody else takes it
        await service.take_seat(table.id, CY.user_id)


async def test_two_clicks_at_once_seat_the_person_once(services: Services,
                                                       tmp_path: Path) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    table = await started(service, vt)
    results = await asyncio.gather(service.take_seat(table.id, BOB.user_id),
                                   service.take_seat(table.id, BOB.user_id),
                                   return_exceptions=True)
    assert sorted(map(type, results), key=str) == sorted([bool, TableError], key=str)
    assert [s.user_id for s in table.seats] == [ANN.user_id, BOB.user_id]
    assert sum(kind == "seats" and seat == 1 for _, kind, seat in seen) == 1


async def test_a_claim_raced_by_another_write_is_tried_again_on_what_is_stored(
        services: Services, tmp_path: Path) -> None:
    """Another process changed the seat state between the claim's read and its write
    (a timeout counted there): the claim is stored over the new state, which it keeps."""
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "t.db", vt)
    table = await started(service, vt)
    store = service._store
    original = store.update_seats

    async def racing(*args: object, **kwargs: object) -> None:
        del store.update_seats  # once
        raw = dict(table.row.settings)
        await store.set_table_settings(table.id, {**raw, "timeouts": [1, 0]})
        await original(*args, **kwargs)  # type: ignore[arg-type]

    store.update_seats = racing  # type: ignore[method-assign]
    assert await service.take_seat(table.id, BOB.user_id) is True
    stored = await store.load_table(table.id)
    assert stored is not None and stored.table.seats[1].user_id == BOB.user_id
    assert stored.table.settings["timeouts"] == [1, 0] and "held" not in stored.table.settings


async def test_reading_an_unclaimed_hold_ends_quietly_and_the_ai_plays_on(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    table = await started(service, vt)
    seen.clear()
    await vt.advance(HOUR - 1)
    assert table.seat_state.holds() != []
    await vt.advance(1)
    assert table.seat_state.holds() == [] and table.seats[1].is_ai
    assert [kind for _, kind, _ in seen] == ["seats"]  # the table message only: nobody told
    with pytest.raises(TableError):
        await service.take_seat(table.id, BOB.user_id)
    assert table.in_play and table.seats[1].is_ai  # the AI plays on


async def test_a_hold_survives_a_restart_and_ends_at_its_time(services: Services,
                                                              tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "t.db"
    service, _ = await open_service(services, path, vt)
    table = await started(service, vt)
    until = table.seat_state.holds()[0][2]
    await shut(service)
    vt.now += HOUR / 2
    again, seen = await open_service(services, path, vt)
    table = again.held_tables[table.id]
    assert table.seat_state.holds() == [(1, BOB.user_id, until)]
    assert table.hold_armed == until  # re-armed from storage
    assert held_events(seen) == []  # told once, before the restart
    await vt.advance(HOUR / 2)
    assert table.seat_state.holds() == []


async def test_a_hold_whose_end_passed_while_the_bot_was_down_ends_at_start_up(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "t.db"
    service, _ = await open_service(services, path, vt)
    table = await started(service, vt)
    await shut(service)
    vt.now += 2 * HOUR
    again, _ = await open_service(services, path, vt)
    await vt.settle()
    assert again.held_tables[table.id].seat_state.holds() == []
    with pytest.raises(TableError):
        await again.take_seat(table.id, BOB.user_id)


async def test_at_a_scheduled_start_the_kept_seats_come_before_ai_fill(
        services: Services, tmp_path: Path) -> None:
    """Three seats, Bob invited and absent, AI fill on: one AI seat, one kept for Bob."""
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "t.db", vt)
    await service._store.upsert_player(Player(ANN.user_id, "Ann", tz="Europe/London"))
    scheduled = ScheduledTables(service, service._store)
    table, _ = await scheduled.open(
        guild_id=10, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=3, invited=(BOB.user_id,), invited_names=("Bob",)),
        options={}, start="in 1h", ai_fill=True)
    await service.change_lobby(table.id, ANN.user_id, {"hold_minutes": 30})
    await vt.advance(HOUR)
    live = await service.table(table.id)
    assert live.status == "playing"
    assert [s.name for s in live.seats][::2] == ["Ann", "Bob"] and live.seats[1].is_ai
    assert live.seat_state.holds() == [(2, BOB.user_id, vt.now + 30 * 60)]
    assert held_events(seen) == [2]


async def test_a_rematch_invites_the_old_tables_people_and_keeps_their_seats_alike(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "t.db", vt)
    table = await started(service, vt)
    await service.take_seat(table.id, BOB.user_id)
    await service.resign(table.id, BOB.user_id)  # two seats: the game ends
    assert table.status == "finished"
    rematch = await service.rematch(table.id, ANN)
    again = rematch.table
    assert again.settings.invited == (BOB.user_id,) and again.settings.hold_seconds == HOUR
    again = await service.start(again.id, ANN.user_id)  # Bob not back yet: kept for him
    assert again.seat_state.hold_of(BOB.user_id) is not None and again.seats[1].name == "Bob"
