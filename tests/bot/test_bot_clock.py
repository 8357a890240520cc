"""Big Clock through the real bot: from /domino new clock to the end, following the hints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tables.service as service_module
from cogs.play.move_buttons import encode_move
from tests.bot.conftest import custom_ids, table_message, text_of


def hinted_text(result: Any) -> str:
    """The hint's private answer: a follow-up of the acknowledged click."""
    found = result.followups[-1] if result.followups else result.response
    assert found is not None and found.ephemeral
    return str(found.content)


async def play_clock(env: Any, member: Any, channel: Any, table: Any, *,
                     before_move: Callable[[], None] | None = None) -> int:
    """Follow the Hint button until the game ends; every move is a button or /domino play.
    `before_move` checks the table each time the player is about to move."""
    moves = 0
    while table.status == "playing" and moves < 500:
        if before_move is not None:
            before_move()
        message = table_message(channel, table)
        hint = await member.click(message, custom_id=f"dom:hint:{table.id}:{table.seq}")
        move = hinted_text(hint).split("`")[1]  # "Suggested move: 9 → 11 (`move 9 11`)"
        wanted = f"dom:play:{table.id}:{table.seq}:{encode_move(move)}"
        components = [c.to_dict() for c in message.components]
        if wanted in custom_ids(components):
            result = await member.click(message, custom_id=wanted)
        elif move == "resign":
            assert "No rearranging of the piles can win" in hinted_text(hint)
            asked = await member.click(message, label="Give up")  # it asks first
            result = await member.click(asked.response, label="Yes, resign")
        else:
            result = await member.slash(channel, "domino play", move=move)
        assert "Sorry" not in (result.response.content if result.response else "")
        moves += 1
    return moves


async def test_big_clock_to_its_end(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    opened = await ann.slash(channel, "domino new clock", set=6)
    # A private confirmation, then the game's public message.
    assert opened.response is not None and opened.response.ephemeral
    assert [m.ephemeral for m in opened.followups] == [False]
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert table.game_kind == "clock"
    # Only the player acts on their clock.
    other = await world["members"][1].click(table_message(channel, table), label="Draw")
    assert "not seated" in other.followups[0].content
    assert await play_clock(env, ann, channel, table) > 0
    assert table.status == "finished"
    text = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "You won" in text or "Game over" in text
    ended = [c.to_dict() for c in table_message(channel, table).components]
    assert f"dom:review:{table.id}" in custom_ids(ended)  # where the deal was lost, asked


class LoneDrawFirst:
    """Deals made from seed 4: on a double-6 clock the first move is a draw and only it."""

    @staticmethod
    def randbits(_bits: int) -> int:
        return 4


async def test_big_clock_with_auto_draw_never_waits_on_a_lone_draw(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    monkeypatch.setattr(service_module, "secrets", LoneDrawFirst)
    await ann.slash(channel, "domino new clock", set=6, auto_draw=True)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert table.settings.auto_forced

    def no_lone_draw() -> None:
        assert table.game.forced_move() is None, "the player was left a lone draw"

    clicked = await play_clock(env, ann, channel, table, before_move=no_lone_draw)
    stored = list(await env.bot.store.moves(table.id))
    assert table.status == "finished" and stored.count("draw") > 0
    assert len(stored) > clicked  # the draws nobody had to click
    # Without it, the player draws by hand: the game waits on the first draw.
    await ann.slash(channel, "domino new clock", set=6)
    plain = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert plain.seq == 0 and plain.game.forced_move() == "draw"
    assert stored[0] == "draw"  # the same deal: there, it played itself


async def test_big_clock_in_dms(simcord_env: Any) -> None:
    user = simcord_env.create_user("solo")
    opened = await user.slash("domino new clock")
    assert opened.response is not None and opened.followups
    table = max(simcord_env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert table.guild_id is None and table.message_id == opened.followups[0].id
    asked = await user.click(opened.followups[0], label="Give up")
    assert asked.response is not None and asked.response.ephemeral  # it asks first
    assert table.status == "playing"
    given_up = await user.click(asked.response, label="Yes, resign")
    assert given_up.acknowledged
    assert table.status == "finished"


async def test_the_hint_button_answers_at_the_level_the_player_picked(
        world: dict[str, Any], monkeypatch: Any) -> None:
    from engine.clock.ai.hint import hint_at

    monkeypatch.setattr("tables.service.secrets.randbits", lambda bits: 5)  # seed 5
    env, channel = world["env"], world["channel"]
    differed = 0
    for member, level in zip(world["members"], ("hard", "normal"), strict=False):
        await member.slash(channel, "domino new clock", set=6, hints=level)
        table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
        assert table.settings.hint_level == level
        for _ in range(40):
            if table.status != "playing":
                break
            view = table.game.view(0)
            hinted = await member.click(table_message(channel, table),
                                        custom_id=f"dom:hint:{table.id}:{table.seq}")
            move = hinted_text(hinted).split("`")[1]  # "… 9 → 11 (`move 9 11`)"
            assert move == str(hint_at(level, view))
            differed += move != str(hint_at("normal" if level == "hard" else "hard", view))
            await member.slash(channel, "domino play", move=move)
    assert differed  # the levels are not the same hint


def test_the_clock_face_lists_the_tiles_under_each_top() -> None:
    from cogs.table.games.clock import clock_face
    from tests.engine.test_clock import game

    g = game("5-2 6-3 4-1 4-4 6-5 6-2", "5-1 6-4", ("draw", "place 1", "draw", "place 6"))
    lines = clock_face(g.view(None))
    assert " 1: [5|1] ×2 (under it: [5|2])" in lines
    assert " 3: [4|1] ×1" in lines  # a single tile has nothing under it


async def test_the_hint_is_acknowledged_before_its_search(
        world: dict[str, Any], monkeypatch: Any) -> None:
    """The search may wait behind others (tables/thinking.py: one at a time): the
    click is answered first, so Discord's 3 seconds never depend on it."""
    import cogs.table.games.clock as clock_cog

    order: list[str] = []
    real_ack, real_think = clock_cog.ack, clock_cog.think

    async def ack(*args: Any, **kwargs: Any) -> None:
        order.append("ack")
        await real_ack(*args, **kwargs)

    async def think(*args: Any) -> Any:
        order.append("search")
        return await real_think(*args)

    monkeypatch.setattr(clock_cog, "ack", ack)
    monkeypatch.setattr(clock_cog, "think", think)
    env, channel, member = world["env"], world["channel"], world["members"][0]
    await member.slash(channel, "domino new clock", set=6, hints="hard")
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    hinted = await member.click(table_message(channel, table),
                                custom_id=f"dom:hint:{table.id}:{table.seq}")
    assert order == ["ack", "search"]
    assert "`" in hinted_text(hinted)
