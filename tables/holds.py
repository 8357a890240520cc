"""Seats that wait for their person (issue 24): a started table keeps a seat for each
person the host invited who is not seated at the start, for the host's grace
(`hold_minutes` of `/domino lobby`, tables.lobby_settings); an AI plays it meanwhile.

At the start (tables.lobby) the absent invited people, in the order the host named them,
take the free seats, up to the seats the host asked for
(`test_reading_held_seats_are_the_absent_invited_in_order_up_to_the_free_seats`): each an
AI seat under the person's name, its hold (seat, person, until) in the table's seat state
(tables.table_settings.SeatState), stored with the start in one transaction. A host and a held
seat are enough to start a two-seat table
(`test_reading_a_host_and_a_held_seat_start_a_two_seat_table`).

The person takes the seat with one click, by the same path as "Take my seat back"
(tables.seats.Seats.take_back): the seat becomes theirs and the hold goes, in one
transaction conditional on the seats and the seat state as read, so two clicks at once
(or a click and the hold's end) seat them once. The hold's end is a timer of the tables'
Scheduler, armed from the stored state (so a restart re-arms it; an end that passed while
the bot was down comes at start-up); unclaimed, the hold ends quietly and the AI plays on
(`test_reading_an_unclaimed_hold_ends_quietly_and_the_ai_plays_on`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from storage import Storage
from storage.errors import InvalidState, SeatsChanged, SettingsChanged, StorageError
from storage.models import Seat
from tables.errors import StaleMove, TableError
from tables.events import Listener
from tables.live import LiveTable, TableEvent
from tables.table_settings import SeatState, join_settings

log = logging.getLogger(__name__)

HOLD_LEVEL = "normal"  # the AI that plays a held seat
CLAIM_TRIES = 5  # a claim another process keeps changing the table under: then refused

Hold = tuple[int, int, float]  # seat, person, until


def seats_at_start(table: LiveTable, now: float) -> tuple[list[Seat], list[Hold]]:
    """The seats `table` starts with (its seated people and AIs, then a held seat for
    each absent invited person, in the host's order, while seats are free) and the
    holds of those seats, ending `hold_seconds` from `now`. No holds when the host
    chose none."""
    settings = table.settings
    seats = list(table.seats)
    holds: list[Hold] = []
    if settings.hold_seconds <= 0:
        return seats, holds
    names = dict(zip(settings.invited, settings.invited_names, strict=False))
    for user in dict.fromkeys(settings.invited):
        if len(seats) >= settings.seats:
            break
        if user == table.host_id or any(s.user_id == user for s in seats):
            continue
        name = _unique({s.name for s in seats}, names.get(user) or str(user))
        holds.append((len(seats), user, now + settings.hold_seconds))
        seats.append(Seat(None, HOLD_LEVEL, name))
    return seats, holds


def _unique(taken: set[str], name: str) -> str:
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name} ({n})", n + 1
    return candidate


async def tell_held(store: Storage, tell: Listener, table: LiveTable) -> None:
    """After the start: a "held" event for each seat held (its person is told), once each
    whichever process started the table or catches up with its start (`Storage.mark_sent`);
    a table started on a visiting process is told by its holder."""
    if table.visiting:
        return
    for seat, user, _until in table.seat_state.holds():
        try:
            first = await store.mark_sent(table.id, 0, f"held{seat}", user)
        except StorageError as exc:  # told twice rather than never
            log.warning("table %d: hold of seat %d told unmarked (%s)", table.id, seat, exc)
            first = True
        if first:
            await tell(TableEvent("held", table, seat=seat))


class Held(Protocol):
    """The tables this process holds and visits (tables.shards.HeldTables)."""

    async def reread(self, table: LiveTable) -> None: ...


class Arming(Protocol):
    """The scheduler's re-arming after a change (tables.timers.Scheduler)."""

    def after_change(self, table: LiveTable) -> None: ...

    def arm_holds(self, table: LiveTable) -> None: ...


class SavingStates(Protocol):
    """The seat state's compare-and-set (tables.seats.SeatStates)."""

    async def save(self, table: LiveTable,
                   change: Callable[[SeatState], SeatState]) -> SeatState: ...


class Holds:
    """Telling, claiming and ending the seats held for their people."""

    def __init__(self, store: Storage, tell: Listener, *, held: Held, states: SavingStates,
                 timers: Arming, clock: Callable[[], float]) -> None:
        self.store = store
        self.tell = tell
        self.held = held
        self.states = states
        self.timers = timers
        self.clock = clock

    async def claim(self, table: LiveTable, user_id: int) -> None:
        """`user_id` takes the seat held for them (under the table's lock): theirs from
        the next move on, stored over the seats and the seat state as read (read again and
        tried again when another process changed them first). Raises TableError when no
        seat is held for them (any more), StaleMove when the table keeps changing."""
        for _ in range(CLAIM_TRIES):
            hold = table.seat_state.hold_of(user_id)
            if hold is None or not table.in_play:
                raise TableError("error.hold.none")
            seat, until = hold
            if until <= self.clock():
                raise TableError("error.hold.over")
            seats = list(table.seats)
            seats[seat] = Seat(user_id, None, seats[seat].name)
            before = dict(table.row.settings)
            after = join_settings(table.settings.fixed(), table.seat_state.without_hold(seat))
            try:
                await self.store.update_seats(table.id, seats, expected=table.seats,
                                              statuses=("playing",), settings=after,
                                              expected_settings=before)
            except (SeatsChanged, SettingsChanged, InvalidState):
                await self._read_again(table)
                continue
            table.replace_row(seats=tuple(seats), settings=after)
            await self.tell(TableEvent("seats", table, seat=seat))
            self.timers.after_change(table)  # their turn now, if it is the seat's
            return
        raise StaleMove()

    async def _read_again(self, table: LiveTable) -> None:
        """The table as storage has it now: a table held here catches up (telling what
        the other process did); a visiting copy takes the stored seats, seat state and
        status (the holder tells them)."""
        if not table.visiting:
            await self.held.reread(table)
            return
        loaded = await self.store.load_table(table.id)
        if loaded is None:
            raise TableError("error.table_ended")
        row = loaded.table
        table.replace_row(seats=row.seats, settings=row.settings, status=row.status)

    async def end_due(self, table: LiveTable) -> None:
        """End the holds whose time is over (under the table's lock): quietly, the AI plays
        those seats on; the table message no longer shows them held."""
        now = self.clock()
        if not any(until <= now for _s, _u, until in table.seat_state.holds()):
            self.timers.arm_holds(table)
            return
        await self.states.save(table, lambda state: state.with_holds(
            [h for h in state.holds() if h[2] > now]))
        await self.tell(TableEvent("seats", table))
        self.timers.arm_holds(table)
