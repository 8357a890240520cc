"""What may be played in a Partnership position (RULES.md section 5): its state, the
legal moves and why any other move is illegal.

`PartnershipLegality` is the base of `engine.partnership.game.PartnershipGame`, which
deals, applies the moves, scores and ends the hands; this half only reads the position.
Nobody ever draws: a player with no tile that fits passes.
"""

from __future__ import annotations

from catalog import Phrase
from engine.line import Line, play_reason
from engine.line_game import LineGame
from engine.moves import LineMove
from engine.partnership.options import PartnershipOptions
from engine.partnership.spec import SPEC
from engine.partnership.view import HandResult
from engine.tiles import Tile


class PartnershipLegality(LineGame):
    """A Partnership position read by the rules: what the seat to move may do, and why not."""

    kind = SPEC.name
    seats = SPEC.seats
    title = "Partnership Dominó"
    options: PartnershipOptions
    line: Line
    lead_tile: Tile | None  # the tile that must open the hand (None: any)
    results: list[HandResult]

    @property
    def hand_number(self) -> int:
        """The hand in progress (or the last one, once the match is over); 1 is the first."""
        return len(self.results) + (1 if self._outcome is None else 0)

    def count(self, seat: int) -> int:
        """The pips left in `seat`'s hand."""
        return sum(t.high + t.low for t in self.hands[seat])

    def _fitting(self, seat: int) -> list[LineMove]:
        line = self.line
        moves = []
        for tile in self.hands[seat]:
            for end in line.ends_for(tile):
                moves.append(LineMove("play", tile, end))
        return moves

    def _can_play(self, seat: int) -> bool:
        line = self.line
        return any(line.fits(t) for t in self.hands[seat])

    def legal_moves(self) -> list[LineMove]:
        if self._outcome is not None:
            return []
        if not self.line.tiles:
            hand = self.hands[self.turn] if self.lead_tile is None else [self.lead_tile]
            return [LineMove("play", tile) for tile in hand]
        return self._fitting(self.turn) or [LineMove.pass_()]

    def _blocked(self) -> bool:
        """Whether nobody can lay a tile: every hand fits neither end."""
        return not any(self._can_play(seat) for seat in range(len(self.hands)))

    def illegal_reason(self, move: LineMove) -> Phrase | None:
        if self._outcome is not None:
            return Phrase("illegal.game_over")
        if not self.line.tiles:
            return self._lead_reason(move)
        if move.kind == "play":
            return play_reason(self.line, self.hands[self.turn], move)
        fitting = self._fitting(self.turn)
        if fitting:
            return Phrase(f"illegal.{move.kind}_while_fits", {"tile": fitting[0].tile})
        if move.kind == "draw":  # there is no stock to draw from
            return Phrase("illegal.stock_empty_pass")
        return None

    def _lead_reason(self, move: LineMove) -> Phrase | None:
        if move.kind != "play" or move.tile is None:
            return Phrase(f"illegal.lead_{move.kind}")
        if move.end is not None:
            return Phrase("illegal.first_no_end")
        if self.lead_tile is not None and move.tile != self.lead_tile:
            return Phrase("illegal.lead_double", {"tile": self.lead_tile})
        if move.tile not in self.hands[self.turn]:
            return Phrase("illegal.not_held", {"tile": move.tile})
        return None
