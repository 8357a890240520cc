"""The interface every game shares, in the style of python-chess.

A game is built from its players, options and deal (or read from a record,
`from_record`); `play(move)` validates a move and applies it or raises `IllegalMove`
with the reason; `outcome()` is None until the game (or match) is over; `moves` is
the canonical record. Moves are typed values (`MoveLike`), and `view(seat)` gives a
`GameView`: what every layer may read of any game's view, whatever the game.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from catalog import Phrase
from engine.errors import IllegalMove
from engine.tiles import Tile


class MoveLike(Protocol):
    """What every move type offers: `str(move)` is its record notation (and the game's
    `parse_move` reads it back); `kind` its kind ("play", "draw", "pass", or the game's
    own words: Big Clock's "place"...); `tile` is the tile it lays (None for a draw, a pass or a
    move that names no tile) and `end` where it lays it (an end, a side, a train; None
    when the game resolves it or the move lays nothing)."""

    def __str__(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def tile(self) -> Tile | None: ...

    @property
    def end(self) -> str | None: ...


M = TypeVar("M", bound=MoveLike)


class Termination(StrEnum):
    """How a game ended. Each game subclasses it with its own members (as python-chess's
    `Termination`); a member's value is the word records, stats and the catalog use
    ("domino", "fish", "won"...), so it compares and serialises as that string."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game (or match) ended.

    `winners` holds the winning seats (two for a pair, none when nobody won);
    `places` gives each seat's place, 1 = best, equal results sharing a place;
    `scores` are the final totals per seat (with pairs, each partner shows the
    pair's total); `reason` is how it ended, a member of the game's own `Termination`.
    What only one game has (Traditional's goats) stays in that game's hand results.
    """

    reason: Termination
    winners: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One score of a match, in the order it happened.

    `seat` scored `points` in hand `hand` (with pairs the points go to the
    seat's pair); `reason` says why, a catalog `Phrase` read in each reader's
    language; its English (`str`) is e.g. "ends 5+5+0 = 10 -> 2 points" or
    "domino: opponents' pips 23 -> 5 points". `recorded` is False for a
    score the rules refused (Carousel's `exact_finish`: it would pass the target).
    `seat` is None for a hand end where nobody scores (a blocked hand with a tie).
    """

    hand: int
    seat: int | None
    points: int
    reason: Phrase
    recorded: bool = True


class GameView(Protocol):
    """What every layer may read of any game's view, a seat's or a spectator's (each
    game's view class has these, and more of its own for its board).

    `game` is the registry name; `players` every seat's name; `seat` whose view it is
    (None: a spectator); `to_move` the seat to move (None once over); `hand` the seat's
    own tiles (None for a spectator, or a game with no hidden hand); `hand_sizes` how
    many tiles each seat holds (empty for a game without hands); `stock_size` the tiles
    left to draw; `scores` each seat's match total (empty for a game without points);
    `last_score` the match's latest score, if the game scores during a hand;
    `legal_moves` filled only for the seat to move; `outcome` None until the end;
    `options` the table's; `text()` a few lines for a terminal.
    """

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def hand(self) -> tuple[Tile, ...] | None: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def stock_size(self) -> int: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def last_score(self) -> ScoreEvent | None: ...

    @property
    def legal_moves(self) -> Sequence[MoveLike]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def options(self) -> object: ...

    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class HandSummary:
    """How one finished hand of a game ended; all of it is public once the hand is over.

    `number` counts from 1; `reason` is the engine's word (domino, fish, blocked, won);
    `winners` are the seats that won the hand (none: nobody). Per seat: `tiles` left
    in hand (record notation), `counts` (pips, as the game counts them), `points`
    scored in this hand, and `scores`, the match totals after it; `goats` are the
    hand's goat seats (Traditional).
    """

    number: int
    reason: str
    winners: tuple[int, ...]
    tiles: tuple[tuple[str, ...], ...]
    counts: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    goats: tuple[int, ...] = ()


class Game(ABC, Generic[M]):
    """A game in progress. Subclasses implement the rules of one game."""

    kind: ClassVar[str]

    def __init__(self, players: Sequence[str]) -> None:
        if len(set(players)) != len(players):
            raise ValueError("player names must be distinct")
        self.players: tuple[str, ...] = tuple(players)
        # The moves played so far, in full record notation: the canonical record.
        self.moves: list[str] = []

    # -- the rules ---------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every move the player to move may make now (empty once over)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move in record notation; raises NotationError naming the text."""

    @abstractmethod
    def illegal_reason(self, move: M) -> Phrase | None:
        """None when `move` is legal now, otherwise the reason: a catalog key ("illegal.*")
        and its values; str() of it is the English."""

    @abstractmethod
    def _apply(self, move: M) -> M:
        """Apply a legal move; return it in its full, resolved form (e.g. with its end)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None until the game (or match) is over."""

    def play(self, move: M | str) -> M:
        """Validate and apply `move` (a move or its text); return the move as recorded.

        Raises NotationError for text that is no move, IllegalMove with the
        reason for a move the rules do not allow now.
        """
        parsed = self.parse_move(move) if isinstance(move, str) else move
        reason = self.illegal_reason(parsed)
        if reason is not None:
            raise IllegalMove(reason)
        applied = self._apply(parsed)
        self.moves.append(str(applied))
        return applied

    def is_over(self) -> bool:
        return self.outcome() is not None

    def forced_move(self) -> str | None:
        """The move the player to move makes with nothing to choose, or None.

        That is the only legal move when it is a `draw` or a `pass`: a player
        with a single playable tile still chooses it, and no other lone move
        (a Big Clock `discard`) is forced.
        """
        moves = self.legal_moves()
        only = str(moves[0]) if len(moves) == 1 else None
        return only if only in ("draw", "pass") else None

    def position_key(self) -> Hashable:
        """A value equal for two states of this game exactly when they play on alike
        (the same moves, up to a mirrored layout, and the same scores). Games whose
        layouts have symmetric ends override it; by default every history differs."""
        return tuple(self.moves)

    @property
    def finished_hands(self) -> int:
        """How many hands of this game (match) are over; 0 for a game of no hands."""
        return 0

    def hand_summary(self, index: int) -> HandSummary:
        """The summary of finished hand `index` (0 = the first). Raises IndexError."""
        raise IndexError(index)

    def end_words(self, end: str, seat: int) -> Phrase:
        """Where a tile goes, as `seat` is asked when it may go to more than one `end`
        (engine.choices): "at L" by default; a game whose ends have owners names them."""
        return Phrase("place.at_end", {"end": Phrase(f"move.{end}")})

    def score_of(self, seat: int) -> int:
        """The seat's (or its pair's) score so far; 0 for a game without points."""
        return 0

    # -- what may be seen ---------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> GameView:
        """Exactly what `seat` may know (None: a spectator, the public view)."""

    # -- records -----------------------------------------------------------
    @classmethod
    @abstractmethod
    def from_record(cls, record: dict[str, Any]) -> Self:
        """The game a record starts from, before any of its moves (`engine.records`
        plays them). Raises RecordError for a record this game cannot start from."""

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The game record (RULES.md "Game records") that replays to this state."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The state as `python -m engine replay` prints it."""

    def copy(self) -> Self:
        """An independent copy of the game. Games override this with a cheaper one."""
        return copy.deepcopy(self)

    def seat_of(self, name: str) -> int:
        """The seat index of a player name; raises ValueError if nobody has that name."""
        return self.players.index(name)


def places_by(values: Sequence[int], *, lower_is_better: bool) -> tuple[int, ...]:
    """Competition places (1, 2, 2, 4) for each value; equal values share a place."""
    ordered = sorted(values, reverse=not lower_is_better)
    return tuple(ordered.index(v) + 1 for v in values)
