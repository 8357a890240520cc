"""The pickup queue in storage (issue 24): entries, parties, schedules, RSVPs, and
seating from the queue under compare-and-set, on both backends."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import Storage
from storage.errors import InvalidState
from storage.models import GuildSettings, Schedule, Seat


async def _join(store: Storage, user: int, game: str = "traditional", **wish: object) -> int:
    fields: dict[str, object] = dict(guild_id=1, user_id=user, name=f"P{user}", game=game,
                                     seats=(3, 4), longest_turn=86400, rated=True,
                                     expires_at=1e10)
    fields.update(wish)
    entry, _new = await store.queue_join(**fields)  # type: ignore[arg-type]
    return entry.id


async def test_joining_twice_updates_the_entry_and_keeps_its_place(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        first = await _join(store, 7)
        await _join(store, 8)
        entry, new = await store.queue_join(guild_id=1, user_id=7, name="P7", game="traditional",
                                            seats=[4], longest_turn=3600, rated=False,
                                            expires_at=5e9, ai_after=100.0)
        assert not new and entry.id == first
        assert (entry.seats, entry.longest_turn, entry.rated, entry.ai_after) == (
            (4,), 3600, False, 100.0)
        assert [e.user_id for e in await store.queue_entries(1)] == [7, 8]
        await _join(store, 7, game="carousel")
        assert await store.queue_leave(1, 7, "carousel") == (1, [])
        assert await store.queue_leave(1, 7, "carousel") == (0, [])
        assert await store.queue_leave(1, 8) == (1, [])
        assert [e.game for e in await store.queue_entries()] == ["traditional"]
    finally:
        await store.close()


async def test_seating_removes_the_entries_and_opens_one_table(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        ids = [await _join(store, user) for user in (1, 2, 3)]
        kept = await _join(store, 3, game="carousel", drop_others=True)
        other = await _join(store, 9, game="carousel")
        seats = [Seat(1, None, "P1"), Seat(2, None, "P2"), Seat(3, None, "P3")]
        done = await store.seat_from_queue(ids, guild_id=1, channel_id=50, game="traditional",
                                           host_id=1, seats=seats, settings={"seats": 3})
        assert done is not None
        table, removed, left = done
        assert left == []
        assert table.status == "lobby" and list(table.seats) == seats
        assert table.settings == {"seats": 3} and table.channel_id == 50
        assert [e.id for e in removed] == [*ids, kept]
        assert [e.id for e in await store.queue_entries(1)] == [other]
        assert await store.seat_from_queue(ids, guild_id=1, channel_id=50, game="traditional",
                                           host_id=1, seats=seats) is None
        assert len(await store.active_tables()) == 1
    finally:
        await store.close()


async def test_two_processes_seat_the_same_queue_once(target: Path | str) -> None:
    """Two connections (two processes on PostgreSQL) race to seat overlapping matches:
    one table opens, each person is seated once."""
    first = await Storage.open(target)
    second = await Storage.open(target)
    try:
        ids = [await _join(first, user) for user in (1, 2, 3, 4)]
        seats = [Seat(u, None, f"P{u}") for u in (1, 2, 3)]

        async def seat(store: Storage, entries: list[int]) -> object:
            return await store.seat_from_queue(entries, guild_id=1, channel_id=5,
                                               game="traditional", host_id=1, seats=seats)

        results = await asyncio.gather(seat(first, ids[:3]), seat(second, ids[1:]))
        assert sum(r is not None for r in results) == 1
        assert len(await first.active_tables()) == 1
        assert len(await first.queue_entries(1)) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_party_is_confirmed_by_each_member(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        party = await store.create_party(1, leader_id=7, members=[8])
        assert party.members == {7: True, 8: False} and not party.confirmed
        assert await store.confirm_party(party.id, 9) is None
        confirmed = await store.confirm_party(party.id, 8)
        assert confirmed is not None and confirmed.confirmed
        entries = [await _join(store, user, party_id=party.id) for user in (7, 8)]
        done = await store.seat_from_queue(
            entries, guild_id=1, channel_id=5, game="traditional", host_id=7,
            seats=[Seat(7, None, "A"), Seat(8, None, "B")])
        assert done is not None and await store.get_party(party.id) is None
        again = await store.create_party(1, leader_id=7, members=[8])
        await _join(store, 7, party_id=again.id)
        await store.drop_party(again.id)
        assert await store.get_party(again.id) is None and await store.queue_entries(1) == []
    finally:
        await store.close()


async def test_an_expiry_is_told_once_and_renewed(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        entry = await _join(store, 7, expires_at=100.0)
        assert await store.warn_entry(entry) and not await store.warn_entry(entry)
        renewed = await store.renew_entry(entry, 500.0)
        assert renewed is not None and renewed.expires_at == 500.0 and not renewed.warned
        assert await store.purge_entries(600.0) == 1
        assert await store.renew_entry(entry, 900.0) is None
    finally:
        await store.close()


async def test_a_schedule_and_its_rsvps_survive_a_restart(target: Path | str) -> None:
    store = await Storage.open(target)
    table = await store.create_table(guild_id=1, channel_id=2, game="traditional", host_id=7,
                                     seats=[Seat(7, None, "Ann")])
    await store.set_schedule(Schedule(table.id, 5000.0, repeat="weekly", grace=600,
                                      ai_fill=True))
    await store.set_rsvp(table.id, 8, "maybe")
    await store.set_rsvp(table.id, 9, "going")
    await store.set_rsvp(table.id, 8, "going")
    assert await store.advance_reminders(table.id, 0, 1)
    assert not await store.advance_reminders(table.id, 0, 1)
    await store.set_guild_settings(GuildSettings(1, pickup_channel_id=44, pickup_threads=True))
    await store.close()
    again = await Storage.open(target)
    try:
        assert await again.get_schedule(table.id) == Schedule(table.id, 5000.0, "weekly", 600,
                                                              True, reminded=1)
        assert await again.rsvps(table.id) == {9: "going", 8: "going"}
        assert [s.table_id for s in await again.lobby_schedules()] == [table.id]
        server = await again.get_guild_settings(1)
        assert (server.pickup_channel_id, server.pickup_threads) == (44, True)
        with pytest.raises(ValueError):
            await again.set_rsvp(table.id, 8, "perhaps")
        await again.set_status(table.id, "cancelled")
        with pytest.raises(InvalidState):
            await again.set_rsvp(table.id, 8, "cant")
        assert await again.lobby_schedules() == []
    finally:
        await again.close()


async def test_a_dropped_party_puts_the_leaders_entry_back_as_it_was(
        target: Path | str) -> None:
    """Issue 51: a refused invitation changes nothing (the leader's entry, updated for the
    party, comes back with its id, wish and place in line)."""
    store = await Storage.open(target)
    try:
        await _join(store, 7)
        await _join(store, 8)
        before = (await store.queue_entries(1))[0]
        party = await store.create_party(1, leader_id=7, members=[9])
        await store.queue_join(guild_id=1, user_id=7, name="P7", game="traditional",
                               seats=[4], longest_turn=3600, rated=False, expires_at=5e9,
                               party_id=party.id)
        await store.drop_party(party.id, restore=before)
        assert (await store.queue_entries(1))[0] == before
        assert [e.user_id for e in await store.queue_entries(1)] == [7, 8]
        assert await store.get_party(party.id) is None
        await _join(store, 10)  # new ids still come from where they were
        assert len({e.id for e in await store.queue_entries(1)}) == 3
    finally:
        await store.close()
