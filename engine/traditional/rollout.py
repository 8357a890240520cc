"""Fast playouts of one Traditional hand, for the hard search (`engine.traditional.search`).

The rules are `engine.traditional.game.TraditionalGame`'s (RULES.md section 1), played on
plain ints: a tile is its rank in the double-6 set in the engine's hand order (6-6 is 0,
6-5 is 1, ... 0-0 is 27: a hand sorted by `Tile.code` from the highest), a hand is a
bitmask of ranks, the line only its two open numbers (`left`, `right`; -1 while empty)
and the stock a list of tile bits in draw order. A move is an int: `rank * 2` for a
tile at L (or a lead), `rank * 2 + 1` at R, `DRAW` and `PASS`; `legal_moves` lists them
in the order of `TraditionalGame.legal_moves` (tile by tile in hand order, L before R,
a tile showing both open numbers twice), so that one random index picks the same move
in both. Every option that changes a hand's play is read: `fish_winner` and
`lone_blank` (who wins a fish); `lead` only decides who opens, which the position
already says; `hand_size`, `lopsided_suit` and `target` only shape deals and matches.

A playout (`finish`) picks a uniformly random legal move, as `engine.ai.hard`'s `_pick`
does (a draw or a pass always comes alone here, so its 1-in-8 rule never applies), and
spends no random number on a move that is the only one; it ends with the hand.

tests/engine/test_traditional_rollout.py replays playouts through the real rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.moves import LineMove
from engine.rng import _LIMIT, _MASK, SeededRandom
from engine.tiles import MAX_PIPS, Tile
from engine.traditional.scoring import NO_WINNER

DRAW = -1
PASS = -2
CUT = -3  # `finish`'s winner when its guard stopped the playout (never, in a real hand)
GUARD = 1000  # moves a playout may make at most (a hand ends long before)
TOP = 6
TILES: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(TOP, -1, -1) for low in range(high, -1, -1))
"""(high, low) of each rank: the engine's hand order, highest code first."""
BIT = tuple(1 << rank for rank in range(len(TILES)))
PIPS = tuple(high + low for high, low in TILES)
PIP = tuple(sum(BIT[k] for k, t in enumerate(TILES) if number in t) for number in range(7))
"""Per number: the mask of the tiles showing it."""
ENDS = tuple(PIP[left] | PIP[right] for left in range(7) for right in range(7))
"""Per pair of open ends (`left * 7 + right`): the mask of the tiles either accepts."""
OTHER = tuple((t[1] if t[0] == number else t[0]) if number in t else -1
              for t in TILES for number in range(7))
"""By `rank * 7 + number`: the tile's other number once laid against `number`."""
_SIDE = MAX_PIPS + 1
RANK = [-1] * (_SIDE * _SIDE)
"""By `Tile.code`: the tile's rank (-1 off the double-6 set)."""
for _rank, (_high, _low) in enumerate(TILES):
    RANK[_high * _SIDE + _low] = _rank
DOUBLES = tuple(k for k, (high, low) in enumerate(TILES) if high == low)  # 6-6 first
HEAVIEST = tuple(sorted(range(len(TILES)), key=lambda k: -(PIPS[k] * 16 + TILES[k][0])))
LONE_BLANK = BIT[RANK[0]]  # a hand of only 0-0


_OPENERS = DOUBLES + HEAVIEST  # who leads a new hand: the highest double, else the heaviest
_NEXT = [tuple((seat + 1) % n for seat in range(n)) for n in range(9)]
"""By the number of seats (up to 8): each seat's next seat."""
# The legal plays of a `fits` mask at ends `e`, by `fits * 64 + e`, made as first met;
# `_STEPS` the same plays as `finish` reads them: (ends after, the tile's bit) each.
_PLAYS: dict[int, tuple[int, ...]] = {}
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _plays(fits: int, left: int, right: int) -> tuple[int, ...]:
    moves = []
    low = PIP[left]
    high = PIP[right]
    rest = fits
    while rest:
        bit = rest & -rest
        rest ^= bit
        rank = bit.bit_length() - 1
        if bit & low:
            moves.append(rank * 2)
        if bit & high:
            moves.append(rank * 2 + 1)
    plays = _PLAYS[fits * 64 + left * 7 + right] = tuple(moves)
    return plays


def _steps(fits: int, ends: int) -> tuple[tuple[int, int], ...]:
    left, right = ends // 7, ends % 7
    steps = _STEPS[fits * 64 + ends] = tuple(
        (left * 7 + OTHER[(m >> 1) * 7 + right] if m & 1 else OTHER[(m >> 1) * 7 + left] * 7
         + right, BIT[m >> 1]) for m in _plays(fits, left, right))
    return steps


def mask(tiles: Sequence[Tile]) -> int:
    """Tiles as a hand's bitmask. Raises IndexError for a tile off the double-6 set."""
    bits = 0
    for t in tiles:
        rank = RANK[t.code]
        if rank < 0:
            raise IndexError(f"{t} is not a double-6 tile")
        bits |= BIT[rank]
    return bits


def move_of(move: LineMove) -> int:
    """A `LineMove` of the engine's legal moves as this module's int."""
    if move.kind == "draw":
        return DRAW
    if move.kind == "pass":
        return PASS
    assert move.tile is not None
    return RANK[move.tile.code] * 2 + (1 if move.end == "R" else 0)


def count_of(hand: int, lone_blank: int) -> int:
    """A hand's count: its pips, `lone_blank` for a hand of only 0-0."""
    if hand == LONE_BLANK:
        return lone_blank
    pips = 0
    while hand:
        bit = hand & -hand
        hand ^= bit
        pips += PIPS[bit.bit_length() - 1]
    return pips


class Round:
    """One hand's whole state: `hands` (a mask a seat), the `stock` (bits) from `pos` on
    still to draw, the open ends, the seat to move (`turn`), who laid the last tile
    (`last`), the tile that must open the hand (`lead`, a bit; 0: any) and the options
    that decide a fish (`lowest`: `fish_winner == "lowest"`; `blank`: `lone_blank`).
    Once the hand is over `winner` is set (NO_WINNER for none) and `turn` is -1."""

    __slots__ = ("blank", "hands", "last", "lead", "left", "lowest", "n", "pos", "right",
                 "stock", "turn", "winner")

    def __init__(self, hands: list[int], stock: Sequence[int], *, turn: int, left: int = -1,
                 right: int = -1, last: int = NO_WINNER, lead: int = 0,
                 options: Any = None) -> None:
        self.hands = hands
        self.stock = stock
        self.pos = 0
        self.left = left
        self.right = right
        self.turn = turn
        self.last = last
        self.lead = lead
        self.n = len(hands)
        self.lowest = options is not None and options.fish_winner == "lowest"
        self.blank = 24 if options is None else options.lone_blank
        self.winner = NO_WINNER

    @classmethod
    def dealt(cls, hands: list[int], stock: Sequence[int] = (), options: Any = None) -> Round:
        """A new hand from its deal, led by the highest double, else the heaviest tile."""
        held = 0
        for hand in hands:
            held |= hand
        for rank in _OPENERS:
            bit = BIT[rank]
            if held & bit:
                break
        else:
            raise ValueError("nobody holds a tile")
        seat = 0
        while not hands[seat] & bit:
            seat += 1
        return cls(hands, stock, turn=seat, lead=bit, options=options)

    @classmethod
    def of_game(cls, game: Any) -> Round:
        """The hand a `TraditionalGame` is playing (its stock as it will be drawn)."""
        lead = 0 if game.lead_tile is None else mask([game.lead_tile])
        stock = [BIT[RANK[t.code]] for t in game.stock[game.stock_pos:]]
        return cls([mask(h) for h in game.hands], stock, turn=game.turn, left=game.line.left,
                   right=game.line.right, last=game.last_layer, lead=lead,
                   options=game.options)

    @classmethod
    def of_view(cls, view: Any, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile],
                options: Any) -> Round:
        """The hand of `view` with the hidden tiles dealt as `hands` (the view's own hand
        among them) and `stock` (in draw order), as `Sampler.sample` sets a game up."""
        assert view.to_move is not None
        left, right = view.ends if view.ends is not None else (-1, -1)
        lead = 0
        if view.ends is None and view.to_move == view.seat \
                and len(view.legal_moves) == 1 < len(view.hand or ()):
            lead = mask([view.legal_moves[0].tile])
        last = next((s for s, text in reversed(view.history) if text not in ("draw", "pass")),
                    NO_WINNER)
        return cls([mask(h) for h in hands], [BIT[RANK[t.code]] for t in stock],
                   turn=view.to_move, left=left, right=right, last=last, lead=lead,
                   options=options)

    def copy(self) -> Round:
        """An independent copy (the stock is shared: it is only read)."""
        other = Round.__new__(Round)
        other.hands = self.hands[:]
        other.stock = self.stock
        other.pos = self.pos
        other.left = self.left
        other.right = self.right
        other.turn = self.turn
        other.last = self.last
        other.lead = self.lead
        other.n = self.n
        other.lowest = self.lowest
        other.blank = self.blank
        other.winner = self.winner
        return other

    def counts(self) -> list[int]:
        """Each seat's count (RULES.md: pips, `lone_blank` for a lone 0-0)."""
        return [count_of(hand, self.blank) for hand in self.hands]

    def legal_moves(self) -> list[int]:
        """The legal moves, in `TraditionalGame.legal_moves`'s order; [] once over."""
        turn = self.turn
        if turn < 0:
            return []
        left, right = self.left, self.right
        hand = self.hands[turn]
        if left < 0:
            leads = self.lead or hand
            return [rank * 2 for rank in range(len(TILES)) if leads & BIT[rank]]
        fits = hand & ENDS[left * 7 + right]
        if fits:
            plays = _PLAYS.get(fits * 64 + left * 7 + right)
            return list(plays if plays is not None else _plays(fits, left, right))
        return [DRAW if self.pos < len(self.stock) else PASS]

    def play(self, move: int) -> bool:
        """The seat to move makes `move` (one of `legal_moves`, not checked); whether that
        ended the hand."""
        turn = self.turn
        hands = self.hands
        if move == DRAW:
            hands[turn] |= self.stock[self.pos]
            self.pos += 1
            if self.pos == len(self.stock) and self._blocked():
                return self._end(self.last)
            return False
        if move == PASS:
            self.turn = turn + 1 if turn + 1 < self.n else 0
            return False
        rank = move >> 1
        if self.left < 0:
            self.left, self.right = TILES[rank]
        elif move & 1:
            self.right = OTHER[rank * 7 + self.right]
        else:
            self.left = OTHER[rank * 7 + self.left]
        hand = hands[turn] = hands[turn] ^ BIT[rank]
        self.last = turn
        if not hand:
            return self._end(turn)
        if self.pos == len(self.stock) and self._blocked():
            return self._end(turn)
        self.turn = turn + 1 if turn + 1 < self.n else 0
        return False

    def _blocked(self) -> bool:
        held = 0
        for hand in self.hands:
            held |= hand
        return not held & ENDS[self.left * 7 + self.right]

    def _end(self, maker: int) -> bool:
        # A domino's maker is its winner, as a fish's unless `fish_winner` is "lowest".
        winner = maker
        if self.lowest and self.hands[maker]:
            counts = self.counts()
            low = min(counts)
            winner = counts.index(low) if counts.count(low) == 1 else NO_WINNER
        self.winner = winner
        self.turn = -1
        return True

    def finish(self, rng: SeededRandom) -> int:
        """Play random moves to the end of the hand (see the module docstring); the
        hand's winner then (NO_WINNER for none, CUT if the guard stopped it). `rng` gives
        the numbers `rng.below` would, in the same order, and is left where it would be."""
        if self.turn < 0:
            return self.winner
        if self.left < 0:  # the lead (the search plays it as its root move)
            leads = self.lead or self.hands[self.turn]
            if leads & (leads - 1):  # a choice of leads, in rank order (`legal_moves`)
                ranks = [rank for rank in range(len(TILES)) if leads & BIT[rank]]
                lead = ranks[rng.below(len(ranks))]
            else:
                lead = leads.bit_length() - 1
            if self.play(lead * 2):
                return self.winner
        # Loops over locals: the ends as one index (`left * 7 + right`), the plays as
        # `_STEPS`, SplitMix64 inlined as in `SeededRandom.below` (the same numbers).
        hands, stock, pos, size = self.hands, self.stock, self.pos, len(self.stock)
        ends, turn, last = self.left * 7 + self.right, self.turn, self.last
        following, steps_of, state = _NEXT[self.n], _STEPS.get, rng._state
        out = False  # whether a hand went out while the stock lasted
        drew = pos < size
        while pos < size:  # no passes and no fish while there is stock to draw
            hand = hands[turn]
            fits = hand & ENDS[ends]
            if not fits:
                hands[turn] = hand | stock[pos]
                pos += 1
                continue
            steps = steps_of(fits * 64 + ends) or _steps(fits, ends)
            count = len(steps)
            if count > 1:
                limit = _LIMIT[count]
                while True:
                    state = (state + 0x9E3779B97F4A7C15) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    if z < limit:
                        break
                ends, bit = steps[z % count]
            else:
                ends, bit = steps[0]
            hand ^= bit
            hands[turn] = hand
            last = turn
            if not hand:
                out = True
                break
            turn = following[turn]
        held = 0  # every hand's tiles together: the hand goes on while one of them fits
        for hand in hands:
            held |= hand
        if not (out or held & ENDS[ends]):
            if not drew:  # blocked from the start: not a position of a real hand
                self.turn, self.winner = -1, CUT
                rng._state = state
                return CUT
            out = True  # the last draw left nobody a tile to lay: a fish
        while not out:
            hand = hands[turn]
            fits = hand & ENDS[ends]
            if fits:
                steps = steps_of(fits * 64 + ends) or _steps(fits, ends)
                count = len(steps)
                if count > 1:
                    limit = _LIMIT[count]
                    while True:
                        state = (state + 0x9E3779B97F4A7C15) & _MASK
                        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                        z ^= z >> 31
                        if z < limit:
                            break
                    ends, bit = steps[z % count]
                else:
                    ends, bit = steps[0]
                hand ^= bit
                hands[turn] = hand
                held ^= bit
                last = turn
                if not (hand and held & ENDS[ends]):
                    break
            turn = following[turn]
        rng._state = state
        self.pos, self.left, self.right = pos, ends // 7, ends % 7
        self._end(last)
        return self.winner


def line_move(round_: Round, move: int) -> LineMove:
    """This module's `move` in `round_`'s position as the engine's `LineMove`."""
    if move == DRAW:
        return LineMove.draw()
    if move == PASS:
        return LineMove.pass_()
    tile = Tile.of(*TILES[move >> 1])
    if round_.left < 0:
        return LineMove("play", tile)
    return LineMove("play", tile, "R" if move & 1 else "L")
