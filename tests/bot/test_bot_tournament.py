"""A tournament through the bot (issue 49), on simcord's virtual time: `/tournament
create`, the sign-up message's buttons, each round's DMs, the standings message after
every table and the final places.

The bot's clock follows simcord's clock (it starts at 2026-01-01 00:00 UTC).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from tables.tournament.standings import standings as core_standings
from tables.tournament.view import TournamentNotice, core_entrants, plan_of, played_rounds
from tests.bot.conftest import custom_ids, take_turn, text_of
from tests.bot.test_bot_guards import reply_text
from tests.bot.test_bot_holes import old_dm_button

# Whole tournaments of people and AI seats: many seconds of CPU between two settles on a busy
# machine, past simcord's 5 s; the waits themselves are virtual.
pytestmark = pytest.mark.simcord(settle_timeout=60)

HOUR = 3600
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal")


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.fixture
def eight(simcord_env: Any) -> dict[str, Any]:
    """A server with a channel, a host with Manage Server and eight people."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    people = [guild.add_member(simcord_env.create_user(name)) for name in NAMES]
    return {"env": simcord_env, "guild": guild, "channel": channel, "boss": boss,
            "people": people}


async def settle(env: Any) -> None:
    """Wait for the bot's background sends too (the tournament's notices run there)."""
    await env.settle()
    await env.bot.features.background.idle()
    await env.settle()


def said(result: Any) -> str:
    found = result.followups[-1] if result.followups else result.response
    return (found.content or "") + text_of([c if isinstance(c, dict) else c.to_dict()
                                            for c in found.components])


def message_text(message: Any) -> str:
    return (message.content or "") + text_of([c.to_dict() for c in message.components])


def find(channel: Any, message_id: int | None) -> Any:
    found = [m for m in channel.history() if m.id == message_id]
    assert found, f"message {message_id} not in the channel"
    return found[0]


def dm_texts(member: Any) -> list[str]:
    dm = member.user.dm_channel
    return [] if dm is None else [message_text(m) for m in dm.history()]


async def create(world: dict[str, Any], **options: Any) -> Any:
    """The boss (zone UTC) creates a tournament: the stored row."""
    env, channel, boss = world["env"], world["channel"], world["boss"]
    await boss.slash(channel, "domino profile", time_zone="UTC")
    done = await boss.slash(channel, "tournament create", **options)
    await settle(env)
    tournaments = env.bot.features.tournaments
    rows = await tournaments.store.tournaments(statuses=("signup",))
    assert rows, said(done)
    return rows[-1]


async def test_only_a_manager_creates_a_tournament(eight: dict[str, Any]) -> None:
    env, channel = eight["env"], eight["channel"]
    refused = await eight["people"][0].slash(channel, "tournament create", game="traditional",
                                             format="swiss", rounds=3, round_hours=24,
                                             start="in 1h")
    assert "Manage Server" in said(refused)
    assert not await env.bot.features.tournaments.store.tournaments(statuses=("signup",))


async def test_a_three_round_swiss_of_eight_through_the_bot(eight: dict[str, Any]) -> None:
    env, channel, people = eight["env"], eight["channel"], eight["people"]
    tournaments = env.bot.features.tournaments
    row = await create(eight, game="traditional", format="swiss", rounds=3, round_hours=24,
                       start="in 1h", seats=2, title="Winter cup")
    starts = int(virtual_clock() + HOUR)
    signup = find(channel, row.signup_message_id)
    text = message_text(signup)
    assert "Winter cup" in text and f"#{row.id}" in text and "Swiss" in text
    assert f"<t:{starts}:F>" in text and f"<t:{starts}:R>" in text
    assert custom_ids([c.to_dict() for c in signup.components], "dom:tour:") == [
        f"dom:tour:join:{row.id}", f"dom:tour:leave:{row.id}"]
    for count, member in enumerate(people, 1):
        await member.click(find(channel, row.signup_message_id), label="Join")
        await settle(env)
        text = message_text(find(channel, row.signup_message_id))
        assert f"({count})" in text and member.user.name in text, text
    await people[0].click(find(channel, row.signup_message_id), label="Leave")
    await settle(env)
    assert "(7)" in message_text(find(channel, row.signup_message_id))
    await people[0].click(find(channel, row.signup_message_id), label="Join")
    await settle(env)
    assert "(8)" in message_text(find(channel, row.signup_message_id))

    by_id = {m.id: m for m in people}
    for number in (1, 2, 3):
        await env.advance_time(HOUR + 60 if number == 1 else 24 * HOUR)
        await settle(env)
        view = await tournaments.view(row.id)
        (current,) = [r for r in view.rounds if r.number == number]
        assert len(current.tables) == 4 and not current.byes
        signup = find(channel, row.signup_message_id)
        assert "Entry is closed" in message_text(signup)
        # Late entry until round 2 is paired (tables.tournament.service), then no button.
        assert custom_ids([c.to_dict() for c in signup.components], "dom:tour:") == (
            [f"dom:tour:join:{row.id}"] if number == 1 else [])
        for table_view in current.tables:
            for user in table_view.seats:  # each told once, by DM, with a link to it
                told = [x for x in dm_texts(by_id[user])
                        if f"round {number}:" in x and f"#{table_view.table_id}" in x]
                assert len(told) == 1, dm_texts(by_id[user])
                table = await env.bot.service.table(table_view.table_id or 0)
                assert f"/{table.channel_id}/{table.message_id}" in told[0]
        for table_view in current.tables:
            assert table_view.table_id is not None
            table = await env.bot.service.table(table_view.table_id)
            await play_through(env, channel, table, by_id)
            await settle(env)
            await same_standings(env, channel, row.id)
    assert (await tournaments.get(row.id)).status == "finished"
    boards = [m for m in channel.history() if "standings after round" in message_text(m)]
    assert len(boards) == 1 and "round 3 of 3" in message_text(boards[0])
    final = [m.content or "" for m in channel.history() if "Final places" in (m.content or "")]
    assert len(final) == 1
    lines = await tournaments.standings(row.id)
    places = re.findall(r"^(\d+)\. (\w+) ·", final[0], re.M)
    assert places == [(str(line.standing.place), line.name) for line in lines]


async def play_through(env: Any, channel: Any, table: Any, by_id: dict[int, Any]) -> None:
    """The table's people press their moves until it ends."""
    for _ in range(500):
        if table.status != "playing":
            return
        seat = table.seats[table.game.to_move]
        if seat.is_ai or seat.user_id not in by_id:
            await settle(env)
            continue
        await take_turn(by_id[seat.user_id], channel, table)
        await settle(env)
    raise AssertionError(f"table {table.id} did not end")


async def same_standings(env: Any, channel: Any, tournament_id: int) -> None:
    """The standings message shows the standings over the stored rounds."""
    tournaments = env.bot.features.tournaments
    store = tournaments.store
    row = await tournaments.get(tournament_id)
    expected = core_standings(core_entrants(await store.entrants(row.id)), played_rounds(
        plan_of(row), await store.tournament_rounds(row.id), await store.round_tables(row.id),
        done_only=False))
    names = {e.user_id: e.name for e in await store.entrants(row.id)}
    text = message_text(find(channel, row.standings_message_id))
    shown = re.findall(r"^(\d+)\. (\w+) · ([\d.]+) · ([\d.]+)$", text, re.M)
    assert [(int(p), n, float(x), float(b)) for p, n, x, b in shown] == [
        (s.place, names[s.entrant], s.points, s.buchholz) for s in expected], text


async def test_the_tournament_command_fits_and_is_named_in_every_language(
        simcord_env: Any) -> None:
    from tests.bot.test_bot_command_languages import (
        COMMAND_CHARACTERS,
        LOCALES,
        _characters,
        registered,
    )
    (command,) = [c for c in registered(simcord_env) if c["name"] == "tournament"]
    counts = {locale: _characters(command, locale) for locale in (None, *LOCALES)}
    assert max(counts.values()) <= COMMAND_CHARACTERS and counts["ru"] != counts[None], counts
    names = command["name_localizations"]
    assert (names["ru"], names["uk"], names["es-ES"], names["pt-BR"]) == (
        "турнир", "турнір", "torneo", "torneio")
    (create,) = [o for o in command["options"] if o["name"] == "create"]
    (shape,) = [o for o in create["options"] if o["name"] == "format"]
    assert [c["name_localizations"]["ru"] for c in shape["choices"]] == [
        "Швейцарская система", "Круговая система", "Олимпийская система"]


async def test_the_hosts_controls_and_a_withdrawal(eight: dict[str, Any]) -> None:
    env, channel, people, boss = eight["env"], eight["channel"], eight["people"], eight["boss"]
    tournaments = env.bot.features.tournaments
    row = await create(eight, game="traditional", format="swiss", rounds=3, round_hours=24,
                       start="in 1h", seats=2, check_in=True)
    signup = find(channel, row.signup_message_id)
    assert f"dom:tour:checkin:{row.id}" in custom_ids([c.to_dict() for c in signup.components])
    for member in people[:4]:
        await member.click(find(channel, row.signup_message_id), label="Join")
        await member.click(find(channel, row.signup_message_id), label="Check in")
    await settle(env)
    assert message_text(find(channel, row.signup_message_id)).count("✓") == 4
    refused = await people[0].slash(channel, "tournament pause", tournament=row.id)
    assert "Manage Server" in said(refused)
    await env.advance_time(HOUR + 60)
    await settle(env)
    assert (await tournaments.get(row.id)).status == "running"

    await boss.slash(channel, "tournament pause", tournament=row.id)
    await settle(env)
    assert (await tournaments.get(row.id)).status == "paused"
    assert any(f"#{row.id} is paused" in (m.content or "") for m in channel.history())
    await boss.slash(channel, "tournament resume", tournament=row.id)
    await settle(env)
    assert any(f"#{row.id} goes on" in (m.content or "") for m in channel.history())
    extended = await boss.slash(channel, "tournament extend", tournament=row.id, hours=2)
    assert "now ends <t:" in said(extended)

    view = await tournaments.view(row.id)
    first, second = view.rounds[0].tables
    by_id = {m.id: m for m in people}
    await boss.slash(channel, "tournament replace", tournament=row.id,
                     player=by_id[first.seats[0]].user)
    await settle(env)
    assert (await tournaments.view(row.id)).rounds[0].tables[0].forfeits == (0,)
    gone = await by_id[second.seats[1]].slash(channel, "tournament withdraw", tournament=row.id)
    assert "results so far stand" in said(gone)
    await settle(env)
    assert any(f"<@{second.seats[1]}> left tournament #{row.id}" in (m.content or "")
               for m in channel.history())
    removed = await boss.slash(channel, "tournament remove", tournament=row.id,
                               player=by_id[second.seats[0]].user)
    assert "is out of" in said(removed)
    shown = await people[0].slash(channel, "tournament standings", tournament=row.id)
    assert "Place · name · points · Buchholz" in said(shown)
    await boss.slash(channel, "tournament cancel", tournament=row.id)
    await settle(env)
    assert (await tournaments.get(row.id)).status == "cancelled"
    assert any(f"#{row.id} was cancelled" in (m.content or "") for m in channel.history())
    again = await boss.slash(channel, "tournament cancel", tournament=row.id)
    assert "is over" in said(again)


async def test_each_is_told_in_their_language_and_one_without_dms_in_the_channel(
        eight: dict[str, Any]) -> None:
    env, channel, people = eight["env"], eight["channel"], eight["people"]
    ann, bob = people[:2]
    row = await create(eight, game="traditional", format="swiss", rounds=1, round_hours=24,
                       start="in 1h", seats=2)
    await ann.slash(channel, "domino profile", language="ru")
    for member in (ann, bob):
        await member.click(find(channel, row.signup_message_id), label="Join")
    await settle(env)
    dm = bob.user.dm_channel or await bob.user.create_dm()
    env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await env.advance_time(HOUR + 60)
    await settle(env)
    told = [x for x in dm_texts(ann) if f"Турнир №{row.id}, тур 1" in x]
    assert len(told) == 1, dm_texts(ann)
    mentioned = [m for m in channel.history() if (m.content or "").startswith(f"<@{bob.id}> ")]
    assert len(mentioned) == 1 and f"Tournament #{row.id}, round 1" in mentioned[0].content
    assert [u.id for u in mentioned[0].mentions] == [bob.id]
    # The service's reminder (pinned in tests/tables/) reaches the person as a DM.
    tournaments = env.bot.features.tournaments
    (listener,) = tournaments.listeners
    await listener(TournamentNotice("reminder", await tournaments.get(row.id), 1, (ann.id,)))
    await settle(env)
    reminded = [x for x in dm_texts(ann) if f"Турнир №{row.id}, тур 1 заканчивается" in x]
    assert len(reminded) == 1, dm_texts(ann)
    # Nobody moves: each no-show's seat goes to the AI, which ends the table; the last
    # (and only) round is done.
    await env.advance_time(24 * HOUR)
    await settle(env)
    assert (await env.bot.features.tournaments.get(row.id)).status == "finished"
    final = [m.content or "" for m in channel.history() if "Final places" in (m.content or "")]
    assert len(final) == 1 and "1. " in final[0] and "2. " in final[0]


async def test_one_who_left_the_server_cannot_enter_from_a_dm(eight: dict[str, Any]) -> None:
    """Join and Check in from outside the server (an old DM's button, a guessed id) take a
    member of it now, as a lobby's Join does (issue 55); a member's click still enters."""
    env, guild = eight["env"], eight["guild"]
    ann, bob = eight["people"][:2]
    row = await create(eight, game="traditional", format="swiss", rounds=3, round_hours=24,
                       start="in 1h", seats=2, check_in=True)
    guild.remove_member(ann)
    for action in ("join", "checkin"):
        custom_id = f"dom:tour:{action}:{row.id}"
        clicked = await ann.user.click(await old_dm_button(env, ann, custom_id, action),
                                       custom_id=custom_id)
        assert t("error.not_member_server") in reply_text(clicked), action
    custom_id = f"dom:tour:join:{row.id}"
    await bob.user.click(await old_dm_button(env, bob, custom_id, "Join"), custom_id=custom_id)
    await settle(env)
    entrants = await env.bot.features.tournaments.store.entrants(row.id)
    assert [e.user_id for e in entrants] == [bob.id]


@pytest.mark.parametrize("quiet", [True, False])
async def test_the_signup_message_says_whether_the_quiet_clock_is_on(
        eight: dict[str, Any], quiet: bool) -> None:
    row = await create(eight, game="traditional", format="swiss", rounds=3, round_hours=24,
                       start="in 1h", seats=2, quiet_clock=quiet)
    text = message_text(find(eight["channel"], row.signup_message_id))
    key = "tournament.quiet_clock_on" if quiet else "tournament.quiet_clock_off"
    assert t(key).split("(")[0].split(";")[0] in text
