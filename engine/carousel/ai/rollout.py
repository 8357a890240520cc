"""Fast playouts of one Carousel hand, for the hard search (`engine.carousel.ai.search`).

The rules are `engine.carousel.game.CarouselGame`'s (RULES.md section 2), played on plain
ints (`engine.carousel.tables`: a tile is a rank, a hand a bitmask of ranks, the stock a
list of tile bits in draw order). The layout is only what the count and the legal moves
read: the spinner's number (`value`, -1 before the opening), each side's open number
(`ends`, L R U D), which sides hold a tile (`taken`, a 4-bit mask), what each arm's last
tile adds to the count (`mult`: 2 for a double, else 1) and the count itself. A move is
an int: `rank * 4 + side` for a tile on a side (the opening double: `rank * 4`), `DRAW`
and `PASS`; `legal_moves` lists them in the order of `CarouselGame.legal_moves` (tile by
tile in hand order, sides L R U D, then a draw or a pass), so that one random index picks
the same move in both. Every option is read: `pairs`, `spinner_first`, `must_play`,
`keep_in_stock`, `tile_bonus`, `blocked`, `target` and `exact_finish` (the match may be
won mid-hand); `set` and `hand_size` only shape the deal.

A playout (`engine.carousel.ai.playout.finish`) picks its moves as
`engine.carousel.ai.policy.Judge.pick` does, with the same random numbers (`pick`): the
best-scoring tile play GREEDY times in 8, else `engine.ai.hard.random_pick`'s move. It
ends with the hand (or the match); the scores are then the game's, so the search rewards
it as `Judge.reward` does (`reward`). A redeal
(nobody can open) cannot happen in a full set (more doubles than `keep_in_stock` holds
back); the kernel stops there (`cut`).

tests/engine/test_carousel_rollout.py replays playouts through the real rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.carousel.tables import (
    BIT,
    BONUS,
    DOUBLE,
    DOUBLES,
    GREEDY,
    OTHER,
    PIP,
    RANK,
    SIDE,
    TILE_OF,
    TILES,
    mask,
    pips_of,
    points,
    rounded,
)
from engine.fives import SIDE_INDEX
from engine.moves import LineMove
from engine.rng import SeededRandom

DRAW = -1
PASS = -2
GUARD = 2000  # moves a playout may make at most, as `engine.ai.hard.playout`
_ALL = (0, 1, 2, 3)
# The sides open by `taken` with `spinner_first`: the free ones until all four hold a tile.
_FIRST = tuple(tuple(i for i in _ALL if not taken >> i & 1) or _ALL for taken in range(16))
_ANY = (_ALL,) * 16


class Round:
    """One hand's whole state (see the module docstring) and the match's scores
    (`scores`, a side each: a seat, or a pair with `pairs`). Once the hand is over `turn`
    is -1; `won` is then the side that won the match (-1: none) and `cut` says the
    playout stopped short (a redeal or the guard)."""

    __slots__ = ("bonus", "count", "cut", "ends", "exact", "hands", "limit", "mult", "must",
                 "n", "opens", "pairs", "passes", "pos", "scores", "stock", "summed", "taken",
                 "target", "turn", "value", "won")

    def __init__(self, hands: list[int], stock: Sequence[int], *, turn: int,
                 scores: list[int], options: Any) -> None:
        """A hand before its opening; `place` lays a layout that is already there."""
        self.hands = hands
        self.stock = stock
        self.pos = 0
        self.limit = len(stock) - ((2 if len(hands) == 2 else 1) if options.keep_in_stock
                                   else 0)
        self.n = len(hands)
        self.turn = turn
        self.scores = scores
        self.opens = _FIRST if options.spinner_first else _ANY
        self.must = options.must_play
        self.bonus = options.tile_bonus
        self.pairs = options.pairs
        self.summed = options.blocked == "sum"
        self.exact = options.exact_finish
        self.target = options.target
        self.value = -1
        self.ends = [0, 0, 0, 0]
        self.mult = [1, 1, 1, 1]
        self.taken = 0
        self.count = 0
        self.passes = 0
        self.won = -1
        self.cut = False

    def place(self, spinner: Any, arms: Sequence[Sequence[Any]]) -> None:
        """Lay a layout that is on the table: the spinner `Tile` and its arms (L R U D,
        each of `ArmTile`s from the spinner outward)."""
        value = self.value = spinner.high
        self.count = 0
        for i, arm in enumerate(arms):
            if arm:
                last = arm[-1]
                self.taken |= 1 << i
                self.ends[i] = last.outer
                self.mult[i] = 2 if last.tile.high == last.tile.low else 1
                self.count += last.outer * self.mult[i]
            else:
                self.ends[i] = value
        if self.taken & 3 != 3:
            self.count += 2 * value

    @classmethod
    def of_game(cls, game: Any) -> Round:
        """The hand a `CarouselGame` is playing (its stock as it will be drawn)."""
        stock = [BIT[RANK[t.code]] for t in game.stock[game.stock_pos:]]
        new = cls([mask(h) for h in game.hands], stock, turn=game.turn,
                  scores=list(game.side_scores), options=game.options)
        if game.layout is not None:
            new.place(game.layout.tile, game.layout.arms)
        new.passes = game.open_passes
        return new

    @classmethod
    def of_view(cls, view: Any, hands: Sequence[Sequence[Any]], stock: Sequence[Any],
                options: Any) -> Round:
        """The hand of `view` with the hidden tiles dealt as `hands` (the view's own hand
        among them) and `stock` (in draw order), as `Sampler.sample` sets a game up."""
        assert view.to_move is not None
        sides = 2 if options.pairs else len(view.players)
        new = cls([mask(h) for h in hands], [BIT[RANK[t.code]] for t in stock],
                  turn=view.to_move, scores=[view.scores[s] for s in range(sides)],
                  options=options)
        if view.spinner is not None:
            new.place(view.spinner, [view.arms[s] for s in ("L", "R", "U", "D")])
        else:
            new.passes = sum(1 for _, text in view.history if text == "pass")
        return new

    def copy(self) -> Round:
        """An independent copy (the stock is shared: it is only read)."""
        other = Round.__new__(Round)
        other.hands = self.hands[:]
        other.ends = self.ends[:]
        other.mult = self.mult[:]
        other.scores = self.scores[:]
        other.stock, other.pos, other.limit, other.n = self.stock, self.pos, self.limit, self.n
        other.turn, other.opens, other.must = self.turn, self.opens, self.must
        other.bonus, other.pairs, other.summed = self.bonus, self.pairs, self.summed
        other.exact, other.target, other.value = self.exact, self.target, self.value
        other.taken, other.count, other.passes = self.taken, self.count, self.passes
        other.won, other.cut = self.won, self.cut
        return other

    def legal_moves(self) -> list[int]:
        """The legal moves, in `CarouselGame.legal_moves`'s order; [] once over."""
        turn = self.turn
        if turn < 0:
            return []
        hand = self.hands[turn]
        drawable = self.pos < self.limit
        if self.value < 0:
            doubles = hand & DOUBLES
            if not doubles:
                return [DRAW if drawable else PASS]
            leads = []
            while doubles:
                rank = doubles.bit_length() - 1
                doubles ^= BIT[rank]
                leads.append(rank * 4)
            return leads
        ends = self.ends
        sides = self.opens[self.taken]
        wanted = 0
        for i in sides:
            wanted |= PIP[ends[i]]
        fits = hand & wanted
        moves = []
        while fits:
            rank = fits.bit_length() - 1
            fits ^= BIT[rank]
            high, low = TILES[rank]
            for i in sides:
                if high == ends[i] or low == ends[i]:
                    moves.append(rank * 4 + i)
        if drawable and (not moves or not self.must):
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    def after(self, move: int) -> int:
        """The open-end count once the tile play `move` is laid (`Judge`'s `count_after`)."""
        side = move & 3
        rank = move >> 2
        ends = self.ends
        count = self.count
        if self.taken >> side & 1:
            count -= ends[side] * self.mult[side]
        elif side < 2 and self.taken & (2 >> side):
            count -= 2 * self.value  # both L and R taken: the spinner's halves stop counting
        outer = OTHER[rank * SIDE + ends[side]]
        return count + (2 * outer if DOUBLE[rank] else outer)

    def pick(self, moves: list[int], rng: SeededRandom) -> int:
        """`Judge.pick`'s move of `moves` (this round's legal moves), drawing the same
        random numbers as it does in the same position."""
        if self.value >= 0 and len(moves) > 1 and rng.below(8) < GREEDY:
            best, top = 0, 0
            for move in moves:
                if move >= 0:
                    scored = points(self.after(move))
                    if scored > best:
                        best, top = scored, move
            if best:
                return top
        if len(moves) > 1 and moves[-1] == DRAW and rng.below(8):
            return moves[rng.below(len(moves) - 1)]
        return moves[rng.below(len(moves))]

    def play(self, move: int) -> bool:
        """The seat to move makes `move` (one of `legal_moves`, not checked); whether that
        ended the hand (or the match)."""
        seat = self.turn
        hands = self.hands
        if move == DRAW:
            hands[seat] |= self.stock[self.pos]
            self.pos += 1
            # Drawing the last drawable tile may leave nobody able to play.
            if self.value >= 0 and self.pos >= self.limit and self._blocked():
                self.end_blocked()
                return True
            return False
        if move == PASS:
            if self.value < 0:
                self.passes += 1
                if self.passes == self.n:  # a redeal: never in a full set (module docstring)
                    self.cut = True
                    self.turn = -1
                    return True
            self.turn = seat + 1 if seat + 1 < self.n else 0
            return False
        rank = move >> 2
        hand = hands[seat] = hands[seat] ^ BIT[rank]
        if self.value < 0:
            value = self.value = TILES[rank][0]
            self.ends = [value] * 4
            self.count = 2 * value
        else:
            self.count = self.after(move)
            side = move & 3
            self.ends[side] = OTHER[rank * SIDE + self.ends[side]]
            self.mult[side] = 2 if DOUBLE[rank] else 1
            self.taken |= 1 << side
        scored = points(self.count) + (BONUS[rank] if self.bonus else 0)
        if scored and self.score(seat, scored):
            return True
        if not hand:
            self.end_domino(seat)
            return True
        if self.pos >= self.limit and self._blocked():
            self.end_blocked()
            return True
        self.turn = seat + 1 if seat + 1 < self.n else 0
        return False

    def reward(self, seat: int, before: Sequence[float]) -> float:
        """`Judge.reward` for `seat` once the hand is over, `before` the side scores of
        its mark: 1 or 0 for the match won or lost, else 0.5 plus the side's gain less the
        best other side's, over 40 (clipped to [0, 1])."""
        side = seat % 2 if self.pairs else seat
        if self.won >= 0:
            return 1.0 if self.won == side else 0.0
        gains = [now - then for now, then in zip(self.scores, before, strict=True)]
        mine = gains[side]
        theirs = max(g for i, g in enumerate(gains) if i != side)
        return min(1.0, max(0.0, 0.5 + (mine - theirs) / 40))

    def pips(self) -> list[int]:
        """Each seat's pips."""
        return [pips_of(hand) for hand in self.hands]

    def _blocked(self) -> bool:
        ends = self.ends
        wanted = 0
        for i in self.opens[self.taken]:
            wanted |= PIP[ends[i]]
        held = 0
        for hand in self.hands:
            held |= hand
        return not held & wanted

    def score(self, seat: int, scored: int) -> bool:
        """`CarouselGame._score`: add `scored` to the seat's side unless `exact_finish`
        refuses it; True when it wins the match (which ends the hand too)."""
        side = seat % 2 if self.pairs else seat
        total = self.scores[side] + scored
        if total > self.target and self.exact:
            return False
        self.scores[side] = total
        if total >= self.target:
            self.won = side
            self.turn = -1
            return True
        return False

    def opponents(self, seat: int) -> list[int]:
        if self.pairs:
            return [(seat + 1) % 4, (seat + 3) % 4]
        return [s for s in range(self.n) if s != seat]

    def end_domino(self, seat: int) -> None:
        """`seat` laid its last tile: its domino score; the hand is over."""
        pips = self.pips()
        raw = sum(pips[o] for o in self.opponents(seat))
        if self.pairs:
            raw = max(0, raw - pips[(seat + 2) % 4])
        self.score(seat, rounded(raw))
        self.turn = -1

    def end_blocked(self) -> None:
        """Nobody can play: the blocked hand's scores; the hand is over."""
        pips = self.pips()
        low = min(pips)
        tied = [s for s, p in enumerate(pips) if p == low]
        if len(tied) == 1:
            others = self.opponents(tied[0])
            raw = sum(pips[o] for o in others) - (0 if self.summed else low * len(others))
            self.score(tied[0], rounded(raw))
        elif self.summed:
            for seat in tied:
                raw = sum(pips[o] for o in self.opponents(seat) if o not in tied)
                if self.score(seat, rounded(raw) // len(tied)):
                    break
        self.turn = -1


def move_of(move: LineMove) -> int:
    """A `LineMove` of the engine's legal moves as this module's int."""
    if move.kind == "draw":
        return DRAW
    if move.kind == "pass":
        return PASS
    assert move.tile is not None
    return RANK[move.tile.code] * 4 + (SIDE_INDEX[move.end] if move.end else 0)


def line_move(round_: Round, move: int) -> LineMove:
    """This module's `move` in `round_`'s position as the engine's `LineMove`."""
    if move == DRAW:
        return LineMove.draw()
    if move == PASS:
        return LineMove.pass_()
    tile = TILE_OF[move >> 2]
    if round_.value < 0:
        return LineMove("play", tile)
    return LineMove("play", tile, ("L", "R", "U", "D")[move & 3])
