"""A tournament's table options through the bot (issue 49): `/tournament create options:`
typed as name:value, refused in the host's language when mistyped, shown on the sign-up
message and in `/tournament standings`, and every round table seated with them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from cogs.domino_bot import DominoBot
from tests.bot.test_bot_tournament import (
    HOUR,
    create,
    find,
    message_text,
    said,
    settle,
    virtual_clock,
)

pytestmark = pytest.mark.simcord(settle_timeout=60)
CREATE = {"game": "traditional", "format": "swiss", "rounds": 1, "round_hours": 24,
          "start": "in 1h", "seats": 2}


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.fixture
def four(simcord_env: Any) -> dict[str, Any]:
    """A server with a channel, a host with Manage Server and four people."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    people = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cy", "dee")]
    return {"env": simcord_env, "guild": guild, "channel": channel, "boss": boss,
            "people": people}


async def test_a_mistyped_option_is_refused_in_the_hosts_language(
        four: dict[str, Any]) -> None:
    env, channel, boss = four["env"], four["channel"], four["boss"]
    await boss.slash(channel, "domino profile", time_zone="UTC")
    refused = await boss.slash(channel, "tournament create", **CREATE, options="colour:red")
    assert "has no option `colour`" in said(refused) and "`target`" in said(refused)
    await boss.slash(channel, "domino profile", language="ru")
    refused = await boss.slash(channel, "tournament create", **CREATE, options="hand_size:9")
    assert "число от 5 до 7, а не `9`" in said(refused), said(refused)
    assert not await env.bot.features.tournaments.store.tournaments(statuses=("signup",))


async def test_a_tournament_with_a_short_hand_seats_its_tables_with_it(
        four: dict[str, Any]) -> None:
    env, channel, people = four["env"], four["channel"], four["people"]
    row = await create(four, **CREATE, options="hand_size:5 lead:winner")
    assert row.options == {"hand_size": 5, "lead": "winner"}
    text = message_text(find(channel, row.signup_message_id))
    assert "Table options: Hand size: 5, Lead: the last hand's winner, any tile" in text, text
    for member in people:
        await member.click(find(channel, row.signup_message_id), label="Join")
    await settle(env)
    await env.advance_time(HOUR + 60)
    await settle(env)
    view = await env.bot.features.tournaments.view(row.id)
    (first,) = view.rounds
    assert len(first.tables) == 2
    for table_view in first.tables:
        assert table_view.table_id is not None
        table = await env.bot.service.table(table_view.table_id)
        assert dict(table.row.options) == {"hand_size": 5, "lead": "winner"}
        assert table.game is not None and table.game.options.hand_size == 5
    shown = await people[0].slash(channel, "tournament standings", tournament=row.id)
    assert "Table options: Hand size: 5" in said(shown), said(shown)
    plain = await create(four, **CREATE)
    assert "Table options: the game's standard ones" in message_text(
        find(channel, plain.signup_message_id))
