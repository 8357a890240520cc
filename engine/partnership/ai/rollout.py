"""Fast playouts of a Partnership hand for the hard level, on plain lists.

A `Round` holds the four hands (tiles), the line's open numbers and the seat to move;
`play` lays one `LineMove` (or passes), `finish` plays the hand out with random legal
moves. Both end the hand exactly as `PartnershipGame` does: going out is a domino
(with the capicúa flag), a tile after which nobody can lay one blocks the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves import LineMove
from engine.partnership.options import PartnershipOptions
from engine.partnership.scoring import blocked_winner, hand_points, pair_of
from engine.rng import SeededRandom
from engine.tiles import Tile


@dataclass(slots=True)
class Ending:
    """How a playout's hand ended: the winning pair (None: a tie) and its points."""

    winner: int | None
    points: int


class Round:
    """A hand in progress as the playouts see it (every hand known)."""

    __slots__ = ("hands", "left", "right", "turn")

    def __init__(self, hands: list[list[Tile]], left: int, right: int, turn: int) -> None:
        self.hands = hands
        self.left = left  # -1 while the line is empty
        self.right = right
        self.turn = turn

    def copy(self) -> Round:
        return Round([list(h) for h in self.hands], self.left, self.right, self.turn)

    def _blocked(self) -> bool:
        left, right = self.left, self.right
        for hand in self.hands:
            for t in hand:
                if t.high == left or t.low == left or t.high == right or t.low == right:
                    return False
        return True

    def _lay(self, tile: Tile, end: str | None, options: PartnershipOptions) -> Ending | None:
        seat = self.turn
        left, right = self.left, self.right
        capicua = False
        if left < 0:
            self.left, self.right = tile.high, tile.low
        else:
            if end is None:
                end = "L" if tile.has(left) else "R"
            capicua = left != right and {tile.high, tile.low} == {left, right}
            if end == "L":
                self.left = tile.other(left)
            else:
                self.right = tile.other(right)
        hand = self.hands[seat]
        hand.remove(tile)
        if not hand:
            winner = pair_of(seat)
            bonus = options.capicua if capicua else 0
            return Ending(winner, hand_points(self.counts(), winner, options.scoring) + bonus)
        if self._blocked():
            counts = self.counts()
            blocked = blocked_winner(counts)
            points = 0 if blocked is None else hand_points(counts, blocked, options.scoring)
            return Ending(blocked, points)
        self.turn = (seat + 1) % 4
        return None

    def counts(self) -> list[int]:
        return [sum(t.high + t.low for t in hand) for hand in self.hands]

    def play(self, move: LineMove, options: PartnershipOptions) -> Ending | None:
        """Apply a legal move; the hand's ending if it ended."""
        if move.tile is None:
            self.turn = (self.turn + 1) % 4
            return None
        return self._lay(move.tile, move.end, options)

    def finish(self, rng: SeededRandom, options: PartnershipOptions) -> Ending:
        """Play the hand out, each seat laying a random tile that fits (both ends of a tile
        that fits both count as two choices); a seat with none passes."""
        while True:
            left, right = self.left, self.right
            choices: list[tuple[Tile, str]] = []
            for t in self.hands[self.turn]:
                if left < 0:
                    choices.append((t, "L"))
                    continue
                if t.high == left or t.low == left:
                    choices.append((t, "L"))
                if t.high == right or t.low == right:
                    choices.append((t, "R"))
            if not choices:
                self.turn = (self.turn + 1) % 4
                continue
            tile, end = choices[rng.below(len(choices))] if len(choices) > 1 else choices[0]
            ended = self._lay(tile, end, options)
            if ended is not None:
                return ended
