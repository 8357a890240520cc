"""Scheduled tables (issue 24): a lobby that starts at a time the host typed in their own
zone, with RSVPs, reminders to the people Going, a ping at the start, AI fill or a grace,
and a weekly repeat.

Each scheduled lobby has one task on the tables' Scheduler (its clock is virtual in
tests) that sleeps until its next step: the reminder 1 h before, the one 10 min before
(to each person who said Going, outside their quiet hours unless the start itself falls
inside them), then the start. Which steps went out is stored (`Schedule.reminded`,
advanced by compare-and-set), so a restart sends nothing twice and a start that passed
while the bot was down happens at start-up, and says so (`ScheduleNotice.late`).

Readings pinned here: at the start, people who said Going and are not seated yet take
the free seats first, in the order they answered
(`test_reading_going_people_take_the_free_seats_at_the_start`); without AI fill an
unfilled table waits its grace and then starts with those seated if the game can be
played with them, else closes
(`test_reading_after_the_grace_a_table_starts_with_enough_players`). A scheduled lobby
does not start early when its seats fill.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.registry import game_spec
from storage import Storage
from storage.errors import InvalidState, TableNotFound
from storage.models import Player, Schedule, Seat
from tables.errors import NoSuchTable, TableError
from tables.holds import seats_at_start
from tables.live import LiveTable, Person, TableEvent, TableSettings
from tables.quiet import quiet_until
from tables.start_time import read_host_start

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)

WEEK = 7 * 24 * 3600
# The reminders before the start (seconds before it), then the start itself.
REMINDERS = (3600, 600)
STARTED = len(REMINDERS) + 1  # the stage stored once the start was taken
ENDED = STARTED + 1  # the stage stored as the start (or its grace's end) is decided
# A reminder this late (the bot was down at its time) is left out rather than sent.
STALE = 300.0
AI_LEVEL = "normal"


@dataclass(frozen=True)
class ScheduleNotice:
    """What the cogs tell: a `reminder` (to `users`, privately), the `ping` as the table
    starts on time (a mention of `users`, the Going), `grace` (due now, it waits `grace`
    seconds for more players: a mention of `users`), then `grace_started` or `closed`
    (not enough players by the end of the grace, or at the start without one), `late` /
    `late_closed` (a start that passed while the bot was down: it started, or closed),
    `next` (the weekly repeat's new lobby, `table`). One notice per outcome: a table
    is never said to start and then to close."""

    kind: str
    table: LiveTable
    starts_at: float
    users: tuple[int, ...] = ()
    grace: float = 0.0  # seconds a `grace` notice says the table waits


ScheduleListener = Callable[[ScheduleNotice], Awaitable[None]]


def check_needs_start(start: str | None, *, repeat: str | None, grace: int,
                      ai_fill: bool) -> None:
    """Refuse the options of a scheduled table given without its start: they would
    change nothing. Raises TableError ("error.schedule.needs_start")."""
    given = [name for name, value in (("repeat", repeat), ("grace", grace),
                                      ("ai_fill", ai_fill)) if value]
    if start is None and given:
        raise TableError("error.schedule.needs_start",
                         options=", ".join(f"`{name}`" for name in given))


class ScheduledTables:
    """Opens scheduled lobbies and runs their starts, through the table service."""

    def __init__(self, service: TableService, store: Storage, *,
                 member: Callable[[int, int], Awaitable[bool]] | None = None) -> None:
        """`member(guild, user)`: whether a person is a member of the server now, asked
        of each Going person before the start seats them (the queue's cached check: one
        who left the server is not seated). None: everyone is."""
        self.service = service
        self.store = store
        self.member = member
        self.clock = service.clock
        self.listeners: list[ScheduleListener] = []
        service.listeners.append(self._on_event)

    async def _tell(self, notice: ScheduleNotice) -> None:
        for listener in self.listeners:
            try:
                await listener(notice)
            except Exception:  # a failed notice never stops a start
                log.exception("schedule listener failed on %s of %d", notice.kind,
                              notice.table.id)

    async def read(self, host_id: int, text: str) -> float:
        """The start `text` means, read in the host's profile zone. Raises TableError:
        the host has no profile zone yet, or the time is refused (tables.start_time)."""
        player = await self.store.get_player(host_id)
        return read_host_start(text, player.tz if player is not None else None, self.clock())

    async def open(self, *, guild_id: int | None, channel_id: int, host: Person, game: str,
                   settings: TableSettings, options: dict[str, Any], start: str,
                   repeat: str = "", grace_minutes: int = 0,
                   ai_fill: bool = False) -> tuple[LiveTable, Schedule]:
        """Open a lobby that starts at `start` (read in the host's zone). Raises
        TableError (and opens nothing) for a time that cannot be used."""
        starts_at = await self.read(host.user_id, start)
        if repeat not in ("", "weekly"):
            raise TableError("error.schedule.repeat")
        return await self._open_at(guild_id=guild_id, channel_id=channel_id, host=host,
                                   game=game, settings=settings, options=options,
                                   schedule=Schedule(0, starts_at, repeat, grace_minutes * 60,
                                                     ai_fill))

    async def _open_at(self, *, guild_id: int | None, channel_id: int, host: Person, game: str,
                       settings: TableSettings, options: dict[str, Any],
                       schedule: Schedule) -> tuple[LiveTable, Schedule]:
        settings = dataclasses.replace(settings, auto_start=False,
                                       starts_at=schedule.starts_at)
        table = await self.service.open_lobby(guild_id=guild_id, channel_id=channel_id,
                                              host=host, game=game, settings=settings,
                                              options=options)
        # The schedule owns the lobby's end: no lobby expiry races its start.
        await self.store.set_status(table.id, "lobby", deadline=None, only_from=("lobby",))
        table.replace_row(deadline=None)
        self.service.scheduler.after_change(table)
        schedule = dataclasses.replace(schedule, table_id=table.id)
        await self.store.set_schedule(schedule)
        self._arm(schedule)
        return table, schedule

    async def rsvp(self, table_id: int, user_id: int, answer: str,
                   name: str = "") -> dict[int, str]:
        """A person's Going / Maybe / Can't; every answer so far. `name`: how the server
        shows them, kept (for a person without a profile) as the name they are seated
        under at the start. Raises TableError when the table no longer waits for its
        start."""
        try:
            await self.store.set_rsvp(table_id, user_id, answer)
        except (InvalidState, TableNotFound):
            raise TableError("error.rsvp.gone") from None
        if name and await self.store.get_player(user_id) is None:
            await self.store.upsert_player(Player(user_id, name))  # no zone chosen: tz ""
        return await self.store.rsvps(table_id)

    async def load(self) -> int:
        """At start-up: arm every scheduled lobby; one whose start passed starts (or
        closes) now, and says so. Returns how many were armed."""
        found = await self.store.lobby_schedules()
        for schedule in found:
            self._arm(schedule)
        return len(found)

    # -- the steps ------------------------------------------------------------------
    def _arm(self, schedule: Schedule) -> None:
        self.service.scheduler.spawn(self._run(schedule), f"schedule-{schedule.table_id}")

    async def _run(self, schedule: Schedule) -> None:
        steps = [schedule.starts_at - before for before in REMINDERS] + [schedule.starts_at]
        late = self.clock() > schedule.starts_at + STALE
        done = schedule.reminded
        if done >= STARTED:
            await self._unfinished(schedule)
            return
        for stage, at in enumerate(steps, start=1):
            if stage <= done:
                continue
            wait = at - self.clock()
            if wait > 0:
                await self.service.scheduler.wait(wait)
            if not await self.store.advance_reminders(schedule.table_id, done, stage):
                return  # another process runs this table's steps
            done = stage
            try:
                table = await self.service.table(schedule.table_id)
            except NoSuchTable:
                return  # cancelled meanwhile
            if table.status != "lobby":
                return
            if stage < STARTED:
                if self.clock() - at <= STALE:
                    await self._remind(table, schedule)
                continue
            await self._start(table, schedule, late=late)

    async def _unfinished(self, schedule: Schedule) -> None:
        """A lobby whose start was taken but not decided (the process stopped in the
        middle, or another one waits its grace): at the grace's end it starts, or closes,
        as it would have (as late once that end is long past); its weekly repeat was
        opened when the start was taken. Whichever process decides first, decides."""
        end = schedule.starts_at + schedule.grace
        if self.clock() < end:  # the grace still runs: its end is kept here too
            await self.service.scheduler.wait(end - self.clock())
        try:
            table = await self.service.table(schedule.table_id)
        except NoSuchTable:
            return
        if table.status == "lobby":
            await self._start(table, dataclasses.replace(schedule, repeat="", grace=0),
                              late=self.clock() > end + STALE, waited=schedule.grace > 0)

    async def _going(self, table_id: int) -> list[int]:
        return [user for user, answer in (await self.store.rsvps(table_id)).items()
                if answer == "going"]

    async def _remind(self, table: LiveTable, schedule: Schedule) -> None:
        users = []
        for user in await self._going(table.id):
            player = await self.store.get_player(user)
            if player is not None and (
                    quiet_until(self.clock(), player.tz, player.quiet_start, player.quiet_end)
                    is not None
                    and quiet_until(schedule.starts_at, player.tz, player.quiet_start,
                                    player.quiet_end) is None):
                continue  # quiet now, and the game itself is not in their quiet hours
            users.append(user)
        if users:
            await self._tell(ScheduleNotice("reminder", table, schedule.starts_at, tuple(users)))

    async def _start(self, table: LiveTable, schedule: Schedule, *, late: bool,
                     waited: bool = False) -> None:
        """The start: Going people seated, the weekly repeat opened, AI fill or the grace,
        then `_decide`. `waited`: a grace was waited already (a start taken up again)."""
        going = await self._going(table.id)
        if schedule.repeat == "weekly":
            await self._repeat(table, schedule)
        for user in going:  # Going people take the free seats first
            if len(table.seats) >= table.settings.seats:
                break
            if table.seat_of(user) is None:
                if await self._departed(table, user):
                    continue
                player = await self.store.get_player(user)
                try:
                    table = await self.service.join(table.id, Person(
                        user, player.name if player is not None else str(user)))
                except TableError as exc:
                    log.info("table %d: %d not seated at the start: %s", table.id, user, exc)
        # The seats kept for absent invited people (tables.holds) come before AI fill.
        if self._seated(table) < table.settings.seats and schedule.ai_fill:
            await self._fill(table)
        elif self._seated(table) < table.settings.seats and schedule.grace and not late:
            await self._tell(ScheduleNotice("grace", table, schedule.starts_at, tuple(going),
                                            grace=schedule.grace))
            await self.service.scheduler.wait(schedule.grace)
            table = await self.service.table(table.id)
            waited = True
        await self._decide(table, schedule, late=late, waited=waited, going=going)

    async def _decide(self, table: LiveTable, schedule: Schedule, *, late: bool,
                      waited: bool, going: list[int]) -> None:
        """Start the table with those seated if the game can be played with them, else
        close it; told once (the stage ENDED, by compare-and-set: another process that
        took up the same start decides nothing)."""
        if not await self.store.advance_reminders(table.id, STARTED, ENDED):
            return
        if table.status != "lobby":  # the host started it during its grace
            if waited:
                await self._tell(ScheduleNotice("grace_started", table, schedule.starts_at))
            return
        low, _ = game_spec(table.game_kind).seats
        if self._seated(table) >= low:
            table = await self.service.start(table.id, table.host_id)
            kind = "late" if late else "grace_started" if waited else "ping"
            await self._tell(ScheduleNotice(kind, table, schedule.starts_at,
                                            tuple(going) if kind == "ping" else ()))
            return
        async with table.lock:
            closed = await self.service.close_table(table, "abandoned")
        if closed:
            await self._tell(ScheduleNotice("late_closed" if late else "closed", table,
                                            schedule.starts_at))

    async def _on_event(self, event: TableEvent) -> None:
        """A host who starts a weekly table before its time keeps the repeat: the next
        week's lobby opens now (once: the stage stored says the start was taken)."""
        table = event.table
        starts_at = table.settings.starts_at
        if event.kind != "started" or starts_at is None or self.clock() >= starts_at:
            return
        schedule = await self.store.get_schedule(table.id)
        if (schedule is None or schedule.repeat != "weekly" or schedule.reminded >= STARTED
                or not await self.store.advance_reminders(table.id, schedule.reminded,
                                                          STARTED)):
            return
        await self._repeat(table, schedule)

    async def _departed(self, table: LiveTable, user: int) -> bool:
        """Whether a Going person left the table's server (the member check): not seated."""
        if self.member is None or table.guild_id is None or await self.member(
                table.guild_id, user):
            return False
        log.info("table %d: %d said Going but left the server: not seated", table.id, user)
        return True

    def _seated(self, table: LiveTable) -> int:
        """The seats the table would start with now: those seated, and those kept."""
        return len(seats_at_start(table, self.clock())[0])

    async def _fill(self, table: LiveTable) -> None:
        while self._seated(table) < table.settings.seats:
            table = await self.service.add_ai(table.id, table.host_id, AI_LEVEL,
                                              auto_start=False)

    async def _repeat(self, table: LiveTable, schedule: Schedule) -> None:
        host = next((s for s in table.seats if s.user_id == table.host_id),
                    Seat(table.host_id, None, str(table.host_id)))
        try:
            nxt, _ = await self._open_at(
                guild_id=table.guild_id, channel_id=table.settings.opened_in or table.channel_id,
                host=Person(table.host_id, host.name), game=table.game_kind,
                settings=table.settings, options=dict(table.row.options),
                schedule=dataclasses.replace(schedule, starts_at=schedule.starts_at + WEEK,
                                             reminded=0))
        except TableError as exc:
            log.warning("table %d: its weekly repeat did not open: %s", table.id, exc)
            return
        await self._tell(ScheduleNotice("next", nxt, schedule.starts_at + WEEK))

