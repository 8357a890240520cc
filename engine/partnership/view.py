"""What one seat of a Partnership game may see, and how a hand ended."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Outcome, ScoreEvent
from engine.line import PlacedTile
from engine.moves import LineMove
from engine.partnership.options import DEFAULT_OPTIONS, PartnershipOptions
from engine.partnership.scoring import PAIRS
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand; all of it is public once the hand is over.

    `reason` is "domino" or "blocked"; `ender` the seat that laid the hand's last tile
    (the one who went out, or the blocker); `winner` the pair that won it (0: seats 0
    and 2, 1: seats 1 and 3; None for a blocked hand with equal counts); `counts` each
    seat's pips left; `points` what the winners scored, `capicua` the bonus in them;
    `pair_scores` the match totals after the hand; `leader` who led this hand and
    `next_leader` who leads the next.
    """

    number: int
    reason: str
    ender: int
    winner: int | None
    leader: int
    next_leader: int
    counts: tuple[int, ...]
    points: int
    capicua: int
    pair_scores: tuple[int, int]
    hands: tuple[tuple[Tile, ...], ...]

    @property
    def blocker(self) -> int | None:
        """The seat that blocked the hand (None: it ended by domino)."""
        return self.ender if self.reason == "blocked" else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats of the pair that won the hand (none on a tie)."""
        return () if self.winner is None else PAIRS[self.winner]


@dataclass(frozen=True, slots=True)
class PartnershipView:
    """Exactly what `seat` may know (seat None: a spectator).

    `hand` is the seat's own hand (None for a spectator); other hands appear only as
    sizes. `history` lists this hand's public moves as (seat, text). `scores` give each
    seat its pair's match total, `pair_scores` the two pairs' (pair 0: seats 0 and 2).
    `leader` led this hand (or must lead it), `lead_tile` is the tile the lead must be
    (the first hand's 6-6), None when any tile may lead or the hand is led already.
    `legal_moves` is filled only for the seat to move. `options` are the table's.
    """

    players: tuple[str, ...]
    seat: int | None
    hand: tuple[Tile, ...] | None
    hand_sizes: tuple[int, ...]
    line: tuple[PlacedTile, ...]
    ends: tuple[int, int] | None
    scores: tuple[int, ...]
    pair_scores: tuple[int, int]
    target: int
    hand_number: int
    leader: int
    lead_tile: Tile | None
    to_move: int | None
    legal_moves: tuple[LineMove, ...]
    history: tuple[tuple[int, str], ...]
    results: tuple[HandResult, ...]
    outcome: Outcome | None
    options: PartnershipOptions = DEFAULT_OPTIONS

    game = "partnership"
    stock_size = 0  # nobody draws in this game

    @property
    def last_move(self) -> tuple[int, str] | None:
        return self.history[-1] if self.history else None

    @property
    def last_score(self) -> ScoreEvent | None:
        """None: a pair scores only when a hand ends (`results`)."""
        return None

    @property
    def pairs(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The two pairs' names, lower seat first."""
        names = self.players
        return (names[0], names[2]), (names[1], names[3])

    def text(self) -> str:
        """A few lines for a terminal: line, ends, pairs, own hand, legal moves."""
        header = f"Partnership, hand {self.hand_number}"
        if self.target:
            header += f" (match to {self.target})"
        lines = [header]
        board = " ".join(f"[{p.left}|{p.right}]" for p in self.line)
        lines.append(f"line: {board or '(empty)'}")
        if self.ends is not None:
            lines.append(f"ends: L {self.ends[0]}, R {self.ends[1]}")
        for pair, names in enumerate(self.pairs):
            lines.append(f" pair {'+'.join(names)}: {self.pair_scores[pair]}")
        for s, name in enumerate(self.players):
            marker = ">" if s == self.to_move else " "
            lines.append(f" {marker} {name}: {self.hand_sizes[s]} tiles")
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
    """One line: how the hand ended and which pair scored what."""
    how = "domino" if result.reason == "domino" else f"blocked by {players[result.ender]}"
    if result.winner is None:
        head = f"{how}, a tie: nobody scores"
    else:
        names = "+".join(players[s] for s in result.winners)
        head = f"{how}: {names} score {result.points}"
        if result.capicua:
            head += f" (capicua +{result.capicua})"
    counts = ", ".join(f"{p} {c}" for p, c in zip(players, result.counts, strict=True))
    return f"{head} (pips: {counts})"
