"""The bot reviews a finished game in the background (tables/reviews.py, issue 53)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import discord
import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from engine.review.stored import from_figures
from tables.review_process import on_thinking_thread
from tests.bot.conftest import add_ai, custom_ids, play_out, table_message
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_guards import two_player_table
from tests.bot.test_bot_pickup import dms
from tests.bot.test_bot_tournament import said


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(reviews=True)


async def test_a_game_that_ends_is_reviewed_and_the_stop_ends_the_worker(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    reviews = env.bot.features.reviews
    reviews.analyse, reviews.budget = on_thinking_thread, 16  # quick, in the process
    opened = await ann.slash(channel, "domino new traditional", seats=3)
    lobby = opened.followups[0]
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(lobby, label="Join")
    await add_ai(ann, lobby)
    await env.settle()
    if table.status == "lobby":
        await ann.click(table_message(channel, table), label="Start")
    table = env.bot.service.held_tables.get(table.id) or table
    await play_out(world, table)
    assert table.status == "finished"
    await env.bot.features.background.idle()
    # The game-over DM offers the review; asked for before it is made, it says so.
    (over,) = [m for m in dms(bob) if f"dom:review:{table.id}" in custom_ids(
        [c.to_dict() for c in m.components], "dom:review:")]
    await reviews.drained()
    stored = await env.bot.store.table_review(table.id)
    assert stored is not None and stored.status == "done" and stored.review is not None
    people = {k for k, s in enumerate(table.seats) if s.user_id is not None}
    assert {d.seat for d in from_figures(stored.review).decisions} <= people
    shown_review = answer_text(await bob.user.click(over, custom_id=f"dom:review:{table.id}"))
    assert t("review.title", table=table.id) in shown_review
    assert t("review.yours") in shown_review or t("review.clean") in shown_review
    # The table's own end message offers it too: one who did not play reads the turning
    # point, not "your" moves.
    message = table_message(channel, table)
    assert f"dom:review:{table.id}" in custom_ids([c.to_dict() for c in message.components])
    watched = answer_text(await cy.click(message, custom_id=f"dom:review:{table.id}"))
    assert t("review.title", table=table.id) in watched and t("review.yours") not in watched
    await env.bot.close_tables()
    assert reviews._task is None


async def test_a_manager_switches_the_reviews_off_and_on(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("dominoes")
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    store = simcord_env.bot.store
    shown = await boss.slash(channel, "domino-admin settings")
    assert "Game reviews: on" in said(shown)
    off = await boss.slash(channel, "domino-admin settings", reviews=False)
    assert "Game reviews: off" in said(off)
    assert (await store.get_guild_settings(guild.id)).reviews is False
    await boss.slash(channel, "domino-admin settings", reviews=True)
    assert (await store.get_guild_settings(guild.id)).reviews is True


async def reviewed_from_the_dm(world: dict[str, Any]) -> tuple[int, str]:
    """Ann and Bob play a game to its end (the worker stopped: no review is made); Ann
    presses Review on her game-over DM. The table's id and the private answer."""
    env, ann = world["env"], world["members"][0]
    await env.bot.features.reviews.close()  # the worker would make it at once
    table = await two_player_table(world)
    await play_out(world, table)
    await env.bot.features.background.idle()
    (over,) = [m for m in dms(ann) if custom_ids([c.to_dict() for c in m.components],
                                                 "dom:review:")]
    return table.id, answer_text(await ann.user.click(over, custom_id=f"dom:review:{table.id}"))


async def test_the_review_button_says_when_the_review_is_not_made_yet(
        world: dict[str, Any]) -> None:
    table_id, waiting = await reviewed_from_the_dm(world)
    assert t("review.pending", table=table_id) in waiting


async def test_a_server_that_turned_reviews_off_is_told_there_is_none(
        world: dict[str, Any]) -> None:
    env, guild = world["env"], world["guild"]
    settings = await env.bot.store.get_guild_settings(guild.id)
    await env.bot.store.set_guild_settings(dataclasses.replace(settings, reviews=False))
    table_id, none = await reviewed_from_the_dm(world)
    assert t("review.none", table=table_id) in none
