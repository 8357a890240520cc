"""The pickup queue and scheduled tables on two bot processes sharing one PostgreSQL
database (issue 51): an entry seats once and a scheduled start fires once, whichever
process gets there first. a holds the server's shard, b visits.

A race is made certain, not hoped for (`before_write`): a's whole pass runs between
b's read of the queue and b's compare-and-set.
"""

from __future__ import annotations

import dataclasses

from storage.models import Player
from tables.live import TableSettings
from tables.queue import PickupQueue, QueueNotice
from tables.schedule import ScheduledTables, ScheduleNotice
from tests.tables.test_tables_shards import ANN, BOB, GUILD_OF_SHARD, Process, SharedTime, two
from tests.tables.test_tables_shards_lobbies import CAROL, before_write, told

__all__ = ["two"]  # the fixture, shared with the other two-process tests

Two = tuple[SharedTime, Process, Process]
GUILD = GUILD_OF_SHARD[0]
HOUR = 3600


async def _queue(process: Process, notices: list[tuple[str, QueueNotice]]) -> PickupQueue:
    queue = PickupQueue(process.service, process.service._store)

    async def listen(notice: QueueNotice) -> None:
        notices.append((process.node.node, notice))

    queue.listeners.append(listen)
    return queue


async def test_an_entry_matched_on_both_processes_at_once_is_seated_once(two: Two) -> None:
    vt, a, b = two
    store = a.service._store
    server = await store.get_guild_settings(GUILD)
    await store.set_guild_settings(dataclasses.replace(server, pickup_channel_id=5))
    for person in (ANN, BOB):  # queued, not yet matched by either process
        await store.queue_join(guild_id=GUILD, user_id=person.user_id, name=person.name,
                               game="traditional", seats=[2], longest_turn=HOUR, rated=True,
                               expires_at=vt.now + 24 * HOUR)
    notices: list[tuple[str, QueueNotice]] = []
    qa, qb = await _queue(a, notices), await _queue(b, notices)
    opened_a: list[int] = []

    async def a_first() -> None:
        opened_a.extend(t.id for t in await qa.run(GUILD))

    before_write(b, "seat_from_queue", a_first)  # b matched the same two; a seats them
    opened_b = await qb.run(GUILD)
    assert opened_b == [] and len(opened_a) == 1
    table_id = opened_a[0]
    assert sorted((n.user_id, n.table.id) for _, n in notices
                  if n.kind == "seated" and n.table is not None) == [
        (ANN.user_id, table_id), (BOB.user_id, table_id)]  # each told once, by a
    assert await store.queue_entries(GUILD) == []
    await a.until("started")
    await vt.settle()
    assert told(a, "started", table_id) == 1
    assert [t.table.id for t in await store.active_tables()] == [table_id]
    assert await qb.run(GUILD) == [] and await qa.run(GUILD) == []  # nothing left to seat


def schedules_of(*processes: Process) -> tuple[dict[str, ScheduledTables],
                                               list[tuple[str, ScheduleNotice]]]:
    """Each process's scheduled tables, by node name, and the notices all of them tell,
    each with the node that told it."""
    notices: list[tuple[str, ScheduleNotice]] = []
    scheduled = {}
    for process in processes:
        scheduled[process.node.node] = ScheduledTables(process.service, process.service._store)

        async def listen(notice: ScheduleNotice, name: str = process.node.node) -> None:
            notices.append((name, notice))

        scheduled[process.node.node].listeners.append(listen)
    return scheduled, notices


async def test_a_scheduled_start_armed_on_both_processes_fires_once(two: Two) -> None:
    vt, a, b = two
    store = a.service._store
    await store.upsert_player(Player(ANN.user_id, "Ann", tz="Europe/Kyiv"))
    scheduled, notices = schedules_of(a, b)
    table, _ = await scheduled["node-a"].open(
        guild_id=GUILD, channel_id=5, host=ANN, game="traditional",
        settings=TableSettings(seats=3), options={}, start="in 2h")
    for person in (BOB, CAROL):
        await scheduled["node-b"].rsvp(table.id, person.user_id, "going", name=person.name)
    assert await scheduled["node-b"].load() == 1  # b (restarted, say) arms the same start
    await vt.advance(2 * HOUR + 1)
    await a.until("started")
    await vt.settle()
    row = await store.get_table(table.id)
    assert row is not None and row.status == "playing"
    assert [s.name for s in row.seats] == ["Ann", "Bob", "Carol"]  # each seated once
    assert told(a, "started", table.id) == 1
    starts = [(name, n.kind) for name, n in notices if n.kind != "reminder"]
    assert len(starts) == 1 and starts[0][1] == "ping", starts
    reminders = [n for _, n in notices if n.kind == "reminder"]
    assert len(reminders) == 2  # 1 h and 10 min before, once each


async def test_a_grace_taken_up_by_a_process_started_during_it_ends_once(two: Two) -> None:
    vt, a, b = two
    store = a.service._store
    await store.upsert_player(Player(ANN.user_id, "Ann", tz="Europe/Kyiv"))
    scheduled, notices = schedules_of(a, b)
    table, _ = await scheduled["node-a"].open(
        guild_id=GUILD, channel_id=5, host=ANN, game="traditional",
        settings=TableSettings(seats=3), options={}, start="in 2h", grace_minutes=30)
    await vt.advance(2 * HOUR + 60)
    assert [(name, n.kind) for name, n in notices] == [("node-a", "grace")]
    assert await scheduled["node-b"].load() == 1  # b starts during the grace
    await vt.advance(HOUR)
    row = await store.get_table(table.id)
    assert row is not None and row.status == "abandoned"
    assert [n.kind for _, n in notices] == ["grace", "closed"]  # decided once
