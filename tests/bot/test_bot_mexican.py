"""Mexican Train through the real bot: whole games from /domino new to the stored results,
the train asked only when more than one takes a tile, and bad input answered privately."""

from __future__ import annotations

from typing import Any

from catalog import t
from tests.bot.conftest import (
    add_ai,
    assert_no_hand_in_public,
    custom_ids,
    open_table,
    play_out,
    table_message,
    take_turn,
    text_of,
)
from tests.bot.test_bot_languages import client_locales

__all__ = ["client_locales"]  # the fixture, shared


def live_table(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


async def test_a_short_four_player_game_with_two_people_and_two_ais(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    # The double-9 set keeps the five rounds' moves (and simcord's settling after each,
    # which scans every pending timer) to a third of double-12's, for the suite's time.
    opened = await open_table(ann, channel, "mexican", seats=4, rounds=5, set=9,
                              lobby={"auto_start": False})
    assert opened.response is not None and opened.response.ephemeral
    table = live_table(env)
    lobby = table_message(channel, table)
    await bob.click(lobby, label="Join")
    await add_ai(ann, table_message(channel, table))
    await add_ai(ann, table_message(channel, table))
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.status == "playing" and table.game.options.round_count == 5
    message_id = table.message_id
    assert await play_out(world, table, limit=5000) > 5
    assert table.status == "finished" and table.message_id == message_id
    game = table.game
    assert len(game.results) == 5
    final = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "Game over" in final
    # Totals, the lowest winning: no match score (the line games' words).
    assert "Totals (lowest wins): " in final and "Match score" not in final
    # Lowest total first: the standings name the players in the order of their totals.
    order = sorted(range(4), key=lambda s: game.totals[s])
    first = game.players[order[0]]
    assert first in final
    rows = await env.bot.store.results_of_table(table.id)
    assert len(rows) == 4
    # Stored by the lowest total: a place is one more than the totals below it (a shared
    # lowest total is a shared first place), the figures are the rounds played.
    for row in rows:
        assert row.points == game.totals[row.seat]
        assert row.place == 1 + sum(total < row.points for total in game.totals)
        assert row.figures["rounds"] == 5
    assert all(row.rating_after is not None for row in rows if row.user_id is not None)
    assert_no_hand_in_public(channel, cy, game)
    public = [m for m in channel.history() if m.author.id == env.bot.user.id]
    assert sum(1 for m in public if m.id == message_id) == 1


async def test_a_whole_eight_player_round_with_people_only(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mexican")
    names = ("ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal", "ivy")  # no digits
    members = [guild.add_member(env.create_user(name)) for name in names]
    host = members[0]
    await open_table(host, channel, "mexican", seats=8, rounds=5, lobby={"auto_start": False})
    table = live_table(env)
    for member in members[1:8]:
        await member.click(table_message(channel, table), label="Join")
    await host.click(table_message(channel, table), label="Start")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.status == "playing" and len(table.game.players) == 8
    by_id = {m.id: m for m in members}
    moves = 0
    while table.status == "playing" and table.game.finished_hands == 0 and moves < 3000:
        seat = table.game.to_move
        await take_turn(by_id[table.seats[seat].user_id], channel, table)
        await env.settle()
        assert_no_hand_in_public(channel, members[8], table.game)
        moves += 1
    assert table.game.finished_hands == 1, "the first round ended"
    text = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "Round 2 of 5" in text
    # The round's summary: a public message of its own, everyone's pips left.
    result = table.game.results[0]
    said = [(m.content or "") + text_of([c.to_dict() for c in m.components])
            for m in channel.history() if m.id != table.message_id]
    summaries = [text for text in said if "Round 1 is over" in text]
    assert len(summaries) == 1
    assert "Totals (lowest wins): " in summaries[0] and "Match score" not in summaries[0]
    for name, points in zip(table.game.players, result.points, strict=True):
        assert f"{name}: " in summaries[0] and f"+{points}" in summaries[0]
    assert table.message_id is not None and table.status == "playing"


async def test_bad_options_are_a_private_answer_in_the_readers_language(
        world: dict[str, Any], client_locales: dict[int, str]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    before = len(env.bot.service.held_tables)
    answer = await ann.slash(channel, "domino new mexican", seats=8, hand_size=15, set=9)
    assert answer.response is not None and answer.response.ephemeral
    said = answer.response.content or text_of(
        [c.to_dict() for c in answer.response.components])
    assert "do not fit" in said and "double-9" in said
    assert len(env.bot.service.held_tables) == before
    client_locales[ann.id] = "ru"
    answer = await ann.slash(channel, "domino new mexican", seats=8, hand_size=15, set=9)
    assert answer.response is not None and answer.response.ephemeral
    said = answer.response.content or text_of(
        [c.to_dict() for c in answer.response.components])
    assert t("mexican.hands_too_big", "ru", players=8, size=15, top=9, most=6) in said
    assert len(env.bot.service.held_tables) == before
    assert custom_ids([c.to_dict() for c in answer.response.components]) == []


async def test_a_typed_move_on_a_train_that_refuses_it_is_answered_privately(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await open_table(ann, channel, "mexican", seats=2, rounds=5, lobby={"auto_start": False})
    table = live_table(env)
    await add_ai(ann, table_message(channel, table))
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    game = table.game
    assert game.to_move == table.seat_of(ann.id), "ann leads round 1"
    # A tile of ann's hand on a train it does not fit (or a closed one): each refused.
    wrong = next(f"{tile} {train}" for tile in game.view(game.to_move).hand
                 for train in game.names
                 if game.illegal_reason(game.parse_move(f"{tile} {train}")) is not None
                 and game.illegal_reason(game.parse_move(f"{tile} {train}")).key in (
                     "illegal.mexican_refuses", "illegal.mexican_closed"))
    reason = game.illegal_reason(game.parse_move(wrong))
    seq, moves = table.seq, len(game.history)
    answer = await ann.slash(channel, "domino play", move=wrong)
    assert answer.response is not None and answer.response.ephemeral
    said = (answer.response.content or "") + text_of(
        [c.to_dict() for c in answer.response.components])
    assert t(reason.key, "en", **reason.values) in said
    assert table.seq == seq and len(table.game.history) == moves
    # The autocomplete offers the moves in full notation, the train named.
    offered = await ann.autocomplete(channel, "domino play", "move", "")
    assert offered and all(" " in choice["value"] or choice["value"] in ("draw", "pass")
                           for choice in offered)


async def test_the_whole_game_choice_is_stored_as_rules_reads_it_and_cyrillic_trains_play(
        world: dict[str, Any]) -> None:
    # Issue 54: "the whole game" (the rounds choice 0) and a hand size left out are the
    # defaults, which a record says by leaving them out (RULES.md: rounds 1 to N+1).
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await open_table(ann, channel, "mexican", seats=2, rounds=0, set=9,
                     lobby={"auto_start": False})
    table = live_table(env)
    assert table.row.options == {"set": 9}
    await bob.click(table_message(channel, table), label="Join")
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    table = env.bot.service.held_tables.get(table.id) or table
    assert table.game.options.round_count == 10
    record = await env.bot.store.record(table.id)
    assert record["options"] == {"set": 9}
    # A move typed with a Cyrillic train letter («М», as a Russian keyboard types it).
    seat = table.game.to_move
    mover = ann if table.seats[seat].user_id == ann.id else bob
    plays = [m for m in table.game.legal_moves() if str(m).endswith(" M")]
    assert plays, "the Mexican train takes a tile showing the engine's number"
    typed = str(plays[0])[:-1] + "\u041c"
    answer = await mover.slash(channel, "domino play", move=typed)
    await env.settle()
    assert answer.response is not None
    table = env.bot.service.held_tables.get(table.id) or table
    assert (await env.bot.store.moves(table.id))[-1] == str(plays[0])
