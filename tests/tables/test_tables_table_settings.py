"""A table's settings column split in two (tables.table_settings): the options fixed when it
opens (`TableSettings`) and the seat state that changes in play (`SeatState`), read once,
written back in the format storage has always held, and kept with an ended table."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Storage
from tables.live import LiveTable, Person, TableSettings
from tables.service import TableService
from tables.table_settings import SeatState, join_settings, split_settings

PEOPLE = [Person(i + 1, name) for i, name in enumerate(("Ann", "Bob", "Cy", "Dee"))]

# A settings column as the bot wrote it before the split (every key, in its order).
STORED = {"seats": 4, "turn_seconds": 3600, "lobby_seconds": 600, "auto_start": False,
          "reminders": [0.5], "timeout_action": "skip", "hint_level": "hard",
          "away": [2], "timeouts": [0, 1, 3, 0], "rematch_of": 7, "auto_forced": False,
          "on_resign": "end", "resigned": [1], "thread": True, "opened_in": 99}


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    svc = TableService(store, ai_delay=0)
    yield svc
    await svc.close()
    await store.close()


def test_a_stored_column_splits_and_joins_back_to_the_same_json() -> None:
    fixed, state = split_settings(STORED)
    assert state == SeatState(away=(2,), timeouts=(0, 1, 3, 0), resigned=(1,))
    assert fixed.seats == 4 and fixed.timeout_action == "skip" and fixed.opened_in == 99
    assert not {"away", "timeouts", "resigned"} & {f.name for f in dataclasses.fields(fixed)}
    assert json.dumps(join_settings(fixed, state)) == json.dumps(STORED)


def test_a_new_table_stores_every_key_with_nobody_away() -> None:
    stored = TableSettings(seats=3).to_json()
    assert list(stored) == list(STORED)
    assert (stored["away"], stored["timeouts"], stored["resigned"]) == ([], [], [])


def test_seat_state_counts_timeouts_and_a_player_comes_back() -> None:
    state = SeatState()
    for _ in range(3):
        state = state.timed_out(1, 3)
    assert state.away == (1,) and state.timeouts_of(1) == 3 and state.timeouts_of(2) == 0
    assert state.back(1) == SeatState(timeouts=(0, 0, 0))
    assert state.with_resigned(0).with_resigned(0).resigned == (0,)


async def test_a_tables_settings_are_read_once_per_stored_column(service: TableService) -> None:
    table = await service.open_lobby(guild_id=None, channel_id=1, host=PEOPLE[0],
                                     game="traditional", settings=TableSettings(seats=3),
                                     options={})
    first = table.settings
    assert table.settings is first  # not parsed again while the column is the same
    table.replace_row(message_id=5)
    assert table.settings is first
    table.replace_row(settings={**table.row.settings, "away": [0]})
    assert table.settings is not first and table.seat_state.away == (0,)
    assert table.settings.fixed() == first.fixed()


async def test_an_ended_tables_seat_state_is_read_back_with_its_record(
        service: TableService) -> None:
    table = await service.open_lobby(guild_id=None, channel_id=1, host=PEOPLE[0],
                                     game="traditional", settings=TableSettings(seats=4),
                                     options={"target": 31})
    for person in PEOPLE[1:]:
        await service.join(table.id, person)
    await service.resign(table.id, PEOPLE[3].user_id)  # an AI plays Dee's seat on
    await service.cancel(table.id, PEOPLE[0].user_id)
    loaded = await service._store.load_table(table.id)
    assert loaded is not None
    ended = LiveTable.from_storage(loaded, ended=True)
    assert ended.game is not None and ended.seat_state.resigned == (3,)
    assert ended.settings.fixed() == TableSettings.from_json(loaded.table.settings)
