"""A table's life: lobby, seats, start, moves under a lock, AI seats, deadlines, the end.

`TableService` knows nothing of Discord. It is a thin facade over the parts that each
do one job, and keeps the calls the cogs and the tests make:

- tables.shards.HeldTables: the tables this process holds and visits (hold, adopt,
  catch up); `table()` is the one way to get a table by id;
- tables.moves.MovePipeline: a move applied, committed, its forced moves, the listeners
  told after the commit, the end of a game;
- tables.lobby.LobbyActions: opening a table, its lobby's buttons, closing it;
- tables.seats: the seats of a game in progress (away, timeouts, resign, AI seats);
- tables.timers.Scheduler: arms and fires each table's timers and AI turns;
- tables.turns.TurnsDue: what a firing does (an AI's move, a turn that ran out);
- tables.events.Events: the listeners.

Each part says what it needs of the others as a `typing.Protocol` beside it; the
facade wires them here, and keeps its table dict and its storage to itself: what the
cogs, the web pages and the companions (queue, schedules, daily deals) need of a table
is asked here, by a method of its own.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from storage import Storage
from storage.models import HandMessage, TableRow
from tables.errors import NoSuchTable, TableError
from tables.events import Events, Listener
from tables.holds import Holds
from tables.journal import MoveJournal
from tables.live import LiveTable, Person, TableEvent, TableSettings
from tables.lobby import LobbyActions
from tables.moves import MovePipeline
from tables.rematch import Rematch, Rematches
from tables.seats import Seats, SeatStates
from tables.shards import HeldTables, Placement
from tables.timers import Scheduler
from tables.turns import TurnsDue

log = logging.getLogger(__name__)

class HandMessages(Protocol):
    """The players' latest hand messages, as the cogs keep them (storage does)."""

    async def set_hand_message(self, hand: HandMessage) -> HandMessage | None: ...

    async def note_hand_message(self, hand: HandMessage) -> bool: ...

    async def hand_messages(self, table_id: int) -> list[HandMessage]: ...


@dataclass(frozen=True)
class TimerFirings:
    """What the scheduler's timers do at a table (tables.timers.TableActions), each the
    part's own: told (events), an AI's move or a deadline (turns), a timeout counted
    (seat states), seats kept no longer (holds)."""

    emit: Callable[[TableEvent], Awaitable[None]]
    ai_turn: Callable[[LiveTable], Awaitable[None]]
    on_deadline: Callable[[LiveTable], Awaitable[None]]
    count_timeout: Callable[[LiveTable, int], Awaitable[None]]
    end_holds: Callable[[LiveTable], Awaitable[None]]


class TableService:
    """Every table of the bot (of this process's shards), live in memory and committed
    in storage."""

    def __init__(self, store: Storage, *, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 ai_delay: float = 1.0, placement: Placement | None = None,
                 journal: Path | None = None) -> None:
        """`clock` gives UTC unix seconds and `sleep` waits; tests pass virtual ones.
        `placement` says which tables this process holds (default: all); `journal` is
        the file the moves storage was too busy for are kept in across a stop
        (tables.journal; default: in memory only)."""
        self._store = store
        self.clock = clock
        # The players' hand messages are the cogs' to keep: storage's, nothing more.
        self.hand_messages: HandMessages = store
        events = Events()
        self.listeners: list[Listener] = events.listeners
        tell = events.emit
        self.scheduler = Scheduler(store, clock=clock, sleep=sleep, ai_delay=ai_delay)
        self._tables: dict[int, LiveTable] = {}
        states = SeatStates(store, tell)
        # The pipeline and the held tables need each other (a queued move finds its table;
        # a table taken over plays its forced moves): the pipeline finds tables through
        # the held tables made just after it.
        async def find(table_id: int) -> LiveTable:
            return await self._held.table(table_id)

        self.journal = MoveJournal(journal)
        self.journal.load()  # before any table is held (load, or a shard adopted)
        self._moves = MovePipeline(store, tell, tables=self._tables, find=find,
                                   timers=self.scheduler, timeouts=states, clock=clock,
                                   journal=self.journal)
        self._held = HeldTables(store, tell, tables=self._tables, moves=self._moves,
                                timers=self.scheduler, placement=placement or Placement())
        self.quarantined = self._held.quarantined
        holds = Holds(store, tell, held=self._held, states=states, timers=self.scheduler,
                      clock=clock)
        self._seats = Seats(store, tell, states, held=self._held, moves=self._moves,
                            timers=self.scheduler, holds=holds)
        self._lobby = LobbyActions(store, tell, held=self._held, moves=self._moves,
                                   timers=self.scheduler, clock=clock)
        turns = TurnsDue(tell, moves=self._moves, lobby=self._lobby, timeouts=states)
        self.scheduler.bind(TimerFirings(emit=tell, ai_turn=turns.ai_turn,
                                         on_deadline=turns.on_deadline,
                                         count_timeout=states.count_timeout,
                                         end_holds=holds.end_due))
        self._rematches = Rematches(store, lobby=self._lobby, held=self._held)

    # -- start-up and shut-down -------------------------------------------
    async def load(self) -> int:
        """Load every lobby and game in progress from storage; returns how many. The
        moves a stop left queued in the journal are played first, each table's before
        its timers run; one whose table is no longer held here is dropped (logged)."""
        loaded = await self._held.load()
        for kept in self.journal.pending():
            if kept.table_id not in self._tables:
                log.warning("table %d is no longer in play here: a queued move of %d was "
                            "dropped", kept.table_id, kept.user_id)
                self.journal.remove(kept)
        return loaded

    async def close(self) -> None:
        """Stop every AI and timer task (the state is all in storage already)."""
        await self.scheduler.close()  # a table's timer is one of its tasks

    async def settle(self) -> None:
        """Wait until the tables' background work (AI moves, timers, notices) has done
        everything due now; what remains sleeps until a reminder, deadline or AI delay."""
        await self.scheduler.settle()

    # -- getting a table -----------------------------------------------------------
    async def table(self, table_id: int) -> LiveTable:
        """The table to act on or read: held here, or read from storage (visiting another
        process's). The one way to get a table by id. Raises NoSuchTable when it is not
        in play anywhere."""
        return await self._held.table(table_id)

    def held(self, table_id: int) -> LiveTable | None:
        """The table if this process holds it (the very object its moves update, also
        once it ends), without waiting; None when another process holds it or it is
        over."""
        return self._tables.get(table_id)

    @property
    def held_tables(self) -> Mapping[int, LiveTable]:
        """Every table this process holds, by id (read only)."""
        return MappingProxyType(self._tables)

    async def row(self, table_id: int) -> TableRow:
        """The stored facts of a table, also of one that has ended (its server, game,
        options, seats). Raises NoSuchTable when there is no such table."""
        held = self._tables.get(table_id)
        if held is not None:
            return held.row
        found = await self._store.get_table(table_id)
        if found is None:
            raise NoSuchTable(table_id)
        return found

    def tables_in_channel(self, channel_id: int) -> list[LiveTable]:
        """The tables held here that are played in this channel (or thread)."""
        return [t for t in self._tables.values() if t.channel_id == channel_id]

    def table_of(self, user_id: int, channel_id: int) -> LiveTable:
        """The caller's game in this channel (the newest if several): a question of its
        own, not a table by id. Raises TableError ("error.no_game_here") when they play
        none there."""
        mine = [t for t in self.tables_in_channel(channel_id)
                if t.seat_of(user_id) is not None and t.in_play]
        if not mine:
            raise TableError("error.no_game_here")
        return max(mine, key=lambda t: t.id)

    def hosted_lobby(self, user_id: int, channel_id: int) -> LiveTable:
        """The lobby the caller hosts in this channel (for `/domino lobby` without a table
        number). Raises TableError when they host none there, or several (naming them:
        the caller then says which)."""
        mine = sorted((t for t in self.tables_in_channel(channel_id)
                       if t.host_id == user_id and t.status == "lobby"), key=lambda t: t.id)
        if not mine:
            raise TableError("error.lobby_set.none_here")
        if len(mine) > 1:
            raise TableError("error.lobby_set.which",
                             tables=", ".join(f"#{t.id}" for t in mine))
        return mine[0]

    # -- opening and the lobby (tables.lobby) -------------------------------------------
    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host: Person,
                         game: str, settings: TableSettings,
                         options: dict[str, Any]) -> LiveTable:
        """A new lobby of `game`, its host seated. Raises TableError."""
        return await self._lobby.open_lobby(guild_id=guild_id, channel_id=channel_id,
                                            host=host, game=game, settings=settings,
                                            options=options)

    async def start_solitaire(self, *, guild_id: int | None, channel_id: int, person: Person,
                              game: str, options: dict[str, Any], hint_level: str = "normal",
                              seed: int | None = None, auto_draw: bool = False) -> LiveTable:
        """A solitaire `game` (Big Clock) for one person, playing at once; its Hint button
        answers at `hint_level`. Dealt from `seed` if given (the daily deal), else from a
        random one. With `auto_draw`, a `draw` that is the only legal move is played for
        them (each a move of its own). Raises TableError."""
        return await self._lobby.start_solitaire(
            guild_id=guild_id, channel_id=channel_id, person=person, game=game,
            options=options, hint_level=hint_level, auto_draw=auto_draw,
            seed=secrets.randbits(63) if seed is None else seed)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table's one public message (also of a table that has ended)."""
        await self._store.set_table_message(table_id, message_id)
        table = self._tables.get(table_id)
        if table is not None:
            table.replace_row(message_id=message_id)

    async def move_to(self, table_id: int, channel_id: int) -> None:
        """The table is played in `channel_id` from now on (its thread)."""
        await self._lobby.move_to(table_id, channel_id)

    async def join(self, table_id: int, person: Person) -> LiveTable:
        return await self._lobby.join(table_id, person)

    async def partner(self, table_id: int, person: Person, partner_id: int) -> LiveTable:
        return await self._lobby.partner(table_id, person, partner_id)

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby.leave(table_id, user_id)

    async def add_ai(self, table_id: int, user_id: int, level: str = "normal", *,
                     auto_start: bool = True) -> LiveTable:
        return await self._lobby.add_ai(table_id, user_id, level, auto_start=auto_start)

    async def change_lobby(self, table_id: int, user_id: int,
                           changes: dict[str, Any]) -> LiveTable:
        return await self._lobby.change_settings(table_id, user_id, changes)

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        return await self._lobby.start(table_id, user_id)

    async def cancel(self, table_id: int, user_id: int, *, is_manager: bool = False) -> LiveTable:
        return await self._lobby.cancel(table_id, user_id, is_manager=is_manager)

    async def close_table(self, table: LiveTable, status: str) -> bool:
        """End a lobby nobody started ("abandoned") or cancel a table; False when it had
        ended already (tables.lobby.LobbyActions.close_table)."""
        return await self._lobby.close_table(table, status)

    async def rematch(self, table_id: int, host: Person) -> Rematch:
        """The one rematch lobby of a finished table (tables.rematch). Raises TableError,
        NotAllowed."""
        return await self._rematches.open(table_id, host)

    # -- moves (tables.moves) ---------------------------------------------------------
    async def play(self, table_id: int, user_id: int, seq: int | None, text: str, *,
                   queue: bool = True) -> str:
        """Apply `text` for the user, if the table is still at move `seq` (None: now).
        Returns the move as recorded. Raises NotSeated, NotYourTurn, StaleMove,
        IllegalMoveError, NoSuchTable. Nothing changes unless the move is committed.
        Storage busy: with `queue` the move is stored later and MoveQueued is raised,
        without StorageBusy (tables.moves)."""
        return await self._moves.play(await self._held.table(table_id), user_id, seq, text,
                                      queue=queue)

    # -- the seats of a game in progress (tables.seats) -------------------------------
    async def resign(self, table_id: int, user_id: int) -> LiveTable:
        return await self._seats.resign(table_id, user_id)

    async def replace_with_ai(self, table_id: int, seat: int, user_id: int, *,
                              is_manager: bool = False, level: str = "normal") -> LiveTable:
        return await self._seats.replace_with_ai(table_id, seat, user_id,
                                                 is_manager=is_manager, level=level)

    async def take_back(self, table_id: int, user_id: int) -> LiveTable:
        return await self._seats.take_back(table_id, user_id)

    async def take_seat(self, table_id: int, user_id: int) -> bool:
        """`take_back`, saying whether the seat taken was one kept for them since the
        start (tables.holds) rather than theirs back from the AI."""
        return await self._seats.take_seat(table_id, user_id)

    # -- shards (tables.node) ----------------------------------------------------------
    @property
    def placement(self) -> Placement:
        """The shards this process holds (tables.node changes them)."""
        return self._held.placement

    @placement.setter
    def placement(self, placement: Placement) -> None:
        self._held.placement = placement

    async def adopt(self, shards: Collection[int]) -> int:
        return await self._held.adopt(shards)

    def drop(self, shards: Collection[int]) -> int:
        return self._held.drop(shards)

    async def refresh(self, table_id: int) -> None:
        await self._held.refresh(table_id)
