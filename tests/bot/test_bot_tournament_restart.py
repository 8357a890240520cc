"""A whole-bot restart in the middle of a tournament's round (issue 49), through simcord:
the bot closes (its tables, timers, storage) while one table of round 1 is half played,
a new bot opens on the same store, a turn there times out (a timeout, not a no-show: the
new bot knows who moved), the people go on pressing the same messages' buttons,
the round ends, round 2 opens on time by the new bot, and the standings and final places
come out right, nothing told or recorded twice."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from cogs.domino_bot import DominoBot
from tests.bot.conftest import take_turn
from tests.bot.test_bot_tournament import (
    create,
    dm_texts,
    eight,
    find,
    message_text,
    play_through,
    same_standings,
    settle,
    virtual_clock,
)

pytestmark = pytest.mark.simcord(settle_timeout=60)

HOUR = 3600
__all__ = ["eight"]  # the fixture, shared with the Swiss test


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


async def test_a_restart_mid_round_goes_on_and_ends_correctly(
        eight: dict[str, Any], make_bot: Callable[..., DominoBot]) -> None:
    env, channel = eight["env"], eight["channel"]
    people = eight["people"][:4]
    by_id = {m.id: m for m in people}
    row = await create(eight, game="traditional", format="swiss", rounds=2, round_hours=24,
                       start="in 1h", seats=2)
    for member in people:
        await member.click(find(channel, row.signup_message_id), label="Join")
    await env.advance_time(HOUR + 60)
    await settle(env)
    first = (await env.bot.features.tournaments.view(row.id)).rounds[0]
    done_early, half = first.tables
    assert done_early.table_id is not None and half.table_id is not None
    await play_through(env, channel, await env.bot.service.table(done_early.table_id), by_id)
    await settle(env)
    table = await env.bot.service.table(half.table_id)
    pressed: set[int] = set()
    while pressed != set(half.seats):  # both of the other table move, then the bot stops
        user = table.seats[table.game.to_move].user_id
        await take_turn(by_id[user], channel, table)
        pressed.add(user)
        await settle(env)
        assert table.status == "playing"
    standings_id = (await env.bot.features.tournaments.get(row.id)).standings_message_id

    await env.bot.close_tables()  # the whole bot's part: tables, timers, storage
    await env.advance_time(10 * 60)  # down for ten minutes, inside the turn's hour
    fresh = make_bot(clock=virtual_clock)
    await env.restart_bot(fresh)
    await settle(env)
    assert env.bot is fresh
    tournaments = fresh.features.tournaments
    assert (await tournaments.get(row.id)).standings_message_id == standings_id

    again = await fresh.service.table(half.table_id)
    assert again.status == "playing" and again.seq == table.seq  # nothing lost, nothing played
    # The one to move lets the turn's hour run out: a timeout (the AI plays that turn), not
    # a no-show, since they moved before the restart (the new bot knows it).
    late = again.seats[again.game.to_move].user_id
    await env.advance_time(HOUR)
    await settle(env)
    assert again.seq > table.seq and not again.seats[half.seats.index(late)].is_ai
    (kept,) = [x for x in (await tournaments.view(row.id)).rounds[0].tables
               if x.index == half.index]
    assert kept.forfeits == () and kept.decided_by == "played"
    await play_through(env, channel, again, by_id)
    await settle(env)
    view = await tournaments.view(row.id)
    assert view.rounds[0].status == "done"
    await same_standings(env, channel, row.id)

    await env.advance_time(row.starts_at + 24 * HOUR + 60 - virtual_clock())
    await settle(env)
    view = await tournaments.view(row.id)
    assert [r.number for r in view.rounds] == [1, 2]
    assert abs(view.rounds[1].starts_at - (row.starts_at + 24 * HOUR)) <= 1
    met = {frozenset(t.seats) for t in view.rounds[0].tables}
    assert not met & {frozenset(t.seats) for t in view.rounds[1].tables}  # no rematch
    for table_view in view.rounds[1].tables:
        assert table_view.table_id is not None
        await play_through(env, channel, await fresh.service.table(table_view.table_id), by_id)
        await settle(env)
    assert (await tournaments.get(row.id)).status == "finished"
    await same_standings(env, channel, row.id)

    for member in people:  # each round told once to each, the restart notwithstanding
        told = Counter(n for text in dm_texts(member)
                       for n in re.findall(r"round (\d+):", text))
        assert told == Counter({"1": 1, "2": 1}), dm_texts(member)
    store = tournaments.store
    tables = await store.round_tables(row.id)
    assert len({rt.table_id for rt in tables}) == len(tables) == 4
    for rt in tables:  # each result is the bot table's own, recorded once; nobody forfeited
        stored = await store.results_of_table(rt.table_id or 0)
        assert rt.forfeits == () and rt.decided_by == "played"
        assert rt.result is not None and rt.result["places"] == [r.place for r in stored]
    final = [m.content or "" for m in channel.history() if "Final places" in (m.content or "")]
    assert len(final) == 1
    lines = await tournaments.standings(row.id)
    assert re.findall(r"^(\d+)\. (\w+) ·", final[0], re.M) == [
        (str(line.standing.place), line.name) for line in lines]
    boards = [m for m in channel.history() if "standings after round" in message_text(m)]
    assert len(boards) == 1 and boards[0].id == standings_id
