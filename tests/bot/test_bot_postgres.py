"""The real bot on PostgreSQL, beside another process that commits moves at its tables."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import load_settings
from cogs.bot import DominoBot, create_bot
from storage import Storage
from tables.live import TableEvent
from tables.service import TableService
from tables.shards import Placement
from tests.bot.conftest import table_message, take_turn, text_of
from tests.pg import fresh_schema


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


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
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(bot.service.tables.values(), key=lambda t: t.id)
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
    store = await Storage.open(pg_url, node="other-process")
    other = TableService(store, ai_delay=0,
                         placement=Placement(bot.table_shards, frozenset()))
    try:
        seat = table.game.to_move
        user = table.seats[seat].user_id
        assert user is not None
        move = str(table.game.legal_moves()[0])
        assert await other.play(table.id, user, table.seq, move) == move
        await asyncio.wait_for(moved.wait(), 10)
        await env.settle()
    finally:
        await other.close()
        await store.close()
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
