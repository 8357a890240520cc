"""What may be played in a Carousel position (RULES.md section 2): its state, the legal
moves and why any other move is illegal.

`CarouselLegality` is the base of `engine.carousel.game.CarouselGame`, which deals,
applies the moves, scores and ends the hands; this half only reads the position.
"""

from __future__ import annotations

from catalog import Phrase
from engine.carousel.options import CarouselOptions
from engine.carousel.spec import SPEC
from engine.carousel.spinner import side_move
from engine.fives import SIDES, Spinner, open_end_count
from engine.line_game import LineGame
from engine.moves import LineMove


class CarouselLegality(LineGame):
    """A Carousel position read by the rules: what the seat to move may do, and why not."""

    kind = SPEC.name
    seats = SPEC.seats
    title = "the Carousel"
    options: CarouselOptions
    layout: Spinner | None  # None before the opening double
    reserve: int  # the stock tiles `keep_in_stock` holds back
    side_scores: list[int]  # per seat, or per pair with `pairs`

    # -- state ----------------------------------------------------------------
    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (`keep_in_stock` holds the last ones back)."""
        return max(0, len(self.stock) - self.stock_pos - self.reserve)

    def side_of(self, seat: int) -> int:
        """The index into `side_scores` of a seat: its pair with `pairs`, else itself."""
        return seat % 2 if self.options.pairs else seat

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals per seat (with pairs, each partner shows the pair's total)."""
        return tuple(self.side_scores[self.side_of(s)] for s in range(len(self.players)))

    def count(self) -> int:
        """The current open-end count (0 before the opening)."""
        return open_end_count(self.layout) if self.layout is not None else 0

    def _fitting(self, seat: int) -> list[LineMove]:
        layout = self.layout
        assert layout is not None
        ends = layout.ends
        sides = layout.open_sides()
        moves = []
        for tile in self.hands[seat]:
            high, low = tile.high, tile.low
            for i in sides:
                if high == ends[i] or low == ends[i]:
                    moves.append(side_move(tile, i))
        return moves

    def _blocked(self) -> bool:
        """Nobody can play (the caller checks that nothing may be drawn)."""
        assert self.layout is not None
        numbers = self.layout.open_numbers()
        for hand in self.hands:
            for t in hand:
                if t.high in numbers or t.low in numbers:
                    return False
        return True

    def legal_moves(self) -> list[LineMove]:
        if self._outcome is not None:
            return []
        hand = self.hands[self.turn]
        if self.layout is None:
            doubles = [LineMove("play", t) for t in hand if t.high == t.low]
            if doubles:
                return doubles
            return [LineMove.draw() if self.drawable else LineMove.pass_()]
        moves = self._fitting(self.turn)
        if self.drawable and (not moves or not self.options.must_play):
            moves.append(LineMove.draw())
        elif not moves:
            moves.append(LineMove.pass_())
        return moves


    def illegal_reason(self, move: LineMove) -> Phrase | None:
        if self._outcome is not None:
            return Phrase("illegal.game_over")
        if self.layout is None:
            return self._opening_reason(move)
        if move.kind == "play":
            return self._play_reason(move)
        fitting = self._fitting(self.turn)
        if move.kind == "draw":
            if fitting and self.options.must_play:
                return Phrase("illegal.draw_while_fits", {"tile": fitting[0].tile})
            if not self.drawable:
                return self._nothing_to_draw()
            return None
        if fitting:
            return Phrase("illegal.pass_while_fits", {"tile": fitting[0].tile})
        if self.drawable:
            return Phrase("illegal.pass_may_draw")
        return None

    def _nothing_to_draw(self) -> Phrase:
        if self.stock_size:
            return Phrase("illegal.reserve", {"count": self.reserve})
        return Phrase("illegal.stock_empty")

    def _opening_reason(self, move: LineMove) -> Phrase | None:
        hand = self.hands[self.turn]
        double = next((t for t in hand if t.high == t.low), None)
        if move.kind == "play":
            tile = move.tile
            assert tile is not None
            if tile not in hand:
                return Phrase("illegal.not_held", {"tile": tile})
            if tile.high != tile.low:
                return Phrase("illegal.open_not_double")
            if move.end is not None:
                return Phrase("illegal.opening_no_end")
            return None
        if double is not None:
            return Phrase("illegal.open_with_double", {"tile": double})
        if move.kind == "draw":
            return None if self.drawable else self._nothing_to_draw()
        if self.drawable:
            return Phrase("illegal.pass_draw_double")
        return None

    def _play_reason(self, move: LineMove) -> Phrase | None:
        tile = move.tile
        layout = self.layout
        assert tile is not None and layout is not None
        if tile not in self.hands[self.turn]:
            return Phrase("illegal.not_held", {"tile": tile})
        ends = layout.ends_for(tile)
        if move.end in ends:
            return None
        shown = ", ".join(f"{SIDES[i]} {layout.ends[i]}" for i in layout.open_sides())
        if move.end is None:
            if not ends:
                return Phrase("illegal.fits_no_end", {"tile": tile, "open": shown})
            if len(ends) > 1:
                return Phrase("illegal.fits_several", {"tile": tile, "ends": ", ".join(ends)})
            return None
        if move.end not in SIDES:
            return Phrase("illegal.ends_lrud", {"end": move.end})
        if move.end not in ends:
            if move.end not in (SIDES[i] for i in layout.open_sides()):
                return Phrase("illegal.side_not_open", {"end": move.end, "open": shown})
            return Phrase("illegal.not_this_side", {"tile": tile, "end": move.end, "open": shown})
        return None

