"""The interface every game shares, in the style of python-chess.

A game is built from its players, options and deal; `play(move)` validates a
move and applies it or raises `IllegalMove` with the reason; `outcome()` is
None until the game (or match) is over; `moves` is the canonical record.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from catalog import Phrase
from engine.errors import IllegalMove


class MoveLike(Protocol):
    """What every move type offers: `str(move)` is its record notation."""

    def __str__(self) -> str: ...


M = TypeVar("M", bound=MoveLike)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game (or match) ended.

    `winners` holds the winning seats (two for a pair, none when nobody won);
    `places` gives each seat's place, 1 = best, equal results sharing a place;
    `scores` are the final totals per seat (with pairs, each partner shows the
    pair's total); `goats` are the goat seats of the last Traditional hand.
    """

    reason: str
    winners: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]
    goats: tuple[int, ...] = ()


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

    def score_of(self, seat: int) -> int:
        """The seat's (or its pair's) score so far; 0 for a game without points."""
        return 0

    # -- what may be seen ---------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """Exactly what `seat` may know (None: a spectator, the public view)."""

    # -- records -----------------------------------------------------------
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
