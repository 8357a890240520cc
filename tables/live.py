"""A table as the bot holds it in memory: its stored row, its game, its lock."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from catalog import Phrase
from engine.errors import OptionError, RecordError
from engine.game import Game, HandSummary
from engine.records import new_game, replay, write_record
from engine.registry import GameSpec, game_spec
from storage.models import ACTIVE_STATUSES, LoadedTable, Seat, TableRow
from tables.errors import NotAllowed, TableError
from tables.table_settings import (
    AWAY_AFTER_TIMEOUTS,
    DAY,
    HINT_LEVELS,
    RESIGN_ACTIONS,
    TIMEOUT_ACTIONS,
    SeatedSettings,
    SeatState,
    TableSettings,
    split_settings,
)

# Where the table's readers have always found them (tables.table_settings holds them now).
__all__ = ["AWAY_AFTER_TIMEOUTS", "DAY", "HINT_LEVELS", "RESIGN_ACTIONS", "TIMEOUT_ACTIONS",
           "LiveTable", "Person", "SeatState", "TableEvent", "TableSettings", "checked_game",
           "resign_plays_on"]


@dataclass(frozen=True, slots=True)
class Person:
    """A Discord user as tables/ needs them: an id and a display name."""

    user_id: int
    name: str


def checked_game(name: str, players: int, options: dict[str, Any]) -> GameSpec:
    """The registry's spec of `name`, once a game of it can start with this many players
    and these options. Raises TableError: an unknown game, a number of players it does
    not take, or options that do not work (with the engine's reason)."""
    try:
        spec = game_spec(name)
    except RecordError:
        raise TableError("error.unknown_game", game=name) from None
    if not spec.takes(players):
        low, high = spec.seats
        raise TableError("error.seats_range", game=Phrase(f"game.{spec.name}"), low=low,
                         high=high, seats=players)
    try:
        # A throwaway game with these options, so that mistakes show now, not at start.
        new_game({"game": spec.name, "options": options, "seed": 0,
                  "players": [f"p{i}" for i in range(players)]})
    except (RecordError, ValueError) as exc:
        # The engine says why in the reader's language (OptionError), else in English.
        reason = exc.reason if isinstance(exc, OptionError) else str(exc)
        raise TableError("error.bad_options", reason=reason) from None
    return spec


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Something that happened at a table, told to listeners after it was committed.

    kind: lobby, started, held, move, hand, resigned, timeout, seats, finished,
    cancelled, abandoned. A `move` the table played for a player with nothing to choose is
    `forced`; `hand` carries the summary of a hand that just ended (after the move
    that ended it); `resigned` tells of a seat an AI now plays for its resigner; `held`
    of a seat kept for an invited person absent at the start (tables.holds), once.
    """

    kind: str
    table: LiveTable
    move: str | None = None
    seat: int | None = None
    forced: bool = False
    hand: HandSummary | None = None


@dataclass(eq=False)
class LiveTable:
    """A table in memory. `row` mirrors storage; `game` is None while in the lobby."""

    row: TableRow
    game: Game[Any] | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    # The timer of the seats held for their people (tables.holds), and the end it sleeps to.
    hold_timer: asyncio.Task[None] | None = None
    hold_armed: float | None = None
    resigned: int | None = None
    # Read from storage for one action by a process that does not hold its shard
    # (tables.shards): its changes are committed and reach the holder through storage,
    # not this process's listeners, and it arms no timers here.
    visiting: bool = False
    # The row's settings column split once (tables.table_settings), with the column read.
    _parsed: tuple[dict[str, Any], SeatedSettings] | None = field(default=None, repr=False)

    @staticmethod
    def from_storage(loaded: LoadedTable, *, ended: bool = False) -> LiveTable:
        """Rebuild a table from its stored row and move log (replaying the moves) — with
        `ended`, also the game of a table that has ended (when one was dealt)."""
        table = LiveTable(loaded.table, None)
        if loaded.table.status == "playing" or (ended and loaded.table.seed is not None):
            record = table.record_base(loaded.table.seed)
            record["moves"] = list(loaded.moves)
            table.game = replay(record)
        return table

    def snapshot(self) -> LiveTable:
        """The table as it is now (its game, move number and who resigned), safe to read
        later while the live one moves on (a message drawn in the background)."""
        return LiveTable(self.row, self.game.copy() if self.game is not None else None,
                         resigned=self.resigned)

    # -- the row's fields, by name -------------------------------------------------
    @property
    def id(self) -> int:
        return self.row.id

    @property
    def game_kind(self) -> str:
        return self.row.game

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.row.seats

    @property
    def host_id(self) -> int:
        return self.row.host_id

    @property
    def channel_id(self) -> int:
        return self.row.channel_id

    @property
    def guild_id(self) -> int | None:
        return self.row.guild_id

    @property
    def message_id(self) -> int | None:
        return self.row.message_id

    @property
    def deadline(self) -> float | None:
        return self.row.deadline

    @property
    def seed(self) -> int | None:
        return self.row.seed

    @property
    def seq(self) -> int:
        """How many moves are stored: the next move is number seq + 1."""
        return self.row.last_seq

    @property
    def settings(self) -> SeatedSettings:
        """The options fixed when the table opened, its seat state beside them; read from
        the row's settings column once (again only when a new column is stored)."""
        raw = self.row.settings
        if self._parsed is None or self._parsed[0] is not raw:
            fixed, state = split_settings(raw)
            self._parsed = (raw, SeatedSettings.of(fixed, state))
        return self._parsed[1]

    @property
    def seat_state(self) -> SeatState:
        """Who is away, resigned or timed out at the table now."""
        return self.settings.state

    def replace_row(self, **changes: Any) -> None:
        self.row = dataclasses.replace(self.row, **changes)

    # -- questions ---------------------------------------------------------------------
    @property
    def is_live(self) -> bool:
        """Whether the table is still open (a lobby or a game being played): the one test."""
        return self.status in ACTIVE_STATUSES

    @property
    def in_play(self) -> bool:
        """Whether a game is being played at the table now."""
        return self.status == "playing" and self.game is not None

    def played_by_ai(self, seat: int) -> bool:
        """Whether an AI makes this seat's moves: an AI seat, a person away, or a seat
        whose player resigned."""
        state = self.seat_state
        return self.seats[seat].is_ai or seat in state.away or seat in state.resigned

    def forced_next(self) -> bool:
        """Whether the table is about to play a forced move for the player to move (a lone
        draw or pass, when the table plays those): nobody is asked anything now."""
        game = self.game
        return (game is not None and self.settings.auto_forced and not game.is_over()
                and game.forced_move() is not None)

    def resigners(self) -> tuple[int, ...]:
        """The seats whose players resigned, in order (they rank last)."""
        resigned = self.seat_state.resigned
        return resigned if self.resigned is None or self.resigned in resigned else (
            *resigned, self.resigned)

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def require_status(self, status: str) -> None:
        if self.status != status:
            keys = {"lobby": "error.not_in_lobby", "playing": "error.not_playing"}
            raise NotAllowed(keys.get(status, "error.not_status"), status=status)

    def to_move_name(self) -> str:
        if self.game is None or self.game.to_move is None:
            return "nobody"
        return self.seats[self.game.to_move].name

    def unique_name(self, name: str) -> str:
        """`name`, or `name (2)`, `name (3)`... so that seat names stay distinct."""
        taken = {s.name for s in self.seats}
        candidate, n = name, 2
        while candidate in taken:
            candidate, n = f"{name} ({n})", n + 1
        return candidate

    def record_base(self, seed: int | None,
                    seats: Sequence[Seat] | None = None) -> dict[str, Any]:
        """The game record this table starts from (no moves yet), with its seats or
        `seats` (those it is about to start with)."""
        return write_record(self.game_kind, dict(self.row.options),
                            [s.name for s in (self.seats if seats is None else seats)],
                            deal=self.row.deal, seed=seed, moves=[])


def resign_plays_on(table: LiveTable) -> bool:
    """Whether a resignation at this table hands the seat to an AI and the others play on
    (3 or more seats, at least two people still playing, the table's `on_resign` "ai"),
    rather than ending the game."""
    still = len(table.seats) - len(table.seat_state.resigned) - 1
    return table.settings.on_resign == "ai" and len(table.seats) >= 3 and still >= 2
