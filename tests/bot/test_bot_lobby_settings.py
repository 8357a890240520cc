"""`/domino lobby` through the real bot: the host changes their lobby's settings before it
starts (stored, shown in the lobby message edited in place, answered privately); anyone
else, a started table, a setting the table cannot have are refused privately and change
nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from catalog import t
from cogs.domino_bot import DominoBot
from tables.lobby_settings import LOBBY_SETTINGS
from tests.bot.conftest import add_ai, table_message, text_of
from tests.bot.test_bot_languages import answer_text, client_locales

__all__ = ["client_locales"]  # the fixture, shared


def newest(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


def lobby_text(channel: Any, table: Any) -> str:
    return text_of([c.to_dict() for c in table_message(channel, table).components])


async def stored_settings(env: Any, table: Any) -> dict[str, Any]:
    row = await env.bot.service._store.get_table(table.id)
    assert row is not None
    return dict(row.settings)


async def test_the_host_changes_the_settings_and_the_lobby_message_shows_them(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino new mexican", seats=3, rounds=5)
    table = newest(env)
    message_id = table.message_id
    assert f"{t('game.mexican')} table #{table.id}" in lobby_text(channel, table)
    assert "change these settings with" in lobby_text(channel, table)  # the host is told how
    deadline = table.deadline
    await env.advance_time(600)
    changed = await ann.slash(channel, "domino lobby", turn_minutes=90, lobby_minutes=120,
                              auto_start=False, forced_moves=False, on_resign="end")
    said = answer_text(changed)  # private, in words
    assert f"Table #{table.id}: the lobby's settings are now" in said
    assert "- Turn time: 90 min" in said and "- The lobby waits: 2 h" in said
    assert "- Starts by itself once every seat is filled: off" in said
    assert "- Draws and passes with nothing to choose play themselves: off" in said
    assert "- When a player resigns: the game ends for everyone" in said
    settings = table.settings
    assert (settings.turn_seconds, settings.lobby_seconds) == (5400, 7200)
    assert not settings.auto_start and not settings.auto_forced and settings.on_resign == "end"
    # A new lobby time counts from the change (not from the opening, 10 minutes ago).
    assert deadline is not None and table.deadline is not None
    assert abs(table.deadline - (env.bot.service.clock() + 7200)) < 5
    stored = await stored_settings(env, table)
    assert (stored["turn_seconds"], stored["auto_start"], stored["on_resign"]) == (
        5400, False, "end")
    await env.settle()
    assert table.message_id == message_id  # the one lobby message, edited in place
    text = lobby_text(channel, table)
    assert "Turn time: 90 min" in text and "played by hand" in text
    assert "ends the game for everyone" in text and "starts by itself" not in text
    # Full now, it waits for the host's Start (auto start is off).
    await bob.click(table_message(channel, table), label="Join")
    await add_ai(ann, table_message(channel, table))
    await env.settle()
    assert table.status == "lobby"
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    assert table.status == "playing"
    assert table.deadline is not None and table.deadline - env.bot.service.clock() <= 5400


async def test_without_settings_it_lists_them_and_anyone_may_ask(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino new traditional", seats=2)
    table = newest(env)
    shown = answer_text(await bob.slash(channel, "domino lobby", table=table.id))
    assert f"Table #{table.id}: the lobby's settings (the host changes them with" in shown
    assert "- Turn time: 1 d" in shown and "The lobby closes" in shown
    # Two seats: what a resignation does is no setting here.
    assert "resigns" not in shown
    before = await stored_settings(env, table)
    # One line a setting this table can have, and when the lobby closes.
    assert answer_text(await ann.slash(channel, "domino lobby")).count("\n- ") == len(
        [s for s in LOBBY_SETTINGS if s.min_seats <= 2]) + 1
    assert await stored_settings(env, table) == before


async def test_refusals_are_private_and_change_nothing(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    # No lobby of theirs here.
    refused = answer_text(await bob.slash(channel, "domino lobby", turn_minutes=5))
    assert "You host no lobby in this channel" in refused
    await ann.slash(channel, "domino new traditional", seats=2)
    two = newest(env)
    before = await stored_settings(env, two)
    # Not the host.
    refused = answer_text(await bob.slash(channel, "domino lobby", table=two.id,
                                          turn_minutes=5))
    assert "Only the host changes the lobby's settings." in refused
    # A 2-seat table has no choice of what a resignation does.
    refused = answer_text(await ann.slash(channel, "domino lobby", on_resign="end",
                                          turn_minutes=5))
    assert "With fewer than 3 seats a resignation always ends the game" in refused
    assert await stored_settings(env, two) == before and two.settings.turn_seconds != 300
    # Two lobbies of hers here: which one?
    await ann.slash(channel, "domino new carousel", seats=3)
    three = newest(env)
    refused = answer_text(await ann.slash(channel, "domino lobby", auto_start=False))
    assert f"several lobbies here (#{two.id}, #{three.id})" in refused
    assert three.settings.auto_start
    # A table that has started.
    await cy.click(table_message(channel, two), label="Join")
    await env.settle()
    assert two.status == "playing"
    playing = await stored_settings(env, two)
    refused = answer_text(await ann.slash(channel, "domino lobby", table=two.id,
                                          turn_minutes=5))
    assert "not still in its lobby" in refused
    assert await stored_settings(env, two) == playing
    assert all(m.flags.ephemeral for m in channel.history()
               if "lobby" in (m.content or "") and "Table #" not in (m.content or ""))


async def test_a_refusal_is_in_the_readers_language(world: dict[str, Any],
                                                    client_locales: dict[int, str]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    client_locales[bob.id] = "ru"
    await ann.slash(channel, "domino new traditional", seats=3)
    table = newest(env)
    refused = answer_text(await bob.slash(channel, "domino lobby", table=table.id,
                                          auto_start=False))
    assert refused == t("error.host_changes", "ru")
    assert table.settings.auto_start


async def test_the_change_survives_a_restart(world: dict[str, Any],
                                             make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino new carousel", seats=3)
    table = newest(env)
    await ann.slash(channel, "domino lobby", turn_minutes=45, forced_moves=False)
    fresh = make_bot()
    await env.restart_bot(fresh)
    again = fresh.service.held_tables[table.id]
    assert again.status == "lobby"
    assert again.settings.turn_seconds == 45 * 60 and not again.settings.auto_forced
    shown = answer_text(await bob.slash(channel, "domino lobby", table=table.id))
    assert "- Turn time: 45 min" in shown
