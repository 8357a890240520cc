"""`/domino-admin erase-server` (issue 55): a server's admin confirms twice, then nothing
the bot stores holds the server's id; each person keeps their own profile; refused while
a game is in play there, and to a member without Manage Server."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from tests.bot.conftest import play_out, show_admin_to_everyone
from tests.bot.test_bot_forget_me import rows_holding, shown_now
from tests.bot.test_bot_guards import reply_text, two_player_table
from tests.bot.test_bot_pickup import virtual_clock


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


def boss_of(world: dict[str, Any]) -> Any:
    """A member of the world's server with Manage Server."""
    guild, env = world["guild"], world["env"]
    return guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "admins", permissions=discord.Permissions(manage_guild=True))])


def first_answer(asked: Any) -> Any:
    return asked.followups[-1] if asked.followups else asked.response


async def test_erase_server_twice_confirmed_leaves_nothing_of_the_server(
        world: dict[str, Any], db_path: Path) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cy = world["members"]
    boss = boss_of(world)
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    table = await two_player_table(world)  # ann hosts, bob joins
    refused = await boss.slash(channel, "domino-admin erase-server")
    assert t("error.erase_server.in_play", what=f"#{table.id}") in reply_text(refused)
    await play_out(world, table)
    await cy.slash(channel, "domino queue join", game="carousel", seats="4")
    assert rows_holding(db_path, guild.id)
    first = first_answer(await boss.slash(channel, "domino-admin erase-server"))
    assert t("erase_server.ask") in first.content
    await boss.click(first, label=t("erase_server.button_first"))
    assert t("erase_server.ask_again") in shown_now(env, first).content
    await boss.click(shown_now(env, first), label=t("erase_server.button_final"))
    assert t("erase_server.done") in shown_now(env, first).content
    assert rows_holding(db_path, guild.id) == []
    with sqlite3.connect(db_path) as conn:
        for kept in ("seats", "moves", "results"):
            found = conn.execute(f"SELECT COUNT(*) FROM {kept} WHERE table_id = ?", (table.id,))
            assert found.fetchone() == (0,), kept
        scopes = {r[0] for r in conn.execute("SELECT scope FROM ratings")}
    assert scopes == {0}  # the global board keeps each person's rating
    # Each person keeps what is theirs: her profile, language and global rating.
    assert {name for name, _ in rows_holding(db_path, ann.id)} == {
        "players", "person_languages", "ratings"}
    assert await env.bot.pickup.waiting(guild.id) == []
    assert "#" not in reply_text(await bob.slash(channel, "domino history")).split("\n", 1)[-1]


async def test_erase_server_is_for_managers_only_and_keep_keeps_it(
        world: dict[str, Any], db_path: Path) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann = world["members"][0]
    show_admin_to_everyone(env, guild)
    await ann.slash(channel, "domino queue join", game="carousel", seats="4")
    refused = await ann.slash(channel, "domino-admin erase-server")
    assert t("error.erase_server.not_manager") in reply_text(refused)
    boss = boss_of(world)
    first = first_answer(await boss.slash(channel, "domino-admin erase-server"))
    await boss.click(first, label=t("forget.button_keep"))
    assert t("forget.kept") in shown_now(env, first).content
    assert rows_holding(db_path, guild.id)  # nothing erased
