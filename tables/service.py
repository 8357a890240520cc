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
facade wires them here.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from storage import Storage
from tables.errors import NoSuchTable, TableError
from tables.events import Events, Listener
from tables.holds import Holds
from tables.live import LiveTable, Person, TableEvent, TableSettings
from tables.lobby import LobbyActions
from tables.moves import MovePipeline
from tables.rematch import Rematches
from tables.seats import Seats, SeatStates
from tables.shards import HeldTables, Placement
from tables.timers import Scheduler
from tables.turns import TurnsDue


class TableService:
    """Every table of the bot (of this process's shards), live in memory and committed
    in storage."""

    def __init__(self, store: Storage, *, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 ai_delay: float = 1.0, placement: Placement | None = None) -> None:
        """`clock` gives UTC unix seconds and `sleep` waits; tests pass virtual ones.
        `placement` says which tables this process holds (default: all)."""
        self.store = store
        self.clock = clock
        self.events = Events()
        self.listeners: list[Listener] = self.events.listeners
        tell = self.events.emit
        self.scheduler = Scheduler(self, store, clock=clock, sleep=sleep, ai_delay=ai_delay)
        self.tables: dict[int, LiveTable] = {}
        self.seat_states = SeatStates(store, tell)
        self.moves = MovePipeline(store, tell, tables=self.tables, find=self.table,
                                  timers=self.scheduler, timeouts=self.seat_states, clock=clock)
        self.held = HeldTables(store, tell, tables=self.tables, moves=self.moves,
                               timers=self.scheduler, placement=placement or Placement())
        self.quarantined = self.held.quarantined
        self.holds = Holds(store, tell, held=self.held, states=self.seat_states,
                           timers=self.scheduler, clock=clock)
        self.seats = Seats(store, tell, self.seat_states, held=self.held, moves=self.moves,
                           timers=self.scheduler, holds=self.holds)
        self.lobby = LobbyActions(store, tell, held=self.held, moves=self.moves,
                                  timers=self.scheduler, clock=clock)
        self.turns = TurnsDue(tell, moves=self.moves, lobby=self.lobby,
                              timeouts=self.seat_states)
        self.rematches = Rematches(self)

    @property
    def placement(self) -> Placement:
        """The shards this process holds (tables.node changes them)."""
        return self.held.placement

    @placement.setter
    def placement(self, placement: Placement) -> None:
        self.held.placement = placement

    # -- start-up and shut-down -------------------------------------------
    async def load(self) -> int:
        """Load every lobby and game in progress from storage; returns how many."""
        return await self.held.load()

    async def close(self) -> None:
        """Stop every AI and timer task (the state is all in storage already)."""
        await self.scheduler.close()  # a table's timer is one of its tasks

    async def settle(self) -> None:
        """Wait until the tables' background work (AI moves, timers, notices) has done
        everything due now; what remains sleeps until a reminder, deadline or AI delay."""
        await self.scheduler.settle()

    # -- getting a table -----------------------------------------------------------
    async def table(self, table_id: int) -> LiveTable:
        """The table to act on or read: held here, or read from storage (visiting).
        Raises NoSuchTable. (tables.shards.HeldTables.table: the one way.)"""
        return await self.held.table(table_id)

    async def lookup(self, table_id: int) -> LiveTable:
        """The table as it stands, for reading (a hand, the ends a tile fits): `table`."""
        return await self.table(table_id)

    async def _table(self, table_id: int) -> LiveTable:
        return await self.table(table_id)  # today's tests' name for it

    def get(self, table_id: int) -> LiveTable:
        """A table held here (one just opened or loaded here), without waiting: what
        `table` gives for it. Raises NoSuchTable when it is not held here."""
        table = self.tables.get(table_id)
        if table is None:
            raise NoSuchTable(table_id)
        return table

    def tables_in_channel(self, channel_id: int) -> list[LiveTable]:
        return [t for t in self.tables.values() if t.channel_id == channel_id]

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
        return await self.lobby.open_lobby(guild_id=guild_id, channel_id=channel_id,
                                           host=host, game=game, settings=settings,
                                           options=options)

    async def start_solitaire(self, *, guild_id: int | None, channel_id: int, person: Person,
                              game: str, options: dict[str, Any], hint_level: str = "normal",
                              seed: int | None = None, auto_draw: bool = False) -> LiveTable:
        """A solitaire `game` (Big Clock) for one person, playing at once; its Hint button
        answers at `hint_level`. Dealt from `seed` if given (the daily deal), else from a
        random one. With `auto_draw`, a `draw` that is the only legal move is played for
        them (each a move of its own). Raises TableError."""
        return await self.lobby.start_solitaire(
            guild_id=guild_id, channel_id=channel_id, person=person, game=game,
            options=options, hint_level=hint_level, auto_draw=auto_draw,
            seed=secrets.randbits(63) if seed is None else seed)

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the table's one public message (also of a table that has ended)."""
        await self.store.set_table_message(table_id, message_id)
        table = self.tables.get(table_id)
        if table is not None:
            table.replace_row(message_id=message_id)

    async def move_to(self, table_id: int, channel_id: int) -> None:
        await self.lobby.move_to(table_id, channel_id)

    async def join(self, table_id: int, person: Person) -> LiveTable:
        return await self.lobby.join(table_id, person)

    async def leave(self, table_id: int, user_id: int) -> LiveTable:
        return await self.lobby.leave(table_id, user_id)

    async def add_ai(self, table_id: int, user_id: int, level: str = "normal", *,
                     auto_start: bool = True) -> LiveTable:
        return await self.lobby.add_ai(table_id, user_id, level, auto_start=auto_start)

    async def change_lobby(self, table_id: int, user_id: int,
                           changes: dict[str, Any]) -> LiveTable:
        return await self.lobby.change_settings(table_id, user_id, changes)

    async def start(self, table_id: int, user_id: int) -> LiveTable:
        return await self.lobby.start(table_id, user_id)

    async def cancel(self, table_id: int, user_id: int, *, is_manager: bool = False) -> LiveTable:
        return await self.lobby.cancel(table_id, user_id, is_manager=is_manager)

    # -- moves (tables.moves) ---------------------------------------------------------
    async def play(self, table_id: int, user_id: int, seq: int | None, text: str, *,
                   queue: bool = True) -> str:
        """Apply `text` for the user, if the table is still at move `seq` (None: now).
        Returns the move as recorded. Raises NotSeated, NotYourTurn, StaleMove,
        IllegalMoveError, NoSuchTable. Nothing changes unless the move is committed.
        Storage busy: with `queue` the move is stored later and MoveQueued is raised,
        without StorageBusy (tables.moves)."""
        return await self.moves.play(await self.held.table(table_id), user_id, seq, text,
                                     queue=queue)

    @property
    def play_forced(self) -> Callable[[LiveTable], Awaitable[None]]:
        """The pipeline's forced moves (a test stops a process after its commit by
        setting them)."""
        return self.moves.play_forced

    @play_forced.setter
    def play_forced(self, step: Callable[[LiveTable], Awaitable[None]]) -> None:
        self.moves.play_forced = step  # type: ignore[method-assign, assignment]

    # -- what the scheduler's timers do at a table (tables.timers.TableActions) ---------
    async def emit(self, event: TableEvent) -> None:
        await self.events.emit(event)

    async def ai_turn(self, table: LiveTable) -> None:
        await self.turns.ai_turn(table)

    async def on_deadline(self, table: LiveTable) -> None:
        await self.turns.on_deadline(table)

    async def count_timeout(self, table: LiveTable, seat: int) -> None:
        await self.seat_states.count_timeout(table, seat)

    async def end_holds(self, table: LiveTable) -> None:
        await self.holds.end_due(table)

    # -- the seats of a game in progress (tables.seats) -------------------------------
    async def resign(self, table_id: int, user_id: int) -> LiveTable:
        return await self.seats.resign(table_id, user_id)

    async def replace_with_ai(self, table_id: int, seat: int, user_id: int, *,
                              is_manager: bool = False, level: str = "normal") -> LiveTable:
        return await self.seats.replace_with_ai(table_id, seat, user_id,
                                                is_manager=is_manager, level=level)

    async def take_back(self, table_id: int, user_id: int) -> LiveTable:
        return await self.seats.take_back(table_id, user_id)

    async def take_seat(self, table_id: int, user_id: int) -> bool:
        """`take_back`, saying whether the seat taken was one kept for them since the
        start (tables.holds) rather than theirs back from the AI."""
        return await self.seats.take_seat(table_id, user_id)

    # -- shards (tables.shards) --------------------------------------------------------
    async def adopt(self, shards: Collection[int]) -> int:
        return await self.held.adopt(shards)

    def drop(self, shards: Collection[int]) -> int:
        return self.held.drop(shards)

    async def refresh(self, table_id: int) -> None:
        await self.held.refresh(table_id)
