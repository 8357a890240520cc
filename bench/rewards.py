"""Carousel hard searches that reward their playouts otherwise than the shipped one, for
bench/bench_ai.py (issue 27: what each part of the reward is worth on its own).

The shipped search (`engine.carousel.ai.search.choose_hard`) rewards a playout that ends
the hand by its side's gain less the best other side's (`Round.reward`: a pair's in
pairs), whatever the match's scores. These keep everything else (the deals, the guided
playouts, successive halving) and never solve the endgame exactly (the solver has the
shipped reward), so each is to be met by `hardnoend`, or by `hard` where that solver
never applies (3 sides or more):
- `hardselfish` (`SelfishRound.reward`): the seat's own gain less the other pair's; its
  partner's points count for nothing, though a match its pair wins is still won
  (`SelfishRound` keeps each seat's own points beside the sides').
- `hardmatch` (`match_chance`): the side's chance to win the match from the scores the
  hand left, a softmax of what each side still needs to reach the target; a side near
  it then weighs more, so the search blocks the leader and hurries when it leads.
- `hardmean` (`mean_gain`): the side's gain less the mean of the other sides' gains
  instead of the best one's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.ai.hard import Budget
from engine.carousel.ai.rollout import Round
from engine.carousel.ai.search import Reward, Start, choose_hard
from engine.carousel.view import CarouselView
from engine.moves import LineMove
from engine.rng import SeededRandom

# Measured 2026-12-05 (normal against normal, 4 players, 40 matches): a seat gains
# 5.5 points a hand on average, standard deviation 3.9; so two seats' totals part by
# about 3.9 x sqrt(2k) after k hands, a logistic scale of 3.2 x sqrt(k).
RATE = 5.5
SCALE = 3.2


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

    def reward(self, seat: int, before: Sequence[float]) -> float:
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


def match_chance(game: Round, seat: int, before: Sequence[int] = (),
                 rate: float = RATE, scale: float = SCALE) -> float:
    """The chance that `seat`'s side wins the match once `game`'s hand is over: 1 or 0
    when it is decided, else a softmax of what each side still needs to reach the
    target, on a scale that narrows as the leader nears it (`scale` x the square root of
    the hands the leader still needs at `rate` points a hand). `before` is not read."""
    side = seat % 2 if game.pairs else seat
    if game.won >= 0:
        return 1.0 if game.won == side else 0.0
    needs = [max(game.target - s, 0) for s in game.scores]
    lead = min(needs)
    spread = scale * math.sqrt(max(1.0, lead / rate))
    weights = [math.exp((lead - need) / spread) for need in needs]
    return weights[side] / sum(weights)


def mean_gain(game: Round, seat: int, before: Sequence[int]) -> float:
    """`Round.reward` with the other sides' mean gain in place of the best one's."""
    side = seat % 2 if game.pairs else seat
    gains = [now - then for now, then in zip(game.scores, before, strict=True)]
    theirs = (sum(gains) - gains[side]) / (len(gains) - 1)
    # Every other side counted as gaining the mean: the best of them is the mean.
    counted = [now - (gains[side] if i == side else theirs)
               for i, now in enumerate(game.scores)]
    return game.reward(seat, counted)


def _selfish_copy(game: Round) -> Round:
    return SelfishRound.of(game.copy())


def _own_reward(game: Round, seat: int, before: Sequence[int]) -> float:
    return game.reward(seat, before)  # a `SelfishRound`'s own


# The bench's level names: (how a playout's round is made from a sampled one, its reward).
REWARDS: dict[str, tuple[Start, Reward]] = {
    "hardselfish": (_selfish_copy, _own_reward),
    "hardmatch": (Round.copy, match_chance),
    "hardmean": (Round.copy, mean_gain),
}


def choose_rewarded(level: str, view: CarouselView, rng: SeededRandom,
                    budget: Budget | None = None, options: Any = None) -> LineMove:
    """`choose_hard(..., exact=False)` with the playouts rewarded as `REWARDS[level]`
    says (see the module docstring). Raises KeyError for another level."""
    start, reward = REWARDS[level]
    return choose_hard(view, rng, budget, options, exact=False, start=start, reward=reward)
