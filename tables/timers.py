"""The scheduler of the tables: it arms and fires their timers (AI turns, turn notices,
reminders, deadlines).

One timer task per table sleeps until the next thing due (a reminder or the
deadline), all of it derived from storage (the deadline, the player's time
zone and quiet hours, and the record of notices sent), so a restart simply
re-arms every timer: overdue deadlines fire at once, in deadline order, and
nothing is sent twice (`Storage.mark_sent`).

The scheduler only arms and fires: what a firing does at the table (an AI's move, a
turn that ran out, a lobby nobody started) is tables.turns', asked as `TableActions`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from storage.errors import StorageBusy, StorageError, StorageFull
from tables.events import Listener
from tables.live import LiveTable, TableEvent
from tables.quiet import reminder_times

if TYPE_CHECKING:
    from storage import Storage

log = logging.getLogger(__name__)

__all__ = ["STORAGE_RETRY_MAX", "Listener", "Scheduler", "TableActions", "stop_hold_timer",
           "stop_timer"]

# A table task storage refused is tried again: 5 s later, then 10 s, 20 s, ... up to
# every 5 minutes. While storage is only busy or full it is never given up (the table would
# stall until a restart); another refusal is given up after STORAGE_TRIES tries.
STORAGE_TRIES, STORAGE_RETRY, STORAGE_RETRY_MAX = 10, 5.0, 300.0


def stop_timer(table: LiveTable) -> None:
    """Cancel the table's timer task, unless it is the task running this very change.

    A timeout is handled by the timer itself (a forfeit, an expired lobby, an AI
    move that ends the game): cancelling it would stop that handling half-way,
    before the listeners hear of the end.
    """
    if table.timer is not None and table.timer is not asyncio.current_task():
        table.timer.cancel()


def stop_hold_timer(table: LiveTable) -> None:
    """Cancel the timer of the table's held seats (unless it is the task running now)."""
    if table.hold_timer is not None and table.hold_timer is not asyncio.current_task():
        table.hold_timer.cancel()
    table.hold_timer, table.hold_armed = None, None


class TableActions(Protocol):
    """What a timer's firing does at the table (tables.turns.TurnsDue, tables.holds, the
    seat states and the events, bound by the table service), each under the table's lock
    and only while the table is at the move the timer was armed for."""

    def emit(self, event: TableEvent, /) -> Awaitable[None]: ...

    def ai_turn(self, table: LiveTable, /) -> Awaitable[None]: ...

    def on_deadline(self, table: LiveTable, /) -> Awaitable[None]: ...

    def count_timeout(self, table: LiveTable, seat: int, /) -> Awaitable[None]: ...

    def end_holds(self, table: LiveTable, /) -> Awaitable[None]: ...


class Scheduler:
    """Runs each table's background work as tasks it owns, and can wait for them."""

    def __init__(self, store: Storage, *, clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[None]], ai_delay: float) -> None:
        """`clock` gives UTC unix seconds and `sleep` waits; tests pass virtual ones. What
        the timers do is bound once the parts that do it exist (`bind`)."""
        self._actions: TableActions | None = None
        self.store = store
        self.clock = clock
        self.sleep = sleep
        self.ai_delay = ai_delay
        self.tasks: set[asyncio.Task[None]] = set()
        self._waiting: set[asyncio.Task[Any]] = set()  # tasks asleep until their time
        self._changed = asyncio.Event()

    def bind(self, actions: TableActions) -> None:
        """What the timers' firings do (the table service binds its parts once, at its
        construction: they are built on this scheduler)."""
        self._actions = actions

    @property
    def actions(self) -> TableActions:
        if self._actions is None:
            raise RuntimeError("the scheduler fired before its actions were bound")
        return self._actions

    # -- arming ------------------------------------------------------------------------
    def after_change(self, table: LiveTable) -> None:
        """Re-arm the table after any change: an AI moves, or the timer waits."""
        if table.visiting:
            return  # the process holding the table runs its clock (tables.shards)
        stop_timer(table)
        table.timer = None
        self.arm_holds(table)
        if table.in_play:
            assert table.game is not None
            seat = table.game.to_move
            seq = table.seq
            if seat is not None and table.played_by_ai(seat):
                self.spawn(self._retrying(table, lambda: self._ai_turn(table, seq)),
                           f"ai-{table.id}")
                return
            if seat is not None and len(table.seats) > 1:
                self.spawn(self._retrying(table, lambda: self._announce_turn(table, seq, seat)),
                           f"turn-{table.id}")
        if table.deadline is not None:
            seq = table.seq
            table.timer = self.spawn(self._retrying(table, lambda: self._run_timer(table, seq)),
                                     f"timer-{table.id}")

    def arm_holds(self, table: LiveTable) -> None:
        """Sleep to the first end of the seats the table holds for their people
        (tables.holds), unless a timer sleeps to it already; none when none is held."""
        if table.visiting:
            return
        holds = table.seat_state.holds() if table.in_play else []
        until = min((h[2] for h in holds), default=None)
        running = table.hold_timer is not None and not table.hold_timer.done()
        if until is not None and until == table.hold_armed and running:
            return
        stop_hold_timer(table)
        if until is None:
            return
        table.hold_armed = until
        table.hold_timer = self.spawn(
            self._retrying(table, lambda: self._run_holds(table, until)), f"hold-{table.id}")

    async def _run_holds(self, table: LiveTable, until: float) -> None:
        await self.wait(max(0.0, until - self.clock()))
        async with table.lock:
            if table.hold_armed != until or not table.in_play:
                return
            table.hold_timer = None  # this end is being handled: what remains, armed anew
            await self.actions.end_holds(table)

    def spawn(self, coro: Awaitable[None], name: str) -> asyncio.Task[None]:
        """Run `coro` as a task this scheduler owns (cancelled when it closes): the tables'
        own work, and work beside it like the daily boards."""
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        task.set_name(name)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    async def _retrying(self, table: LiveTable, work: Callable[[], Awaitable[None]]) -> None:
        """Run a table task again, a little later, while storage refuses it: an AI move,
        a turn notice or a deadline must not be lost to a locked file or a full disk,
        however long they last. Each task checks the table's move number, so running
        it again does nothing twice. Logged at the first refusals, then once an hour."""
        attempt = 0
        while True:
            attempt += 1
            try:
                await work()
                return
            except StorageError as exc:
                delay = min(STORAGE_RETRY * 2 ** min(attempt - 1, 16), STORAGE_RETRY_MAX)
                last = attempt >= STORAGE_TRIES and not isinstance(exc, StorageBusy | StorageFull)
                if attempt <= STORAGE_TRIES or last or attempt % 12 == 0:
                    log.warning("table %d: storage refused (%s); %s", table.id, exc,
                                "giving up" if last else f"trying again in {delay:g} s")
                if last:
                    return
                await self.wait(delay)

    def retry(self, table: LiveTable, work: Callable[[], Awaitable[None]], name: str, *,
              later: bool = False) -> None:
        """Run `work` for `table` in the background, again a little later while storage
        refuses it (as the table's own tasks are); `later`: first after STORAGE_RETRY
        seconds (storage has just refused it)."""
        async def first_later() -> None:
            await self.wait(STORAGE_RETRY)
            await self._retrying(table, work)

        self.spawn(first_later() if later else self._retrying(table, work), name)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        self._changed.set()
        if not task.cancelled() and task.exception() is not None:
            log.error("table task %s failed", task.get_name(), exc_info=task.exception())

    async def wait(self, seconds: float) -> None:
        """Sleep `seconds` on the scheduler's clock; `settle` counts a task asleep here as
        done for now."""
        if seconds <= 0:
            await self.sleep(0)
            return
        task = asyncio.current_task()
        assert task is not None
        self._waiting.add(task)
        self._changed.set()
        try:
            await self.sleep(seconds)
        finally:
            self._waiting.discard(task)

    async def settle(self) -> None:
        """Return once every background task has finished or sleeps until its time comes
        (a reminder, a deadline, the AI's delay, a retry): everything due now has happened."""
        while True:
            await asyncio.sleep(0)  # a task woken just now leaves its sleep first
            busy = [t for t in self.tasks if t not in self._waiting and not t.done()]
            if not busy:
                return
            self._changed.clear()
            changed = asyncio.ensure_future(self._changed.wait())
            try:
                await asyncio.wait([*busy, changed], return_when=asyncio.FIRST_COMPLETED)
            finally:
                changed.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await changed

    async def close(self) -> None:
        """Stop every task (the state is all in storage already)."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # -- AI turns ----------------------------------------------------------------------
    async def _ai_turn(self, table: LiveTable, seq: int) -> None:
        await self.wait(self.ai_delay)
        async with table.lock:
            if table.seq != seq or not table.in_play:
                return
            await self.actions.ai_turn(table)

    # -- notices -----------------------------------------------------------------------
    async def _announce_turn(self, table: LiveTable, seq: int, seat: int) -> None:
        """Tell a person their turn began, once per turn (even across restarts)."""
        user = table.seats[seat].user_id
        if user is None or not await self.store.mark_sent(table.id, seq, "turn", user):
            return
        # The table may have been cancelled (or moved on) while the mark was stored.
        if table.seq == seq and table.in_play:
            await self.actions.emit(TableEvent("turn", table, seat=seat))

    async def _due_reminders(self, table: LiveTable, seat: int) -> list[tuple[int, float]]:
        """(index, when) of this turn's reminders, out of the player's quiet hours."""
        user = table.seats[seat].user_id
        if user is None or table.deadline is None:
            return []
        player = await self.store.get_player(user)
        start = table.deadline - table.settings.turn_seconds
        if table.settings.ends_by is not None:
            # A round's table (tables.turn_clock): a turn cut short by the round's deadline
            # is shorter than its time, so its reminders are spread over what it has left
            # (armed at its start), not sent at once.
            start = max(start, min(self.clock(), table.deadline))
        fractions = sorted(table.settings.reminders)
        times = reminder_times(start, table.deadline, fractions,
                               tz_name=player.tz if player else None,
                               quiet_start=player.quiet_start if player else None,
                               quiet_end=player.quiet_end if player else None)
        return list(enumerate(times))

    # -- the timer ---------------------------------------------------------------------
    async def _run_timer(self, table: LiveTable, seq: int) -> None:
        """Sleep to each reminder, then to the deadline; act if the table has not moved."""
        game = table.game
        seat = game.to_move if game is not None else None
        pending = await self._due_reminders(table, seat) if seat is not None else []
        for index, when in pending:
            await self.wait(max(0.0, when - self.clock()))
            if table.seq != seq or not table.in_play or seat is None:
                return
            user = table.seats[seat].user_id
            if user is not None and await self.store.mark_sent(table.id, seq, f"remind{index}",
                                                               user):
                await self.actions.emit(TableEvent("reminder", table, seat=seat))
        assert table.deadline is not None
        await self.wait(max(0.0, table.deadline - self.clock()))
        async with table.lock:
            if table.seq != seq or not table.is_live:
                return
            await self.actions.on_deadline(table)

    async def count_timeout(self, table: LiveTable, seat: int) -> None:
        """Count the timeout of the seat to move: the seats' part stores it (and hands the
        seat to an AI at the third in a row). Under the table's lock."""
        await self.actions.count_timeout(table, seat)
