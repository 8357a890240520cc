"""Turn clocks without Discord: reminders, quiet hours, timeouts, away seats, restarts.

Time is virtual: the service gets a clock and a sleep from `VirtualTime`, so a
48-hour turn takes milliseconds and every event lands at an exact moment.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from pathlib import Path

from storage.models import Player
from tables.live import Person, TableEvent, TableSettings
from tables.quiet import reminder_times
from tables.service import TableService
from tests.tables.conftest import Services, shut

ANN, BOB = Person(1, "Ann"), Person(2, "Bob")
HOUR = 3600.0
FORCED = {"draw", "pass"}
START = 1_800_000_000.0


class VirtualTime:
    """A clock and a sleep that only move when the test says so."""

    def __init__(self) -> None:
        self.now = START
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self.service: TableService | None = None

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), future))
        await future

    async def settle(self) -> None:
        """Run until every task of the service is done or asleep in virtual time."""
        if self.service is not None:
            await self.service.settle()

    async def advance(self, seconds: float) -> None:
        target = self.now + seconds
        await self.settle()
        while self._sleepers and self._sleepers[0][0] <= target:
            wake, _, future = heapq.heappop(self._sleepers)
            if future.done():
                continue
            self.now = max(self.now, wake)
            future.set_result(None)
            await self.settle()
        self.now = target
        await self.settle()


Seen = list[tuple[float, str, int | None]]


async def open_service(services: Services, path: Path,
                       vt: VirtualTime) -> tuple[TableService, Seen]:
    service, _ = await services.open(path, clock=vt.clock, sleep=vt.sleep,
                                     store_clock=vt.clock)
    vt.service = service
    seen: Seen = []

    async def listen(event: TableEvent) -> None:
        seen.append((vt.now - START, event.kind, event.seat))

    service.listeners.append(listen)
    await vt.settle()
    return service, seen


async def table_for_two(service: TableService, turn_hours: float = 48) -> int:
    table = await service.open_lobby(
        guild_id=10, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, turn_seconds=int(turn_hours * HOUR), auto_start=False),
        options={})
    await service.join(table.id, BOB)
    await service.start(table.id, ANN.user_id)
    return table.id


def kinds(seen: Seen, kind: str) -> list[float]:
    return [round(at / HOUR, 2) for at, k, _ in seen if k == kind]


async def test_a_48_hour_turn_reminds_at_half_and_nine_tenths_then_times_out(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    table_id = await table_for_two(service)
    await vt.settle()
    assert kinds(seen, "turn") == [0.0]
    await vt.advance(23.9 * HOUR)
    assert kinds(seen, "reminder") == []
    await vt.advance(0.2 * HOUR)
    assert kinds(seen, "reminder") == [24.0]
    await vt.advance(20 * HOUR)
    assert kinds(seen, "reminder") == [24.0, 43.2]
    assert kinds(seen, "timeout") == []
    await vt.advance(4 * HOUR)
    # The AI played the turn that ran out, and the other player's turn began.
    assert kinds(seen, "timeout") == [48.0]
    # One real move; any that follow are the other player's forced draws and passes,
    # which play themselves (how many depends on the random deal).
    played = await service._store.moves(table_id)
    assert played and played[0] not in FORCED and set(played[1:]) <= FORCED
    assert kinds(seen, "turn") == [0.0, 48.0]


async def test_a_reminder_due_in_quiet_hours_in_tokyo_arrives_when_they_end(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    for person in (ANN, BOB):
        await service._store.upsert_player(Player(person.user_id, person.name, tz="Asia/Tokyo",
                                                 quiet_start=0, quiet_end=23 * 60 + 59))
    table_id = await table_for_two(service, turn_hours=48)
    # Almost the whole Tokyo day is quiet: each reminder moves to 23:59 local.
    expected = reminder_times(START, START + 48 * HOUR, (0.5, 0.9), tz_name="Asia/Tokyo",
                              quiet_start=0, quiet_end=23 * 60 + 59)
    assert expected and all((t - START) % HOUR for t in expected)  # not on the plain schedule
    await vt.advance(48 * HOUR - 1)
    assert kinds(seen, "reminder") == [round((t - START) / HOUR, 2) for t in expected]
    assert len(await service._store.moves(table_id)) == 0


async def test_three_timeouts_in_a_row_hand_the_seat_to_an_ai_until_taken_back(
        tmp_path: Path, services: Services) -> None:
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    table_id = await table_for_two(service, turn_hours=1)
    table = service.held_tables[table_id]
    assert table.game is not None
    first = table.game.to_move
    assert first is not None
    # Both players sleep: the turns time out in turn, A at 1, 3, 5 hours, B at 2, 4.
    await vt.advance(5 * HOUR)
    assert [seat for _, kind, seat in seen if kind == "away"] == [first]
    assert kinds(seen, "timeout") == [1.0, 2.0, 3.0, 4.0, 5.0]
    table = service.held_tables[table_id]
    assert table.settings.away == (first,)
    assert table.played_by_ai(first) and not table.played_by_ai(1 - first)
    stored = await service._store.get_table(table_id)
    assert stored is not None and stored.settings["away"] == [first]
    user = table.seats[first].user_id
    assert user is not None
    await service.take_back(table_id, user)
    assert service.held_tables[table_id].settings.away == ()
    assert [k for _, k, _ in seen][-1] == "back"


async def test_timeouts_counted_on_one_process_are_stored_without_a_settings_change_told(
        tmp_path: Path, services: Services) -> None:
    # Each count is stored only over the settings as read: the row kept in memory must
    # compare equal to what storage holds, or every count after the first would be taken
    # for another process's change (a "seats" notice, a re-read) that never happened.
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    table_id = await table_for_two(service, turn_hours=1)
    await vt.advance(4 * HOUR)
    assert kinds(seen, "timeout") == [1.0, 2.0, 3.0, 4.0]
    assert kinds(seen, "seats") == []
    stored = await service._store.get_table(table_id)
    assert stored is not None and stored.settings["timeouts"] == [2, 2]
    assert service.held_tables[table_id].row.settings == stored.settings


async def test_a_restart_handles_each_overdue_deadline_exactly_once(
        tmp_path: Path, services: Services) -> None:
    path = tmp_path / "db.sqlite3"
    vt = VirtualTime()
    service, _ = await open_service(services, path, vt)
    first = await table_for_two(service, turn_hours=2)
    vt.now += HOUR
    second = await table_for_two(service, turn_hours=2)
    await shut(service)
    vt.now += 10 * HOUR  # the bot was down past both deadlines
    service, seen = await open_service(services, path, vt)
    assert kinds(seen, "timeout") == [11.0, 11.0]
    # One move each for the timeout (the draws after it are the next player's, forced).
    played = [list(await service._store.moves(t)) for t in (first, second)]
    assert [sum(m not in ("draw", "pass") for m in moves) for moves in played] == [1, 1]
    await shut(service)
    service, seen = await open_service(services, path, vt)
    assert kinds(seen, "timeout") == []
    assert kinds(seen, "turn") == []  # the turn notices went out before the restart
    assert [list(await service._store.moves(t)) for t in (first, second)] == played


async def test_a_turn_cut_short_by_its_round_reminds_within_what_it_has(
        tmp_path: Path, services: Services) -> None:
    """A round's table (`ends_by`) whose turn the round's end cuts to 30 minutes of its
    hour reminds at half and nine tenths of those 30 minutes, not at once (issue 49)."""
    vt = VirtualTime()
    service, seen = await open_service(services, tmp_path / "db.sqlite3", vt)
    table = await service.open_lobby(
        guild_id=10, channel_id=20, host=ANN, game="traditional",
        settings=TableSettings(seats=2, turn_seconds=int(HOUR), auto_start=False,
                               ends_by=START + HOUR / 2), options={})
    await service.join(table.id, BOB)
    started = await service.start(table.id, ANN.user_id)
    assert started.deadline == START + HOUR / 2
    await vt.settle()
    assert kinds(seen, "reminder") == []  # not at the start
    await vt.advance(HOUR / 2)
    assert kinds(seen, "reminder") == [0.25, 0.45]
    await shut(service)
