"""What one seat of a Traditional game may see, and how a hand ended."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Outcome, ScoreEvent
from engine.line import PlacedTile
from engine.moves import LineMove
from engine.tiles import Tile
from engine.traditional.options import DEFAULT_OPTIONS, TraditionalOptions


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand. Everything here is public once the hand is over.

    `winner` is -1 for a hand without a winner; `counts`, `places` are per seat.
    """

    reason: str
    winner: int
    counts: tuple[int, ...]
    places: tuple[int, ...]
    goats: tuple[int, ...]
    points: int
    hands: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True, slots=True)
class TraditionalView:
    """Exactly what `seat` may know (seat None: a spectator).

    `hand` is the seat's own hand (None for a spectator); other hands appear
    only as sizes. `history` lists this hand's public moves as (seat, text): a
    draw shows as "draw", never the tile drawn. `legal_moves` is filled only
    for the seat to move. `options` are the table's (public, as every seat knows them).
    """

    players: tuple[str, ...]
    seat: int | None
    hand: tuple[Tile, ...] | None
    hand_sizes: tuple[int, ...]
    line: tuple[PlacedTile, ...]
    ends: tuple[int, int] | None
    stock_size: int
    scores: tuple[int, ...]
    target: int
    hand_number: int
    to_move: int | None
    legal_moves: tuple[LineMove, ...]
    history: tuple[tuple[int, str], ...]
    results: tuple[HandResult, ...]
    outcome: Outcome | None
    options: TraditionalOptions = DEFAULT_OPTIONS

    game = "traditional"

    @property
    def last_move(self) -> tuple[int, str] | None:
        return self.history[-1] if self.history else None

    @property
    def last_score(self) -> ScoreEvent | None:
        """None: Traditional scores only when a hand ends (`results`)."""
        return None

    def text(self) -> str:
        """A few lines for a terminal: line, ends, players, own hand, legal moves."""
        lines = []
        header = f"Traditional, hand {self.hand_number}"
        if self.target:
            header += f" (match to {self.target})"
        lines.append(header)
        board = " ".join(
            f"[{p.left}|{p.right}]" if not p.tile.is_double else f"[{p.left}:{p.right}]"
            for p in self.line
        )
        lines.append(f"line: {board or '(empty)'}")
        if self.ends is not None:
            lines.append(f"ends: L {self.ends[0]}, R {self.ends[1]}   stock: {self.stock_size}")
        for s, name in enumerate(self.players):
            marker = ">" if s == self.to_move else " "
            lines.append(f" {marker} {name}: {self.hand_sizes[s]} tiles, score {self.scores[s]}")
        if self.last_move is not None:
            seat, text = self.last_move
            lines.append(f"last move: {self.players[seat]} {text}")
        for result in self.results[-1:]:
            lines.append("last hand: " + describe_result(result, self.players))
        if self.hand is not None:
            lines.append("your hand: " + " ".join(str(t) for t in self.hand))
        if self.legal_moves:
            lines.append("legal: " + ", ".join(str(m) for m in self.legal_moves))
        return "\n".join(lines)


def describe_result(result: HandResult, players: tuple[str, ...]) -> str:
    """One line: how the hand ended, who won what, and the goat."""
    how = "domino" if result.reason == "domino" else "fish"
    if result.winner < 0:
        head = f"{how}, no winner"
    else:
        head = f"{how}: {players[result.winner]} wins {result.points} points"
    counts = ", ".join(f"{p} {c}" for p, c in zip(players, result.counts, strict=True))
    goats = " and ".join(players[g] for g in result.goats)
    return f"{head} (counts: {counts}); goat: {goats}"
