"""The daily Big Clock deal: the same seeded deal for everyone in a guild on a UTC day,
one try each, played privately; the day's and the week's boards, streaks, and the
day's board posted in the guild's chosen channel once the day is over.

The seed is derived from the guild id and the UTC date (`daily_seed`), so it is the
same for everyone there that day and differs across days and guilds. A try is claimed
in storage with the table it is played at, in one statement (`Storage.claim_daily`:
one row per person and day), so a second `/domino daily` is refused however it is sent,
and a crash can never leave a try without its table (which would lock the person out
for the day). The try's result is written
when its table finishes (a listener on the service). The boards go out through the
service's own task machinery: one task sleeps (on the service's clock) until the next
UTC midnight, then posts every guild's board of the day before that has not been posted
yet (`Storage.mark_daily_posted`), so a restart posts what it missed, and nothing twice.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from engine.errors import RecordError
from engine.records import ReplayError
from engine.registry import daily_game
from storage import Storage
from storage.daily import DailyResult
from tables.errors import TableError
from tables.live import LiveTable, Person, TableEvent
from tables.service import TableService

log = logging.getLogger(__name__)

DAY = 24 * 3600
WEEK_DAYS = 7
FIRST_DAY = dt.date(2026, 1, 1)  # daily deal number 1
SET = 12  # the daily deal is the full game: double-12, 12 hours


def day_of(now: float) -> str:
    """The UTC date of a unix time, as YYYY-MM-DD."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat()


def daily_number(day: str) -> int:
    """The deal's number in the share line ("Big Clock #312"): days since FIRST_DAY, from 1."""
    return (dt.date.fromisoformat(day) - FIRST_DAY).days + 1


def daily_seed(guild_id: int, day: str) -> int:
    """The deal of a guild's day: a 63-bit seed hashed from the guild id and the date."""
    digest = hashlib.sha256(f"big-clock-daily:{guild_id}:{day}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def rank(results: list[DailyResult]) -> list[DailyResult]:
    """The day's board order: most hours home, then fewest moves, then quickest."""
    return sorted(results, key=lambda r: (-(r.hours_home or 0), r.moves or 0,
                                          r.seconds or 0.0, r.user_id))


@dataclass(frozen=True, slots=True)
class WeekRow:
    """One person's week: days played, hours home, wins, moves and seconds in total."""

    user_id: int
    name: str
    days: int
    hours_home: int
    wins: int
    moves: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Boards:
    """A guild's board for `day` (ranked) and for the week ending that day."""

    day: str
    number: int
    today: list[DailyResult]
    week: list[WeekRow]


def week_rows(results: list[DailyResult]) -> list[WeekRow]:
    """Sum each person's tries: most hours home first, then wins, then fewest moves."""
    people: dict[int, list[DailyResult]] = {}
    for result in results:
        people.setdefault(result.user_id, []).append(result)
    rows = [WeekRow(user, max(tries, key=lambda r: r.day).name, len(tries),
                    sum(r.hours_home or 0 for r in tries), sum(bool(r.won) for r in tries),
                    sum(r.moves or 0 for r in tries), sum(r.seconds or 0.0 for r in tries))
            for user, tries in people.items()]
    return sorted(rows, key=lambda w: (-w.hours_home, -w.wins, w.moves, w.user_id))


def streak(days: list[str], today: str) -> int:
    """Days in a row tried, ending today (or yesterday, while today is still open)."""
    tried = set(days)
    day = dt.date.fromisoformat(today)
    if today not in tried:
        day -= dt.timedelta(days=1)
    count = 0
    while day.isoformat() in tried:
        count += 1
        day -= dt.timedelta(days=1)
    return count


Poster = Callable[[int, int, Boards], Awaitable[None]]  # (guild, channel, boards)


class DailyDeals:
    """The daily deal of every guild, over the tables of `service`."""

    def __init__(self, service: TableService, store: Storage) -> None:
        self.service = service
        self.store = store
        self.posters: list[Poster] = []  # told each board to post (the bot posts it)

    def today(self) -> str:
        return day_of(self.service.clock())

    async def start(self, guild_id: int, person: Person, channel_id: int) -> LiveTable:
        """Open the caller's try of today's deal at a private table in `channel_id` (their
        DMs). Raises TableError when they already had today's try."""
        day = self.today()
        if await self.store.daily_result(guild_id, day, person.user_id) is not None:
            raise TableError("daily.already")
        seed = daily_seed(guild_id, day)
        started = self.service.clock()
        table = await self.service.start_solitaire(
            guild_id=None, channel_id=channel_id, person=person, game=daily_game().name,
            options={}, seed=seed)
        claimed = await self.store.claim_daily(guild_id, day, person.user_id, name=person.name,
                                               seed=seed, hours=SET, started_at=started,
                                               table_id=table.id)
        if not claimed:  # a second try sent at the same moment: its table goes
            await self.service.cancel(table.id, person.user_id)
            raise TableError("daily.already")
        return table

    async def on_event(self, event: TableEvent) -> None:
        """A finished daily table: its try's result (a `TableService` listener, registered
        by whoever made the daily deals: the bot, a test)."""
        if event.kind in ("finished", "cancelled", "abandoned"):
            await self._record(event.table, self.service.clock())

    async def _record(self, table: LiveTable, finished_at: float) -> bool:
        """Write the try's result of a daily table that ended; whether one was written
        (not for another table, nor a try written already)."""
        game = table.game
        if game is None or table.game_kind != daily_game().name:
            return False
        outcome = game.outcome()
        # The daily boards rank the hours home, a figure of the daily game's results.
        (figures,) = daily_game().figures.of(game)
        done = await self.store.finish_daily(
            table.id, hours_home=figures["hours_home"],
            moves=len(game.moves), won=outcome is not None and bool(outcome.winners),
            finished_at=finished_at)
        return done is not None

    async def catch_up(self) -> int:
        """Write the results of tries whose table ended just before a crash (the result
        not written yet), from the table's stored moves; returns how many. At start-up."""
        written = 0
        for table_id in await self.store.ended_daily_tables():
            loaded = await self.store.load_table(table_id)
            if loaded is None:
                continue
            try:
                table = LiveTable.from_storage(loaded, ended=True)
            except (RecordError, ReplayError) as exc:
                log.warning("daily try at table %d not caught up: %s", table_id, exc)
                continue
            written += await self._record(table, table.row.updated_at)  # when it ended
        return written

    async def mine(self, guild_id: int, user_id: int) -> tuple[DailyResult | None, int]:
        """The caller's try today (None: not yet) and their streak."""
        day = self.today()
        return (await self.store.daily_result(guild_id, day, user_id),
                streak(await self.store.daily_days(guild_id, user_id), day))

    async def boards(self, guild_id: int, day: str | None = None) -> Boards:
        """The day's (default today's) board and the week ending that day."""
        day = day or self.today()
        last = dt.date.fromisoformat(day)
        week = [(last - dt.timedelta(days=k)).isoformat() for k in range(WEEK_DAYS)]
        results = await self.store.daily_results(guild_id, week)
        return Boards(day, daily_number(day), rank([r for r in results if r.day == day]),
                      week_rows(results))

    async def set_channel(self, guild_id: int, channel_id: int) -> None:
        await self.store.set_daily_channel(guild_id, channel_id)

    # -- posting the boards ------------------------------------------------------------
    def start_posting(self) -> None:
        """Run the board task (until the service closes)."""
        self.service.scheduler.spawn(self._post_forever(), "daily-boards")

    async def _post_forever(self) -> None:
        while True:
            await self.post_due()
            now = self.service.clock()
            await self.service.scheduler.wait(DAY - now % DAY + 1)  # past the next midnight

    async def post_due(self) -> int:
        """Post every guild's board of yesterday that was not posted yet; how many went."""
        yesterday = day_of(self.service.clock() - DAY)
        posted = 0
        for guild_id, channel_id, last in await self.store.daily_channels():
            if last is not None and last >= yesterday:
                continue
            boards = await self.boards(guild_id, yesterday)
            if not await self.store.mark_daily_posted(guild_id, yesterday) or not boards.today:
                continue  # another process posted it, or nobody played
            for poster in self.posters:
                try:
                    await poster(guild_id, channel_id, boards)
                    posted += 1
                except Exception:
                    # One guild's missing channel must not stop the others' boards.
                    log.exception("daily board of guild %d not posted", guild_id)
        return posted
