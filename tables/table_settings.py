"""How a table runs: the options fixed when it opens (`TableSettings`) and the state of
its seats that changes during the game (`SeatState`: away, timeouts in a row, resigned).

Storage keeps both in the table's one `settings` JSON column, as it always has: a row
is split into the two when it is read (`split_settings`, once per row) and joined again
when one of them is written (`join_settings`), key for key as before.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.ai import LEVELS
from tables.errors import TableError

DAY = 24 * 3600
TIMEOUT_ACTIONS = ("ai", "skip", "forfeit")
HINT_LEVELS = LEVELS  # a Big Clock player asks hints at an AI level
RESIGN_ACTIONS = ("ai", "end")
AWAY_AFTER_TIMEOUTS = 3


def _stored(value: Any) -> dict[str, Any]:
    """A dataclass's fields as stored (tuples as JSON lists), so that a row kept in memory
    equals the same row read back from storage."""
    return {k: list(v) if isinstance(v, tuple) else v
            for k, v in dataclasses.asdict(value).items()}


def _read(kind: type[Any], raw: dict[str, Any] | None) -> dict[str, Any]:
    """The keys of `raw` that are fields of `kind` (JSON lists as tuples)."""
    known = {f.name for f in dataclasses.fields(kind)}
    return {k: tuple(v) if isinstance(v, list) else v for k, v in (raw or {}).items()
            if k in known}


@dataclass(frozen=True, slots=True)
class TableSettings:
    """How a table runs (not game rules), fixed when it opens, stored with it.

    `reminders` are fractions of the turn time; `timeout_action` is what a
    timeout does (the AI plays the turn, the turn is skipped where a pass is
    legal, or the player forfeits).

    `auto_forced`: a player with nothing to choose (only a draw or a pass) has it
    played for them at once (a Big Clock player turns it on for a lone `draw`).
    `on_resign`: with 3 or more seats, what becomes of a resigner's seat: "ai"
    plays it on and the others go on playing; "end" ends the game. `thread`: the table
    is played in a thread the bot opens for it; `opened_in` is then the channel it was
    asked for (the thread's parent). `starts_at`: a scheduled lobby's start (UTC seconds).
    `invited` (with `invited_names`): the people the host invited, in order;
    `hold_seconds`: how long a started table keeps a seat for each of them who is not
    seated at the start (an AI plays it meanwhile; 0: none, tables.holds).
    `partners`: at a table played in pairs, the user ids of the pairs people chose in
    its lobby, two by two, the newest last (they sit opposite: tables.partners).
    `quiet_clock`: a turn's time stands still during its mover's quiet hours and ends by
    the tournament round's deadline; `ends_by`: that deadline when the table opened (a
    tournament's round tables: tables.turn_clock).

    What changes while the game goes on (who is away, resigned, timed out) is the
    table's `SeatState`.
    """

    seats: int = 2
    turn_seconds: int = 12 * 3600
    lobby_seconds: int = DAY
    auto_start: bool = True
    reminders: tuple[float, ...] = (0.5, 0.9)
    timeout_action: str = "ai"
    hint_level: str = "normal"
    rematch_of: int | None = None  # the finished table this lobby plays again (tables.rematch)
    auto_forced: bool = True
    on_resign: str = "ai"
    thread: bool = False
    opened_in: int | None = None
    starts_at: float | None = None  # a scheduled table's start (tables.schedule)
    hold_seconds: int = 0  # a seat kept for an absent invited person (tables.holds)
    invited: tuple[int, ...] = ()
    invited_names: tuple[str, ...] = ()
    partners: tuple[int, ...] = ()  # chosen partners at a table in pairs (tables.partners)
    quiet_clock: bool = False  # a turn stands still in its mover's quiet hours (turn_clock)
    ends_by: float | None = None  # a tournament round's deadline as the table opened

    def __post_init__(self) -> None:
        if not 60 <= self.turn_seconds <= 7 * DAY:
            raise TableError("error.turn_range")
        if not 60 <= self.lobby_seconds <= 7 * DAY:
            raise TableError("error.lobby_range")
        if not 0 <= self.hold_seconds <= 7 * DAY:
            raise TableError("error.lobby_set.range", low=0, high=7 * DAY // 60)
        if self.hint_level not in HINT_LEVELS:
            raise TableError("error.hint_levels", levels=", ".join(HINT_LEVELS))
        if self.timeout_action not in TIMEOUT_ACTIONS:
            raise TableError("error.timeout_actions", actions=", ".join(TIMEOUT_ACTIONS))
        if self.on_resign not in RESIGN_ACTIONS:
            raise TableError("error.resign_actions", actions=", ".join(RESIGN_ACTIONS))

    def to_json(self) -> dict[str, Any]:
        """The settings as stored, with a new table's seat state (nobody away yet)."""
        return join_settings(self, SeatState())

    @staticmethod
    def from_json(raw: dict[str, Any] | None) -> TableSettings:
        """The options of a stored settings column (its seat state left out)."""
        return TableSettings(**_read(TableSettings, raw))


@dataclass(frozen=True, slots=True)
class SeatState:
    """What changes at a table's seats during the game, stored beside its settings.

    `away` lists seats an AI plays for after repeated timeouts, until their player
    takes them back; `timeouts` counts each seat's timeouts in a row; `resigned` lists
    the seats whose players resigned (they rank last; an AI plays their seat on).
    `held` lists the seats an AI plays while they wait for an invited person who was
    absent at the start: `held_for[i]` may take seat `held[i]` until `held_until[i]`
    (tables.holds).
    """

    away: tuple[int, ...] = ()
    timeouts: tuple[int, ...] = ()
    resigned: tuple[int, ...] = ()
    held: tuple[int, ...] = ()
    held_for: tuple[int, ...] = ()
    held_until: tuple[float, ...] = ()

    @staticmethod
    def from_json(raw: dict[str, Any] | None) -> SeatState:
        """The seat state of a stored settings column."""
        return SeatState(**_read(SeatState, raw))

    def timeouts_of(self, seat: int) -> int:
        return self.timeouts[seat] if seat < len(self.timeouts) else 0

    def timed_out(self, seat: int, seats: int, *, reset: bool = False) -> SeatState:
        """One more timeout in a row for `seat` (or none, with `reset`) out of `seats`;
        the `AWAY_AFTER_TIMEOUTS`th makes the seat away."""
        counts = list(self.timeouts) + [0] * (seats - len(self.timeouts))
        counts[seat] = 0 if reset else counts[seat] + 1
        away = self.away
        if counts[seat] >= AWAY_AFTER_TIMEOUTS and seat not in away:
            away = (*away, seat)
        return dataclasses.replace(self, timeouts=tuple(counts), away=away)

    def back(self, seat: int) -> SeatState:
        """`seat`'s player is back: not away, no timeouts counted."""
        counts = list(self.timeouts)
        if seat < len(counts):
            counts[seat] = 0
        return dataclasses.replace(self, away=tuple(s for s in self.away if s != seat),
                                   timeouts=tuple(counts))

    def holds(self) -> list[tuple[int, int, float]]:
        """(seat, person, until) of each seat held, in seat order."""
        return sorted(zip(self.held, self.held_for, self.held_until, strict=False))

    def hold_of(self, user_id: int) -> tuple[int, float] | None:
        """(seat, until) of the seat held for `user_id`, if one is."""
        for seat, user, until in zip(self.held, self.held_for, self.held_until, strict=False):
            if user == user_id:
                return seat, until
        return None

    def with_holds(self, holds: list[tuple[int, int, float]]) -> SeatState:
        """The state with exactly `holds` ((seat, person, until) each) held."""
        return dataclasses.replace(self, held=tuple(h[0] for h in holds),
                                   held_for=tuple(h[1] for h in holds),
                                   held_until=tuple(h[2] for h in holds))

    def without_hold(self, seat: int) -> SeatState:
        """`seat` no longer held (taken by its person, or its time is over)."""
        return self.with_holds([h for h in self.holds() if h[0] != seat])

    def with_resigned(self, seat: int) -> SeatState:
        """`seat`'s player resigned (once, in order)."""
        return dataclasses.replace(self, resigned=tuple(dict.fromkeys((*self.resigned, seat))))


# The stored column's keys in the order they have always been written.
_ORDER = ("seats", "turn_seconds", "lobby_seconds", "auto_start", "reminders",
          "timeout_action", "hint_level", "away", "timeouts", "rematch_of", "auto_forced",
          "on_resign", "resigned", "thread", "opened_in", "starts_at", "hold_seconds",
          "invited", "invited_names", "held", "held_for", "held_until", "partners",
          "quiet_clock", "ends_by")
# Stored only when set, so the rows of tables that have none stay as they were.
_ONLY_WHEN_SET = frozenset({"starts_at", "hold_seconds", "invited", "invited_names", "held",
                            "held_for", "held_until", "partners", "quiet_clock", "ends_by"})
_UNSET: tuple[object, ...] = (None, 0, [], False)


def join_settings(settings: TableSettings, state: SeatState) -> dict[str, Any]:
    """The stored settings column: the options and the seat state in one JSON object."""
    both = {**_stored(settings), **_stored(state)}
    return {key: both[key] for key in _ORDER
            if key not in _ONLY_WHEN_SET or both[key] not in _UNSET}


def _options(settings: TableSettings) -> dict[str, Any]:
    return {f.name: getattr(settings, f.name) for f in dataclasses.fields(TableSettings)}


def split_settings(raw: dict[str, Any] | None) -> tuple[TableSettings, SeatState]:
    """A stored settings column read: its options and its seat state."""
    return TableSettings.from_json(raw), SeatState.from_json(raw)


@dataclass(frozen=True, slots=True)
class SeatedSettings(TableSettings):
    """A table's settings as `LiveTable.settings` gives them: the options fixed at its
    opening, with its seat state readable beside them (`away`, `resigned`, `timeouts`,
    as the cogs and the tests have read them there). tables/ reads
    `LiveTable.seat_state`; changes go through `SeatState` (tables.seats)."""

    state: SeatState = SeatState()

    @staticmethod
    def of(settings: TableSettings, state: SeatState) -> SeatedSettings:
        return SeatedSettings(**_options(settings), state=state)

    def fixed(self) -> TableSettings:
        """The options alone, as the table opened with them."""
        return TableSettings(**_options(self))

    @property
    def away(self) -> tuple[int, ...]:
        return self.state.away

    @property
    def timeouts(self) -> tuple[int, ...]:
        return self.state.timeouts

    @property
    def resigned(self) -> tuple[int, ...]:
        return self.state.resigned

    def timeouts_of(self, seat: int) -> int:
        return self.state.timeouts_of(seat)

    def to_json(self) -> dict[str, Any]:
        return join_settings(self, self.state)
