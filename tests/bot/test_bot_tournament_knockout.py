"""A knockout of 4 tables of 4 through the bot (issue 49), on simcord's virtual time: 16
people enter with the sign-up button, Traditional at 4 seats with the top 2 of each table
going on (4 tables, then 2, then the final of 4), everyone pressing their own moves. Each
round's seating is checked against a hand count from the seeds and the stored results of
the tables before, and the final places against the bracket counted by hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

from cogs.domino_bot import DominoBot
from tests.bot.conftest import take_turn
from tests.bot.test_bot_tournament import create, find, settle, virtual_clock

pytestmark = pytest.mark.simcord(settle_timeout=60)

HOUR = 3600


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.fixture
def sixteen(simcord_env: Any) -> dict[str, Any]:
    """A server with a channel, a host with Manage Server and sixteen people."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("knockout")
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    people = [guild.add_member(simcord_env.create_user(f"p{i:02d}")) for i in range(1, 17)]
    return {"env": simcord_env, "guild": guild, "channel": channel, "boss": boss,
            "people": people}


def snake(seeded: list[int], tables: int) -> list[list[int]]:
    """The hand count of a knockout's seating: seeds dealt 1..T, then T..1, and again."""
    out: list[list[int]] = [[] for _ in range(tables)]
    order = [*range(tables), *reversed(range(tables))]
    for i, who in enumerate(seeded):
        out[order[i % len(order)]].append(who)
    return out


async def play_through(env: Any, channel: Any, table: Any, by_id: dict[int, Any]) -> None:
    """The table's people press their moves until it ends (as the Swiss test's helper, but
    waiting only for the moves between presses: the tournament's notices once, after)."""
    for _ in range(200):
        if table.status != "playing":
            await settle(env)
            return
        await take_turn(by_id[table.seats[table.game.to_move].user_id], channel, table)
        await env.settle()
    raise AssertionError(f"table {table.id} did not end")


async def places_at(env: Any, table_id: int) -> dict[int, int]:
    """Each person's place at a finished table, from the bot's own stored results."""
    return {r.user_id: r.place for r in await env.bot.service._store.results_of_table(table_id)}


async def test_a_knockout_of_four_tables_of_four_through_the_bot(
        sixteen: dict[str, Any]) -> None:
    env, channel, people = sixteen["env"], sixteen["channel"], sixteen["people"]
    tournaments = env.bot.features.tournaments
    row = await create(sixteen, game="traditional", format="knockout", rounds=1,
                       round_hours=24, start="in 1h", seats=4, advance=2, title="Cup")
    for member in people:  # the order of entry is the seed order (nobody is rated yet)
        await member.click(find(channel, row.signup_message_id), label="Join")
    await settle(env)
    by_id = {m.id: m for m in people}
    seed = {m.id: i for i, m in enumerate(people)}

    still_in = [m.id for m in people]
    reached: dict[int, tuple[int, int]] = {}  # person -> (last round, place there)
    points: dict[int, float] = dict.fromkeys(by_id, 0.0)
    for number, tables in ((1, 4), (2, 2), (3, 1)):
        await env.advance_time(HOUR + 60 if number == 1 else 24 * HOUR)
        await settle(env)
        view = await tournaments.view(row.id)
        assert [r.number for r in view.rounds] == list(range(1, number + 1))
        current = view.rounds[-1]
        expected = snake(sorted(still_in, key=seed.__getitem__), tables)
        assert [list(t.seats) for t in current.tables] == expected and not current.byes
        through = []
        for table_view in current.tables:
            assert table_view.table_id is not None
            table = await env.bot.service.table(table_view.table_id)
            assert [s.user_id for s in table.seats] == list(table_view.seats)
            await play_through(env, channel, table, by_id)
            placed = await places_at(env, table.id)
            for who, place in placed.items():
                reached[who] = (number, place)
                tied = list(placed.values()).count(place)
                points[who] += sum((4 - p) / 3 for p in range(place, place + tied)) / tied
            # The top 2 go on, a tie at the cut to the better seed.
            through += sorted(placed, key=lambda p: (placed[p], seed[p]))[:2]
        still_in = through
    assert (await tournaments.get(row.id)).status == "finished"
    assert len(still_in) == 2  # the final's top 2 (the count above goes on by itself)

    lines = await tournaments.standings(row.id)
    assert [line.standing.points for line in lines] == pytest.approx(
        [points[line.standing.entrant] for line in lines])
    # The places follow the bracket: further first, then the place where one went out.
    order = [(-reached[line.standing.entrant][0], reached[line.standing.entrant][1])
             for line in lines]
    assert order == sorted(order)
    final = [m.content or "" for m in channel.history() if "Final places" in (m.content or "")]
    assert len(final) == 1
    shown = re.findall(r"^(\d+)\. (\w+) ·", final[0], re.M)
    assert shown == [(str(line.standing.place), line.name) for line in lines]
    assert len(shown) == 16
    assert reached[lines[0].standing.entrant] == (3, 1)  # the final's winner is first
