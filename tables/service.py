"""A table's life: lobby, seats, start, moves under a lock, AI seats, deadlines, the end.

`TableService` knows nothing of Discord. It checks who may do what, applies
moves through the engine, commits them through storage *before* telling
anyone (listeners get a `TableEvent` after the commit), and runs the AI seats
and the per-table timers (lobby expiry, turn deadline).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from catalog import Phrase
from engine.records import new_game
from engine.registry import game_spec
from storage import Storage
from storage.errors import InvalidState, SeatsChanged, StorageError
from storage.models import Seat
from tables.errors import (
    NoSuchTable,
    NotAllowed,
    NotSeated,
    StaleMove,
    TableError,
)
from tables.live import (
    LiveTable,
    Person,
    TableEvent,
    TableSettings,
    checked_game,
    resign_plays_on,
)
from tables.lobby import Lobby
from tables.moves import Moves
from tables.rematch import Rematches
from tables.results import seat_results, solitaire_result
from tables.shards import Placement, SharedTables
from tables.timers import Listener, Scheduler, stop_timer

log = logging.getLogger(__name__)


class TableService(Lobby, Moves, SharedTables):
    """Every table of the bot (of this process's shards), live in memory and committed
    in storage."""

    def __init__(self, store: Storage, *, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 ai_delay: float = 1.0, placement: Placement | None = None) -> None:
        """`clock` gives UTC unix seconds and `sleep` waits; tests pass virtual ones.
        `placement` says which tables this process holds (default: all)."""
        self.store = store
        self.clock = clock
        self.tables: dict[int, LiveTable] = {}
        # Tables whose stored move log no longer replays: kept out of play, cancellable.
        self.quarantined: dict[int, LiveTable] = {}
        self.listeners: list[Listener] = []
        self.scheduler = Scheduler(self, store, clock=clock, sleep=sleep, ai_delay=ai_delay)
        self.placement = placement or Placement()
        self._creations: set[asyncio.Future[None]] = set()  # tables being created here
        self.rematches = Rematches(self)

    # -- start-up and shut-down -------------------------------------------
    async def load(self) -> int:
        """Load every lobby and game in progress from storage; returns how many.

        A game whose last move ended it but whose results were not stored yet
        (a crash in between) is finished now. A game whose moves no longer replay
        is quarantined (see `_quarantine`) and the others load as usual.
        """
        found = await self.store.active_tables(shards=self.placement.held,
                                               shard_count=self.placement.shard_count)
        for loaded in found:
            await self._hold(loaded, resume=True)
        log.info("loaded %d active tables", len(self.tables))
        return len(self.tables)

    async def _quarantine(self, table: LiveTable, why: Exception) -> None:
        """Keep a table whose record no longer replays out of play: only cancelling works.

        One log line per start-up; the channel is told once (a "quarantined" event,
        recorded as sent so a restart does not repeat it).
        """
        self.quarantined[table.id] = table
        log.warning("table %d quarantined: its stored moves no longer replay (%s)", table.id, why)
        if await self.store.mark_sent(table.id, table.seq, "quarantined", table.host_id):
            await self.emit(TableEvent("quarantined", table))

    async def close(self) -> None:
        """Stop every AI and timer task (the state is all in storage already)."""
        await self.scheduler.close()  # a table's timer is one of its tasks

    async def settle(self) -> None:
        """Wait until the tables' background work (AI moves, timers, notices) has done
        everything due now; what remains sleeps until a reminder, deadline or AI delay."""
        await self.scheduler.settle()

    def get(self, table_id: int) -> LiveTable:
        """The live table; raises NoSuchTable."""
        table = self.tables.get(table_id)
        if table is None:
            raise NoSuchTable(table_id)
        return table

    def tables_in_channel(self, channel_id: int) -> list[LiveTable]:
        return [t for t in self.tables.values() if t.channel_id == channel_id]

    def table_of(self, user_id: int, channel_id: int) -> LiveTable:
        """The caller's game in this channel (the newest if several); raises TableError
        ("error.no_game_here") when they play none there."""
        mine = [t for t in self.tables_in_channel(channel_id)
                if t.seat_of(user_id) is not None and t.in_play]
        if not mine:
            raise TableError("error.no_game_here")
        return max(mine, key=lambda t: t.id)

    # -- the lobby -----------------------------------------------------------------
    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host: Person,
                         game: str, settings: TableSettings,
                         options: dict[str, Any]) -> LiveTable:
        """Open a lobby with the host seated. Raises TableError for bad options or seats.

        In a server, its settings decide the reminders and the timeout action, and
        whether tables may be opened in this channel at all. A rematch lobby (settings'
        `rematch_of`) raises RematchOpen instead when one is live already, whichever
        process opened it (tables.rematch).
        """
        if guild_id is not None:
            server = await self.store.get_guild_settings(guild_id)
            # A table in a thread of its own (a rematch there) counts as in the thread's
            # channel: the server's setting names channels, not the bot's threads.
            if not server.channel_allowed(settings.opened_in or channel_id):
                raise NotAllowed("error.channel_closed")
            settings = dataclasses.replace(settings, reminders=server.reminders,
                                           timeout_action=server.timeout_action)
        checked_game(game, settings.seats, options)
        table = await self._create(
            guild_id=guild_id, channel_id=channel_id, game=game, host_id=host.user_id,
            seats=[Seat(host.user_id, None, host.name)], options=options,
            settings=settings.to_json(), deadline=self.clock() + settings.lobby_seconds,
            rematch_of=settings.rematch_of,
        )
        self.scheduler.after_change(table)
        return table

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table's one public message (also of a table that has ended)."""
        await self.store.set_table_message(table_id, message_id)
        table = self.tables.get(table_id)
        if table is not None:
            table.replace_row(message_id=message_id)

    async def move_to(self, table_id: int, channel_id: int) -> None:
        """Play the lobby on in `channel_id` (a thread opened for it), its message to be
        posted there; the channel it was asked for stays in its settings (`opened_in`:
        where a server's channel setting is checked for its rematch). Raises NoSuchTable."""
        table = self.get(table_id)
        settings = dataclasses.replace(table.settings, opened_in=table.channel_id).to_json()
        await self.store.set_table_place(table_id, channel_id, settings)
        table.replace_row(channel_id=channel_id, message_id=None, settings=settings)

    async def start_solitaire(self, *, guild_id: int | None, channel_id: int, person: Person,
                              game: str, options: dict[str, Any], hint_level: str = "normal",
                              seed: int | None = None, auto_draw: bool = False) -> LiveTable:
        """A solitaire `game` (Big Clock) for one person, playing at once; its Hint button
        answers at `hint_level`. Dealt from `seed` if given (the daily deal), else from a
        random one. With `auto_draw`, a `draw` that is the only legal move is played for
        them (each a move of its own). Raises TableError."""
        spec = checked_game(game, 1, options)
        if not spec.solitaire:
            raise TableError("error.not_solitaire", game=Phrase(f"game.{spec.name}"))
        if guild_id is not None:  # a solitaire posts in the channel like any table
            server = await self.store.get_guild_settings(guild_id)
            if not server.channel_allowed(channel_id):
                raise NotAllowed("error.channel_closed")
        settings = TableSettings(seats=1, turn_seconds=7 * 24 * 3600, hint_level=hint_level,
                                 auto_forced=auto_draw)
        table = await self._create(
            guild_id=guild_id, channel_id=channel_id, game=spec.name, host_id=person.user_id,
            seats=[Seat(person.user_id, None, person.name)], options=options,
            settings=settings.to_json(),
        )
        seed = secrets.randbits(63) if seed is None else seed
        table.game = new_game(table.record_base(seed))
        deal = table.game.record()["deal"]
        await self.store.start_table(table.id, deadline=None, seed=seed, deal=deal)
        table.replace_row(status="playing", seed=seed, deal=deal)
        async with table.lock:
            await self.play_forced(table)
        return table

    async def resign(self, table_id: int, user_id: int) -> LiveTable:
        """A seated player gives up and ranks last. Raises TableError.

        With 3 or more seats (and the table's `on_resign` "ai") an AI plays their seat
        from here and the others play on; otherwise the game ends.
        """
        table = await self._table(table_id)
        async with table.lock:
            if not table.in_play or table.game is None:
                raise TableError("error.no_game_to_resign")
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            settings = table.settings
            if seat in settings.resigned:
                raise TableError("error.resigned_already")
            if game_spec(table.game_kind).solitaire:  # giving up is a move of the record
                await self.commit(table, seat, "resign")
                return table
            if resign_plays_on(table):
                await self.scheduler.save_settings(table, lambda s: dataclasses.replace(
                    s, resigned=tuple(dict.fromkeys((*s.resigned, seat)))))
                await self.emit(TableEvent("resigned", table, seat=seat))
                self.scheduler.after_change(table)  # an AI takes the turn if it was theirs
                return table
            table.resigned = seat
            await self.finish(table)
        return table

    async def replace_with_ai(self, table_id: int, seat: int, user_id: int, *,
                              is_manager: bool = False, level: str = "normal") -> LiveTable:
        """The host or a manager hands a (missing) player's seat to an AI. Raises TableError;
        StaleMove when another process changed the seats or ended the game meanwhile."""
        table = await self._table(table_id)
        async with table.lock:
            table.require_status("playing")
            if user_id != table.host_id and not is_manager:
                raise NotAllowed("error.host_replaces")
            if not 0 <= seat < len(table.seats) or table.seats[seat].is_ai:
                raise TableError("error.not_a_person")
            seats = list(table.seats)
            seats[seat] = Seat(None, level, seats[seat].name)
            try:  # only over the seats read (another process may have changed them)
                await self.store.update_seats(table.id, seats, expected=table.seats,
                                              statuses=("playing",))
            except (SeatsChanged, InvalidState):
                await self._reread(table)
                raise StaleMove() from None
            table.replace_row(seats=tuple(seats))
            await self.emit(TableEvent("seats", table, seat=seat))
            self.scheduler.after_change(table)
        return table

    async def take_back(self, table_id: int, user_id: int) -> LiveTable:
        """A player takes back the seat an AI has been playing for them. Raises TableError."""
        try:
            table = await self._table(table_id)  # held here, or visiting (another process's)
        except NoSuchTable:
            raise TableError("error.table_ended") from None
        return await self.scheduler.take_back(table, user_id)

    # -- the end ---------------------------------------------------------------------------
    async def finish(self, table: LiveTable) -> None:
        """Store the results (and ratings) and close the table. Called under its lock."""
        assert table.game is not None
        try:
            if game_spec(table.game_kind).solitaire:
                result = solitaire_result(table, self.clock())
                await self.store.record_solitaire_result(**result)  # also marks it finished
            else:
                await self.store.finish_table(table.id, seat_results(table))
        except InvalidState:
            # Another process stored this end first (the one that committed the last
            # move, or the table's holder catching up with it): one result, kept.
            log.info("table %d: its result was stored by another process", table.id)
        table.replace_row(status="finished", deadline=None)
        self.tables.pop(table.id, None)
        stop_timer(table)
        await self.emit(TableEvent("finished", table))

    async def emit(self, event: TableEvent) -> None:
        """Tell every listener about a committed change; a failing listener is logged."""
        if event.table.visiting:
            return  # the holder tells its listeners, when storage tells it (tables.shards)
        for listener in self.listeners:
            try:
                await listener(event)
            except StorageError as exc:  # a fault (a locked or full file), not a bug
                log.warning("listener failed on %s of table %d: %s", event.kind,
                            event.table.id, exc)
            except Exception:
                # A failed notice must never undo or block a committed move.
                log.exception("listener failed on %s of table %d", event.kind, event.table.id)
