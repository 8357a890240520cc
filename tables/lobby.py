"""A lobby's actions: Join, Leave, Add AI, Start, Cancel, and closing a table without
results (a half of `TableService`).

Any process may act on any table: one not holding it acts on a *visiting* copy read
from storage (tables.shards), whose lock does not exclude the holder's. So each change
is conditional in storage (storage.lobbies: the seats as read, the lobby's status),
and when storage says the table moved on meanwhile, the table is read again (a table
held here catches up, telling its listeners what the other process did) and the action
is tried again on what is there now: two joins at once seat both, the same person
joining twice is seated once, a second Start or Cancel is answered as on a table that
has started or ended.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from engine.errors import RecordError
from engine.records import new_game
from engine.registry import game_spec
from storage.errors import InvalidState, SeatsChanged
from storage.models import ACTIVE_STATUSES, Seat
from tables.ai_names import NAMES, ai_name
from tables.errors import NotAllowed, NotSeated, StaleMove, TableError, TableFull
from tables.halves import ServiceHalf
from tables.live import LiveTable, Person, TableEvent
from tables.timers import stop_timer

log = logging.getLogger(__name__)

# Tries of one lobby action while other processes keep changing the table under it
# (each try follows a commit of theirs; more than a few in a row is a flood).
LOBBY_TRIES = 5


class Lobby(ServiceHalf):
    """The lobby half of `TableService`."""

    async def join(self, table_id: int, person: Person) -> LiveTable:
        """Seat `person`; starts the game when the last seat fills and the host chose so."""
        def seated(table: LiveTable) -> list[Seat]:
            if table.seat_of(person.user_id) is not None:
                raise TableError("error.already_seated")
            if len(table.seats) >= table.settings.seats:
                raise TableFull()
            return [*table.seats, Seat(person.user_id, None, table.unique_name(person.name))]

        table = await self._change_seats(table_id, seated)
        if len(table.seats) >= table.settings.seats and table.settings.auto_start:
            return await self.start(table_id, table.host_id)
        return table

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        """Stand up from a lobby seat. The host cancels instead."""
        def left(table: LiveTable) -> list[Seat]:
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if user_id == table.host_id:
                raise NotAllowed("error.host_leaves")
            return [s for i, s in enumerate(table.seats) if i != seat]

        return await self._change_seats(table_id, left)

    async def add_ai(self, table_id: int, user_id: int, level: str = "normal", *,
                     auto_start: bool = True) -> LiveTable:
        """The host fills a lobby seat with an AI; the last seat starts the game like `join`
        when the host chose auto-start (`auto_start=False` holds it, e.g. while seating a
        rematch)."""
        def with_ai(table: LiveTable) -> list[Seat]:
            if user_id != table.host_id:
                raise NotAllowed("error.host_adds_ai")
            if len(table.seats) >= table.settings.seats:
                raise TableFull()
            if level not in NAMES:  # a crafted menu value
                raise TableError("error.ai_level", levels=", ".join(NAMES))
            return [*table.seats, Seat(None, level, ai_name(level, {s.name for s in table.seats}))]

        table = await self._change_seats(table_id, with_ai)
        if len(table.seats) >= table.settings.seats and auto_start and table.settings.auto_start:
            return await self.start(table_id, table.host_id)
        return table

    async def _change_seats(self, table_id: int,
                            change: Callable[[LiveTable], list[Seat]]) -> LiveTable:
        """Replace a lobby's seats by `change(table)` (which raises TableError when the
        action is not allowed), stored only if the seats are still those read; tried
        again on the table as it now is while another process changes it first. Raises
        TableError, NoSuchTable, StaleMove (the table kept changing)."""
        for _ in range(LOBBY_TRIES):
            table = await self._table(table_id)
            async with table.lock:
                table.require_status("lobby")
                seats = change(table)
                try:
                    await self.store.update_seats(table.id, seats, expected=table.seats,
                                                  statuses=("lobby",))
                except (SeatsChanged, InvalidState):
                    await self._reread(table)
                    continue
                table.replace_row(seats=tuple(seats))
                await self.emit(TableEvent("lobby", table))
                return table
        raise StaleMove()

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        """The host starts the game with the players seated. Raises TableError.

        The deal is stored only for the seats it was made for, and only from the lobby:
        another process's Start first is answered "not in its lobby", a seat changed
        there meanwhile makes a new deal for the seats now stored.
        """
        for _ in range(LOBBY_TRIES):
            table = await self._table(table_id)
            async with table.lock:
                table.require_status("lobby")
                if user_id != table.host_id:
                    raise NotAllowed("error.host_starts")
                low, _ = game_spec(table.game_kind).seats
                if len(table.seats) < low:
                    raise TableError("error.too_few", low=low)
                seed = secrets.randbits(63)
                try:
                    game = new_game(table.record_base(seed))
                except (RecordError, ValueError) as exc:
                    raise TableError("error.cannot_start", reason=str(exc)) from None
                forced = table.settings.auto_forced and game.forced_move() is not None
                deadline = None if forced else self.clock() + table.settings.turn_seconds
                # The explicit deal is stored beside its seed: the record replays anywhere.
                deal = game.record()["deal"]
                try:
                    await self.store.start_table(table.id, deadline=deadline, seed=seed,
                                                 deal=deal, expected=table.seats)
                except (SeatsChanged, InvalidState):
                    await self._reread(table)
                    continue
                table.replace_row(status="playing", seed=seed, deal=deal, deadline=deadline)
                table.game = game
                await self.emit(TableEvent("started", table))
                await self.after_moves(table)
                return table
        raise StaleMove()

    async def cancel(self, table_id: int, user_id: int, *, is_manager: bool = False) -> LiveTable:
        """The host (or a server manager) cancels a lobby, a game in progress, or a
        quarantined table. Raises TableError ("already ended" also when another process
        ended it a moment ago)."""
        table = self.quarantined.get(table_id) or await self._table(table_id)
        async with table.lock:
            if not table.is_live:
                raise TableError("error.already_ended")
            if user_id != table.host_id and not is_manager:
                raise NotAllowed("error.host_cancels")
            if not await self.close_table(table, "cancelled"):
                raise TableError("error.already_ended")
        return table

    async def close_table(self, table: LiveTable, status: str) -> bool:
        """End a lobby or game without results (cancelled, abandoned). Under its lock.

        Storage closes it only from where it may be closed: an expired lobby only while
        still a lobby, a cancelled table only while live. When another process started
        or ended it meanwhile (a click there; during a shard hand-over the old holder's
        deadline and the new one's), nothing is closed here: the table catches up with
        storage and False is returned. The listeners hear of a close once (`_tell_closed`).
        """
        allowed = ("lobby",) if status == "abandoned" else ACTIVE_STATUSES
        try:
            await self.store.set_status(table.id, status, only_from=allowed)
        except InvalidState as exc:
            log.info("table %d: not %s here (%s)", table.id, status, exc)
            await self._reread(table)
            return False
        table.replace_row(status=status, deadline=None)
        self.tables.pop(table.id, None)
        self.quarantined.pop(table.id, None)
        stop_timer(table)
        await self._tell_closed(table)
        return True
