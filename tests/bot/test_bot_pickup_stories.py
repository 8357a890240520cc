"""Pickup through simcord (issue 51): a friend who confirms in a DM is seated under their
name in the server, as everyone who joins there is; a scheduled lobby waiting its grace
says so on its own message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cogs.domino_bot import DominoBot
from tests.bot.conftest import table_message, text_of
from tests.bot.test_bot_pickup import dms, newest, virtual_clock


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


async def test_a_friend_who_confirms_in_a_dm_is_seated_under_their_server_nickname(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann = world["members"][0]
    dee = guild.add_member(env.create_user("dee"), nick="Dee of the server")
    await ann.slash(channel, "domino queue join", game="traditional", seats="2",
                    friends=f"<@{dee.id}>")
    invite = [m for m in dms(dee) if "invites you to queue together" in (m.content or "")]
    await dee.user.click(invite[0], label="Confirm")  # in the DM: no member there
    await env.settle()
    table = newest(env)
    assert table.status == "playing"
    assert [s.name for s in table.seats if s.user_id == dee.id] == ["Dee of the server"]


async def test_a_lobby_waiting_its_grace_says_so_not_when_it_starts(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    await ann.slash(channel, "domino new traditional", seats=3, start="in 1h", grace=10)
    await env.settle()
    table = newest(env)
    before = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "Starts <t:" in before
    await env.advance_time(3600 + 1)
    await env.settle()
    waiting = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "waiting for late players" in waiting and "Starts <t:" not in waiting
