"""The tables this process holds and visits: holding them, adopting and dropping shards,
catching up with what other processes commit, and the one way to get a table by id
(`HeldTables.table`).

A process holds the tables of the shards whose leases it has (`Placement`): it keeps
them in memory, runs their timers and AI seats, and tells its listeners (the table
message) of every change. A click on another table (a hand's buttons in a DM arrive
on shard 0, wherever the table lives) is still served: the table is read from
storage for that one action (a *visiting* table), the move is checked and committed
there with its sequence check, so whichever process commits first wins and the other
answers "no longer available", and the change reaches the holder through storage's
change notices (`refresh`). With one process (SQLite, or no shards) it holds everything.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import IllegalMove, NotationError, RecordError
from engine.records import ReplayError, new_game
from storage import Storage
from storage.errors import StorageError
from storage.models import ACTIVE_STATUSES, LoadedTable, shard_of
from tables.errors import NoSuchTable, StaleMove
from tables.events import Listener
from tables.holds import tell_held
from tables.live import LiveTable, TableEvent
from tables.timers import stop_hold_timer, stop_timer

log = logging.getLogger(__name__)

# How long the holder of a table waits for another process to play the forced moves
# after a move it committed there (it plays them at once: this only covers its crash).
FORCED_GRACE = 30.0
CLOSED_WITHOUT_RESULTS = ("cancelled", "abandoned")


@dataclass(frozen=True)
class Placement:
    """The shards this process holds, out of `shard_count`; `held` None means every table."""

    shard_count: int = 1
    held: frozenset[int] | None = None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process holds the tables of that guild (None: outside a guild)."""
        return self.held is None or shard_of(guild_id, self.shard_count) in self.held


class Pipeline(Protocol):
    """What holding a table asks of the move pipeline (tables.moves.MovePipeline)."""

    async def after_moves(self, table: LiveTable) -> None: ...

    async def finish(self, table: LiveTable) -> None: ...

    async def replay_journal(self, table: LiveTable) -> bool: ...


class Arming(Protocol):
    """What holding a table asks of the scheduler (tables.timers.Scheduler)."""

    def after_change(self, table: LiveTable) -> None: ...

    def retry(self, table: LiveTable, work: Callable[[], Awaitable[None]], name: str) -> None: ...

    async def wait(self, seconds: float) -> None: ...


class HeldTables:
    """The tables of this process's shards, live in memory, and the visits to others."""

    def __init__(self, store: Storage, tell: Listener, *, tables: dict[int, LiveTable],
                 moves: Pipeline, timers: Arming, placement: Placement) -> None:
        """`tables` is the map of the tables held, shared with the move pipeline (a table
        that ends leaves it there)."""
        self.store = store
        self.tell = tell
        self.tables = tables
        # Tables whose stored move log no longer replays: kept out of play, cancellable.
        self.quarantined: dict[int, LiveTable] = {}
        self.moves = moves
        self.timers = timers
        self.placement = placement
        self._creations: set[asyncio.Future[None]] = set()  # tables being created here

    async def table(self, table_id: int) -> LiveTable:
        """The table to act on or read: ours from memory, another process's read from
        storage (visiting). The one way to get a table by id. Raises NoSuchTable if it
        is not active anywhere.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if self.placement.held is None:
            raise NoSuchTable(table_id)
        loaded = await self.store.load_table(table_id)
        if loaded is None or loaded.table.status not in ACTIVE_STATUSES:
            raise NoSuchTable(table_id)
        if self.placement.owns(loaded.table.guild_id):
            held = await self._hold(loaded)  # ours, its notice not here yet
            if held is None:
                raise NoSuchTable(table_id)
            return held
        table = LiveTable.from_storage(loaded)
        table.visiting = True
        return table

    async def load(self) -> int:
        """Load every lobby and game in progress of the shards held; returns how many.

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
            await self.tell(TableEvent("quarantined", table))

    def forget(self, table: LiveTable) -> None:
        """A table closed here: no longer held (nor quarantined), its timer stopped."""
        self.tables.pop(table.id, None)
        self.quarantined.pop(table.id, None)
        stop_timer(table)
        stop_hold_timer(table)

    async def reread(self, table: LiveTable) -> None:
        """After storage refused a change as made on an outdated table (another process
        changed it first): a table held here catches up with storage now, under its
        lock, telling its listeners as the notice would have. A visiting one is read
        again by the next try (`table`)."""
        if table.visiting or self.tables.get(table.id) is not table:
            return
        loaded = await self.store.load_table(table.id)
        if loaded is not None:
            await self._catch_up(table, loaded)

    async def tell_closed(self, table: LiveTable) -> None:
        """Tell the listeners that a table ended without results (cancelled, abandoned),
        once whichever processes see it end: the one closing it and a holder catching
        up (during a shard hand-over both the old holder and the new one hold it). A
        visiting table is told by its holder, when storage tells it."""
        if table.visiting:
            return
        try:
            # Move 0 whatever the move count each process knows: a table closes once.
            first = await self.store.mark_sent(table.id, 0, table.status, table.host_id)
        except StorageError as exc:  # told twice rather than never
            log.warning("table %d: its %s is told unmarked (%s)", table.id, table.status, exc)
            first = True
        if first:
            await self.tell(TableEvent(table.status, table))

    async def _hold(self, loaded: LoadedTable, *, resume: bool = False) -> LiveTable | None:
        """Keep a loaded table and run it (its timer, its AI seats); finish a game over.

        `resume` (at start-up, or holding a shard taken over): nobody else is playing
        the table now, so the forced moves a crash left unplayed after the last move are
        played here. Otherwise the process that committed the move plays them (each
        told here in turn) and the table waits for them. A table whose moves no longer
        replay is quarantined instead (None).
        """
        table = self.tables.get(loaded.table.id)
        if table is not None:
            return table
        try:
            table = LiveTable.from_storage(loaded)
        except (RecordError, ReplayError) as exc:
            await self._quarantine(LiveTable(loaded.table, None), exc)
            return None
        self.tables[table.id] = table
        if table.game is None:
            self.timers.after_change(table)  # a lobby
        elif resume:
            async with table.lock:
                # The moves a stop left queued first, before any timer of the table runs.
                if not await self.moves.replay_journal(table):
                    await self.moves.after_moves(table)
        elif table.game.is_over():
            await self.moves.finish(table)
        elif not table.forced_next():
            self.timers.after_change(table)
        return table

    async def adopt(self, shards: Collection[int]) -> int:
        """Hold the tables of more shards (their lease was taken); returns how many."""
        held = self.placement.held or frozenset()
        self.placement = dataclasses.replace(self.placement, held=held | frozenset(shards))
        loaded = await self.store.active_tables(shards=shards,
                                                shard_count=self.placement.shard_count)
        for one in loaded:
            await self._hold(one, resume=True)
        log.info("adopted shards %s: %d tables", sorted(shards), len(loaded))
        return len(loaded)

    def drop(self, shards: Collection[int]) -> int:
        """Stop holding the tables of these shards (their lease was lost or handed back),
        and any other table not in a shard held."""
        held = (self.placement.held or frozenset()) - frozenset(shards)
        self.placement = dataclasses.replace(self.placement, held=held)
        gone = [t for t in self.tables.values() if not self.placement.owns(t.guild_id)]
        for table in gone:
            stop_timer(table)
            stop_hold_timer(table)
            self.tables.pop(table.id, None)
        if gone:
            log.info("dropped shards %s: %d tables", sorted(shards), len(gone))
        return len(gone)

    async def create(self, **row: Any) -> LiveTable:
        """Create a table in storage (`Storage.create_table`) and hold it here at once.
        `refresh` waits for the creations under way, so the notice of a table made here
        never holds a second copy of it, nor tells it as another process's."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._creations.add(done)
        try:
            table = LiveTable(await self.store.create_table(**row), None)
            self.tables[table.id] = table
            return table
        finally:
            self._creations.discard(done)
            done.set_result(None)

    async def refresh(self, table_id: int) -> None:
        """Catch up with a change another process committed to a table of ours.

        Plays the new moves on the table in memory (one "move" event each, `forced` as
        when played here, and a "hand" event after a move that ended a hand), takes the
        new row (seats, status, deadline, settings), tells the listeners, and re-arms
        the table; a new table of ours is held from now on.
        """
        table = self.tables.get(table_id)
        if table is None and self._creations:
            # Storage's notice of a table may come before its creator here holds it.
            await asyncio.gather(*list(self._creations))
            table = self.tables.get(table_id)
        if table is None:
            loaded = await self.store.load_table(table_id)
            if (loaded is not None and loaded.table.status in ACTIVE_STATUSES
                    and self.placement.owns(loaded.table.guild_id)):
                table = await self._hold(loaded)
                if table is None:
                    return
                await self.tell(TableEvent(table.status if table.status == "lobby"
                                            else "started", table))
                await tell_held(self.store, self.tell, table)
            return
        async with table.lock:
            loaded = await self.store.load_table(table_id)
            if loaded is not None and self.tables.get(table_id) is table:
                await self._catch_up(table, loaded)

    async def _catch_up(self, table: LiveTable, loaded: LoadedTable) -> None:
        row = loaded.table
        before = table.row
        if table.game is None and row.status == "playing":
            # Started elsewhere: told as if started here, then each move played since
            # (the forced ones the starting process played at once) in turn.
            table.row = before = dataclasses.replace(row, last_seq=0)
            table.game = new_game(table.record_base(row.seed))
            await self.tell(TableEvent("started", table))
            await tell_held(self.store, self.tell, table)  # its invited people's seats
        if table.game is not None and row.last_seq > before.last_seq:
            for seq, move in enumerate(loaded.moves[before.last_seq:], start=before.last_seq + 1):
                seat = table.game.to_move
                # Told as the committing process would have: a move the table played for
                # a player with nothing to choose is forced (their hand is not "played").
                forced, hands_before = table.forced_next(), table.game.finished_hands
                try:
                    table.game.play(move)
                except (IllegalMove, NotationError):
                    log.exception("table %d: stored move %d does not apply; replaying", row.id,
                                  seq)
                    table.game = LiveTable.from_storage(loaded).game
                    break
                table.row = dataclasses.replace(row, last_seq=seq)
                await self.tell(TableEvent("move", table, move=move, seat=seat, forced=forced))
                for index in range(hands_before, table.game.finished_hands):
                    await self.tell(TableEvent("hand", table,
                                               hand=table.game.hand_summary(index)))
        table.row = row
        if row.status not in ACTIVE_STATUSES:
            self.tables.pop(table.id, None)
            stop_timer(table)
            stop_hold_timer(table)
            if row.status in CLOSED_WITHOUT_RESULTS:
                await self.tell_closed(table)
            else:
                await self.tell(TableEvent(row.status, table))
            return
        if row.status == "lobby" and (row.seats != before.seats
                                      or row.settings != before.settings
                                      or row.deadline != before.deadline):
            await self.tell(TableEvent("lobby", table))  # seated, or the host's settings
        elif row.seats != before.seats or row.settings != before.settings:
            await self.tell(TableEvent("seats", table))
        if table.game is not None and table.game.is_over():
            await self.moves.finish(table)  # unless the process that played the end did it first
        elif table.forced_next():
            # Caught up halfway: the committing process plays the forced moves next (each
            # told here in turn). No turn begins, no AI moves, nobody is told yet; should
            # that process stop before it is done, they are played here after a grace.
            stop_timer(table)
            seq = table.seq
            self.timers.retry(table, lambda: self._forced_left_over(table, seq),
                                 f"forced-{table.id}")
        else:
            self.timers.after_change(table)

    async def _forced_left_over(self, table: LiveTable, seq: int) -> None:
        """After `FORCED_GRACE`, play the forced moves at move `seq` that the committing
        process left unplayed (it stopped), unless the table moved on meanwhile."""
        await self.timers.wait(FORCED_GRACE)
        async with table.lock:
            if (table.seq != seq or not table.is_live or self.tables.get(table.id) is not table
                    or not table.forced_next()):
                return
            log.warning("table %d: the forced moves after move %d were left unplayed; "
                        "playing them here", table.id, seq)
            try:
                await self.moves.after_moves(table)
            except StaleMove:
                return  # the other process was only slow: its moves are on their way here
