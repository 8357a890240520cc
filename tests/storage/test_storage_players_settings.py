"""Players' preferences and guild settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import GuildSettings, Player, Storage, format_hhmm, parse_hhmm


@pytest.fixture
async def store(target: Path | str) -> AsyncIterator[Storage]:
    s = await Storage.open(target)
    yield s
    await s.close()


async def test_player_round_trip(store: Storage) -> None:
    assert await store.get_player(1) is None
    player = Player(
        1, "Ann", locale="ru", tz="Europe/Moscow", quiet_start=parse_hhmm("23:00"),
        quiet_end=parse_hhmm("07:30"), wants_dms=False,
    )
    await store.upsert_player(player)
    assert await store.get_player(1) == player
    changed = Player(1, "Anna", tz="Asia/Tokyo", dms_failed=True)
    await store.upsert_player(changed)
    assert await store.get_player(1) == changed


async def test_dms_failed(store: Storage) -> None:
    assert await store.set_dms_failed(5, True) is False
    await store.upsert_player(Player(5, "Bob", locale="de", wants_dms=True))
    assert await store.set_dms_failed(5, True) is True
    assert await store.get_player(5) == Player(5, "Bob", locale="de", dms_failed=True)


def test_quiet_hours_parsing() -> None:
    assert parse_hhmm("00:00") == 0 and parse_hhmm(" 23:59 ") == 1439
    assert format_hhmm(parse_hhmm("07:05")) == "07:05"
    for bad in ("24:00", "7", "07:5", "ab:cd", "12:60", ""):
        with pytest.raises(ValueError):
            parse_hhmm(bad)
    with pytest.raises(ValueError):
        Player(1, "x", quiet_start=1440)


async def test_guild_settings(store: Storage) -> None:
    default = await store.get_guild_settings(7)
    assert default == GuildSettings(7)
    assert default.channel_allowed(123)
    settings = GuildSettings(
        7, default_turn_seconds=3600, reminders=(0.9, 0.25), timeout_action="forfeit",
        allowed_channels=frozenset({11, 12}),
    )
    await store.set_guild_settings(settings)
    got = await store.get_guild_settings(7)
    assert got.default_turn_seconds == 3600 and got.timeout_action == "forfeit"
    assert got.reminders == (0.25, 0.9) and got.allowed_channels == {11, 12}
    assert got.channel_allowed(11) and not got.channel_allowed(13)
    await store.set_guild_settings(GuildSettings(7, timeout_action="skip"))
    assert await store.get_guild_settings(7) == GuildSettings(7, timeout_action="skip")


def test_guild_settings_validation() -> None:
    with pytest.raises(ValueError):
        GuildSettings(1, default_turn_seconds=0)
    with pytest.raises(ValueError):
        GuildSettings(1, reminders=(1.5,))
    with pytest.raises(ValueError):
        GuildSettings(1, timeout_action="explode")


async def test_languages_chosen_and_seen(store: Storage) -> None:
    assert await store.get_person_language(3) == (None, None)
    await store.set_client_locale(3, "uk")
    await store.set_person_language(3, "ru")
    assert await store.get_person_language(3) == ("ru", "uk")
    await store.set_client_locale(3, "en-GB")  # the choice stays
    await store.set_person_language(3, None)  # back to the client's
    assert await store.get_person_language(3) == (None, "en-GB")
    assert await store.get_server_language(7) is None
    await store.set_server_language(7, "uk")
    await store.set_server_language(7, "ru")
    assert await store.get_server_language(7) == "ru"
    await store.set_server_language(7, None)
    assert await store.get_server_language(7) is None
    await store.set_person_language(4, "uk")
    await store.set_server_language(8, "ru")
    people, servers = await store.all_languages()
    assert people == {3: (None, "en-GB"), 4: ("uk", None)} and servers == {8: "ru"}


async def test_the_tournament_host_role_is_kept_and_cleared(store: Storage) -> None:
    # A Discord id beyond 32 bits: PostgreSQL's column is BIGINT (migration 015).
    role = 1_234_567_890_123_456_789
    await store.set_guild_settings(GuildSettings(7, lobby_role_id=5, tournament_role_id=role))
    got = await store.get_guild_settings(7)
    assert got.tournament_role_id == role and got.lobby_role_id == 5
    await store.set_guild_settings(GuildSettings(7, lobby_role_id=5))
    assert (await store.get_guild_settings(7)).tournament_role_id is None
    assert (await store.get_guild_settings(8)).tournament_role_id is None
