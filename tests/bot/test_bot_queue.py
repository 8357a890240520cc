"""The pickup queue through simcord (issue 24): people in four zones are seated at one
table, each told once; a party of two is seated together; bad input changes nothing;
a scheduled table in three zones, and a restart across its start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from catalog import t
from catalog.reader import reading
from cogs.domino_bot import DominoBot
from tables.queue import ENTRIES_MOST
from tests.bot.conftest import custom_ids, show_admin_to_everyone, table_message, text_of
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_pickup import dm_texts, dms, newest, virtual_clock

ZONES = ("America/New_York", "Europe/London", "Europe/Moscow", "Asia/Shanghai")
READY = "Your table from the queue is ready"


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


def four(world: dict[str, Any]) -> list[Any]:
    guild, env = world["guild"], world["env"]
    return [*world["members"], guild.add_member(env.create_user("dee"))]


async def test_four_people_in_four_zones_are_seated_at_one_table_each_told_once(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    people = four(world)
    for member, tz in zip(people, ZONES, strict=True):
        await member.slash(channel, "domino profile", time_zone=tz)
    for member in people[:3]:
        await member.slash(channel, "domino queue join", game="traditional", seats="4",
                           turn_hours=24)
    await env.settle()
    assert env.bot.service.held_tables == {}
    await people[3].slash(channel, "domino queue join", game="traditional", seats="3 4",
                          turn_hours=12)
    await env.settle()
    tables = list(env.bot.service.held_tables.values())
    assert len(tables) == 1
    table = tables[0]
    assert table.status == "playing" and table.channel_id == channel.id
    assert sorted(s.user_id for s in table.seats) == sorted(m.id for m in people)
    assert table.settings.turn_seconds == 12 * 3600
    assert table.message_id is not None  # the table's message is posted in the channel
    assert any(m.id == table.message_id for m in channel.history())
    for member in people:
        assert sum(READY in text for text in dm_texts(member)) == 1
    assert await env.bot.pickup.waiting(world["guild"].id) == []


async def test_a_party_of_two_is_seated_together(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    await cy.slash(channel, "domino queue join", game="traditional", seats="2")
    await ann.slash(channel, "domino queue join", game="traditional", seats="2",
                    friends=f"<@{bob.id}>")
    await env.settle()
    assert env.bot.service.held_tables == {}  # bob has not confirmed: nobody is seated yet
    invite = [m for m in dms(bob) if "invites you to queue together" in (m.content or "")]
    assert len(invite) == 1
    # Bob reads Russian from now on: the click's answer is his (the invitation was sent before).
    await bob.slash(channel, "domino profile", language="ru")
    confirmed = await bob.user.click(invite[0], label="Confirm")
    await env.settle()
    tables = list(env.bot.service.held_tables.values())
    assert len(tables) == 1
    with reading("ru"):  # his confirm completed the table: it says so
        assert answer_text(confirmed).startswith(t(
            "queue.party_opened", host=ann.user.name, table=tables[0].id,
            game=t("game.traditional"), link=""))
    assert sorted(s.user_id for s in tables[0].seats) == sorted([ann.id, bob.id])
    waiting = await env.bot.pickup.waiting(world["guild"].id)
    assert [e.user_id for e in waiting] == [cy.id]


async def test_an_entry_nobody_could_match_is_refused_and_leaving_twice_is_answered(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    never = await ann.slash(channel, "domino queue join", game="traditional", seats="8")
    unread = await ann.slash(channel, "domino queue join", game="traditional", seats="four")
    absent = await ann.slash(channel, "domino queue leave")
    await env.settle()
    assert await env.bot.pickup.store.queue_entries() == []
    assert "Nobody could ever be matched" in answer_text(never)
    assert "Seat counts are numbers" in answer_text(unread)
    assert "You are not waiting in this server's queue" in answer_text(absent)


def lobby_text(channel: Any, table: Any) -> str:
    return text_of([c.to_dict() for c in table_message(channel, table).components])


async def test_a_scheduled_table_shows_one_instant_reminds_the_going_and_starts_with_ai(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    for member, tz in zip((ann, bob, cy), ZONES[1:], strict=True):  # three zones
        await member.slash(channel, "domino profile", time_zone=tz)
    await ann.slash(channel, "domino new traditional", seats=3, start="in 2h", ai_fill=True)
    await env.settle()
    table = newest(env)
    starts = int(virtual_clock() + 2 * 3600)
    assert table.settings.starts_at == pytest.approx(starts)
    text = lobby_text(channel, table)
    # One instant, written as Discord timestamps: each reader's app shows it in their zone.
    assert f"<t:{starts}:F>" in text and f"<t:{starts}:R>" in text
    await bob.click(table_message(channel, table), label="Going")
    await cy.click(table_message(channel, table), label="Can't")
    await env.settle()
    await env.advance_time(3600 + 60)
    assert [x for x in dm_texts(bob) if "starts" in x and f"#{table.id}" in x]
    assert not [x for x in dm_texts(cy) if f"#{table.id}" in x and "starts" in x]
    assert table.status == "lobby"
    await env.advance_time(3600 - 60)
    await env.settle()
    assert table.status == "playing"
    assert [s.user_id for s in table.seats[:2]] == [ann.id, bob.id] and table.seats[2].is_ai
    assert any(f"<@{bob.id}>" in (m.content or "") and "starts now" in (m.content or "")
               for m in channel.history())


async def test_a_restart_between_the_start_time_and_the_start_starts_it_and_says_so(
        world: dict[str, Any], make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    await ann.slash(channel, "domino new traditional", seats=2, start="in 1h")
    await env.settle()
    table = newest(env)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.status == "lobby"  # a scheduled table waits for its time, full or not
    await env.bot.service.close()  # the bot is down from here
    await env.advance_time(2 * 3600)
    fresh = make_bot(clock=virtual_clock)
    await env.restart_bot(fresh)
    await env.settle()
    assert fresh.service.held_tables[table.id].status == "playing"
    late = [m.content for m in channel.history() if "while I was offline" in (m.content or "")]
    assert len(late) == 1 and f"#{table.id}" in late[0]


async def test_a_manager_names_the_pickup_channel_and_the_queue_opens_tables_there(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, _ = world["members"]
    boss = guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "admins", permissions=discord.Permissions(manage_guild=True))])
    pickup = guild.create_text_channel("pickup")
    show_admin_to_everyone(env, guild)
    refused = await ann.slash(channel, "domino-admin settings", pickup_channel=pickup)
    assert "Only members with Manage Server" in answer_text(refused)
    shown = await boss.slash(channel, "domino-admin settings", pickup_channel=pickup)
    assert f"<#{pickup.id}>" in answer_text(shown)
    for member in (ann, bob):
        await member.slash(channel, "domino queue join", game="traditional", seats="2")
    await env.settle()
    assert [t.channel_id for t in env.bot.service.held_tables.values()] == [pickup.id]
    await boss.slash(channel, "domino-admin settings", pickup_threads=True)
    for member in (ann, bob):
        await member.slash(channel, "domino queue join", game="carousel", seats="2")
    await env.settle()
    threaded = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert threaded.channel_id != pickup.id and threaded.settings.opened_in == pickup.id
    assert threaded.message_id is not None


async def test_reading_who_waits_is_the_queue_list_command(world: dict[str, Any]) -> None:
    """Discord runs no command group by itself, so "who waits" is `/domino queue list`:
    names only, with how long each waits. A stranger cannot be invited to a party."""
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino queue join", game="traditional", seats="4")
    await env.advance_time(2 * 3600)
    await bob.slash(channel, "domino queue join", game="carousel", seats="3 4")
    listed = answer_text(await bob.slash(channel, "domino queue list"))
    assert "ann: Traditional, 4 seats, waiting for 2 h" in listed
    assert "bob: Carousel, 3 / 4 seats, waiting for 1 min" in listed
    stranger = answer_text(await bob.slash(channel, "domino queue join", game="carousel",
                                           seats="4", friends="<@123456789012345678>"))
    assert "cannot be invited" in stranger
    waiting = await env.bot.pickup.waiting(world["guild"].id)
    assert [(e.user_id, e.seats) for e in waiting] == [(ann.id, (4,)), (bob.id, (3, 4))]


# -- issue 51: pickup that holds up ------------------------------------------------------
def refuse_dms(env: Any, member: Any) -> None:
    env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)


async def test_a_failed_invitation_changes_nothing_and_bots_are_refused(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino queue join", game="traditional", seats="2")
    refuse_dms(env, bob)
    failed = await ann.slash(channel, "domino queue join", game="traditional", seats="4",
                             friends=f"<@{bob.id}>")
    assert "cannot be invited" in answer_text(failed)
    waiting = await env.bot.pickup.waiting(guild.id)
    assert [(e.user_id, e.seats, e.party_id) for e in waiting] == [(ann.id, (2,), None)]
    robot = guild.add_member(env.create_user("robo", bot=True))
    refused = await ann.slash(channel, "domino queue join", game="traditional", seats="4",
                              friends=f"<@{robot.id}>")
    assert "is a bot" in answer_text(refused)
    await env.settle()
    waiting = await env.bot.pickup.waiting(guild.id)
    assert [(e.user_id, e.seats, e.party_id) for e in waiting] == [(ann.id, (2,), None)]


async def test_replies_say_what_happened_and_the_seated_dm_comes_first(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    first = await ann.slash(channel, "domino queue join", game="traditional", seats="2")
    again = await ann.slash(channel, "domino queue join", game="traditional", seats="2",
                            turn_hours=12)  # within the same second
    assert "You are in the queue" in answer_text(first)
    assert "is updated" in answer_text(again)
    completing = await bob.slash(channel, "domino queue join", game="traditional", seats="2")
    await env.settle()
    table = newest(env)
    assert f"Your join completed a table: table #{table.id}" in answer_text(completing)
    assert "You are in the queue" not in answer_text(completing)
    for member in (ann, bob):
        texts = dm_texts(member)
        assert READY in texts[0]  # before any turn DM
    assert any("Your turn" in x for m in (ann, bob) for x in dm_texts(m))


async def test_someone_who_left_the_server_is_not_seated(world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, cy = world["members"]
    await cy.slash(channel, "domino queue join", game="traditional", seats="2")
    guild.remove_member(cy)
    await ann.slash(channel, "domino queue join", game="traditional", seats="2")
    await env.settle()
    assert env.bot.service.held_tables == {}
    assert [e.user_id for e in await env.bot.pickup.waiting(guild.id)] == [ann.id]
    await bob.slash(channel, "domino queue join", game="traditional", seats="2")
    await env.settle()
    assert sorted(s.user_id for s in newest(env).seats) == sorted([ann.id, bob.id])


async def test_a_profile_without_a_zone_says_so_and_a_start_asks_for_one(
        world: dict[str, Any]) -> None:
    channel = world["channel"]
    ann = world["members"][0]
    shown = answer_text(await ann.slash(channel, "domino profile", quiet_hours="23:00-07:00"))
    assert "Time zone: not chosen" in shown and "Time zone: UTC" not in shown
    asked = await ann.slash(channel, "domino new traditional", seats=2, start="20:00")
    assert "Set your time zone first" in answer_text(asked)
    refused = await ann.slash(channel, "domino new traditional", seats=2, grace=10)
    assert "only work for a scheduled table" in answer_text(refused)
    assert world["env"].bot.service.held_tables == {}


async def test_a_scheduled_lobby_tells_one_story_and_seats_going_people_by_nickname(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    await ann.slash(channel, "domino new traditional", seats=3, start="in 1h", grace=10)
    await env.settle()
    table = newest(env)
    joined = await bob.click(table_message(channel, table), label="Join")
    assert "It starts at its set time" in answer_text(joined)
    assert "host starts it" not in answer_text(joined)
    dee = guild.add_member(env.create_user("dee"), nick="Dee of the server")
    await dee.click(table_message(channel, table), label="Going")
    lonely_at = len(list(channel.history()))
    await ann.slash(channel, "domino new traditional", seats=2, start="in 1h", grace=10)
    await env.settle()
    lonely = newest(env)
    await env.advance_time(3600 + 1)
    await env.settle()
    assert table.status == "playing"
    assert [s.name for s in table.seats] == [table.seats[0].name, table.seats[1].name,
                                             "Dee of the server"]
    story = [m for m in channel.history() if f"#{lonely.id}" in (m.content or "")]
    assert len(story) == 1 and "waits 10 min" in story[0].content
    await env.advance_time(10 * 60 + 1)
    await env.settle()
    later = [m.content or "" for m in list(channel.history())[lonely_at:]
             if f"#{lonely.id}" in (m.content or "")]
    assert len(later) == 1 and "so it closed" in later[0]  # the same message, edited
    assert not any("starts now: -" in x or "expired" in x for x in later)


async def test_a_going_member_who_left_the_server_is_not_seated_at_the_start(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, cy = world["members"]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    await ann.slash(channel, "domino new traditional", seats=3, start="in 1h")
    await env.settle()
    table = newest(env)
    for member in (bob, cy):
        await member.click(table_message(channel, table), label="Going")
    guild.remove_member(bob)
    await env.advance_time(3600 + 1)
    await env.settle()
    assert table.status == "playing"
    assert sorted(s.user_id for s in table.seats) == sorted([ann.id, cy.id])


async def test_a_renew_or_a_confirm_that_completes_a_table_says_it_opened(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    await ann.slash(channel, "domino queue join", game="traditional", seats="2", hours=1)
    await env.advance_time(2 * 3600)
    await env.settle()
    notice = [m for m in dms(ann) if custom_ids([c.to_dict() for c in m.components],
                                                 "dom:renew:")]
    await bob.slash(channel, "domino queue join", game="traditional", seats="2")
    renewed = await ann.user.click(notice[0], label=t("queue.renew"))
    await env.settle()
    table = newest(env)
    assert sorted(s.user_id for s in table.seats) == sorted([ann.id, bob.id])
    assert f"table #{table.id}" in answer_text(renewed)
    assert "you wait for" not in answer_text(renewed)  # not waiting: seated
    dee = world["guild"].add_member(env.create_user("dee"))
    await dee.slash(channel, "domino queue join", game="traditional", seats="3")
    await cy.slash(channel, "domino queue join", game="traditional", seats="3",
                   friends=f"<@{ann.id}>")
    invite = [m for m in dms(ann) if "invites you to queue together" in (m.content or "")]
    confirmed = await ann.user.click(invite[0], label="Confirm")
    await env.settle()
    party_table = newest(env)
    assert party_table.id != table.id
    assert sorted(s.user_id for s in party_table.seats) == sorted([ann.id, cy.id, dee.id])
    assert f"table #{party_table.id}" in answer_text(confirmed)


async def test_a_confirm_refused_by_the_queue_limit_leaves_the_party_unconfirmed(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, _ = world["members"]
    for other in range(ENTRIES_MOST):  # bob waits in as many queues as one person may
        await env.bot.store.queue_join(
            guild_id=other + 1, user_id=bob.id, name="bob", game="traditional", seats=[4],
            longest_turn=3600, rated=True, expires_at=virtual_clock() + 3600)
    await ann.slash(channel, "domino queue join", game="traditional", seats="2",
                    friends=f"<@{bob.id}>")
    invite = [m for m in dms(bob) if "invites you to queue together" in (m.content or "")]
    refused = await bob.user.click(invite[0], label="Confirm")
    assert t("error.limit.queue", most=ENTRIES_MOST) in answer_text(refused)
    waiting = await env.bot.pickup.waiting(guild.id)
    party = await env.bot.store.get_party(waiting[0].party_id or 0)
    assert party is not None and party.members[bob.id] is False  # nothing changed


async def test_a_scheduled_table_that_closed_unfilled_says_so_on_its_message(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await ann.slash(channel, "domino profile", time_zone="Europe/Kyiv")
    await ann.slash(channel, "domino new traditional", seats=3, start="in 1h")
    await env.settle()
    table = newest(env)
    await env.advance_time(3600 + 1)
    await env.settle()
    shown = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "did not fill in time, so it closed" in shown  # the notice's story, not another
    assert "abandoned" not in shown


async def test_a_friend_who_leaves_ends_the_party_and_the_host_is_told(
        world: dict[str, Any]) -> None:
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino queue join", game="traditional", seats="3",
                    friends=f"<@{bob.id}>")
    invite = [m for m in dms(bob) if "invites you to queue together" in (m.content or "")]
    await bob.user.click(invite[0], label="Confirm")
    await bob.slash(channel, "domino queue leave")
    await env.settle()
    told = [x for x in dm_texts(ann) if "your party for Traditional ended" in x]
    assert len(told) == 1 and f"<@{bob.id}>" in told[0]
    waiting = await env.bot.pickup.waiting(guild.id)
    assert [(e.user_id, e.party_id) for e in waiting] == [(ann.id, None)]
