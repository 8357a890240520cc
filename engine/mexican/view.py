"""What one seat of a Mexican Train game may see, and how a round ended."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Outcome, ScoreEvent
from engine.mexican.moves import MexicanMove, train_name
from engine.mexican.options import DEFAULT_OPTIONS, MexicanOptions
from engine.mexican.spec import SPEC
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round; all of it is public once the round is over.

    `reason` is `domino` or `blocked`; `out` the seat that laid its last tile (None when
    blocked); per seat: `hands` left, `points` added (pips, 0-0 counted as the option
    `blank_double` says) and `totals` after the round.
    """

    number: int
    engine: Tile
    reason: str
    out: int | None
    hands: tuple[tuple[Tile, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MexicanView:
    """Exactly what `seat` may know (seat None: a spectator).

    `hand` is the seat's own hand (None for a spectator); other hands appear only as
    sizes. `trains` holds the seats' trains then the Mexican train (index n), each
    tile in the order laid, and `ends` each train's open number; `markers` says which
    seats' trains are open; `waiting` is the train whose end is a double to satisfy.
    `drew`: the player to move has drawn this turn. `history` lists this round's
    public moves as (seat, text): a draw never shows the tile. `legal_moves` is filled
    only for the seat to move. `totals` are the scores of the rounds finished.
    """

    players: tuple[str, ...]
    seat: int | None
    hand: tuple[Tile, ...] | None
    hand_sizes: tuple[int, ...]
    round: int
    rounds: int
    engine: Tile
    trains: tuple[tuple[Tile, ...], ...]
    ends: tuple[int, ...]
    markers: tuple[bool, ...]
    waiting: int | None
    stock_size: int
    totals: tuple[int, ...]
    to_move: int | None
    drew: bool
    legal_moves: tuple[MexicanMove, ...]
    history: tuple[tuple[int, str], ...]
    results: tuple[RoundResult, ...]
    outcome: Outcome | None
    options: MexicanOptions = DEFAULT_OPTIONS

    game = SPEC.name

    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def last_score(self) -> ScoreEvent | None:
        """None: Mexican Train scores only when a round ends (`results`)."""
        return None

    @property
    def hand_number(self) -> int:
        """The round, under the name the line games' messages read."""
        return self.round

    @property
    def target(self) -> int:
        """No target: a game of Mexican Train is its rounds (the line games' messages)."""
        return 0

    @property
    def last_move(self) -> tuple[int, str] | None:
        return self.history[-1] if self.history else None

    def train_name(self, index: int) -> str:
        """The notation of train `index` (`T1`..`Tn`, `M`)."""
        return train_name(index, len(self.players))

    def text(self) -> str:
        """A few lines for a terminal: the round, each train, the players, the own hand."""
        n = len(self.players)
        lines = [f"Mexican Train, round {self.round} of {self.rounds}, engine {self.engine}"
                 f"   stock: {self.stock_size}"]
        for index, train in enumerate(self.trains):
            owner = "Mexican train" if index == n else f"{self.players[index]}'s train"
            flags = " (open)" if index < n and self.markers[index] else ""
            if self.waiting == index:
                flags += f" — the double {train[-1]} waits"
            tiles = " ".join(str(t) for t in train[-8:])
            hidden = f"(+{len(train) - 8}) " if len(train) > 8 else ""
            lines.append(f"  {self.train_name(index):>3} {owner}{flags}: {hidden}{tiles}"
                         f" → {self.ends[index]}")
        for s, name in enumerate(self.players):
            mark = ">" if s == self.to_move else " "
            lines.append(f" {mark} {name}: {self.hand_sizes[s]} tiles, total {self.totals[s]}")
        for result in self.results[-1:]:
            points = ", ".join(f"{p} {c}" for p, c in zip(self.players, result.points,
                                                          strict=True))
            how = (f"{self.players[result.out]} went out" if result.out is not None
                   else "blocked")
            lines.append(f"round {result.number}: {how} ({points})")
        if self.hand is not None:
            lines.append("your hand: " + " ".join(str(t) for t in self.hand))
        if self.legal_moves:
            lines.append("legal: " + ", ".join(str(m) for m in self.legal_moves))
        return "\n".join(lines)
