"""Whole games through the real bot: from /domino new to the result, humans and AIs."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import add_ai, custom_ids, open_table, play_out, table_message, text_of


def live_table(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


async def test_traditional_full_game(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _cy = world["members"]
    opened = await ann.slash(channel, "domino new traditional", seats=3)
    assert opened.response is not None and opened.response.ephemeral  # "Table #1 is open."
    lobby = opened.followups[0]
    assert not lobby.ephemeral
    table = live_table(env)
    await bob.click(lobby, label="Join")
    await add_ai(ann, lobby)
    await env.settle()
    if table.status == "lobby":
        await ann.click(table_message(channel, table), label="Start")
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.status == "playing"
    assert await play_out(world, table) > 3
    assert table.status == "finished"
    final = table_message(channel, table)
    text = text_of([c.to_dict() for c in final.components])
    assert "Game over" in text and "1." in text
    rows = await env.bot.store.results_of_table(table.id)
    assert len(rows) == 3
    # Rematch: a new lobby hosted by bob, the AI seated again, ann asked to join.
    again = await bob.click(final, label="Rematch")
    assert again.response is not None
    rematch = live_table(env)
    assert rematch.id != table.id and rematch.status == "lobby"
    assert [s.is_ai for s in rematch.seats] == [False, True] and rematch.host_id == bob.id


async def test_carousel_full_game_with_typed_moves(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await open_table(ann, channel, "carousel", seats=3, target=11, lobby={"auto_start": False})
    table = live_table(env)
    await add_ai(ann, table_message(channel, table))
    await add_ai(ann, table_message(channel, table))
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    assert table.status == "playing"
    typed = 0
    while table.status == "playing" and typed < 10:
        choices = await ann.autocomplete(channel, "domino play", "move", "")
        assert choices, "it is ann's turn after the AIs moved"
        result = await ann.slash(channel, "domino play", move=choices[0]["value"])
        assert result.response is not None and result.response.ephemeral
        typed += 1
        await env.settle()
    await play_out(world, table)
    assert table.status == "finished"
    text = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "Game over" in text and "Match score" in text
    final = [c.to_dict() for c in table_message(channel, table).components]
    assert custom_ids(final, "dom:rematch:")
