"""Who may do what, stale and concurrent clicks, a restart mid-game, lobby expiry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import simcord

from cogs.domino_bot import DominoBot
from tests.bot.conftest import (
    against_an_ai,
    custom_ids,
    open_table,
    play_out,
    table_message,
    text_of,
)


async def two_player_table(world: dict[str, Any]) -> Any:
    """ann hosts, bob joins: the game starts by itself (two humans, no AI)."""
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    assert table.status == "playing"
    return table


def member_to_move(world: dict[str, Any], table: Any) -> Any:
    user_id = table.seats[table.game.to_move].user_id
    return next(m for m in world["members"] if m.id == user_id)


def reply_text(result: Any) -> str:
    messages = [*result.followups, *([result.response] if result.response else [])]
    return " ".join(m.content for m in messages if m.ephemeral)


async def test_stale_button_from_an_earlier_turn(world: dict[str, Any]) -> None:
    channel = world["channel"]
    table = await two_player_table(world)
    mover = member_to_move(world, table)
    hand = (await mover.click(table_message(channel, table), label="Your hand")).response
    button = custom_ids(hand.components, "dom:play:")[0] if custom_ids(
        hand.components, "dom:play:") else custom_ids(hand.components, "dom:tile:")[0]
    choices = await mover.autocomplete(channel, "domino play", "move", "")
    # The hand message is a live view: after the move its buttons go. Here Discord
    # refuses that edit, so the old button is still there to press.
    world["env"].inject_error("PATCH", f"/webhooks/*/messages/{hand.id}", times=None)
    await mover.slash(channel, "domino play", move=choices[-1]["value"])
    await world["env"].settle()
    seq = table.seq
    late = await mover.click(hand, custom_id=button)
    assert "no longer available" in reply_text(late)
    assert table.seq == seq


async def test_a_move_typed_takes_the_buttons_of_the_hand_message(
        world: dict[str, Any]) -> None:
    channel = world["channel"]
    table = await two_player_table(world)
    mover = member_to_move(world, table)
    hand = (await mover.click(table_message(channel, table), label="Your hand")).response
    assert custom_ids(hand.components, "dom:play:") + custom_ids(hand.components, "dom:tile:")
    choices = await mover.autocomplete(channel, "domino play", "move", "")
    await mover.slash(channel, "domino play", move=choices[-1]["value"])
    await world["env"].settle()
    now = world["env"].backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids([c if isinstance(c, dict) else c.to_dict() for c in now.components],
                          "dom:")


async def test_wrong_user(world: dict[str, Any]) -> None:
    channel = world["channel"]
    ann, bob, cy = world["members"]
    table = await two_player_table(world)
    message = table_message(channel, table)
    spectator = await cy.click(message, label="Your hand")
    assert "not seated" in reply_text(spectator)
    waiting = bob if member_to_move(world, table) is ann else ann
    seq = table.seq
    typed = await waiting.slash(channel, "domino play", move="draw")
    assert "not your turn" in reply_text(typed)
    cancel = await cy.slash(channel, "domino cancel")
    assert "Only the host" in reply_text(cancel)
    replace = await cy.slash(channel, "domino replace", seat=2)
    assert "Only the host" in reply_text(replace)
    assert table.seq == seq and table.status == "playing"


async def test_two_concurrent_clicks_apply_one_move(world: dict[str, Any]) -> None:
    channel = world["channel"]
    table = await two_player_table(world)
    mover = member_to_move(world, table)
    hand = (await mover.click(table_message(channel, table), label="Your hand")).response
    button = custom_ids(hand.components, "dom:play:")[0] if custom_ids(
        hand.components, "dom:play:") else None
    if button is None:  # only tiles fitting two ends: use the table's first end choice
        tile = custom_ids(hand.components, "dom:tile:")[0]
        choice = (await mover.click(hand, custom_id=tile)).response
        hand, button = choice, custom_ids(choice.components, "dom:play:")[0]
    seq = table.seq
    first, second = await simultaneous_clicks(world["env"], [mover, mover], hand, button)
    after = list(await world["env"].bot.store.moves(table.id))[seq:]
    assert after and after[0] not in ("draw", "pass")  # one move (forced draws may follow)
    assert all(m in ("draw", "pass") for m in after[1:])
    texts = reply_text(first) + reply_text(second)
    assert texts.count("no longer available") == 1
    # Both players confirm their resignation at the same instant: one game end, one result.
    ann, bob, _ = world["members"]
    message = table_message(channel, table)
    asked = [(await who.click(message, label="Resign")).response for who in (ann, bob)]
    await simultaneous_clicks(world["env"], [ann, bob], asked, f"dom:quit:{table.id}")
    assert table.status == "finished"
    assert len(await world["env"].bot.store.results_of_table(table.id)) == 2


async def simultaneous_clicks(env: Any, actors: list[Any], message: Any,
                              custom_id: str) -> list[Any]:
    """Deliver several clicks to the bot before it handles any of them (same gateway batch),
    on one message or on one message per actor (a list).

    simcord runs one operation at a time, so this uses its dispatch internals directly.
    """
    from simcord import actors as sim_actors
    from simcord import interactions as sim_interactions
    from simcord.backend import serializers
    from simcord.enums import ComponentType, InteractionType
    from simcord.results import InteractionResult

    backend = env.backend
    messages = message if isinstance(message, list) else [message] * len(actors)
    records = []
    env._begin_operation("click")
    try:
        for actor, clicked in zip(actors, messages, strict=True):
            channel_id = getattr(clicked, "channel_id", None) or clicked.channel.id
            stored = backend.get_message(channel_id, clicked.id)
            record, payload = sim_interactions.base_payload(
                backend, type=InteractionType.MESSAGE_COMPONENT, channel_id=stored.channel_id,
                guild_id=actor.guild.id, user_id=actor.id,
                data={"custom_id": custom_id, "component_type": ComponentType.BUTTON})
            payload["message"] = dict(serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
            env._notify_dispatch_observers(record)
            backend.emit("INTERACTION_CREATE", payload)
            records.append(record)
        await env._settle_internal(dispatch="INTERACTION_CREATE")
    finally:
        env._end_operation()
    assert sim_actors  # imported for its side effects on MemberActor
    return [InteractionResult(env, r) for r in records]


async def test_restart_mid_game_and_old_buttons(world: dict[str, Any],
                                               make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    for _ in range(3):
        mover = member_to_move(world, table)
        choices = await mover.autocomplete(channel, "domino play", "move", "")
        await mover.slash(channel, "domino play", move=choices[0]["value"])
    seq, moves = table.seq, list(table.game.moves)
    old_message = table_message(channel, table)
    fresh = make_bot()
    await env.restart_bot(fresh)
    assert env.bot is fresh
    resumed = fresh.service.held_tables[table.id]
    assert resumed.seq == seq and resumed.game.moves == moves
    # A button of the message posted before the restart still works.
    mover = member_to_move(world, resumed)
    await mover.click(old_message, label="Your hand")
    await play_out(world, resumed)
    assert resumed.status == "finished"
    text = text_of([c.to_dict() for c in table_message(channel, resumed).components])
    assert "Game over" in text


async def test_lobby_expires_with_a_notice(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await open_table(ann, channel, "carousel", seats=3, lobby={"lobby_minutes": 5})
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await env.advance_time(6 * 60)
    await env.settle()
    assert table.status == "abandoned"
    assert any("expired" in (m.content or "") for m in channel.history())


async def test_restart_by_a_new_env_on_the_same_file(
        make_bot: Callable[..., DominoBot]) -> None:
    """Close the bot entirely, start a new one on the same database: the table is back."""
    bot = make_bot()
    async with simcord.run(bot) as env:
        await against_an_ai(env)
        table_id = max(bot.service.held_tables)
        seq = bot.service.held_tables[table_id].seq
    again = make_bot()
    async with simcord.run(again) as env2:
        assert again.service.held_tables[table_id].seq == seq
        env2.create_guild()
