"""Parties of the pickup queue through simcord (issue 51): a friend who confirms in a DM
is seated under their name in the server, as everyone who joins there is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cogs.domino_bot import DominoBot
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
