"""A graceful stop in the bot (issue 55), on simcord: once stopping, no interaction is
taken (each answered that the bot is restarting); one taken before runs to its end,
its move committed and answered, before storage closes. The real process and its
signals: tests/test_bot_signals.py."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from catalog import t
from cogs.stopping import stop_gracefully
from tests.bot.conftest import custom_ids, table_message
from tests.bot.test_bot_guards import member_to_move, reply_text, two_player_table


async def hand_button(world: dict[str, Any], table: Any) -> tuple[Any, Any, str]:
    mover = member_to_move(world, table)
    hand = (await mover.click(table_message(world["channel"], table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = (custom_ids(hand.components, "dom:play:")
              or custom_ids(hand.components, "dom:tile:"))[0]
    return mover, hand, button


async def test_once_stopping_a_click_and_a_command_are_answered_restarting_and_not_done(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    mover, hand, button = await hand_button(world, table)
    seq = table.seq
    assert await env.bot.admission.drain(1.0) == 0  # nothing in flight: the stop begins
    clicked = await mover.click(hand, custom_id=button)
    assert t("bot.stopping") in reply_text(clicked)
    opened = await world["members"][2].slash(channel, "domino new traditional")
    assert t("bot.stopping") in reply_text(opened)
    await env.settle()
    assert table.seq == seq  # not played
    assert len(env.bot.service.held_tables) == 1  # nor opened


async def test_a_move_in_flight_when_the_stop_begins_is_committed_and_answered_first(
        world: dict[str, Any], db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = world["env"]
    bot = env.bot
    table = await two_player_table(world)
    mover, hand, button = await hand_button(world, table)
    seq = table.seq
    closed: list[bool] = []

    async def close() -> None:  # simcord's Discord stays; the bot's own part closes
        closed.append(bot.store is not None and table.seq > seq)
        await bot.close_tables()

    monkeypatch.setattr(bot, "close", close)
    store = bot.store
    append_move = store.append_move
    stops: list[asyncio.Task[None]] = []

    async def signal_mid_move(*args: Any, **kwargs: Any) -> None:
        # The signal comes while the move is being stored (as SIGTERM would).
        if not stops:
            stops.append(asyncio.ensure_future(stop_gracefully(bot)))
            await asyncio.sleep(0)  # the stop has begun: stopping, waiting for this click
            assert bot.admission.stopping and bot.store is not None
        await append_move(*args, **kwargs)

    monkeypatch.setattr(store, "append_move", signal_mid_move)
    clicked = await mover.click(hand, custom_id=button)
    await stops[0]
    assert clicked.acknowledged and t("bot.stopping") not in reply_text(clicked)
    assert closed == [True]  # storage closed only after the move was stored
    stored = await reopened_moves(db_path, table.id)
    assert len(stored) > seq


async def reopened_moves(path: Path, table_id: int) -> list[str]:
    from storage import Storage

    store = await Storage.open(path)
    try:
        loaded = await store.load_table(table_id)
        assert loaded is not None
        return list(loaded.moves)
    finally:
        await store.close()
