"""What the two line games (Traditional and Carousel) share, as a base class.

Both deal hands and a stock (explicit deals first, then the seed's stream,
`engine.deals.SeedStream`), move in turn, read and write moves as `LineMove`,
write the same record and start their summaries the same way. Each game adds
its own board, rules and scoring.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

from engine.deals import LineDeal, SeedStream, deals_json
from engine.game import Game, GameView, Outcome
from engine.moves import LineMove
from engine.options import options_to_dict
from engine.records import write_record
from engine.rng import SeededRandom
from engine.tiles import Tile


@runtime_checkable
class LineView(GameView, Protocol):
    """What the views of every line game have beyond any game's (`GameView`), for the
    table message that shows them alike: the hand in progress (`hand_number`, from 1),
    the match's `target` (0: a single hand), this hand's public moves as (seat, text)
    (`history`, a draw without its tile) and the last of them (`last_move`). Any game
    whose view has these may be shown so, a `LineGame` or not."""

    @property
    def hand_number(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def history(self) -> tuple[tuple[int, str], ...]: ...

    @property
    def last_move(self) -> tuple[int, str] | None: ...


def line_view(view: GameView) -> LineView:
    """`view` as a `LineView`; raises TypeError for a view without the members of one (a
    game shown otherwise: Big Clock's has no hands in progress)."""
    if not isinstance(view, LineView):
        raise TypeError(f"{type(view).__name__} is not the view of a line game")
    return view


class LineGame(Game[LineMove]):
    """A game of hands, a stock and turns; `title` names it in errors ("the Carousel")."""

    title: ClassVar[str]
    seats: ClassVar[tuple[int, int]]  # its SPEC.seats, read once: games are made often
    options: Any
    hands: list[list[Tile]]
    stock: list[Tile]
    stock_pos: int
    turn: int
    history: list[tuple[int, str]]
    results: list[Any]
    _outcome: Outcome | None

    def _begin(self, players: Sequence[str], seed: int | None, deal: LineDeal | None,
               next_deals: Sequence[LineDeal]) -> None:
        """Check the players against the game's seats and keep the deals (the first hand is
        not dealt yet). Raises ValueError for a number of players the game does not
        take, `next_deals` without `deal`, or neither a deal nor a seed."""
        low, high = self.seats
        if not low <= len(players) <= high:
            raise ValueError(f"{self.title} takes {low}-{high} players")
        if deal is None and seed is None:
            raise ValueError("give a deal or a seed")
        if deal is None and next_deals:
            raise ValueError("next_deals follow a first deal")
        self.seed = seed
        self.explicit_deals = (deal, *next_deals) if deal is not None else ()
        self.dealt: list[LineDeal] = []  # every deal so far, for the record
        self._stream: SeedStream | None = None  # made when a deal from the seed is needed
        self._outcome = None

    @abstractmethod
    def _dealer(self) -> Callable[[SeededRandom, int], LineDeal]:
        """How the seed deals: `(rng, index) -> deal number index (from 0)`, holding the
        game's facts but not the game itself (see `SeedStream`)."""

    def _next_deal(self) -> LineDeal:
        """The next hand's deal: the next explicit one, else the seed's (and remember it)."""
        index = len(self.dealt)
        explicit = self.explicit_deals
        if index < len(explicit):
            dealt = explicit[index]
        else:
            if self._stream is None:
                self._stream = SeedStream(self.seed, self._dealer())
            dealt = self._stream.deal(index, explicit)
        self.dealt.append(dealt)
        return dealt

    @abstractmethod
    def view(self, seat: int | None) -> LineView:
        """Exactly what `seat` may know (None: a spectator), as every line game shows it."""

    # -- state ----------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self.turn

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    def parse_move(self, text: str) -> LineMove:
        return LineMove.parse(text)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- records --------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The record, with every deal so far (and those given for later hands) and the seed."""
        return write_record(self.kind, options_to_dict(self.options), self.players,
                            deal=deals_json(self.dealt, self.explicit_deals), seed=self.seed,
                            moves=self.moves)

    def _summary_head(self, scores: Sequence[int], hand_number: int) -> dict[str, Any]:
        """The summary's keys both games share, in order (`winner`: a pair as "A+C"), with
        the match totals and the hand in progress."""
        outcome = self._outcome
        names = self.players
        winners = outcome.winners if outcome else ()
        return {
            "game": self.kind,
            "finished": outcome is not None,
            "winner": "+".join(names[s] for s in winners) if winners else None,
            "reason": outcome.reason if outcome else None,
            "scores": dict(zip(names, scores, strict=True)),
            "hands": {p: [str(t) for t in sorted(h, reverse=True)]
                      for p, h in zip(names, self.hands, strict=True)},
            "to_move": None if self.to_move is None else names[self.to_move],
            "legal_moves": [str(m) for m in self.legal_moves()],
            "hand_number": hand_number,
            "stock": self.stock_size,
        }

    def _copy_base(self) -> Self:
        """A copy sharing nothing that changes as the game is played, but the board and
        the scores, which each game copies itself."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.moves = list(self.moves)
        other.hands = [list(h) for h in self.hands]
        other.results = list(self.results)
        other.history = list(self.history)
        other.dealt = list(self.dealt)
        if self._stream is not None:
            other._stream = self._stream.copy()  # the same stream: the same future deals
        return other
