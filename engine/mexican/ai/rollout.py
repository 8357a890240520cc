"""Fast playouts of one Mexican Train round, for the hard search (`engine.mexican.ai.search`).

The rules are `engine.mexican.game.MexicanGame`'s (RULES.md section 4), played on plain
values: a tile is a `(high, low)` tuple of ints, a hand a list of them, a train only its
open number (`ends`, indexed as the game's: 0..n-1 the seats, n the Mexican train). A
playout allocates no `Tile` or move objects, and lays its random moves until the round
ends: a seat that can lay a tile lays a uniformly random one of its legal plays (every
tile once for each train that accepts it, as `legal_moves` lists them), else draws
(once a turn, while the stock lasts), else passes and its train gets a marker. A double
waits to be satisfied; the round ends when a hand is empty or when it is blocked.

tests/engine/test_mexican_rollout.py replays playouts through the real rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rng import SeededRandom
from engine.tiles import Tile

Pair = tuple[int, int]  # a tile: (high, low)
GUARD = 10_000  # moves a playout may make at most (a round ends long before)
DRAW = -1  # the train of a trace's draw
PASS = -2  # the train of a trace's pass
Traced = tuple[Pair | None, int, int]  # a playout's move: (tile, train, legal moves)


def pair(tile: Tile) -> Pair:
    """A tile as the playouts hold it."""
    return (tile.high, tile.low)


class Round:
    """One round's whole state, on plain values: `hands` (one list of pairs a seat),
    the `stock` from `pos` on still to draw, `ends`, `markers`, the `waiting` double's
    train (or None), whether the seat to move `drew` this turn, and that seat (`turn`).
    `blank` is what 0-0 left in a hand counts (the option `blank_double`)."""

    __slots__ = ("blank", "drew", "ends", "hands", "markers", "n", "pos", "stock", "turn",
                 "waiting")

    def __init__(self, hands: list[list[Pair]], stock: Sequence[Pair], *, pos: int,
                 ends: list[int], markers: list[bool], waiting: int | None, drew: bool,
                 turn: int, blank: int = 0) -> None:
        self.hands = hands
        self.stock = stock
        self.pos = pos
        self.ends = ends
        self.markers = markers
        self.waiting = waiting
        self.drew = drew
        self.turn = turn
        self.n = len(hands)
        self.blank = blank

    @classmethod
    def of_game(cls, game: Any) -> Round:
        """The round a `MexicanGame` is playing (its stock as it will be drawn)."""
        return cls([[pair(t) for t in hand] for hand in game.hands],
                   [pair(t) for t in game.stock], pos=game.stock_pos, ends=list(game.ends),
                   markers=list(game.markers), waiting=game.waiting, drew=game.drew,
                   turn=game.turn, blank=game.options.blank_double)

    @classmethod
    def of_view(cls, view: Any, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile],
                blank: int) -> Round:
        """The round of `view` with the hidden tiles dealt as `hands` (the view's own hand
        among them) and `stock` (in draw order)."""
        assert view.to_move is not None
        return cls([[(t.high, t.low) for t in hand] for hand in hands],
                   [(t.high, t.low) for t in stock], pos=0, ends=list(view.ends),
                   markers=list(view.markers), waiting=view.waiting, drew=view.drew,
                   turn=view.to_move, blank=blank)

    def copy(self) -> Round:
        """An independent copy (the stock is shared: it is only read)."""
        other = Round.__new__(Round)
        other.hands = [list(h) for h in self.hands]
        other.stock = self.stock
        other.pos = self.pos
        other.ends = list(self.ends)
        other.markers = list(self.markers)
        other.waiting = self.waiting
        other.drew = self.drew
        other.turn = self.turn
        other.n = self.n
        other.blank = self.blank
        return other

    def points(self) -> list[int]:
        """Each seat's pips left in hand (0-0 counting `blank`)."""
        blank = self.blank
        return [sum(blank if t[0] == 0 else t[0] + t[1] for t in hand) for hand in self.hands]

    def lay(self, tile: Pair, train: int) -> bool:
        """The seat to move lays `tile` on `train` (a legal play); whether the round ended."""
        hand = self.hands[self.turn]
        hand.remove(tile)
        return self._laid(hand, tile, train)

    def _laid(self, hand: list[Pair], tile: Pair, train: int) -> bool:
        ends, markers, turn = self.ends, self.markers, self.turn
        end = ends[train]
        ends[train] = tile[1] if tile[0] == end else tile[0]
        if train == turn:
            markers[turn] = False
        self.waiting = None
        if not hand:
            return True
        if tile[0] == tile[1]:
            self.waiting = train
            self.drew = False
            return self.blocked()
        if self.blocked():
            return True
        self.turn = (turn + 1) % self.n
        self.drew = False
        return False

    def blocked(self) -> bool:
        """Whether nobody can lay a tile any more (the game's `_blocked`)."""
        if self.pos < len(self.stock) or not all(self.markers):
            return False
        ends = self.ends
        numbers = {ends[self.waiting]} if self.waiting is not None else set(ends)
        return not any(t[0] in numbers or t[1] in numbers for hand in self.hands for t in hand)

    def finish(self, rng: SeededRandom, trace: list[Traced] | None = None) -> list[int]:
        """Play random moves to the end of the round (see the module docstring); each
        seat's points then. `trace`, when given, gets every move with the number of legal
        moves it was chosen from: (tile, train, count), or (None, DRAW, 1) and
        (None, PASS, 1)."""
        hands, stock, ends, markers = self.hands, self.stock, self.ends, self.markers
        n = self.n
        size = len(stock)
        below = rng.below
        trains = range(n + 1)
        for _ in range(GUARD):
            turn = self.turn
            hand = hands[turn]
            waiting = self.waiting
            if waiting is not None:
                e = ends[waiting]
                plays = [(t, waiting) for t in hand if t[0] == e or t[1] == e]
            else:
                plays = []
                for i in trains:
                    if i in (turn, n) or markers[i]:
                        e = ends[i]
                        plays += [(t, i) for t in hand if t[0] == e or t[1] == e]
            if plays:
                tile, train = plays[below(len(plays))] if len(plays) > 1 else plays[0]
                if trace is not None:
                    trace.append((tile, train, len(plays)))
                hand.remove(tile)
                if self._laid(hand, tile, train):
                    break
            elif not self.drew and self.pos < size:
                if trace is not None:
                    trace.append((None, DRAW, 1))
                hand.append(stock[self.pos])
                self.pos += 1
                self.drew = True
                if self.pos == size and self.blocked():
                    break
            else:
                if trace is not None:
                    trace.append((None, PASS, 1))
                markers[turn] = True
                if self.blocked():
                    break
                self.turn = (turn + 1) % n
                self.drew = False
        return self.points()
