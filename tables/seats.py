"""The seats of a game in progress: their state (away, timeouts in a row, resigned) and
what a player or the host does to a seat (take it back from the AI, resign, hand it
to an AI).

The seat state is stored in the table's settings column beside the options fixed at
opening (tables.table_settings); `SeatStates.save` changes it over the column as stored, so
another process's change made meanwhile is kept (and read again) rather than lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from engine.registry import game_spec
from storage import Storage
from storage.errors import InvalidState, SeatsChanged, SettingsChanged
from storage.models import Seat
from tables.errors import NoSuchTable, NotAllowed, NotSeated, StaleMove, TableError
from tables.events import Listener
from tables.live import LiveTable, TableEvent, resign_plays_on
from tables.table_settings import SeatState, join_settings

SETTINGS_TRIES = 5  # a settings change another process keeps changing under: then refused


class SeatStates:
    """Stores the changes of a table's seat state (under the table's lock)."""

    def __init__(self, store: Storage, tell: Listener) -> None:
        self.store = store
        self.tell = tell

    async def save(self, table: LiveTable,
                   change: Callable[[SeatState], SeatState]) -> SeatState:
        """Store `change` of the table's seat state, made over the state as stored: when
        another process changed the settings column since it was read, it is read again
        and the change made over that (up to SETTINGS_TRIES times; then StaleMove).
        Returns the seat state stored."""
        for _ in range(SETTINGS_TRIES):
            before = dict(table.row.settings)
            after = join_settings(table.settings, change(table.seat_state))
            try:
                await self.store.set_table_settings(table.id, after, expected=before)
            except SettingsChanged:
                loaded = await self.store.load_table(table.id)
                if loaded is None:
                    raise StaleMove() from None
                table.replace_row(settings=loaded.table.settings)
                if not table.visiting:  # the holder tells the other process's change now:
                    await self.tell(TableEvent("seats", table))  # its notice won't
                continue
            table.replace_row(settings=after)
            return table.seat_state
        raise StaleMove()

    async def count_timeout(self, table: LiveTable, seat: int, *, reset: bool = False) -> None:
        """Count a timeout in a row (or reset the count); the third hands the seat to an AI."""
        was_away = seat in table.seat_state.away
        saved = await self.save(table, lambda s: s.timed_out(seat, len(table.seats),
                                                             reset=reset))
        if seat in saved.away and not was_away:
            await self.tell(TableEvent("away", table, seat=seat))


class Held(Protocol):
    """The tables this process holds and visits (tables.shards.HeldTables)."""

    async def table(self, table_id: int) -> LiveTable: ...

    async def reread(self, table: LiveTable) -> None: ...


class Ending(Protocol):
    """The move pipeline's end of a game (tables.moves.MovePipeline)."""

    async def commit(self, table: LiveTable, seat: int, text: str) -> str: ...

    async def finish(self, table: LiveTable) -> None: ...


class Arming(Protocol):
    """The scheduler's re-arming after a change (tables.timers.Scheduler)."""

    def after_change(self, table: LiveTable) -> None: ...


class Claiming(Protocol):
    """A person taking the seat held for them (tables.holds.Holds)."""

    async def claim(self, table: LiveTable, user_id: int) -> None: ...


class Seats:
    """A player's or the host's actions on a seat of a game in progress."""

    def __init__(self, store: Storage, tell: Listener, states: SeatStates, *, held: Held,
                 moves: Ending, timers: Arming, holds: Claiming) -> None:
        self.store = store
        self.tell = tell
        self.states = states
        self.held = held
        self.moves = moves
        self.timers = timers
        self.holds = holds

    async def take_back(self, table_id: int, user_id: int) -> LiveTable:
        """A player takes back the seat an AI has been playing for them, or takes the seat
        held for them since the start (tables.holds). Raises TableError."""
        table, _ = await self._take(table_id, user_id)
        return table

    async def take_seat(self, table_id: int, user_id: int) -> bool:
        """`take_back`; True when the seat taken was held for them (tables.holds)."""
        _, claimed = await self._take(table_id, user_id)
        return claimed

    async def _take(self, table_id: int, user_id: int) -> tuple[LiveTable, bool]:
        try:
            table = await self.held.table(table_id)  # held here, or visiting
        except NoSuchTable:
            raise TableError("error.table_ended") from None
        async with table.lock:
            if table.seat_of(user_id) is None and table.seat_state.hold_of(user_id) is not None:
                await self.holds.claim(table, user_id)
                return table, True
            seat = table.seat_of(user_id)
            if seat is None and user_id in table.settings.invited and table.in_play:
                raise TableError("error.hold.over")  # a seat was kept for them, or none free
            if seat is None or seat not in table.seat_state.away:
                raise TableError("error.no_away_seat")
            await self.states.save(table, lambda s: s.back(seat))
            await self.tell(TableEvent("back", table, seat=seat))
            self.timers.after_change(table)
        return table, False

    async def resign(self, table_id: int, user_id: int) -> LiveTable:
        """A seated player gives up and ranks last. Raises TableError.

        With 3 or more seats (and the table's `on_resign` "ai") an AI plays their seat
        from here and the others play on; otherwise the game ends.
        """
        table = await self.held.table(table_id)
        async with table.lock:
            if not table.in_play or table.game is None:
                raise TableError("error.no_game_to_resign")
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if seat in table.seat_state.resigned:
                raise TableError("error.resigned_already")
            if game_spec(table.game_kind).solitaire:  # giving up is a move of the record
                await self.moves.commit(table, seat, "resign")
                return table
            if resign_plays_on(table):
                await self.states.save(table, lambda s: s.with_resigned(seat))
                await self.tell(TableEvent("resigned", table, seat=seat))
                self.timers.after_change(table)  # an AI takes the turn if it was theirs
                return table
            table.resigned = seat
            await self.moves.finish(table)
        return table

    async def replace_with_ai(self, table_id: int, seat: int, user_id: int, *,
                              is_manager: bool = False, level: str = "normal") -> LiveTable:
        """The host or a manager hands a (missing) player's seat to an AI. Raises TableError;
        StaleMove when another process changed the seats or ended the game meanwhile."""
        table = await self.held.table(table_id)
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
                await self.held.reread(table)
                raise StaleMove() from None
            table.replace_row(seats=tuple(seats))
            await self.tell(TableEvent("seats", table, seat=seat))
            self.timers.after_change(table)
        return table
