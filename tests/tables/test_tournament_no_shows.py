"""The no-show rule across time zones (issue 49; tables/tournament/attendance.py): a person
whose first turns time out while they sleep is no no-show; one who has made no move within
the round's grace (the smaller of 12 h and a third of the round) forfeits at its end; one
who never moved at a table that ended forfeits it however soon it ended."""

from __future__ import annotations

from pathlib import Path

from tables.live import Person, TableEvent, TableSettings
from tables.tournament.attendance import NO_SHOW_GRACE, no_show_grace
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import VirtualTime
from tests.tables.test_tournament_service import (
    CHANNEL,
    DAY,
    GUILD,
    HOST,
    HOUR,
    PEOPLE,
    TOURNEY_START,
    _create,
    _setup,
)


def test_the_grace_is_the_smaller_of_twelve_hours_and_a_third_of_the_round() -> None:
    assert NO_SHOW_GRACE == 12 * HOUR
    assert no_show_grace(DAY) == 8 * HOUR
    assert no_show_grace(2 * DAY) == 12 * HOUR == no_show_grace(7 * DAY)
    assert no_show_grace(3 * HOUR) == HOUR


class Timeouts:
    """The timeouts the tables told: (when, user)."""

    def __init__(self, vt: VirtualTime) -> None:
        self.vt = vt
        self.seen: list[tuple[float, int | None]] = []

    async def __call__(self, event: TableEvent) -> None:
        if event.kind == "timeout" and event.seat is not None:
            self.seen.append((self.vt.now, event.table.seats[event.seat].user_id))


async def test_reading_a_sleeper_whose_first_turns_time_out_is_no_no_show(
        services: Services, tmp_path: Path) -> None:
    """The bench's 07:00 in New York: the first turn (an hour) runs out before the person
    wakes; the AI plays it as at any table, they play on when awake, and nobody forfeits."""
    vt = VirtualTime()
    sleeper = PEOPLE[3].user_id
    service, tournaments, people, _ = await _setup(services, tmp_path / "bot.db", vt,
                                                   absent={sleeper})
    timeouts = Timeouts(vt)
    service.listeners.append(timeouts)
    tid = await _create(tournaments, entrants=4, rounds=1)
    await vt.advance(HOUR + 90 * 60)  # the round opened half past one hours ago
    assert [u for _, u in timeouts.seen] and {u for _, u in timeouts.seen} == {sleeper}
    [rt] = [x for x in await tournaments.store.round_tables(tid) if sleeper in x.seats]
    assert rt.state == "playing" and rt.forfeits == ()  # the old rule: a forfeit by now
    people.absent.discard(sleeper)  # awake: plays from their next turn
    await vt.advance(DAY)
    [rt] = [x for x in await tournaments.store.round_tables(tid) if sleeper in x.seats]
    assert rt.state == "done" and rt.decided_by == "played" and rt.forfeits == ()
    assert rt.seats.index(sleeper) in rt.moved
    entrant = next(e for e in await tournaments.store.entrants(tid) if e.user_id == sleeper)
    assert not entrant.replaced_by_ai
    assert (await tournaments.get(tid)).status == "finished"


async def test_reading_a_no_show_forfeits_at_the_graces_end_and_not_before(
        services: Services, tmp_path: Path) -> None:
    """Four at one table, slow players (25 minutes a move, turns of 30 minutes in a 12-hour
    round, so a grace of 4 hours) and one who never comes: still seated, not away, until
    the grace is over; then placed last, and the AI plays the seat to the end in time."""
    vt = VirtualTime()
    absent = PEOPLE[2].user_id
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt, absent={absent},
                                        delay=25 * 60.0)
    t = await tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host=Person(HOST, "Host"), game="traditional",
        options={}, settings=TableSettings(seats=4), format="swiss", rounds=1,
        round_seconds=int(12 * HOUR), seats=4, starts_at=TOURNEY_START)
    for person in PEOPLE[:4]:
        await tournaments.join(t.id, person)
    grace_at = TOURNEY_START + no_show_grace(12 * HOUR)
    await vt.advance(grace_at - vt.now - 60)
    [rt] = await tournaments.store.round_tables(t.id, 1)
    assert rt.state == "playing" and rt.forfeits == ()
    assert set(rt.moved) == {0, 1, 2, 3} - {rt.seats.index(absent)}
    await vt.advance(120)
    [rt] = await tournaments.store.round_tables(t.id, 1)
    assert rt.decided_by == "forfeit" and rt.forfeits == (rt.seats.index(absent),)
    await vt.advance(12 * HOUR)
    [rt] = await tournaments.store.round_tables(t.id, 1)
    assert rt.state == "done" and rt.result is not None
    assert rt.result["places"][rt.seats.index(absent)] == 4
    assert (await tournaments.get(t.id)).status == "finished"


async def test_reading_one_who_never_moved_at_a_table_that_ended_forfeits_it(
        services: Services, tmp_path: Path) -> None:
    """The AI played every turn of theirs (the third timeout hands it the seat) and the
    table ended before the grace: no points for the AI's play alone."""
    vt = VirtualTime()
    absent = PEOPLE[0].user_id
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt, absent={absent})
    tid = await _create(tournaments, entrants=2, rounds=1)
    await vt.advance(HOUR + no_show_grace(DAY) - 60)  # all before the grace's end
    [rt] = await tournaments.store.round_tables(tid)
    assert rt.state == "done" and rt.decided_by == "forfeit"
    assert rt.forfeits == (rt.seats.index(absent),)
    assert rt.result is not None and rt.result["places"][rt.seats.index(absent)] == 2
    assert rt.result["places"][1 - rt.seats.index(absent)] == 1
