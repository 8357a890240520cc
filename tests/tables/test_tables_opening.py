"""AI names per level, one rematch lobby per finished table, and where a solitaire opens."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from catalog import tn
from engine.ai import LEVELS
from storage.models import GuildSettings
from tables.ai_names import NAMES, ai_name
from tables.errors import NotAllowed, TableError
from tables.live import Person, TableSettings
from tests.tables.conftest import Services
from tests.tables.test_tables_service import ANN, BOB, CY, open_service, two_player_table


def test_every_level_has_names_and_a_taken_name_is_skipped() -> None:
    assert set(NAMES) == set(LEVELS) and all(len(names) >= 3 for names in NAMES.values())
    assert ai_name("hard", set()) == NAMES["hard"][0]
    assert ai_name("hard", {NAMES["hard"][0]}) == NAMES["hard"][1]
    assert ai_name("easy", set(NAMES["easy"])) == f"{NAMES['easy'][0]} (2)"
    with pytest.raises(ValueError, match="unknown AI level"):
        ai_name("grandmaster", set())


def test_counts_take_their_plural_form_from_the_catalog() -> None:
    assert [tn("count.tiles", n) for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert tn("count.wins", 1) == "1 win"


async def test_an_unknown_ai_level_is_refused(tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table = await service.open_lobby(guild_id=10, channel_id=20, host=ANN, game="traditional",
                                     settings=TableSettings(seats=3), options={})
    with pytest.raises(TableError) as refused:
        await service.add_ai(table.id, ANN.user_id, "grandmaster")
    assert refused.value.key == "error.ai_level"


async def test_a_rematch_opens_one_lobby_however_often_it_is_asked(
        tmp_path: Path, services: Services) -> None:
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    table_id = await two_player_table(service)
    with pytest.raises(TableError):  # not finished yet
        await service.rematch(table_id, ANN)
    await service.resign(table_id, BOB.user_id)
    with pytest.raises(NotAllowed):
        await service.rematch(table_id, CY)  # did not play there
    first, second = await asyncio.gather(service.rematch(table_id, BOB),
                                         service.rematch(table_id, ANN))
    assert first.table.id == second.table.id and [first.opened, second.opened].count(True) == 1
    made = first if first.opened else second
    assert made.table.settings.rematch_of == table_id and made.table.status == "lobby"
    other = ANN if made.table.host_id == BOB.user_id else BOB
    assert made.invite == (other.user_id,) and made.table.seat_of(other.user_id) is None
    later = await service.rematch(table_id, other)
    assert not later.opened and later.table.id == made.table.id


async def test_reading_a_solitaire_follows_the_servers_channel_setting(
        tmp_path: Path, services: Services) -> None:
    # RULES.md is silent; the server's "tables may be opened in" covers Big Clock too,
    # since its game is posted in the channel like any table's.
    service, _ = await open_service(services, tmp_path / "db.sqlite3")
    await service._store.set_guild_settings(GuildSettings(10, allowed_channels=frozenset({21})))
    with pytest.raises(NotAllowed):
        await service.start_solitaire(guild_id=10, channel_id=20, person=Person(1, "Ann"),
                                      game="clock", options={})
    table = await service.start_solitaire(guild_id=10, channel_id=21, person=Person(1, "Ann"),
                                          game="clock", options={})
    assert table.status == "playing"
