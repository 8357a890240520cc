"""The real bot on PostgreSQL, beside another process that commits moves at its tables
(or answers the clicks on them: a DM's buttons arrive at shard 0's process)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import pytest

import tables.lobby as lobby_module
from bot import load_settings
from cogs.domino_bot import DominoBot, create_bot
from cogs.features import Features
from storage import Storage
from tables.live import LiveTable, Person, TableEvent
from tables.service import TableService
from tables.shards import Placement
from tests.bot.conftest import table_message, take_turn, text_of
from tests.bot.scripted import MOVE_PREFIXES, Seeds, check_hands, enabled_ids, latest_hand, payload
from tests.pg import fresh_schema


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


@asynccontextmanager
async def other_process(pg_url: str, bot: DominoBot) -> AsyncIterator[TableService]:
    """Another process on the bot's database, holding none of its shards."""
    store = await Storage.open(pg_url, node="other-process")
    other = TableService(store, ai_delay=0, placement=Placement(bot.table_shards, frozenset()))
    try:
        yield other
    finally:
        await other.close()
        await store.close()


@pytest.fixture(params=["one connection", "sharded"])
async def simcord_bot(request: pytest.FixtureRequest, pg_url: str, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DominoBot]:
    """The bot on PostgreSQL: plain, or as bot.py builds it with SHARD_COUNT=2 (both here)."""
    monkeypatch.chdir(tmp_path)  # the command stamp goes to ./data
    if request.param == "sharded":
        settings = load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": pg_url,
                                  "SHARD_COUNT": "2", "SHARD_IDS": "0,1"}, env_file=None)
        bot = create_bot(settings, ai_delay=0)
        assert isinstance(bot, discord.AutoShardedClient)
    else:
        bot = create_bot(database_path=pg_url, ai_delay=0)
    yield bot
    if bot.shard_node is not None:
        await bot.shard_node.stop()
    if getattr(bot, "service", None) is not None:
        await bot.service.close()
    if bot.store is not None:
        await bot.store.close()


async def test_a_move_committed_by_another_process_edits_the_table_message(
        world: dict[str, Any], pg_url: str) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    bot = env.bot
    assert bot.shard_node is not None
    assert bot.shard_node.held == set(range(bot.table_shards))
    # Languages chosen through another process are read again (cogs/common/locales.py).
    assert any(task.get_name() == "languages" for task in bot.service.scheduler.tasks)
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.status == "playing" and table.game is not None

    moved = asyncio.Event()

    async def on_move(event: TableEvent) -> None:
        if event.kind == "move" and event.table.id == table.id:
            moved.set()

    bot.service.listeners.append(on_move)
    before = text_of([c.to_dict() for c in table_message(channel, table).components])
    # Another process (holding no shard) gets the click of whoever is to move.
    async with other_process(pg_url, bot) as other:
        seat = table.game.to_move
        user = table.seats[seat].user_id
        assert user is not None
        move = str(table.game.legal_moves()[0])
        assert await other.play(table.id, user, table.seq, move) == move
        await asyncio.wait_for(moved.wait(), 10)
        await env.settle()
    # The move, then any forced draws and passes of the next player (the deal is random).
    played = await bot.store.moves(table.id)
    assert played[0] == move and set(played[1:]) <= {"draw", "pass"}
    assert table.seq == len(played)
    after = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert after != before  # the holder edited its table message
    # And the game goes on at the holder, from the state the other process left.
    by_id = {m.id: m for m in (ann, bob)}
    next_user = table.seats[table.game.to_move].user_id
    assert next_user is not None
    await take_turn(by_id[next_user], channel, table)
    await env.settle()
    assert table.seq > len(played)


async def caught_up(table: LiveTable, service: TableService, moved: asyncio.Event) -> None:
    """Wait until the holder's table has every move stored (each told by a "move" event)."""
    while table.seq < len(await service._store.moves(table.id)):
        moved.clear()
        if table.seq < len(await service._store.moves(table.id)):
            await asyncio.wait_for(moved.wait(), 10)


async def test_a_click_at_a_process_not_holding_the_table_keeps_the_hands_current(
        world: dict[str, Any], pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mover's DM click reaches another process (it holds no shard): it answers the
    click and commits the move, and the holder brings the hands up to date: "You played",
    what the forced draws drew for the next player, buttons only at a decision."""
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    bot = env.bot
    # Seed 5: ann leads, and after her 4-4 bob must draw twice before he can play.
    monkeypatch.setattr(lobby_module, "secrets", Seeds(5))
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.game is not None and table.game.to_move == table.seat_of(ann.id)
    # bob keeps his hand open while he waits (an ephemeral message, no buttons yet): the
    # holder knows what it showed him, so his turn tells what the draws drew.
    early = (await bob.click(table_message(channel, table), label="Your hand")).response
    assert early is not None and not enabled_ids(payload(early), MOVE_PREFIXES)
    dm = latest_hand(ann)
    assert dm is not None
    button = f"dom:play:{table.id}:{table.seq}:4-4"
    assert button in enabled_ids(payload(dm), MOVE_PREFIXES)

    moved = asyncio.Event()
    clicked_when_told: list[list[str]] = []  # the clicked DM's live buttons, as the holder
    # first hears of the move (before any of its own listeners edits anything)

    async def on_move(event: TableEvent) -> None:
        if event.kind == "move" and event.table.id == table.id:
            if not clicked_when_told:
                now = env.backend.get_message(ann.user.dm_channel.id, dm.id)
                clicked_when_told.append(enabled_ids(payload(now), MOVE_PREFIXES))
            moved.set()

    bot.service.listeners.insert(0, on_move)
    holder = bot.parts
    async with other_process(pg_url, bot) as other:
        # The click reaches the other process (its parts, on the same Discord application).
        bot.parts = Features(bot, other, other._store).parts
        try:
            answered = await ann.user.click(dm, custom_id=button)
        finally:
            bot.parts = holder
        await caught_up(table, bot.service, moved)
        await env.settle()
    assert answered.acknowledged and not answered.followups, [
        f.content for f in answered.followups]
    # The clicking process answered by taking the buttons away before it committed.
    assert clicked_when_told == [[]]
    played = await bot.store.moves(table.id)
    assert played == ["4-4", "draw", "draw"]  # bob's forced draws, then his decision
    assert table.game.to_move == table.seat_of(bob.id)
    await check_hands(env, table, [ann, bob])
    stored = {h.user_id: h for h in await bot.store.hand_messages(table.id)}
    ann_hand = env.backend.get_message(stored[ann.id].channel_id, stored[ann.id].message_id)
    assert stored[ann.id].message_id == dm.id and "You played" in text_of(payload(ann_hand))
    bob_hand = env.backend.get_message(stored[bob.id].channel_id, stored[bob.id].message_id)
    assert "You drew 2 tiles: [4|1], [1|1]." in text_of(payload(bob_hand))
    # His turn DM (his latest now), one for his decision, none for the draws.
    assert [m.id for m in bob.user.dm_channel.history()] == [stored[bob.id].message_id]


async def test_lobby_clicks_at_another_process_edit_the_holders_lobby_message(
        world: dict[str, Any], pg_url: str) -> None:
    """Join, Start and Cancel clicks reaching another process (it holds no shard) are
    committed there; the holder tells its listeners (the lobby message is edited, the
    game runs here) as for clicks of its own."""
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    bot = env.bot
    await ann.slash(channel, "domino new traditional", seats=3)
    table = max(bot.service.held_tables.values(), key=lambda t: t.id)
    kinds: list[str] = []
    told = asyncio.Event()

    async def on_event(event: TableEvent) -> None:
        if event.table.id == table.id:
            kinds.append(event.kind)
            told.set()

    async def until(kind: str) -> None:
        while kind not in kinds:
            told.clear()
            await asyncio.wait_for(told.wait(), 10)
        await env.settle()

    bot.service.listeners.append(on_event)
    lobby = text_of([c.to_dict() for c in table_message(channel, table).components])
    async with other_process(pg_url, bot) as other:
        await other.join(table.id, Person(bob.id, "bob"))
        await until("lobby")
        joined = text_of([c.to_dict() for c in table_message(channel, table).components])
        assert f"<@{bob.id}>" not in lobby and f"<@{bob.id}>" in joined
        await other.start(table.id, ann.id)
        await until("started")
        assert table.status == "playing" and table.game is not None and table.timer is not None
        assert bot.service.held_tables[table.id] is table
        await other.cancel(table.id, ann.id)
        await until("cancelled")
    assert table.id not in bot.service.held_tables and kinds.count("cancelled") == 1
    row = await bot.store.get_table(table.id)
    assert row is not None and row.status == "cancelled"
