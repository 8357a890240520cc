"""Fast playouts of one Traditional hand, for the hard search (`engine.traditional.ai.search`).

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
spends no random number on a move that is the only one; it ends with the hand. Its random
numbers are bytes, eight from each `rng.next64()` (lowest first; each playout starts a
fresh one): a choice of k moves takes bytes until one, b, is below 256 - 256 % k and
picks the move b % k (every move equally likely), which costs far less than a
`SeededRandom.below` a move.

tests/engine/test_traditional_rollout.py replays playouts through the real rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.moves import LineMove
from engine.tiles import MAX_PIPS, Tile
from engine.traditional.scoring import NO_WINNER

DRAW = -1
PASS = -2
CUT = -3  # `finish`'s winner from a position blocked already (never, in a real hand)
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
_FRESH = 1 << 64  # over `next64`'s 64 bits: marks where a word's bytes end
_INDEX = [byte % count if count and byte < 256 - 256 % count else -1
          for count in range(64) for byte in range(256)]
"""By `count << 8 | byte`: the move a random byte picks of `count`, -1 for none."""
_NEXT = [tuple((seat + 1) % n for seat in range(n)) for n in range(9)]
"""By the number of seats (up to 8): each seat's next seat."""
# `_STEPS[e][fits]`: the legal plays of a `fits` mask at ends `e`, made as first met, as
# `finish` reads them: the (ends after, tile bit) of each, in `legal_moves`' order.
_STEPS: list[dict[int, tuple[tuple[int, int], ...]]] = [{} for _ in range(49)]
_PAIR = [(ends, BIT[rank]) for ends in range(49) for rank in range(len(TILES))]


def _steps(fits: int, ends: int) -> tuple[tuple[int, int], ...]:
    left, right = ends // 7, ends % 7
    steps = []
    rest = fits
    while rest:  # tile by tile; each pair shared by every entry (`_PAIR`)
        bit = rest & -rest
        rest ^= bit
        rank = bit.bit_length() - 1
        if bit & PIP[left]:
            steps.append(_PAIR[(OTHER[rank * 7 + left] * 7 + right) * 28 + rank])
        if bit & PIP[right]:
            steps.append(_PAIR[(left * 7 + OTHER[rank * 7 + right]) * 28 + rank])
    entry = _STEPS[ends][fits] = tuple(steps)
    return entry


class Words(Protocol):
    """Where `finish` takes its random numbers (`SeededRandom` in the search): `next64`,
    a uniform integer in [0, 2**64)."""

    def next64(self) -> int: ...


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
        if not fits:
            return [DRAW if self.pos < len(self.stock) else PASS]
        low, high = fits & PIP[left], fits & PIP[right]  # tile by tile, L before R
        return [move for rank in range(len(TILES))
                for move, side in ((rank * 2, low), (rank * 2 + 1, high)) if side & BIT[rank]]

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

    def finish(self, rng: Words) -> int:
        """Play random moves to the end of the hand (see the module docstring: how it
        draws from `rng`); the hand's winner then (NO_WINNER for none; CUT if the position
        was blocked already, which a real hand never is)."""
        if self.turn < 0:
            return self.winner
        # Loops over locals: the ends as one index (`left * 7 + right`), the plays as
        # `_STEPS` gives them, the random bytes as `word` (over a sentinel bit). Of
        # `count` moves, a byte b < 256 - 256 % count picks the move b % count.
        hands, stock, pos, size = self.hands, self.stock, self.pos, len(self.stock)
        turn, last, following, fitting = self.turn, self.last, _NEXT[self.n], ENDS
        next64, word, picks = rng.next64, 1, _INDEX
        moved = pos < size  # whether this playout moves before its first fish check
        out = False  # whether a hand went out before that check
        if self.left < 0:  # the lead (the search plays it as its root move)
            leads = self.lead or hands[turn]
            if leads & (leads - 1):  # a choice of leads, in rank order (`legal_moves`)
                ranks = [rank for rank in range(len(TILES)) if leads & BIT[rank]]
                count = len(ranks)
                while True:
                    if word < 256:  # only the sentinel bit left: the word is spent
                        word = next64() | _FRESH
                    index = picks[count << 8 | word & 255]
                    word >>= 8
                    if index >= 0:
                        break
                lead = ranks[index]
            else:
                lead = leads.bit_length() - 1
            high, low = TILES[lead]
            ends = high * 7 + low
            hands[turn] ^= BIT[lead]
            last, moved, out = turn, True, not hands[turn]
            turn = following[turn]
        else:
            ends = self.left * 7 + self.right
        while pos < size and not out:  # no passes and no fish while there is stock
            hand = hands[turn]
            fits = hand & fitting[ends]
            if not fits:
                hands[turn] = hand | stock[pos]
                pos += 1
                continue
            try:
                steps = _STEPS[ends][fits]
            except KeyError:
                steps = _steps(fits, ends)
            count = len(steps)
            if count > 1:
                while True:
                    if word < 256:
                        word = next64() | _FRESH
                    index = picks[count << 8 | word & 255]
                    word >>= 8
                    if index >= 0:
                        break
                ends, bit = steps[index]
            else:
                ends, bit = steps[0]
            hand ^= bit
            hands[turn] = hand
            last, out = turn, not hand
            turn = following[turn]
        if not moved:  # a position blocked already (not one of a real hand) never ends
            held = 0
            for hand in hands:
                held |= hand
            if not held & fitting[ends]:
                self.turn, self.winner = -1, CUT
                return CUT
        # Now someone can lay a tile, unless a fish began with the last draw: after the
        # last tile laid, as many passes as seats in a row (they change nothing).
        passes, seats, cache = 0, self.n, _STEPS[ends]
        while not out:
            hand = hands[turn]
            fits = hand & fitting[ends]
            if fits:
                try:
                    steps = cache[fits]
                except KeyError:
                    steps = _steps(fits, ends)
                count = len(steps)
                if count > 1:
                    while True:
                        if word < 256:
                            word = next64() | _FRESH
                        index = picks[count << 8 | word & 255]
                        word >>= 8
                        if index >= 0:
                            break
                    ends, bit = steps[index]
                else:
                    ends, bit = steps[0]
                cache = _STEPS[ends]
                hand ^= bit
                hands[turn] = hand
                last, passes = turn, 0
                if not hand:
                    break
            else:
                passes += 1
                if passes == seats:
                    break
            turn = following[turn]
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
