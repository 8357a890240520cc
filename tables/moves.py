"""The move pipeline: a move at a table under its lock, applied on a copy of the game,
stored, then the game's; the forced moves after it; the listeners told of each (and of
a hand it ended) only once it is stored; and the end of a game, its results stored.

A tile click's whole way from the table service to the commit is in this file:
`play` (may this player move now?) -> `commit` -> `_store_move` (storage's
`append_move`) -> `after_moves` (forced moves, then `finish` or the timers re-armed).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from engine.errors import IllegalMove, NotationError
from engine.registry import game_spec
from storage import Storage
from storage.errors import InvalidState, MoveConflict, StorageBusy, StorageError
from tables.errors import (
    IllegalMoveError,
    MoveQueued,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    StaleMove,
    TableError,
)
from tables.events import Listener
from tables.journal import MoveJournal, QueuedMove
from tables.live import LiveTable, TableEvent
from tables.results import seat_results, solitaire_result
from tables.timers import stop_hold_timer, stop_timer
from tables.turn_clock import next_deadline

log = logging.getLogger(__name__)


class Arming(Protocol):
    """What the pipeline asks of the scheduler (tables.timers.Scheduler)."""

    def after_change(self, table: LiveTable) -> None: ...

    def retry(self, table: LiveTable, work: Callable[[], Awaitable[None]], name: str, *,
              later: bool = False) -> None: ...


class TimeoutCounts(Protocol):
    """The seat state's count of timeouts in a row (tables.seats.SeatStates)."""

    async def count_timeout(self, table: LiveTable, seat: int, *,
                            reset: bool = False) -> None: ...


class MovePipeline:
    """Moves from a player, an AI seat or a timer, to storage, to the listeners."""

    def __init__(self, store: Storage, tell: Listener, *, tables: dict[int, LiveTable],
                 find: Callable[[int], Awaitable[LiveTable]], timers: Arming,
                 timeouts: TimeoutCounts, clock: Callable[[], float],
                 journal: MoveJournal | None = None) -> None:
        """`tables` are the tables this process holds (tables.shards.HeldTables.tables):
        a table that ends leaves them; `find` gets a table by id (HeldTables.table), for
        a queued move tried again; `journal` keeps the queued moves across a stop
        (tables.journal; default: in memory only)."""
        self.store = store
        self.tell = tell
        self.tables = tables
        self.find = find
        self.timers = timers
        self.timeouts = timeouts
        self.clock = clock
        self.journal = journal or MoveJournal()

    async def play(self, table: LiveTable, user_id: int, seq: int | None, text: str, *,
                   queue: bool = True) -> str:
        """Apply `text` for the user, if the table is still at move `seq` (None: now).

        Returns the move as recorded. Raises NotSeated, NotYourTurn, StaleMove,
        IllegalMoveError. Nothing changes unless the move is committed.
        Storage busy (another process holds the database's lock): with `queue`, the
        move is written to the journal (tables.journal: it survives a stop), stored in
        the background once it can be (the listeners hear of it then, as of any move)
        and MoveQueued is raised; without, or when the journal cannot be written,
        StorageBusy (nothing is kept).
        """
        async with table.lock:
            return await self._play_locked(table, user_id, seq, text, queue=queue)

    async def _play_locked(self, table: LiveTable, user_id: int, seq: int | None, text: str, *,
                           queue: bool) -> str:
        if not table.in_play or table.game is None:
            raise StaleMove()
        if seq is not None and seq != table.seq:
            raise StaleMove()
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if seat in table.seat_state.resigned:
            raise NotAllowed("error.resigned_already")
        if table.game.to_move != seat:
            raise NotYourTurn(table.to_move_name())
        try:
            recorded = await self.commit(table, seat, text)
        except StorageBusy as exc:
            if not queue:
                raise
            try:
                # On disk before the player is told it is queued: it outlives a stop.
                kept = self.journal.add(table.id, user_id, table.seq, text)
            except OSError as error:
                log.error("table %d: %s, and the queued moves' journal cannot be written "
                          "(%s): the move of %d is refused", table.id, exc, error, user_id)
                raise exc from None  # answered "not done, try again" (error.storage_busy)
            log.warning("table %d: %s; the move of %d is queued", table.id, exc, user_id)
            self.queue_retry(table, kept)
            raise MoveQueued() from None
        if table.seat_state.timeouts_of(seat):
            await self.timeouts.count_timeout(table, seat, reset=True)
        return recorded

    def queue_retry(self, table: LiveTable, kept: QueuedMove) -> None:
        """Store a journaled move in the background, once storage lets it."""
        self.timers.retry(table, lambda: self._play_queued(kept),
                          f"queued-{kept.table_id}", later=True)

    async def _play_queued(self, kept: QueuedMove) -> None:
        """A move storage was too busy for, tried again (while storage is busy, again
        later: `Scheduler.retry`); a position changed meanwhile drops it. Either way it
        leaves the journal (a stop before that leaves it there for the next start)."""
        try:
            await self.play(await self.find(kept.table_id), kept.user_id, kept.seq,
                            kept.text, queue=False)
        except TableError as exc:
            log.info("table %d: a queued move of %d was dropped: %s", kept.table_id,
                     kept.user_id, exc)
        self.journal.remove(kept)

    async def replay_journal(self, table: LiveTable) -> bool:
        """At start-up, under the table's lock and before its timers run: play the moves
        journaled for it (a stop came before storage took them). Returns whether any was
        played. One storage still refuses is queued again; an overtaken one is dropped."""
        played = False
        for kept in self.journal.of_table(table.id):
            try:
                await self._play_locked(table, kept.user_id, kept.seq, kept.text, queue=False)
            except StorageBusy:
                self.queue_retry(table, kept)
                continue
            except TableError as exc:
                log.info("table %d: a journaled move of %d was dropped: %s", table.id,
                         kept.user_id, exc)
            else:
                played = True
                log.info("table %d: a journaled move of %d was played", table.id, kept.user_id)
            self.journal.remove(kept)
        return played

    async def commit(self, table: LiveTable, seat: int, text: str) -> str:
        """Commit `text` for `seat`, then every forced move after it; finish or re-arm.

        Called under the table's lock. Raises IllegalMoveError, StaleMove.
        """
        recorded = await self._store_move(table, seat, text)
        await self.after_moves(table)
        return recorded

    async def after_moves(self, table: LiveTable) -> None:
        """After a stored change of position: play the forced moves, then finish or re-arm.

        Storage refusing any of that does not undo the change, which is stored: it is
        tried again in the background, so whoever moved is told their move was played.
        """
        try:
            await self._follow_up(table)
        except StorageError as exc:
            log.warning("table %d: storage refused what follows move %d (%s); trying again",
                        table.id, table.seq, exc)
            self.timers.retry(table, lambda: self._locked_follow_up(table),
                                 f"follow-up-{table.id}")

    async def _follow_up(self, table: LiveTable) -> None:
        await self.play_forced(table)
        assert table.game is not None
        if table.game.is_over():
            await self.finish(table)
        else:
            self.timers.after_change(table)

    async def _locked_follow_up(self, table: LiveTable) -> None:
        async with table.lock:
            if table.is_live and self.tables.get(table.id) is table:
                await self._follow_up(table)

    async def play_forced(self, table: LiveTable) -> None:
        """Play the draws and passes of players with nothing to choose (when the table
        plays those), each committed as a move of its own: the record is as if they had
        clicked. Under the lock."""
        while table.forced_next():
            assert table.game is not None
            forced, seat = table.game.forced_move(), table.game.to_move
            assert forced is not None and seat is not None
            await self._store_move(table, seat, forced, forced=True)

    async def _store_move(self, table: LiveTable, seat: int, text: str, *,
                          forced: bool = False) -> str:
        """Play `text` on a copy, store it, then make the copy the table's game; tell the
        listeners of the move (and of a hand it ended). Raises IllegalMoveError, StaleMove.

        A position where the next player has nothing to choose gets no deadline: its
        forced move follows at once.
        """
        assert table.game is not None
        trial = table.game.copy()
        hands_before = trial.finished_hands
        try:
            recorded = str(trial.play(text))
        except IllegalMove as exc:
            raise IllegalMoveError(exc.reason) from None
        except NotationError as exc:
            raise IllegalMoveError(str(exc).rstrip(".")) from None
        waits = not trial.is_over() and not (table.settings.auto_forced
                                             and trial.forced_move() is not None)
        deadline = await next_deadline(self.store, table, trial.to_move, self.clock()) \
            if waits else None

        async def store_then_apply() -> None:
            await self.store.append_move(table.id, table.seq + 1, recorded, deadline=deadline)
            table.game = trial
            table.replace_row(last_seq=table.seq + 1, deadline=deadline)

        try:
            # Shielded: once the move is being stored, a cancelled caller (a shut-down,
            # a timer being re-armed) must not leave memory behind storage.
            await asyncio.shield(store_then_apply())
        except MoveConflict:
            raise StaleMove() from None
        await self.tell(TableEvent("move", table, move=recorded, seat=seat, forced=forced))
        for index in range(hands_before, trial.finished_hands):
            await self.tell(TableEvent("hand", table, hand=trial.hand_summary(index)))
        return recorded

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
        stop_hold_timer(table)
        await self.tell(TableEvent("finished", table))
