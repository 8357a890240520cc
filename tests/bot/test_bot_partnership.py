"""Partnership Dominó through the real bot: a whole match from /domino new to the stored
results, one person and three AIs, the two pairs shown in the lobby, on the table
message and after every hand, and results stored as two teams; two people who choose to
partner in the lobby ("Partner with …") start opposite each other."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import (
    add_ai,
    assert_no_hand_in_public,
    custom_ids,
    open_table,
    play_out,
    table_message,
    text_of,
)


def live_table(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


def message_text(message: Any) -> str:
    return text_of([c if isinstance(c, dict) else c.to_dict() for c in message.components])


async def test_a_whole_match_with_one_person_and_three_ais(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, _bob, cy = world["members"]
    # A match to 100 (the shortest target that is a match): several hands, fewer moves.
    opened = await open_table(ann, channel, "partnership", target=100,
                              lobby={"auto_start": False})
    assert opened.response is not None and opened.response.ephemeral
    table = live_table(env)
    assert table.settings.seats == 4  # the game's one seat count, asked of nobody
    for _ in range(3):
        await add_ai(ann, table_message(channel, table))
    lobby = message_text(table_message(channel, table))
    names = [s.name for s in table.seats]
    # The pairs as they sit: seats 1 and 3 against 2 and 4.
    assert "Pairs (partners sit opposite): 1. " in lobby
    assert f"3. {names[2]}" in lobby.split("Pairs")[1] and " against 2. " in lobby
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.status == "playing"
    playing = message_text(table_message(channel, table))
    assert "Pairs: " in playing and f"{names[0]} + {names[2]} 0" in playing
    message_id = table.message_id
    assert await play_out(world, table, limit=5000) > 5
    assert table.status == "finished" and table.message_id == message_id
    game = table.game
    assert game.finished_hands >= 1 and max(game.pair_scores) >= 100
    final = message_text(table_message(channel, table))
    assert "Game over" in final
    winner = game.pair_scores.index(max(game.pair_scores))
    first, second = (names[s] for s in ((0, 2), (1, 3))[winner])
    assert f"{first} + {second}" in final
    # Each hand's summary names both pairs with their pips and points.
    summaries = [m.content for m in channel.history()
                 if m.author.id == env.bot.user.id and "pips left" in (m.content or "")]
    assert len(summaries) == game.finished_hands
    last = game.results[-1]
    pips = (last.counts[0] + last.counts[2], last.counts[1] + last.counts[3])
    points = [last.points if last.winner == pair else 0 for pair in (0, 1)]
    for pair, (a, b) in enumerate(((0, 2), (1, 3))):
        line = f"{names[a]} + {names[b]}: {pips[pair]} pips left · +{points[pair]}"
        assert line in summaries[-1], (line, summaries[-1])
    rows = await env.bot.store.results_of_table(table.id)
    assert len(rows) == 4
    for row in rows:  # partners share the pair's score, place and team
        assert row.team == row.seat % 2
        assert row.points == game.pair_scores[row.seat % 2]
        assert row.place == (1 if row.seat % 2 == winner else 2)
    assert_no_hand_in_public(channel, cy, game)


def answer(result: Any) -> Any:
    """The last message an interaction produced (its response, or its last follow-up)."""
    return [*([result.response] if result.response else []), *result.followups][-1]


def lobby_ids(message: Any, prefix: str) -> list[str]:
    return custom_ids([c if isinstance(c, dict) else c.to_dict() for c in message.components],
                      prefix)


async def test_two_who_choose_to_partner_start_opposite(world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cy = world["members"]
    dee = guild.add_member(env.create_user("dee"))
    await open_table(ann, channel, "partnership", target=100)
    table = live_table(env)
    lobby = table_message(channel, table)
    [menu] = lobby_ids(lobby, "dom:partner:")
    # Bob, not seated yet, picks "Partner with ann": seated, and opposite her.
    chose = await bob.select(lobby, [str(ann.id)], custom_id=menu)
    told = answer(chose)
    assert told.ephemeral and told.content == (
        f"At table #{table.id} you partner <@{ann.id}>: you sit opposite them, at seat 3.")
    text = message_text(table_message(channel, table))
    assert f"1. <@{ann.id}>\n2. (free seat)\n3. <@{bob.id}>\n4. (free seat)" in text
    assert f"1. <@{ann.id}> + 3. <@{bob.id}> against 2. (free seat) + 4. (free seat)" in text
    # Cy cannot take Ann from Bob; the refusal is private and seats nobody.
    refused = await cy.select(table_message(channel, table), [str(ann.id)], custom_id=menu)
    assert answer(refused).ephemeral
    assert answer(refused).content == "That person has already chosen a partner here."
    assert table.seat_of(cy.id) is None
    # Two others join: Cy takes the seat between the partners, Dee the last (it starts).
    joined = await cy.click(table_message(channel, table), label="Join")
    assert "seat 2 of 4" in answer(joined).content
    await dee.click(table_message(channel, table), label="Join")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.status == "playing"
    assert [s.user_id for s in table.seats] == [ann.id, cy.id, bob.id, dee.id]
    names = [s.name for s in table.seats]
    assert list(table.game.players) == names
    playing = message_text(table_message(channel, table))
    assert f"{names[0]} + {names[2]} 0" in playing and f"{names[1]} + {names[3]} 0" in playing
