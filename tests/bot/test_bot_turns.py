"""Turns that respect people's time (issue 14), played through simcord by scripted humans.

They act only on their latest hand message (tests/bot/scripted.py). After every move
each human's latest hand message shows their current hand, and no older one has an
enabled button; nobody clicks Draw or Pass; each gets at most (real decisions + 2) DMs;
a restart in the middle keeps all of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord
import pytest

import cogs.play.hands as hands_module
import tables.lobby as lobby_module
from cogs.domino_bot import DominoBot
from cogs.table.message_updates import REPOST_AFTER
from storage.models import GuildSettings
from tests.bot.conftest import custom_ids, table_message, text_of
from tests.bot.conftest import open_table as host_opens
from tests.bot.scripted import (
    MOVE_PREFIXES,
    Seeds,
    Tally,
    check_hands,
    enabled_ids,
    human_move,
    payload,
    play_game,
)


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture(autouse=True)
def real_seeds_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests here fix the deals (`Seeds`); monkeypatch puts the real source back."""
    monkeypatch.setattr(lobby_module, "secrets", lobby_module.secrets)


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.fixture
def four(world: dict[str, Any]) -> dict[str, Any]:
    world["members"].append(world["guild"].add_member(world["env"].create_user("dee")))
    return world


async def open_table(world: dict[str, Any], seats: int, seed: int, **options: Any) -> Any:
    env, channel = world["env"], world["channel"]
    members = world["members"][:seats]
    lobby_module.secrets = Seeds(seed)  # type: ignore[attr-defined]
    await members[0].slash(channel, "domino new traditional", seats=seats,
                           pace="casual", **options)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    for member in members[1:]:
        await member.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.status == "playing"
    return table


@pytest.mark.parametrize(("seats", "seed"), [(4, 5), (4, 8), (2, 9), (2, 12)])
async def test_scripted_humans_decide_only_real_choices(four: dict[str, Any], seats: int,
                                                        seed: int) -> None:
    env = four["env"]
    members = four["members"][:seats]
    table = await open_table(four, seats, seed)

    async def after(live: Any) -> None:
        if live.status == "playing":
            await check_hands(env, live, members)

    tally = await play_game(env, table, members, after_move=after)
    assert sum(tally.forced_clicks.values()) == 0 and tally.hand_opens == 0
    assert tally.decisions, "nobody decided anything"
    for member in members:
        assert tally.dms[member.id] <= tally.decisions[member.id] + 2, member.name
    moves = list(await env.bot.store.moves(table.id))
    if seats == 2:
        assert "draw" in moves  # the stock was drawn from, and nobody clicked it


async def test_a_restart_in_the_middle_keeps_the_latest_hand_messages(
        four: dict[str, Any], make_bot: Callable[..., DominoBot]) -> None:
    env = four["env"]
    members = four["members"][:2]
    table = await open_table(four, 2, 9)
    restarted = False

    async def after(live: Any) -> Any:
        nonlocal restarted
        if live.status != "playing":
            return None
        if not restarted and live.seq >= 6:
            restarted = True
            await env.bot.service.close()
            fresh = make_bot(clock=virtual_clock)
            await env.restart_bot(fresh)
            await env.settle()
            live = fresh.service.held_tables[live.id]
        await check_hands(env, live, members)
        return live

    tally = await play_game(env, table, members, after_move=after)
    assert restarted and sum(tally.forced_clicks.values()) == 0
    for member in members:
        assert tally.dms[member.id] <= tally.decisions[member.id] + 2


async def test_a_match_shows_a_summary_of_every_hand(four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    members = four["members"][:3]
    table = await open_table(four, 3, 4, target=41)
    summaries: list[str] = []

    async def after(live: Any) -> None:
        text = text_of([c.to_dict() for c in table_message(channel, live).components])
        if "is over" in text and not live.game.view(None).history:
            summaries.append(text)

    await play_game(env, table, members, after_move=after)
    messages = [m for m in channel.history() if (m.content or "").startswith("**Hand ")]
    assert all(m.attachments and m.attachments[0].filename == "hand-end.png" for m in messages)
    posted = [m.content for m in messages]
    assert table.game.finished_hands >= 2
    assert [int(p.split()[1]) for p in posted] == list(range(1, table.game.finished_hands + 1))
    assert all("count" in p and "Match" in p for p in posted), posted[0]
    assert summaries  # the table message showed a summary until the next hand's first move


async def test_a_resign_at_four_seats_asks_first_and_the_others_finish(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    members = four["members"]
    table = await open_table(four, 4, 5)
    dee = members[3]
    asked = await dee.click(table_message(channel, table), label="Resign")
    question = asked.response
    assert question is not None and question.ephemeral and table.settings.resigned == ()
    assert "an AI plays your seat" in text_of(question.components)
    await dee.click(question, custom_id=custom_ids(question.components, "dom:quit:")[0])
    await env.settle()
    assert table.status == "playing" and table.settings.resigned == (3,)
    tally = await play_game(env, table, members[:3])
    assert set(tally.decisions) <= {m.id for m in members[:3]}
    results = {r.seat: r.place for r in await env.bot.store.results_of_table(table.id)}
    assert results[3] == 4
    over = [m for m in dee.user.dm_channel.history() if "Game over" in (m.content or "")]
    assert len(over) == 1 and "Test Guild" in over[0].content


async def test_the_profile_chooses_every_turn_reminders_only_or_none(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann, bob = four["members"][:2]
    shown = await ann.slash(channel, "domino profile", turn_dms="reminders")
    assert "reminders only" in shown.response.content
    await bob.slash(channel, "domino profile", turn_dms="none")
    table = await open_table(four, 2, 9)
    tally = await play_game(env, table, [ann, bob])
    assert tally.hand_opens == sum(tally.decisions.values())  # no turn DM: "Your hand"
    assert tally.dms[bob.id] == 0
    assert tally.dms[ann.id] == 1  # the game's end, no turn DMs
    assert "Game over" in list(ann.user.dm_channel.history())[-1].content


async def test_an_ephemeral_hand_opened_early_comes_alive_at_the_turn(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann, bob = four["members"][:2]
    for member in (ann, bob):
        await member.slash(channel, "domino profile", turn_dms="none")
    table = await open_table(four, 2, 9)
    waiting = next(m for m in (ann, bob) if table.seat_of(m.id) != table.game.to_move)
    mover = ann if waiting is bob else bob
    early = (await waiting.click(table_message(channel, table), label="Your hand")).response
    assert early.ephemeral and not enabled_ids(payload(early), MOVE_PREFIXES)
    opened = (await mover.click(table_message(channel, table), label="Your hand")).response
    await mover.click(opened, custom_id=enabled_ids(payload(opened), MOVE_PREFIXES)[0])
    await env.settle()
    if table.game.to_move != table.seat_of(waiting.id):
        pytest.skip("the move ended the hand")
    now = env.backend.get_message(early.channel_id, early.id)
    assert enabled_ids([c.to_dict() if hasattr(c, "to_dict") else c for c in now.components],
                       MOVE_PREFIXES), "the early hand message did not come alive"


async def test_the_table_message_is_posted_again_once_it_scrolled_out_of_sight(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann, bob, cy = four["members"][:3]
    table = await open_table(four, 2, 9)
    first = table.message_id
    for n in range(REPOST_AFTER - 1):
        await cy.send(channel, f"chatter {n}")
    await env.settle()
    await play_game(env, table, [ann, bob], limit=1)
    assert table.message_id == first  # not yet out of sight
    await cy.send(channel, "one more")
    await env.settle()
    await play_game(env, table, [ann, bob], limit=1)
    assert table.message_id != first
    newest = list(channel.history())[-1]
    assert newest.id == table.message_id  # at the bottom
    assert all(m.id != first for m in channel.history())  # the old one retired
    assert custom_ids([c.to_dict() for c in newest.components], "dom:hand:")



async def test_a_table_opened_in_a_thread_is_played_there(four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann, bob = four["members"][:2]
    opened = await ann.slash(channel, "domino new traditional", seats=2, thread=True,
                             invite1=bob.user)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    [thread] = channel.threads
    assert table.channel_id == thread.id and thread.name == f"Traditional table #{table.id}"
    assert opened.response.ephemeral and thread.mention in opened.response.content
    # The table message and the invitation are in the thread; the channel shows only
    # Discord's own line that the thread was started.
    assert next(m.id for m in thread.history() if m.author.bot) == table.message_id
    invitation = next(m for m in thread.history() if f"<@{bob.id}>" in text_of(payload(m)))
    assert not [m for m in channel.history() if not m.flags.ephemeral
                and m.type == discord.MessageType.default]
    await bob.click(invitation, label="Join")
    await env.settle()
    assert table.status == "playing"
    tally = await play_game(env, table, [ann, bob])
    assert table.status == "finished" and tally.decisions
    assert table.channel_id == thread.id
    # Its rematch plays in the thread too, though the server allows tables only in the
    # channel (its setting names channels; the thread is the table's own).
    await env.bot.store.set_guild_settings(
        GuildSettings(four["guild"].id, allowed_channels=frozenset({channel.id})))
    final = next(m for m in thread.history() if m.id == table.message_id)
    await ann.click(final, label="Rematch")
    rematch = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert rematch.settings.rematch_of == table.id and rematch.channel_id == thread.id


async def test_forced_moves_off_and_a_resign_that_ends_are_the_hosts_choice(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann = four["members"][0]
    await host_opens(ann, channel, "traditional", seats=3,
                     lobby={"forced_moves": False, "on_resign": "end"})
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert not table.settings.auto_forced and table.settings.on_resign == "end"
    lobby = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "played by hand" in lobby and "ends the game for everyone" in lobby
    await ann.slash(channel, "domino new carousel", seats=3)
    usual = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert usual.settings.auto_forced and usual.settings.on_resign == "ai"
    lobby = text_of([c.to_dict() for c in table_message(channel, usual).components])
    assert "played by hand" not in lobby and "ends the game" not in lobby


async def test_a_thread_discord_refuses_leaves_the_table_in_the_channel(
        four: dict[str, Any]) -> None:
    env, channel = four["env"], four["channel"]
    ann = four["members"][0]
    env.inject_error("POST", f"/channels/{channel.id}/threads", status=403, code=50013,
                     times=1)
    opened = await ann.slash(channel, "domino new traditional", seats=2, thread=True)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert not channel.threads and table.channel_id == channel.id
    assert "could not be opened" in opened.response.content and opened.response.ephemeral
    assert table_message(channel, table).id == table.message_id  # the lobby, in the channel


async def test_an_update_begun_on_a_replaced_hand_message_cannot_give_it_its_buttons_back(
        four: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """An update of ann's hand has read her latest message (A) and is still drawing it when
    "Your hand" makes a new one (B) her latest: A loses its buttons after that update's edit,
    not before it, so only B has live buttons (the race of a turn DM meeting an update)."""
    env, channel = four["env"], four["channel"]
    ann = four["members"][0]
    table = await open_table(four, 2, 9)
    seat = table.seat_of(ann.id)
    if table.game.to_move != seat:  # ann's turn: her latest DM has live buttons
        await human_move(env, four["members"][1], table, Tally())
        await env.settle()
    assert table.game.to_move == seat
    hands = env.bot.features.hands
    drawn, gate = asyncio.Event(), asyncio.Event()
    real_draw = hands_module.draw_hand
    held = {"first": True}

    async def slow_draw(*args: Any, **kwargs: Any) -> Any:
        if held.pop("first", False):  # the update's drawing of A waits for the gate
            drawn.set()
            await gate.wait()
        return await real_draw(*args, **kwargs)

    monkeypatch.setattr(hands_module, "draw_hand", slow_draw)
    hands.request(table, seat)
    await drawn.wait()
    await ann.click(table_message(channel, table), label="Your hand")  # B, while A is drawn
    gate.set()
    await hands.background.idle()  # the worker was started here, outside the bot's own tasks
    await env.settle()
    await check_hands(env, table, four["members"][:2])
    latest = [h for h in await env.bot.store.hand_messages(table.id) if h.user_id == ann.id]
    assert latest and latest[0].token is not None  # B, the ephemeral, is the latest
