"""What may be played in a Traditional position (RULES.md section 1): its state, the
legal moves and why any other move is illegal.

`TraditionalLegality` is the base of `engine.traditional.game.TraditionalGame`, which
deals, applies the moves (with its fast path), scores and ends the hands; this half
only reads the position.
"""

from __future__ import annotations

from catalog import Phrase
from engine.line import Line, play_reason
from engine.line_game import LineGame
from engine.moves import LineMove
from engine.tiles import Tile
from engine.traditional.fastpath import AT_L, AT_R, FITS, LEADS, SIDE
from engine.traditional.options import TraditionalOptions
from engine.traditional.spec import SPEC
from engine.traditional.view import HandResult


class TraditionalLegality(LineGame):
    """A Traditional position read by the rules: what the seat to move may do, and why not."""

    kind = SPEC.name
    seats = SPEC.seats
    title = "the Traditional game"
    options: TraditionalOptions
    line: Line
    lead_tile: Tile | None  # the tile that must open the hand (None: any)
    results: list[HandResult]

    # -- state ----------------------------------------------------------------
    @property
    def hand_number(self) -> int:
        """The hand in progress (or the last one, once the game is over); 1 is the first."""
        return len(self.results) + (1 if self._outcome is None else 0)

    def count(self, seat: int) -> int:
        """A player's count: the pips in hand, `lone_blank` for a hand of only 0-0."""
        hand = self.hands[seat]
        if len(hand) == 1 and hand[0].high == 0:
            return self.options.lone_blank
        return sum(t.high + t.low for t in hand)

    def _fitting(self, seat: int) -> list[LineMove]:
        line = self.line
        left, right = line.left, line.right
        moves = []
        for tile in self.hands[seat]:
            high, low = tile.high, tile.low
            if high == left or low == left:
                move = AT_L[high * SIDE + low]
                moves.append(move if move.tile is tile else LineMove("play", tile, "L"))
                if high == right or low == right:
                    move = AT_R[high * SIDE + low]
                    moves.append(move if move.tile is tile else LineMove("play", tile, "R"))
            elif high == right or low == right:
                move = AT_R[high * SIDE + low]
                moves.append(move if move.tile is tile else LineMove("play", tile, "R"))
        return moves

    def _can_play(self, seat: int) -> bool:
        left, right = self.line.left, self.line.right
        for t in self.hands[seat]:
            if t.high == left or t.low == left or t.high == right or t.low == right:
                return True
        return False

    def legal_moves(self) -> list[LineMove]:
        if self._outcome is not None:
            return []
        line = self.line
        if not line.tiles:
            hand = self.hands[self.turn] if self.lead_tile is None else [self.lead_tile]
            leads = []
            for tile in hand:
                move = LEADS[tile.code]
                leads.append(move if move.tile is tile else LineMove("play", tile))
            return leads
        # As `_fitting`, from the table of these open ends: the search's hottest loop.
        fits = FITS[line.left * SIDE + line.right]
        moves: list[LineMove] = []
        for tile in self.hands[self.turn]:
            here = fits[tile.code]
            if here:
                moves += here
        if moves:
            return moves
        return [LineMove.draw() if self.stock_size else LineMove.pass_()]

    def _blocked(self) -> bool:
        left, right = self.line.left, self.line.right
        if left >= 0 and right >= 0:  # a line with tiles: the table of its ends
            fits = FITS[left * SIDE + right]
            for hand in self.hands:
                for t in hand:
                    if fits[t.code]:
                        return False
            return True
        for hand in self.hands:
            for t in hand:
                if t.high == left or t.low == left or t.high == right or t.low == right:
                    return False
        return True

    def illegal_reason(self, move: LineMove) -> Phrase | None:
        if self._outcome is not None:
            return Phrase("illegal.game_over")
        seat = self.turn
        if not self.line.tiles:
            return self._lead_reason(move)
        if move.kind == "play":
            return play_reason(self.line, self.hands[self.turn], move)
        fitting = self._fitting(seat)
        if fitting:
            return Phrase(f"illegal.{move.kind}_while_fits", {"tile": fitting[0].tile})
        if move.kind == "draw" and not self.stock_size:
            return Phrase("illegal.stock_empty_pass")
        if move.kind == "pass" and self.stock_size:
            return Phrase("illegal.pass_stock_left")
        return None

    def _lead_reason(self, move: LineMove) -> Phrase | None:
        if move.kind != "play" or move.tile is None:
            return Phrase(f"illegal.lead_{move.kind}")
        if move.end is not None:
            return Phrase("illegal.first_no_end")
        if self.lead_tile is not None and move.tile != self.lead_tile:
            which = "double" if self.lead_tile.is_double else "heaviest"
            return Phrase(f"illegal.lead_{which}", {"tile": self.lead_tile})
        if move.tile not in self.hands[self.turn]:
            return Phrase("illegal.not_held", {"tile": move.tile})
        return None
