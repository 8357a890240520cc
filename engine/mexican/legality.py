"""What may be played in a Mexican Train position (RULES.md section 4): its state, the
legal moves and why any other move is illegal.

`MexicanLegality` is the base of `engine.mexican.game.MexicanGame`, which deals, applies
the moves, scores and ends the rounds; this half only reads the position.
"""

from __future__ import annotations

from catalog import Phrase
from engine.line_game import LineGame
from engine.mexican.moves import DRAW, PASS, MexicanMove, put, train_index
from engine.mexican.options import MexicanOptions
from engine.mexican.spec import SPEC
from engine.mexican.view import RoundResult
from engine.moves import LineMove
from engine.tiles import Tile


class MexicanLegality(LineGame):
    """A Mexican Train position read by the rules: what the seat to move may do, and why
    not. Trains are indexed 0..n-1 for the seats and n for the Mexican train."""

    kind = SPEC.name
    seats = SPEC.seats
    title = "Mexican Train"
    options: MexicanOptions
    results: list[RoundResult]
    round: int
    engine: Tile
    names: tuple[str, ...]  # each train's notation, T1..Tn then M
    trains: list[list[Tile]]
    ends: list[int]
    markers: list[bool]
    waiting: int | None
    drew: bool
    _listed: list[MexicanMove] | None

    @property
    def hand_number(self) -> int:
        """The round in progress (or the last one, once the game is over); 1 is the first."""
        return self.round

    def parse_move(self, text: str) -> MexicanMove:
        return MexicanMove.parse(text)

    def open_to(self, seat: int) -> list[int]:
        """The trains `seat` may play on while no double waits: its own, every open one
        and the Mexican train, in notation order."""
        markers = self.markers
        return [i for i in range(len(markers)) if i == seat or markers[i]] + [len(markers)]

    def plays(self, seat: int) -> list[MexicanMove]:
        """Every tile `seat` may lay now, once for each train that accepts it (a waiting
        double: only on it), tiles in hand order."""
        ends, names = self.ends, self.names
        waiting = self.waiting
        if waiting is not None:
            number, name = ends[waiting], names[waiting]
            return [put(t, name) for t in self.hands[seat]
                    if t.high == number or t.low == number]
        markers = self.markers
        n = len(markers)
        # (open number, train name) of each train open to the seat, in notation order.
        open_ends = [(ends[i], names[i]) for i in range(n) if i == seat or markers[i]]
        open_ends.append((ends[n], names[n]))
        moves = []
        for tile in self.hands[seat]:
            high, low = tile.high, tile.low
            for end, name in open_ends:
                if high == end or low == end:
                    moves.append(put(tile, name))
        return moves

    def legal_moves(self) -> list[LineMove]:
        return list(self.moves_now())

    def moves_now(self) -> list[MexicanMove]:
        """`legal_moves`, typed as this game's moves: every play, else `draw` (once a
        turn, while the stock lasts), else `pass`."""
        if self._outcome is not None:
            return []
        listed = self.plays(self.turn) or [
            DRAW if not self.drew and self.stock_pos < len(self.stock) else PASS]
        self._listed = listed  # `MexicanGame.play` need not check these again
        return listed

    def _blocked(self) -> bool:
        """Whether nobody can lay a tile any more: the stock empty, every personal train
        open, and no hand holding a tile for any open end (a waiting double: its own)."""
        if self.stock_pos < len(self.stock) or not all(self.markers):
            return False
        numbers = {self.ends[self.waiting]} if self.waiting is not None else set(self.ends)
        return not any(t.high in numbers or t.low in numbers
                       for hand in self.hands for t in hand)

    # -- why not ----------------------------------------------------------------
    def train_phrase(self, index: int) -> Phrase:
        """A train as a reader is told of it: its owner's train, or the Mexican train."""
        if index == len(self.players):
            return Phrase("mexican.the_mexican_train")
        return Phrase("mexican.train_of", {"name": self.players[index],
                                           "train": self.names[index]})

    def end_words(self, end: str, seat: int) -> Phrase:
        """"on your train", "on Ann's train", "on the Mexican train"."""
        index = train_index(end, len(self.players))
        if index is None:
            return super().end_words(end, seat)
        if index == len(self.players):
            return Phrase("place.mexican_shared")
        if index == seat:
            return Phrase("place.mexican_own")
        return Phrase("place.mexican_of", {"name": self.players[index]})

    def illegal_reason(self, move: LineMove) -> Phrase | None:
        if self._outcome is not None:
            return Phrase("illegal.game_over")
        plays = self.plays(self.turn)
        if move.kind == "play":
            return self._play_reason(move)
        if plays:
            assert plays[0].tile is not None
            return Phrase(f"illegal.{move.kind}_while_fits", {"tile": plays[0].tile})
        can_draw = self.stock_pos < len(self.stock)
        if move.kind == "draw" and self.drew:
            return Phrase("illegal.mexican_drawn")
        if move.kind == "draw" and not can_draw:
            return Phrase("illegal.stock_empty_pass")
        if move.kind == "pass" and not self.drew and can_draw:
            return Phrase("illegal.pass_may_draw")
        return None

    def _play_reason(self, move: LineMove) -> Phrase | None:
        tile = move.tile
        assert tile is not None
        seat, n = self.turn, len(self.players)
        if tile not in self.hands[seat]:
            return Phrase("illegal.not_held", {"tile": tile})
        index = None if move.end is None else train_index(move.end, n)
        if move.end is not None and index is None:
            return Phrase("illegal.mexican_no_train", {"train": move.end, "last": f"T{n}"})
        waiting = self.waiting
        if waiting is not None:
            double = self.trains[waiting][-1]
            shown = {"double": double, "train": self.train_phrase(waiting),
                     "number": double.high, "tile": tile}
            if index is not None and index != waiting:
                return Phrase("illegal.mexican_double_waits", shown)
            if not tile.has(double.high):
                return Phrase("illegal.mexican_not_satisfying", shown)
            return None
        if index is None:
            fits = [i for i in self.open_to(seat) if tile.has(self.ends[i])]
            if not fits:
                return Phrase("illegal.mexican_fits_none", {"tile": tile})
            if len(fits) > 1:
                return Phrase("illegal.mexican_fits_several", {
                    "tile": tile, "trains": ", ".join(self.names[i] for i in fits)})
            return None
        if index < n and index != seat and not self.markers[index]:
            return Phrase("illegal.mexican_closed", {"train": self.train_phrase(index)})
        if not tile.has(self.ends[index]):
            return Phrase("illegal.mexican_refuses", {"tile": tile, "number": self.ends[index],
                                                      "train": self.train_phrase(index)})
        return None
