"""The daily deal through the real bot: the same deal for a server's day, one try each,
played in DMs, results and boards, and the board posted once the day is over."""

from __future__ import annotations

from typing import Any

import discord

from tables.daily import DAY, daily_seed, day_of, streak
from tests.bot.conftest import show_admin_to_everyone

NOON = 1_796_126_400.0  # 2026-12-01 12:00 UTC


def said(result: Any) -> str:
    """The text of a command's (ephemeral) answer, sent as the response or a follow-up."""
    return str((result.followups[-1] if result.followups else result.response).content)


def at(env: Any, when: float) -> None:
    env.bot.service.clock = lambda: when


def dm_table(env: Any, member: Any) -> Any:
    """The member's newest table, which must be a private (DM) Big Clock table."""
    mine = [t for t in env.bot.service.held_tables.values() if t.host_id == member.user.id]
    table = max(mine, key=lambda t: t.id)
    assert table.game_kind == "clock" and table.guild_id is None
    assert table.channel_id == member.user.dm_channel.id
    return table


async def give_up(env: Any, member: Any, table: Any) -> None:
    message = next(m for m in member.user.dm_channel.history() if m.id == table.message_id)
    asked = await member.user.click(message, label="Give up")  # it asks first
    await member.user.click(asked.response, label="Yes, resign")


async def test_everyone_in_a_server_gets_the_same_deal_that_day_and_one_try(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    at(env, NOON)
    first = await ann.slash(channel, "domino daily")
    assert first.response.ephemeral and "DMs" in said(first)
    table_a = dm_table(env, ann)
    await bob.slash(channel, "domino daily")
    table_b = dm_table(env, bob)
    assert table_a.id != table_b.id
    assert table_a.seed == table_b.seed == daily_seed(world["guild"].id, day_of(NOON))
    assert table_a.game.record()["deal"] == table_b.game.record()["deal"]
    # Nothing of the deal is shown in the server's channel.
    assert not [m for m in channel.history() if not m.flags.ephemeral and m.components]
    # A second try the same day is refused, even later that day.
    at(env, NOON + 3 * 3600)
    again = await ann.slash(channel, "domino daily")
    assert "under way" in said(again)
    assert dm_table(env, ann).id == table_a.id


async def test_the_deal_changes_with_the_day_and_the_results_are_kept(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    at(env, NOON)
    await ann.slash(channel, "domino daily")
    today = dm_table(env, ann)
    for move in ("draw",):
        await env.bot.service.play(today.id, ann.user.id, None, move)
    await give_up(env, ann, today)
    assert today.status == "finished"
    home = len(today.game.home_hours())
    mine = await ann.slash(channel, "domino daily")
    text = said(mine)
    assert f"Big Clock #335 · {home}/12 · 2 moves" in text and "Days in a row: 1" in text
    board = await ann.slash(channel, "domino daily-board", week=True)
    assert f"ann: {home}/12 hours home · 2 moves" in said(board)
    assert "The week to 2026-12-01" in said(board)
    at(env, NOON + DAY)  # the next day: a new deal, and a new try
    await ann.slash(channel, "domino daily")
    tomorrow = dm_table(env, ann)
    assert tomorrow.id != today.id and tomorrow.seed != today.seed
    result = await env.bot.store.daily_result(world["guild"].id, "2026-12-01", ann.user.id)
    assert result is not None and result.moves == 2 and result.won is False


async def test_the_board_is_posted_in_the_chosen_channel_once_the_day_is_over(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann = world["members"][0]
    boss = guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    boards = guild.create_text_channel("daily-boards")
    show_admin_to_everyone(env, guild)
    refused = await ann.slash(channel, "domino-admin daily-channel", channel=boards)
    assert "Manage Server" in said(refused)
    await boss.slash(channel, "domino-admin daily-channel", channel=boards)
    at(env, NOON)
    await ann.slash(channel, "domino daily")
    table = dm_table(env, ann)
    await give_up(env, ann, table)
    daily = env.bot.daily
    assert await daily.post_due() == 0  # the day is not over
    at(env, NOON + DAY)
    assert await daily.post_due() == 1
    assert await daily.post_due() == 0  # once only
    await env.settle()
    posted = [m.content for m in boards.history() if "Big Clock #335" in m.content]
    home = len(table.game.home_hours())
    assert len(posted) == 1 and f"ann: {home}/12 hours home · 1 move ·" in posted[0]


def test_reading_a_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    assert streak(["2026-12-01", "2026-11-30", "2026-11-28"], "2026-12-01") == 2
    assert streak(["2026-11-30", "2026-11-29"], "2026-12-01") == 2  # today still open
    assert streak(["2026-11-29"], "2026-12-01") == 0
    assert daily_seed(1, "2026-12-01") != daily_seed(2, "2026-12-01")


async def test_closed_dms_cost_nobody_their_try(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    cy = world["members"][2]
    at(env, NOON)
    env.inject_error("POST", f"/channels/{cy.user.dm_channel.id}/messages", status=403,
                     code=50007, times=1)
    refused = await cy.slash(channel, "domino daily")
    assert "cannot send you a DM" in said(refused)
    assert await env.bot.store.daily_result(world["guild"].id, day_of(NOON), cy.user.id) is None
    await cy.slash(channel, "domino daily")  # DMs open again: the try is still there
    assert dm_table(env, cy).seed == daily_seed(world["guild"].id, day_of(NOON))
