"""What one person may hold at once (issue 55): open lobbies, scheduled lobbies and queue
entries, each refused past its limit with a clear answer (a catalog key), nothing made."""

from __future__ import annotations

from pathlib import Path

import pytest

from tables.errors import TableError
from tables.live import Person, TableSettings
from tables.lobby import LOBBIES_MOST, SCHEDULED_MOST
from tables.queue import ENTRIES_MOST, PickupQueue
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import ANN, BOB, HOUR, VirtualTime, open_service


async def test_one_host_opens_at_most_so_many_lobbies_and_scheduled_tables(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "db.sqlite3", vt)

    async def open_one(channel: int, host: Person = ANN, *, scheduled: bool = False) -> None:
        at = vt.now + 24 * HOUR if scheduled else None
        await service.open_lobby(guild_id=None, channel_id=channel, host=host,
                                 game="traditional", options={},
                                 settings=TableSettings(seats=2, starts_at=at))

    for channel in range(LOBBIES_MOST):
        await open_one(100 + channel)
    with pytest.raises(TableError) as refused:
        await open_one(999)
    assert (refused.value.key, refused.value.values) == ("error.limit.lobbies",
                                                         {"most": LOBBIES_MOST})
    assert "5 open lobbies" in refused.value.text()
    # Scheduled ones count apart, and so does another host.
    for channel in range(SCHEDULED_MOST):
        await open_one(200 + channel, scheduled=True)
    with pytest.raises(TableError) as refused:
        await open_one(998, scheduled=True)
    assert refused.value.key == "error.limit.scheduled"
    await open_one(997, BOB)
    hosted = [t for t in service.held_tables.values() if t.host_id == ANN.user_id]
    assert len(hosted) == LOBBIES_MOST + SCHEDULED_MOST  # nothing made by a refusal
    # One closed makes room again.
    first = min(t.id for t in hosted if t.settings.starts_at is None)
    await service.cancel(first, ANN.user_id)
    await open_one(996)


async def test_one_person_is_in_at_most_so_many_queues_and_may_always_update_one(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "db.sqlite3", vt)
    queue = PickupQueue(service, service._store)
    for guild in range(ENTRIES_MOST):
        await queue.join(1000 + guild, 5, ANN, "traditional", seats=[4], longest_turn=3600)
    with pytest.raises(TableError) as refused:
        await queue.join(2000, 5, ANN, "traditional", seats=[4], longest_turn=3600)
    assert (refused.value.key, refused.value.values) == ("error.limit.queue",
                                                         {"most": ENTRIES_MOST})
    # Updating an entry one has is not a new one.
    await queue.join(1000, 5, ANN, "traditional", seats=[3, 4], longest_turn=3600)
    await queue.join(2000, 5, BOB, "traditional", seats=[4], longest_turn=3600)
    entries = await service._store.queue_entries()
    assert sum(1 for e in entries if e.user_id == ANN.user_id) == ENTRIES_MOST
