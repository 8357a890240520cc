"""The turn clock of tournament tables (issue 49, tables/turn_clock.py): paused in the
mover's quiet hours, never past the round's deadline, and a turn that fits the round.

The tests named test_reading_* pin a reading of the issue where it does not say."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storage.models import Player
from storage.tournament_rows import TournamentRow
from tables.live import Person, TableEvent, TableSettings
from tables.quiet import quiet_until
from tables.service import TableService
from tables.tournament.attendance import no_show_at
from tables.tournament.rounds import TURNS_PER_ROUND, fitted_settings
from tables.tournament.service import Tournaments
from tables.turn_clock import MAX_WINDOWS, Quiet, awake_seconds, turn_deadline
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import START, VirtualTime, open_service

HOUR, DAY, MINUTE = 3600.0, 86400.0, 60.0
OPENS = START + HOUR  # 2027-01-15 09:00 UTC
PEOPLE = [Person(201, "Ann"), Person(202, "Bob")]


def ts(text: str) -> float:
    return datetime.fromisoformat(text).astimezone(UTC).timestamp()


TOKYO_NIGHTS = Quiet("Asia/Tokyo", 23 * 60, 7 * 60)


# -- the clock itself ------------------------------------------------------------------
def test_a_turn_without_quiet_hours_is_its_length() -> None:
    assert turn_deadline(1000.0, HOUR) == 1000.0 + HOUR
    assert turn_deadline(1000.0, HOUR, Quiet("UTC", None, None)) == 1000.0 + HOUR
    assert turn_deadline(1000.0, HOUR, Quiet("UTC", 600, 600)) == 1000.0 + HOUR


def test_a_turn_running_into_quiet_hours_stands_still_until_they_end() -> None:
    # 22:30 in Tokyo, an hour's turn: half an hour now, half an hour after 07:00
    start = ts("2027-01-15T22:30:00+09:00")
    assert turn_deadline(start, HOUR, TOKYO_NIGHTS) == ts("2027-01-16T07:30:00+09:00")


def test_a_turn_beginning_in_quiet_hours_starts_counting_when_they_end() -> None:
    start = ts("2027-01-16T03:00:00+09:00")
    assert turn_deadline(start, HOUR, TOKYO_NIGHTS) == ts("2027-01-16T08:00:00+09:00")


def test_a_long_turn_waits_out_every_night_it_meets() -> None:
    # 20 waking hours from 12:00: 11 today (to 23:00), 9 tomorrow from 07:00 -> 16:00
    start = ts("2027-01-15T12:00:00+09:00")
    assert turn_deadline(start, 20 * HOUR, TOKYO_NIGHTS) == ts("2027-01-16T16:00:00+09:00")


def test_reading_the_round_deadline_ends_a_turn_even_inside_quiet_hours() -> None:
    """"Never past the round deadline" wins over "not during quiet hours": a turn still
    open at the round's deadline ends there (the deadline rule plays the table out)."""
    start = ts("2027-01-15T22:30:00+09:00")
    ends_by = ts("2027-01-16T02:00:00+09:00")
    assert turn_deadline(start, HOUR, TOKYO_NIGHTS, ends_by) == ends_by
    assert quiet_until(ends_by, TOKYO_NIGHTS.tz, TOKYO_NIGHTS.start, TOKYO_NIGHTS.end)
    assert turn_deadline(start, 10.0, TOKYO_NIGHTS, ends_by) == start + 10.0


def test_reading_a_round_deadline_already_past_sets_no_limit() -> None:
    """A turn begun after its round's deadline (the deadline being decided right now) is
    not ended at once: the deadline rule hands the seats to the AI anyway."""
    assert turn_deadline(5000.0, HOUR, None, ends_by=4000.0) == 5000.0 + HOUR
    assert turn_deadline(5000.0, HOUR, None, ends_by=5000.0) == 5000.0 + HOUR


def test_awake_seconds_leave_out_the_quiet_hours() -> None:
    start = ts("2027-01-15T12:00:00+09:00")
    assert awake_seconds(start, start + DAY, TOKYO_NIGHTS) == 16 * HOUR
    assert awake_seconds(start, start + DAY, None) == DAY
    night = ts("2027-01-16T01:00:00+09:00")
    assert awake_seconds(night, night + 5 * HOUR, TOKYO_NIGHTS) == 0.0


ZONES = ("UTC", "Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe")


@settings(max_examples=150, deadline=None)
@given(start=st.floats(1.7e9, 1.9e9), turn=st.integers(60, 7 * 86400),
       zone=st.sampled_from(ZONES), q_start=st.integers(0, 1439), q_end=st.integers(0, 1439))
def test_every_turn_gets_its_full_time_awake_and_never_ends_asleep(
        start: float, turn: int, zone: str, q_start: int, q_end: int) -> None:
    quiet = Quiet(zone, q_start, q_end)
    deadline = turn_deadline(start, turn, quiet)
    assert deadline >= start + turn
    if q_start == q_end:
        assert deadline == start + turn
        return
    assert abs(awake_seconds(start, deadline, quiet) - turn) < 1e-3
    # it ends while awake, or just as quiet hours begin (nothing was left to count);
    # past MAX_WINDOWS nights (a minute awake a day) the rest runs on regardless
    if deadline - start < (MAX_WINDOWS - 2) * DAY:
        assert quiet_until(deadline - 1e-3, zone, q_start, q_end) is None


@settings(max_examples=100, deadline=None)
@given(start=st.floats(1.7e9, 1.9e9), turn=st.integers(60, 7 * 86400),
       ends=st.floats(0, 8 * 86400), q_start=st.integers(0, 1439),
       q_end=st.integers(0, 1439))
def test_a_turn_never_ends_after_the_round(start: float, turn: int, ends: float,
                                           q_start: int, q_end: int) -> None:
    ends_by = start + ends
    deadline = turn_deadline(start, turn, Quiet("Asia/Tokyo", q_start, q_end), ends_by)
    assert deadline <= ends_by or ends_by <= start


# -- the fit -----------------------------------------------------------------------------
def _tournament(settings: TableSettings, round_seconds: int = int(DAY)) -> TournamentRow:
    return TournamentRow(
        id=1, guild_id=10, channel_id=20, host_id=1, title="", game="traditional",
        options={}, table_settings=settings.to_json(), format="swiss", rounds=3,
        round_seconds=round_seconds, seats=2, min_seats=None, advance=1, teams=False,
        check_in=False, starts_at=OPENS, status="running", current_round=1,
        signup_message_id=None, standings_message_id=None, created_at=OPENS, paused_at=None,
        paused_seconds=0.0, finished_at=None)


def test_reading_the_turn_fits_in_the_least_awake_players_waking_hours() -> None:
    """"The turn time must fit so a round can finish": with the quiet clock, a round
    table's turn is at most a 24th of the waking time in the round of its player who is
    awake least; without it, a 24th of the round, as before."""
    quiet = fitted_settings(_tournament(TableSettings(seats=2, quiet_clock=True)), 2,
                            ends_by=OPENS + DAY, awake=15 * HOUR)
    assert quiet.turn_seconds == 15 * HOUR / TURNS_PER_ROUND == 2250
    assert quiet.ends_by == OPENS + DAY and quiet.quiet_clock and not quiet.auto_start
    plain = fitted_settings(_tournament(TableSettings(seats=2)), 2, ends_by=OPENS + DAY,
                            awake=15 * HOUR)
    assert plain.turn_seconds == 3600 and not plain.quiet_clock
    asleep = fitted_settings(_tournament(TableSettings(seats=2, quiet_clock=True)), 2,
                             awake=0.0)
    assert asleep.turn_seconds == 60  # at least a minute


def test_the_quiet_clock_is_stored_only_when_set() -> None:
    assert "quiet_clock" not in TableSettings(seats=2).to_json()
    assert "ends_by" not in TableSettings(seats=2).to_json()
    stored = TableSettings(seats=2, quiet_clock=True, ends_by=123.0).to_json()
    assert TableSettings.from_json(stored) == TableSettings(seats=2, quiet_clock=True,
                                                            ends_by=123.0)


# -- through the service, in virtual time --------------------------------------------------
async def _tournament_of_two(services: Services, path: Path, vt: VirtualTime, *,
                             quiet_clock: bool, round_seconds: float = DAY,
                             quiet: tuple[int, int] = (8 * 60 + 30, 12 * 60),
                             ) -> tuple[TableService, Tournaments, list[tuple[float, int]]]:
    """Ann and Bob (UTC, quiet hours `quiet`: by default 08:30-12:00, so the round opening
    at 09:00 opens in them) in a one-round Swiss; nobody moves. Returns the service, the
    tournaments and the (time, seat) of every timeout."""
    service, _ = await open_service(services, path, vt)
    for person in PEOPLE:
        await service._store.upsert_player(Player(person.user_id, person.name, tz="UTC",
                                                  quiet_start=quiet[0], quiet_end=quiet[1]))
    timeouts: list[tuple[float, int]] = []

    async def listen(event: TableEvent) -> None:
        if event.kind == "timeout" and event.seat is not None:
            timeouts.append((vt.now, event.seat))

    service.listeners.append(listen)
    tournaments = Tournaments(service, service._store, ai_level="easy")
    t = await tournaments.create(
        guild_id=10, channel_id=20, host=Person(1, "Host"), game="traditional", options={},
        settings=TableSettings(seats=2, quiet_clock=quiet_clock), format="swiss", rounds=1,
        round_seconds=int(round_seconds), seats=2, starts_at=OPENS)
    for person in PEOPLE:
        await tournaments.join(t.id, person)
    await vt.advance(OPENS - vt.now)
    return service, tournaments, timeouts


async def _the_table(service: TableService, tournaments: Tournaments) -> int:
    (t,) = await service._store.tournaments()
    (rt,) = await service._store.round_tables(t.id)
    assert rt.table_id is not None
    return rt.table_id


async def test_a_turn_falling_in_the_movers_quiet_hours_waits_for_them_to_end(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, tournaments, timeouts = await _tournament_of_two(
        services, tmp_path / "bot.db", vt, quiet_clock=True)
    table = service.held(await _the_table(service, tournaments))
    assert table is not None and table.in_play
    # awake in the round (09:00 to 09:00): all but 09:00-12:00 and 08:30-09:00 = 20.5 h
    turn = int(20.5 * HOUR / TURNS_PER_ROUND)
    assert table.settings.turn_seconds == turn and table.settings.ends_by == OPENS + DAY
    quiet_ends = OPENS + 3 * HOUR  # 12:00 UTC
    assert table.deadline == quiet_ends + turn
    await vt.advance(quiet_ends + turn - 1 - vt.now)
    assert timeouts == []  # three quiet hours and all but a second of the turn: no timeout
    await vt.advance(1)
    assert timeouts and timeouts[0][0] == quiet_ends + turn


async def test_reading_the_host_may_turn_the_quiet_clock_off(
        services: Services, tmp_path: Path) -> None:
    """The setting is the tournament's (its table settings' `quiet_clock`): off, a turn
    runs in quiet hours too, still a 24th of the round and within it."""
    vt = VirtualTime()
    service, tournaments, timeouts = await _tournament_of_two(
        services, tmp_path / "bot.db", vt, quiet_clock=False)
    table = service.held(await _the_table(service, tournaments))
    assert table is not None and table.in_play
    assert table.settings.turn_seconds == 3600 and table.deadline == OPENS + HOUR
    await vt.advance(HOUR)
    assert timeouts and timeouts[0][0] == OPENS + HOUR


async def test_a_turn_asleep_until_after_the_round_ends_at_its_deadline(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    # a 2-hour round from 09:00; quiet 08:30-11:30: the first turn would end at 11:31
    service, tournaments, _ = await _tournament_of_two(
        services, tmp_path / "bot.db", vt, quiet_clock=True, round_seconds=2 * HOUR,
        quiet=(8 * 60 + 30, 11 * 60 + 30))
    table = service.held(await _the_table(service, tournaments))
    assert table is not None and table.in_play
    assert table.settings.turn_seconds == 60  # nobody is awake in the round: a minute
    assert table.deadline == OPENS + 2 * HOUR


async def test_an_ordinary_table_keeps_the_plain_clock_in_quiet_hours(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    for person in PEOPLE:
        await service._store.upsert_player(Player(person.user_id, person.name, tz="UTC",
                                                  quiet_start=7 * 60, quiet_end=12 * 60))
    table = await service.open_lobby(
        guild_id=10, channel_id=20, host=PEOPLE[0], game="traditional",
        settings=TableSettings(seats=2, turn_seconds=int(HOUR), auto_start=False), options={})
    await service.join(table.id, PEOPLE[1])
    started = await service.start(table.id, PEOPLE[0].user_id)
    assert started.deadline == vt.now + HOUR


def test_reading_the_no_show_grace_counts_waking_hours_with_the_quiet_clock() -> None:
    """"Not during their quiet hours" for the no-show rule too: with the quiet clock a
    person's grace (8 h of a day's round) counts only their waking hours, as a turn does.
    A day's round opening at 22:00 in Tokyo for someone asleep 23:00-07:00: 1 h that
    evening and 7 h from 07:00, so judged at 14:00 the next day, not at 06:00 asleep."""
    opened = ts("2027-01-15T22:00:00+09:00")
    assert no_show_at(opened, DAY) == opened + 8 * HOUR
    assert no_show_at(opened, DAY, TOKYO_NIGHTS) == ts("2027-01-16T14:00:00+09:00")
    awake = ts("2027-01-15T09:00:00+09:00")  # awake all of the grace: as before
    assert no_show_at(awake, DAY, TOKYO_NIGHTS) == awake + 8 * HOUR


@pytest.mark.parametrize("quiet_clock", [True, False])
async def test_reading_a_sleeper_at_the_graces_end_is_no_no_show_yet(
        services: Services, tmp_path: Path, quiet_clock: bool) -> None:
    """A day's round from 09:00 with both players asleep 10:00-20:00 who never move: the
    plain grace ends at 17:00 (both forfeit then without the quiet clock); with it their
    grace runs 09:00-10:00 and 20:00-03:00, so at 17:00 and well after their waking
    nobody has forfeited, no turn of theirs ran out asleep, and in the end (the AI played
    their timed-out seats, or the grace is over) both forfeit."""
    vt = VirtualTime()
    service, _, timeouts = await _tournament_of_two(
        services, tmp_path / "bot.db", vt, quiet_clock=quiet_clock,
        quiet=(10 * 60, 20 * 60))
    (t,) = await service._store.tournaments()
    await vt.advance(OPENS + 8 * HOUR + 60 - vt.now)
    (rt,) = await service._store.round_tables(t.id)
    if not quiet_clock:
        assert rt.decided_by == "forfeit" and sorted(rt.forfeits) == [0, 1]
        return
    assert rt.forfeits == () and rt.state == "playing"
    await vt.advance(OPENS + 12 * HOUR - vt.now)  # 21:00: an hour awake, a waking turn
    (rt,) = await service._store.round_tables(t.id)
    assert rt.forfeits == () and rt.state == "playing"
    quiet = (OPENS + HOUR, OPENS + 11 * HOUR)  # 10:00 to 20:00
    assert not [at for at, _ in timeouts if quiet[0] < at < quiet[1]]  # none asleep
    await vt.advance(OPENS + 18 * HOUR + 1 - vt.now)  # 03:00: their grace is over
    (rt,) = await service._store.round_tables(t.id)
    assert sorted(rt.forfeits) == [0, 1] and rt.decided_by == "forfeit"
