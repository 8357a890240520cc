"""Scheduled tables without Discord (issue 24): the start read in the host's zone,
RSVPs, reminders only to the Going people, the start on time with AI fill, a grace that
closes, a weekly repeat, and a restart between the start time and the start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage.models import Player, Schedule
from tables.errors import TableError
from tables.live import LiveTable, Person, TableSettings
from tables.schedule import ScheduledTables, ScheduleNotice, check_needs_start
from tables.service import TableService
from tables.tournament.service import Tournaments
from tests.tables.conftest import Services, shut
from tests.tables.test_tables_timers import START, VirtualTime, open_service

ANN, BOB, CY, DEE = (Person(1, "Ann"), Person(2, "Bob"), Person(3, "Cy"), Person(4, "Dee"))
HOUR = 3600
GUILD, CHANNEL = 10, 20


async def _scheduled(service: TableService) -> tuple[ScheduledTables, list[ScheduleNotice]]:
    scheduled = ScheduledTables(service, service._store)
    told: list[ScheduleNotice] = []

    async def listen(notice: ScheduleNotice) -> None:
        told.append(notice)

    scheduled.listeners.append(listen)
    return scheduled, told


async def _people(service: TableService) -> None:
    await service._store.upsert_player(Player(1, "Ann", tz="Asia/Shanghai"))
    await service._store.upsert_player(Player(2, "Bob", tz="America/New_York"))
    # Cy sleeps 22:00-08:00 in Moscow: 19:00-05:00 UTC.
    await service._store.upsert_player(Player(3, "Cy", tz="Europe/Moscow",
                                             quiet_start=22 * 60, quiet_end=8 * 60))


async def _open(scheduled: ScheduledTables, *, seats: int = 4,
                **kw: Any) -> tuple[LiveTable, Schedule]:
    return await scheduled.open(guild_id=GUILD, channel_id=CHANNEL, host=ANN,
                                game="traditional", settings=TableSettings(seats=seats),
                                options={}, start="in 3h", **kw)


async def test_a_host_without_a_zone_is_asked_for_one_and_nothing_opens(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    scheduled, _ = await _scheduled(service)
    with pytest.raises(TableError) as refused:
        await _open(scheduled)
    assert refused.value.key == "error.schedule.no_zone"
    await _people(service)
    with pytest.raises(TableError) as past:
        await scheduled.open(guild_id=GUILD, channel_id=CHANNEL, host=ANN, game="traditional",
                             settings=TableSettings(seats=4), options={},
                             start="2020-01-01 10:00")
    assert past.value.key == "error.start.past"
    assert await service._store.active_tables() == []


async def test_a_scheduled_table_reminds_the_going_and_starts_on_time_with_ai(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    table, schedule = await _open(scheduled, ai_fill=True)
    assert schedule.starts_at == START + 3 * HOUR
    await scheduled.rsvp(table.id, BOB.user_id, "going")
    await scheduled.rsvp(table.id, CY.user_id, "maybe")
    await scheduled.rsvp(table.id, DEE.user_id, "cant")
    await vt.advance(2 * HOUR + 60)
    assert [(n.kind, n.users) for n in told] == [("reminder", (2,))]
    await vt.advance(HOUR - 60)
    assert [n.kind for n in told] == ["reminder", "reminder", "ping"]
    live = await service.table(table.id)
    assert live.status == "playing"
    assert [s.user_id for s in live.seats[:2]] == [1, 2]
    assert sum(s.is_ai for s in live.seats) == 2
    with pytest.raises(TableError) as gone:
        await scheduled.rsvp(table.id, CY.user_id, "going")
    assert gone.value.key == "error.rsvp.gone"


async def test_reading_going_people_take_the_free_seats_at_the_start(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, _ = await _scheduled(service)
    table, _ = await _open(scheduled, seats=2)
    await scheduled.rsvp(table.id, CY.user_id, "going")
    await vt.advance(60)
    await scheduled.rsvp(table.id, BOB.user_id, "going")  # later: no seat is left for Bob
    await vt.advance(3 * HOUR)
    live = await service.table(table.id)
    assert live.status == "playing" and [s.user_id for s in live.seats] == [1, 3]


async def test_reading_after_the_grace_a_table_starts_with_enough_players(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    table, _ = await _open(scheduled, grace_minutes=30)
    lonely, _ = await _open(scheduled, grace_minutes=30)
    await service.join(table.id, BOB)
    await vt.advance(3 * HOUR + 29 * 60)
    assert (await service.table(table.id)).status == "lobby"
    await vt.advance(60)
    assert (await service.table(table.id)).status == "playing"
    closed = await service._store.get_table(lonely.id)
    assert closed is not None and closed.status == "abandoned"
    assert [n.table.id for n in told if n.kind == "closed"] == [lonely.id]


async def test_reminders_respect_quiet_hours_unless_the_game_is_inside_them(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()  # START is 03:20 UTC: Cy's quiet hours (19:00-05:00 UTC) hold
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    early, _ = await scheduled.open(guild_id=GUILD, channel_id=CHANNEL, host=ANN,
                                    game="traditional", settings=TableSettings(seats=2),
                                    options={}, start="in 80m")
    late, _ = await _open(scheduled, seats=2)
    for table in (early, late):
        await scheduled.rsvp(table.id, CY.user_id, "going")
    await vt.advance(80 * 60)
    reminded = [(n.table.id, n.users) for n in told if n.kind == "reminder"]
    assert (early.id, (3,)) in reminded  # 04:40 UTC: quiet, but the game is too
    assert all(table_id != late.id for table_id, _ in reminded)  # 05:20 is not quiet


async def test_a_weekly_table_opens_the_next_when_it_starts(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    table, schedule = await _open(scheduled, seats=2, repeat="weekly", ai_fill=True)
    await vt.advance(3 * HOUR)
    nxt = [n for n in told if n.kind == "next"]
    assert len(nxt) == 1 and nxt[0].starts_at == schedule.starts_at + 7 * 24 * HOUR
    again = await service._store.get_schedule(nxt[0].table.id)
    assert again is not None and again.repeat == "weekly" and again.reminded == 0
    assert (await service.table(table.id)).status == "playing"


async def test_a_restart_between_the_start_time_and_the_start_starts_it_and_says_so(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "bot.db"
    service, _ = await open_service(services, path, vt)
    await _people(service)
    scheduled, _ = await _scheduled(service)
    table, _ = await _open(scheduled, ai_fill=True)
    await scheduled.rsvp(table.id, BOB.user_id, "going")
    await shut(service)  # the bot goes down before the start
    vt.now += 5 * HOUR
    again, _ = await open_service(services, path, vt)
    scheduled, told = await _scheduled(again)
    assert await scheduled.load() == 1
    await vt.settle()
    assert [n.kind for n in told] == ["late"]
    live = await again.table(table.id)
    assert live.status == "playing" and live.seats[1].user_id == BOB.user_id
    assert await scheduled.load() == 0  # nothing is started twice


async def test_a_start_taken_but_not_finished_before_a_crash_happens_at_start_up(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "bot.db"
    service, _ = await open_service(services, path, vt)
    await _people(service)
    scheduled, _ = await _scheduled(service)
    table, _ = await _open(scheduled, seats=2, ai_fill=True)
    await shut(service)
    # The process took the start (stage 3 stored) and stopped before starting the table.
    again, _ = await open_service(services, path, vt)
    assert await again._store.advance_reminders(table.id, 0, 3)
    vt.now += 4 * HOUR
    scheduled, told = await _scheduled(again)
    await scheduled.load()
    await vt.settle()
    assert (await again.table(table.id)).status == "playing"
    assert [n.kind for n in told] == ["late"]


# -- issue 51: scheduled tables that never contradict themselves -------------------------
async def test_a_profile_of_quiet_hours_only_is_asked_for_a_zone(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await service._store.upsert_player(Player(1, "Ann", quiet_start=23 * 60, quiet_end=7 * 60))
    scheduled, _ = await _scheduled(service)
    with pytest.raises(TableError) as refused:
        await _open(scheduled)
    assert refused.value.key == "error.schedule.no_zone"
    assert await service._store.active_tables() == []


async def test_a_going_person_without_a_profile_is_seated_under_their_server_name(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, _ = await _scheduled(service)
    table, _ = await _open(scheduled, seats=2)
    await scheduled.rsvp(table.id, 1300000000000000009, "going", name="Eve the nick")
    await vt.advance(3 * HOUR)
    live = await service.table(table.id)
    assert live.status == "playing"
    assert [s.name for s in live.seats] == ["Ann", "Eve the nick"]


async def test_a_table_without_enough_players_only_says_it_closed(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    lonely, _ = await _open(scheduled)
    await vt.advance(3 * HOUR)
    assert [(n.kind, n.table.id) for n in told] == [("closed", lonely.id)]  # no "starts now"


async def test_a_late_table_without_enough_players_only_says_it_closed(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "bot.db"
    service, _ = await open_service(services, path, vt)
    await _people(service)
    scheduled, _ = await _scheduled(service)
    await _open(scheduled)
    await shut(service)
    vt.now += 5 * HOUR
    again, _ = await open_service(services, path, vt)
    scheduled, told = await _scheduled(again)
    await scheduled.load()
    await vt.settle()
    assert [n.kind for n in told] == ["late_closed"]


async def test_a_grace_is_told_as_a_wait_then_how_it_ended(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    table, _ = await _open(scheduled, grace_minutes=30)
    lonely, _ = await _open(scheduled, grace_minutes=30)
    await scheduled.rsvp(table.id, BOB.user_id, "going")
    await vt.advance(3 * HOUR)
    waits = [(n.kind, n.table.id, n.grace, n.users) for n in told if n.kind != "reminder"]
    # Due, not full: each waits, Bob (Going, seated at the start) mentioned; no "starts now".
    assert waits == [("grace", table.id, 1800, (BOB.user_id,)), ("grace", lonely.id, 1800, ())]
    await vt.advance(30 * 60)
    assert [n.kind for n in told if n.table.id == lonely.id] == ["grace", "closed"]
    assert [n.kind for n in told if n.table.id == table.id
            and n.kind != "reminder"] == ["grace", "grace_started"]
    assert (await service.table(table.id)).status == "playing"


def test_repeat_grace_and_ai_fill_need_a_start() -> None:
    for given in ({"repeat": "weekly", "grace": 0, "ai_fill": False},
                  {"repeat": None, "grace": 10, "ai_fill": False},
                  {"repeat": None, "grace": 0, "ai_fill": True}):
        with pytest.raises(TableError) as refused:
            check_needs_start(None, **given)
        assert refused.value.key == "error.schedule.needs_start"
    check_needs_start(None, repeat=None, grace=0, ai_fill=False)
    check_needs_start("in 3h", repeat="weekly", grace=10, ai_fill=True)


async def test_a_host_who_starts_a_weekly_table_early_keeps_the_repeat(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    table, schedule = await _open(scheduled, seats=2, repeat="weekly")
    await service.join(table.id, BOB)
    await vt.advance(HOUR)
    await service.start(table.id, ANN.user_id)  # two hours early
    await vt.settle()
    nxt = [n for n in told if n.kind == "next"]
    assert len(nxt) == 1 and nxt[0].starts_at == schedule.starts_at + 7 * 24 * HOUR
    await vt.advance(3 * HOUR)  # the old start time passes: nothing opens twice
    assert len([n for n in told if n.kind == "next"]) == 1
    again = await service._store.get_schedule(nxt[0].table.id)
    assert again is not None and again.repeat == "weekly"


async def test_a_going_person_who_left_the_server_is_not_seated_at_the_start(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    await _people(service)
    asked: list[tuple[int, int]] = []

    async def member(guild: int, user: int) -> bool:
        asked.append((guild, user))
        return user != BOB.user_id  # Bob said Going, then left the server

    scheduled, _ = await _scheduled(service)
    scheduled.member = member
    table, _ = await _open(scheduled, seats=3)
    for person in (BOB, CY):
        await scheduled.rsvp(table.id, person.user_id, "going")
    await vt.advance(3 * HOUR)
    live = await service.table(table.id)
    assert live.status == "playing"
    assert [s.user_id for s in live.seats] == [ANN.user_id, CY.user_id]
    assert (GUILD, BOB.user_id) in asked


async def test_a_tournament_start_asks_for_a_zone_of_a_profile_without_one(
        services: Services, tmp_path: Path) -> None:
    """The same reading as a scheduled table's: a profile of quiet hours only, or the row
    an RSVP leaves (a name), chose no zone."""
    vt = VirtualTime()
    service, _ = await open_service(services, tmp_path / "bot.db", vt)
    scheduled, _ = await _scheduled(service)
    tournaments = Tournaments(service, service._store)
    await service._store.upsert_player(Player(1, "Ann", quiet_start=23 * 60, quiet_end=7 * 60))
    await scheduled.rsvp((await _open_for(service, BOB)).id, CY.user_id, "going", name="Cy")
    for host in (ANN, CY):
        with pytest.raises(TableError) as refused:
            await tournaments.read(host.user_id, "20:00")
        assert refused.value.key == "error.schedule.no_zone"
    assert await tournaments.read(BOB.user_id, "in 2h") == START + 2 * HOUR


async def _open_for(service: TableService, host: Person) -> LiveTable:
    await service._store.upsert_player(Player(host.user_id, host.name, tz="Europe/Kyiv"))
    scheduled, _ = await _scheduled(service)
    table, _ = await scheduled.open(guild_id=GUILD, channel_id=CHANNEL, host=host,
                                    game="traditional", settings=TableSettings(seats=2),
                                    options={}, start="in 3h")
    return table


async def test_a_restart_during_the_grace_still_ends_it(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    path = tmp_path / "bot.db"
    service, _ = await open_service(services, path, vt)
    await _people(service)
    scheduled, told = await _scheduled(service)
    lonely, _ = await _open(scheduled, grace_minutes=30)
    await vt.advance(3 * HOUR + 60)
    assert [n.kind for n in told] == ["grace"]
    await shut(service)  # the bot stops 1 min into the grace, and is back 4 min later
    vt.now += 4 * 60
    again, _ = await open_service(services, path, vt)
    scheduled, told = await _scheduled(again)
    await scheduled.load()
    await vt.advance(HOUR)
    assert (await again._store.get_table(lonely.id)).status == "abandoned"
    assert [n.kind for n in told] == ["closed"]  # at the grace's end, as it would have
