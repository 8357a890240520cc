"""Pickup games across time zones, through simcord's virtual time.

The bot's clock follows simcord's clock (`discord.utils.utcnow` is virtual under
simcord), which starts at 2026-01-01 00:00 UTC, so the times below are exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from cogs.domino_bot import DominoBot
from tests.bot.conftest import (
    add_ai,
    custom_ids,
    open_table,
    show_admin_to_everyone,
    table_message,
    take_turn,
    text_of,
)

HOUR = 3600


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


def newest(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


def dms(member: Any) -> list[Any]:
    """The bot's messages in the member's DM channel, oldest first."""
    return list(member.user.dm_channel.history())


def dm_texts(member: Any) -> list[str]:
    return [(m.content or "") + text_of([c.to_dict() for c in m.components])
            for m in dms(member)]


def channel_texts(channel: Any) -> list[str]:
    return [m.content or "" for m in channel.history()]


def member_of(world: dict[str, Any], table: Any, seat: int) -> Any:
    return next(m for m in world["members"] if m.id == table.seats[seat].user_id)


async def open_pair(world: dict[str, Any], *, lobby: dict[str, Any] | None = None,
                    **options: Any) -> Any:
    """ann opens a 2-seat Traditional table (its lobby's settings `lobby`), bob joins: it
    starts by itself."""
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await open_table(ann, channel, "traditional", seats=2, lobby=lobby, **options)
    table = newest(env)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.status == "playing"
    return table


async def test_a_48_hour_turn_reminds_at_half_and_nine_tenths_then_times_out(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    table = await open_pair(world, pace="correspondence")
    assert table.settings.turn_seconds == 48 * HOUR
    start = virtual_clock()
    assert table.deadline == pytest.approx(start + 48 * HOUR)
    text = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert f"<t:{int(table.deadline)}:R>" in text
    seat, seq = table.game.to_move, table.seq
    mover = member_of(world, table, seat)
    first = dm_texts(mover)
    assert len(first) == 1 and "Your turn at table" in first[0]
    assert "https://discord.com/channels/" in first[0] and str(table.message_id) in first[0]
    assert custom_ids([c.to_dict() for c in dms(mover)[0].components], "dom:")

    await env.advance_time(24 * HOUR - 60)
    assert len(dm_texts(mover)) == 1
    await env.advance_time(61)
    assert len(dm_texts(mover)) == 2 and "Reminder" in dm_texts(mover)[1]
    await env.advance_time(43.2 * HOUR - 24 * HOUR - 60)
    assert len(dm_texts(mover)) == 2
    await env.advance_time(61)
    assert len(dm_texts(mover)) == 3
    assert table.seq == seq and not any("ran out of time" in x for x in channel_texts(channel))
    await env.advance_time(48 * HOUR - 43.2 * HOUR - 60)
    assert table.seq == seq
    await env.advance_time(61)
    assert table.seq > seq
    timeouts = [x for x in channel_texts(channel) if "ran out of time" in x]
    assert len(timeouts) == 1 and table.seats[seat].name in timeouts[0]
    assert table.settings.timeouts_of(seat) == 1


async def test_a_reminder_in_quiet_hours_elsewhere_arrives_when_they_end(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    for member in world["members"][:2]:
        shown = await member.slash(channel, "domino profile", time_zone="America/New_York",
                                   quiet_hours="22:00-08:00")
        assert shown.response is not None and "22:00-08:00" in shown.response.content
    choices = await world["members"][0].autocomplete(channel, "domino profile", "time_zone",
                                                     "new_y")
    assert any(c["value"] == "America/New_York" for c in choices)
    # Turn start 00:00 UTC = 19:00 in New York; 24 h turn: the 50% reminder is due at
    # 12:00 UTC = 07:00 there, in quiet hours, so it waits for 08:00 = 13:00 UTC.
    table = await open_pair(world, lobby={"turn_minutes": 24 * 60})
    mover = member_of(world, table, table.game.to_move)
    assert len(dm_texts(mover)) == 1
    await env.advance_time(12 * HOUR + 60)
    assert len(dm_texts(mover)) == 1
    await env.advance_time(HOUR - 120)
    assert len(dm_texts(mover)) == 1
    await env.advance_time(120)
    assert len(dm_texts(mover)) == 2 and "Reminder" in dm_texts(mover)[1]


async def test_a_refused_dm_falls_back_to_a_mention_and_the_game_goes_on(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    for member in world["members"][:2]:
        dm = member.user.dm_channel
        env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                         message="Cannot send messages to this user", times=None)
    table = await open_pair(world, pace="live")
    seat = table.game.to_move
    mover = member_of(world, table, seat)
    mentions = [x for x in channel_texts(channel) if f"<@{mover.id}>" in x and "your turn" in x]
    assert len(mentions) == 1
    player = await env.bot.store.get_player(mover.id)
    assert player is not None and player.dms_failed
    seq = table.seq
    await take_turn(mover, channel, table)
    await env.settle()
    assert table.seq > seq and table.status in ("playing", "finished")
    profile = await mover.slash(channel, "domino profile")
    assert "refused" in profile.response.content


async def test_restart_with_overdue_deadlines_handles_each_once(
        world: dict[str, Any], make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    first = await open_pair(world, pace="live")
    second = await open_pair(world, pace="live")
    seqs = {first.id: first.seq, second.id: second.seq}
    await env.bot.service.close()  # the scheduler stops: the bot is "down" from here
    await env.advance_time(5 * 60)
    fresh = make_bot(clock=virtual_clock)
    await env.restart_bot(fresh)
    await env.settle()
    after = {}
    for old in (first, second):  # the timeout's move, and the forced draws after it
        table = fresh.service.held_tables.get(old.id)
        assert table is not None and table.seq >= seqs[old.id] + 1
        moves = list(await fresh.store.moves(old.id))
        assert all(m in ("draw", "pass") for m in moves[seqs[old.id] + 1:])
        after[old.id] = table.seq
    notices = [x for x in channel_texts(channel) if "ran out of time" in x]
    assert len(notices) == 2
    assert f"#{first.id}" in notices[0] and f"#{second.id}" in notices[1]  # deadline order
    again = make_bot(clock=virtual_clock)
    await env.restart_bot(again)
    await env.settle()
    assert len([x for x in channel_texts(channel) if "ran out of time" in x]) == 2
    for old in (first, second):
        assert again.service.held_tables[old.id].seq == after[old.id]


async def test_three_timeouts_hand_the_seat_to_an_ai_and_the_player_takes_it_back(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    table = await open_pair(world, pace="live")
    ann, bob = world["members"][:2]
    bob_seat = table.seat_of(bob.id)
    steps = 0
    while bob_seat not in table.settings.away and table.status == "playing" and steps < 60:
        if table.game.to_move == bob_seat:
            await env.advance_time(121)
        else:
            await take_turn(ann, channel, table)
            await env.settle()
        steps += 1
    if table.status != "playing":
        pytest.skip("the hand ended before bob timed out three times")
    assert bob_seat in table.settings.away
    assert any("an AI plays their seat" in x for x in channel_texts(channel))
    message = table_message(channel, table)
    text = text_of([c.to_dict() for c in message.components])
    assert "is away" in text
    assert custom_ids([c.to_dict() for c in message.components], "dom:back:")
    # ann cannot take bob's seat; bob can.
    refused = await ann.click(message, label="Take my seat back")
    assert refused.followups or refused.response
    await bob.click(table_message(channel, table), label="Take my seat back")
    await env.settle()
    assert bob_seat not in table.settings.away
    assert any("took their seat back" in x for x in channel_texts(channel))
    text = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "is away" not in text


async def test_games_open_and_settings(world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cy = world["members"]
    show_admin_to_everyone(env, guild)
    denied = await bob.slash(channel, "domino-admin settings", turn_minutes=30)
    assert "Manage Server" in (denied.response.content if denied.response else
                               denied.followups[0].content)
    boss = guild.create_role("boss", permissions=discord.Permissions(manage_guild=True))
    pings = guild.create_role("dominoes")
    admin = guild.add_member(env.create_user("dee"), roles=[boss])
    shown = await admin.slash(channel, "domino-admin settings", turn_minutes=180,
                              reminders="25 75", timeout_action="skip",
                              lobby_role=pings, lobby_minutes=600)
    assert "3 h" in shown.response.content and "25%" in shown.response.content
    await ann.slash(channel, "domino new carousel", seats=3)
    lobby = newest(env)
    assert lobby.settings.turn_seconds == 3 * HOUR and lobby.settings.lobby_seconds == 600 * 60
    assert lobby.settings.reminders == (0.25, 0.75) and lobby.settings.timeout_action == "skip"
    assert any(f"<@&{pings.id}>" in x for x in channel_texts(channel))
    sent = [e.json for e in env.http_requests if e.path == f"/channels/{channel.id}/messages"
            and e.method == "POST" and isinstance(e.json, dict)
            and f"<@&{pings.id}>" in (e.json.get("content") or "")]
    assert len(sent) == 1  # the role may ping; nobody else
    assert sent[0]["allowed_mentions"]["roles"] == [pings.id]
    assert not sent[0]["allowed_mentions"].get("users") and not sent[0]["allowed_mentions"]["parse"]
    listed = await cy.slash(channel, "domino open")
    assert f"#{lobby.id}" in listed.response.content
    await bob.click(table_message(channel, lobby), label="Join")
    mine = await bob.slash(channel, "domino games")
    assert f"#{lobby.id}" in mine.response.content and "lobby 2/3" in mine.response.content
    await add_ai(ann, table_message(channel, lobby))  # last seat: auto-start
    await env.settle()
    assert lobby.status == "playing"
    mine = await bob.slash(channel, "domino games")
    assert f"#{lobby.id}" in mine.response.content and "lobby" not in mine.response.content
    nothing = await cy.slash(channel, "domino games")
    assert "no lobby or game" in nothing.response.content
