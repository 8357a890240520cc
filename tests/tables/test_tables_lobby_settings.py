"""The host's lobby settings (`TableService.change_lobby`, tables/lobby_settings.py): only
the host, only in the lobby, only settings the table can have; stored over the settings as
read; a new lobby time moves the lobby's expiry. On two processes (PostgreSQL): a change
made on a visiting copy reaches the holder, and a Start committed meanwhile refuses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.errors import InvalidState, SettingsChanged
from tables.errors import NotAllowed, TableError
from tables.lobby_settings import BY_NAME, LOBBY_SETTINGS, changed_settings
from tables.table_settings import TableSettings
from tests.tables.conftest import Services
from tests.tables.test_tables_shards import ANN, BOB
from tests.tables.test_tables_shards_lobbies import CAROL, Two, before_write, lobby_at, two
from tests.tables.test_tables_timers import HOUR, START, VirtualTime, open_service

__all__ = ["two"]  # the fixture, shared with the other two-process tests


def test_every_setting_names_a_field_of_the_tables_settings() -> None:
    fields = set(TableSettings.__dataclass_fields__)
    assert {s.field for s in LOBBY_SETTINGS} <= fields
    assert set(BY_NAME) == {"turn_minutes", "lobby_minutes", "auto_start", "forced_moves",
                            "on_resign", "hold_minutes"}


@pytest.mark.parametrize(("changes", "key"), [
    ({"turn_minutes": 0}, "error.lobby_set.range"),
    ({"turn_minutes": 7 * 24 * 60 + 1}, "error.lobby_set.range"),
    ({"turn_minutes": True}, "error.lobby_set.unknown"),  # a crafted value
    ({"auto_start": 1}, "error.lobby_set.unknown"),
    ({"on_resign": "skip"}, "error.resign_actions"),
    ({"hold_minutes": -1}, "error.lobby_set.range"),
    ({"hold_minutes": 7 * 24 * 60 + 1}, "error.lobby_set.range"),
    ({"hold_seats": 3}, "error.lobby_set.unknown"),
])
def test_a_value_out_of_range_or_of_the_wrong_kind_is_refused(changes: dict[str, object],
                                                               key: str) -> None:
    with pytest.raises(TableError) as refused:
        changed_settings(TableSettings(seats=4), changes)
    assert refused.value.key == key


def test_reading_a_scheduled_lobby_keeps_its_schedules_wait_and_start() -> None:
    # A scheduled lobby starts at its time (tables.schedule owns its end): no lobby time
    # to change, no start when full; its turn time and the rest are the host's still.
    scheduled = TableSettings(seats=4, auto_start=False, starts_at=START)
    for name, value in (("lobby_minutes", 30), ("auto_start", True)):
        with pytest.raises(TableError) as refused:
            changed_settings(scheduled, {name: value})
        assert refused.value.key == f"error.lobby_set.scheduled.{name}"
    assert changed_settings(scheduled, {"turn_minutes": 30}).turn_seconds == 1800


async def test_the_host_changes_a_lobby_and_its_expiry_moves(tmp_path: Path,
                                                             services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="carousel",
                                     settings=TableSettings(seats=3), options={})
    await vt.advance(HOUR)
    with pytest.raises(NotAllowed) as refused:
        await service.change_lobby(table.id, BOB.user_id, {"lobby_minutes": 30})
    assert refused.value.key == "error.host_changes"
    changed = await service.change_lobby(table.id, ANN.user_id,
                                         {"lobby_minutes": 30, "on_resign": "end"})
    assert changed.deadline == START + HOUR + 1800
    assert (changed.settings.lobby_seconds, changed.settings.on_resign) == (1800, "end")
    assert [kind for _, kind, _ in seen] == ["lobby"]  # the lobby message is told
    row = await service._store.get_table(table.id)
    assert row is not None and row.deadline == changed.deadline
    assert (row.settings["lobby_seconds"], row.settings["on_resign"]) == (1800, "end")
    await vt.advance(29 * 60)
    assert changed.status == "lobby"
    await vt.advance(2 * 60)  # expired at the new time, not a day after its opening
    assert changed.status == "abandoned"


async def test_a_started_table_and_a_two_seat_resign_are_refused(tmp_path: Path,
                                                                 services: Services) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, auto_start=False),
                                     options={})
    with pytest.raises(TableError) as refused:
        await service.change_lobby(table.id, ANN.user_id, {"on_resign": "end"})
    assert refused.value.key == "error.lobby_set.seats.on_resign"
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    before = (await service._store.get_table(table.id))
    with pytest.raises(TableError) as refused:
        await service.change_lobby(table.id, ANN.user_id, {"turn_minutes": 5})
    assert refused.value.key == "error.not_in_lobby"
    assert await service._store.get_table(table.id) == before


async def test_storage_changes_a_lobbys_settings_only_over_those_read(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=2, auto_start=False),
                                     options={})
    store, read = service._store, dict(table.row.settings)
    with pytest.raises(SettingsChanged):
        await store.set_lobby_settings(table.id, {**read, "auto_start": True},
                                       expected={**read, "seats": 3}, deadline=None)
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    with pytest.raises(InvalidState):
        await store.set_lobby_settings(table.id, {**read, "auto_start": True}, expected=read,
                                       deadline=None)
    row = await store.get_table(table.id)
    assert row is not None and row.settings == read and row.deadline is not None


async def test_a_change_on_the_visiting_process_reaches_the_holder(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a)
    # Carol joins at the holder between b's read of the lobby and b's write.
    before_write(b, "set_lobby_settings", lambda: a.service.join(lobby, CAROL))
    await b.service.change_lobby(lobby, ANN.user_id, {"turn_minutes": 20})
    row = await a.service._store.get_table(lobby)
    assert row is not None and row.settings["turn_seconds"] == 1200
    assert [s.name for s in row.seats] == ["Ann", "Carol"]
    await a.until("lobby", 2)  # Carol's here; the settings through storage's notice
    assert a.service.held_tables[lobby].settings.turn_seconds == 1200


async def test_a_start_on_the_holder_refuses_a_change_made_meanwhile(two: Two) -> None:
    _, a, b = two
    lobby = await lobby_at(a, seats=2)
    await a.service.join(lobby, BOB)
    before_write(b, "set_lobby_settings", lambda: a.service.start(lobby, ANN.user_id))
    with pytest.raises(TableError) as refused:
        await b.service.change_lobby(lobby, ANN.user_id, {"turn_minutes": 20})
    assert refused.value.key == "error.not_in_lobby"
    row = await a.service._store.get_table(lobby)
    assert row is not None and row.status == "playing"
    assert row.settings["turn_seconds"] != 1200
