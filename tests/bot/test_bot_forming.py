"""The queue's forming posts through the bot (issue 51): who waits is posted in the
queue's channel with a Join button, edited as people join, "table opened" once it fills;
nothing is posted for a server that turned them off."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from tests.bot.conftest import custom_ids, text_of
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_pickup import virtual_clock


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


async def settle(env: Any) -> None:
    """Wait for the bot's background sends too (the posts are edited there)."""
    await env.settle()
    await env.bot.features.background.idle()
    await env.settle()


def posts(channel: Any, game: str) -> list[Any]:
    """The channel's forming posts of `game` (a Join button, or the closing line)."""
    named = t(f"game.{game}")
    return [m for m in channel.history()
            if f"**{named}: " in text_of([c.to_dict() for c in m.components])
            or f"**{named}**: " in text_of([c.to_dict() for c in m.components])]


def shown(message: Any) -> tuple[str, list[str]]:
    components = [c.to_dict() for c in message.components]
    return text_of(components), custom_ids(components, "dom:forming:")


async def test_a_forming_post_lists_who_waits_takes_joins_and_closes_when_a_table_opens(
        world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cy = world["members"]
    dee = guild.add_member(env.create_user("dee"))
    await ann.slash(channel, "domino queue join", game="carousel", seats="4", turn_hours=12)
    await settle(env)
    (post,) = posts(channel, "carousel")
    text, buttons = shown(post)
    assert ann.user.name in text and buttons == [f"dom:forming:{guild.id}:carousel"]
    assert t("forming.how", seats="4", turn=t("time.hours", count=12)).split(".")[0] in text
    joined = await bob.click(post, custom_id=buttons[0])
    assert t("queue.joined", game=t("game.carousel"), seats="4",
             turn=t("time.hours", count=12)) in answer_text(joined)
    await settle(env)
    (post,) = posts(channel, "carousel")  # the same message, edited
    text, _ = shown(post)
    assert ann.user.name in text and bob.user.name in text
    again = await bob.click(post, custom_id=buttons[0])
    assert t("error.forming.already", game=t("game.carousel")) in answer_text(again)
    await cy.click(post, custom_id=buttons[0])
    last = await dee.click(post, custom_id=buttons[0])  # completes the table
    (table,) = env.bot.service.held_tables.values()
    assert f"#{table.id}" in answer_text(last)
    await settle(env)
    (post,) = posts(channel, "carousel")
    text, buttons = shown(post)
    assert buttons == [] and f"#{table.id}" in text
    assert sorted(s.user_id for s in table.seats) == sorted(m.id for m in (ann, bob, cy, dee))
    assert table.settings.turn_seconds == 12 * 3600  # the first in line's wish


async def test_a_server_that_turned_them_off_gets_none(world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann = world["members"][0]
    boss = guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "admins", permissions=discord.Permissions(manage_guild=True))])
    await ann.slash(channel, "domino queue join", game="traditional", seats="3")
    await settle(env)
    assert len(posts(channel, "traditional")) == 1
    said = await boss.slash(channel, "domino-admin settings", forming_posts=False)
    assert t("settings.forming", state=t("option.off")) in answer_text(said)
    await settle(env)
    (post,) = posts(channel, "traditional")  # closed: nobody is told to join any more
    assert shown(post)[1] == []
    await ann.slash(channel, "domino queue leave")
    await ann.slash(channel, "domino queue join", game="traditional", seats="3")
    await settle(env)
    assert len(posts(channel, "traditional")) == 1  # no new post
