"""A Carousel hard search that does not play for its partner, for bench/bench_ai.py's
`hardselfish` (what playing for the pair is worth on its own, issue 27).

The shipped search (`engine.carousel.search.choose_hard`) rewards a playout by the
pair's gain less the other pair's (`Round.reward`). This one keeps each seat's own
points beside the sides' (`SelfishRound`) and rewards a playout by the seat's own gain
less the other pair's: its partner's points count for nothing, though a match its pair
wins is still won. It never solves the endgame exactly (that solver plays for the
pair), so it is to be met by `hardnoend`, the shipped search without its endgame: the
two differ only in whose points a playout counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ai.exact import then_sample
from engine.ai.hard import Budget
from engine.carousel.playout import finish
from engine.carousel.rollout import Round, move_of
from engine.carousel.search import HARD_BUDGET, _Deals
from engine.carousel.view import CarouselView
from engine.moves import LineMove
from engine.rng import SeededRandom


class SelfishRound(Round):
    """A `Round` that also counts each seat's own points (`own`)."""

    __slots__ = ("own",)
    own: list[int]

    def score(self, seat: int, scored: int) -> bool:
        side = seat % 2 if self.pairs else seat
        before = self.scores[side]
        won = super().score(seat, scored)
        # `exact_finish` may refuse the points: count only what the side got.
        self.own[seat] += self.scores[side] - before
        return won

    def reward(self, seat: int, before: Sequence[int]) -> float:
        """`Round.reward` with the seat's own gain in place of its pair's: the partner's
        points count for nothing (a match the pair wins is still won)."""
        side = seat % 2 if self.pairs else seat
        counted = list(before)
        counted[side] = self.scores[side] - self.own[seat]
        return super().reward(seat, counted)

    @classmethod
    def of(cls, game: Round) -> SelfishRound:
        """`game` with every seat's own points at 0."""
        new = cls.__new__(cls)
        for name in Round.__slots__:
            setattr(new, name, getattr(game, name))
        new.own = [0] * game.n
        return new


def choose_selfish(view: CarouselView, rng: SeededRandom, budget: Budget | None = None,
                   options: Any = None) -> LineMove:
    """`choose_hard(..., exact=False)`, each playout rewarded by the seat's own points
    (see the module docstring)."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    me = view.seat
    assert me is not None
    deals = _Deals(view, options)
    roots = [move_of(m) for m in moves]

    def evaluate(base: Round, k: int, rng: SeededRandom) -> float:
        game = SelfishRound.of(base.copy())
        if not game.play(roots[k]):
            finish(game, rng)
        return game.reward(me, base.scores)

    return moves[then_sample(len(moves), (None, None), budget or HARD_BUDGET,
                             sample=deals.sample, evaluate=evaluate, rng=rng)]
