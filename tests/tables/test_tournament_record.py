"""A player's tournaments as /domino stats counts them (issue 49,
tables.tournament.reading.tournament_record): played, won, best place, in progress.

The tests named test_reading_* pin a reading of the issue where it does not say."""

from __future__ import annotations

from pathlib import Path

from tables.live import Person, TableSettings
from tables.tournament.reading import TournamentRecord, tournament_record
from tables.tournament.service import Tournaments
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import VirtualTime
from tests.tables.test_tournament_service import (
    DAY,
    GUILD,
    HOST,
    HOUR,
    PEOPLE,
    TOURNEY_START,
    _create,
    _setup,
)

OTHER_GUILD = 99


async def _places(tournaments: Tournaments, tid: int) -> dict[int, int]:
    return {line.standing.entrant: line.standing.place
            for line in await tournaments.standings(tid)}


async def test_a_finished_tournament_counts_as_played_with_its_winner_and_places(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=4, rounds=1)
    before = await tournament_record(tournaments.store, PEOPLE[0].user_id, GUILD)
    assert before == TournamentRecord()  # entered, not started: nothing yet
    await vt.advance(HOUR + 1)  # the round opened a second ago
    running = await tournament_record(tournaments.store, PEOPLE[0].user_id, GUILD)
    assert running == TournamentRecord(ongoing=1)
    await vt.advance(DAY)
    assert (await tournaments.get(tid)).status == "finished"
    places = await _places(tournaments, tid)
    assert sorted(places.values()) == [1, 2, 3, 4]
    for person in PEOPLE[:4]:
        record = await tournament_record(tournaments.store, person.user_id, GUILD)
        place = places[person.user_id]
        assert record == TournamentRecord(played=1, wins=int(place == 1), best=place,
                                          best_of=4)
    # global scope sees it too; another server's does not; someone who never entered: none
    winner = next(u for u, p in places.items() if p == 1)
    assert (await tournament_record(tournaments.store, winner, None)).wins == 1
    assert await tournament_record(tournaments.store, winner, OTHER_GUILD) == TournamentRecord()
    assert await tournament_record(tournaments.store, PEOPLE[7].user_id, None) == \
        TournamentRecord()


async def test_reading_best_place_and_wins_over_several_tournaments(
        services: Services, tmp_path: Path) -> None:
    """Best place: the lowest place number, and among equal places the largest field (1st
    of 4 over 1st of 2); wins: the tournaments placed first in."""
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    small = await _create(tournaments, entrants=2, rounds=1)
    big = await _create(tournaments, entrants=4, rounds=1)
    await vt.advance(DAY + 2 * HOUR)
    both = set(await _places(tournaments, small)) & set(await _places(tournaments, big))
    for user in both:
        p_small = (await _places(tournaments, small))[user]
        p_big = (await _places(tournaments, big))[user]
        record = await tournament_record(tournaments.store, user, GUILD)
        assert record.played == 2 and record.wins == (p_small == 1) + (p_big == 1)
        best = min((p_small, -2), (p_big, -4))
        assert (record.best, record.best_of) == (best[0], -best[1])


async def test_reading_cancelled_and_left_out_tournaments_are_not_played(
        services: Services, tmp_path: Path) -> None:
    """A cancelled tournament has no final places: not counted. One left out at the start
    (no check-in) has not played; one who withdrew mid-tournament has, as placed."""
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    cancelled = await _create(tournaments, entrants=2, rounds=1)
    await tournaments.cancel(cancelled, HOST)
    checked = await _create(tournaments, entrants=3, rounds=1, check_in=True)
    for person in PEOPLE[:2]:
        await tournaments.check_in(checked, person.user_id)
    third = PEOPLE[2].user_id
    quitter = await _create(tournaments, entrants=4, rounds=2)
    await vt.advance(2 * HOUR)
    await tournaments.withdraw(quitter, PEOPLE[3].user_id)
    await vt.advance(2 * DAY + HOUR)
    assert (await tournaments.get(cancelled)).status == "cancelled"
    assert (await tournaments.get(checked)).status == "finished"
    assert (await tournaments.get(quitter)).status == "finished"
    record = await tournament_record(tournaments.store, third, GUILD)
    assert record.played == 1 and record.ongoing == 0  # the quitter's tournament only
    gone = await tournament_record(tournaments.store, PEOPLE[3].user_id, GUILD)
    assert gone.played == 1 and gone.best == (await _places(tournaments, quitter))[
        PEOPLE[3].user_id]
    first = await tournament_record(tournaments.store, PEOPLE[0].user_id, GUILD)
    assert first.played == 2  # the check-in one and the quitter's; not the cancelled one


async def test_a_tournament_of_another_server_stays_there(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    t = await tournaments.create(
        guild_id=OTHER_GUILD, channel_id=30, host=Person(HOST, "Host"), game="traditional",
        options={}, settings=TableSettings(seats=2), format="swiss", rounds=1,
        round_seconds=int(DAY), seats=2, starts_at=TOURNEY_START)
    for person in PEOPLE[:2]:
        await tournaments.join(t.id, person)
    await vt.advance(DAY + 2 * HOUR)
    user = PEOPLE[0].user_id
    assert (await tournament_record(tournaments.store, user, OTHER_GUILD)).played == 1
    assert (await tournament_record(tournaments.store, user, None)).played == 1
    assert (await tournament_record(tournaments.store, user, GUILD)).played == 0
