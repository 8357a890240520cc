"""The Carousel's hard level on fast playouts: the generic determinized search
(`engine.ai.hard.choose_hard` with `engine.carousel.ai.policy.JUDGE`) with this game's
sampler and `engine.carousel.ai.rollout`.

Each root deals the hidden tiles once (`Sampler.deal`, consistent with the view, then
one number for the seed of later deals, as `Sampler.sample` draws it); a move is judged
by playing it on a copy of that deal and the hand out with `Judge.pick`'s guided moves
(`engine.carousel.ai.playout.finish`), rewarded as `Judge.reward` does. The moves share the
budget by successive halving (`engine.ai.allocate.halving`). The kernel draws the same random
numbers as the rules engine's playouts, so this search chooses exactly the generic
search's move for a seed (tests/engine/test_carousel_rollout.py checks it, with
`exact` off), at a fraction of its CPU (bench/README.md).

When few tiles are hidden (`engine.carousel.ai.endgame`: two sides, a stock of a few tiles
at most, and few enough consistent deals for the budget) every deal is solved exactly
instead, and the move of best mean value is played; moves that tie for it are then
compared by the sampling search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.exact import then_sample
from engine.ai.hard import DEFAULT_BUDGET, Budget
from engine.carousel.ai import playout
from engine.carousel.ai.endgame import TWO_SIDES, choose_exact
from engine.carousel.ai.rollout import Round, move_of
from engine.carousel.hidden import Sampler
from engine.carousel.view import CarouselView
from engine.moves import LineMove
from engine.rng import SeededRandom

# The tables' budget: the kernel makes a playout about 4x cheaper, so the same second
# holds 4x the generic search's 600 playouts (measured 2026-12-03: 132 / 244 ms CPU
# median / p95 a decision at 4 players; 89.0% of 100 pair matches against normal).
HARD_BUDGET = Budget(playouts=4 * DEFAULT_BUDGET.playouts, seconds=DEFAULT_BUDGET.seconds)

Start = Callable[[Round], Round]
"""A playout's round made from a sampled one (`Round.copy`, or a subclass's copy)."""
Finish = Callable[[Round, SeededRandom], None]
"""Plays a round to the end of its hand (`engine.carousel.ai.playout.finish`)."""
Reward = Callable[[Round, int, Sequence[int]], float]
"""A played-out round's worth to a seat, given the side scores before (`Round.reward`)."""


class _Deals:
    """The generic search's sampler, giving fast rounds instead of games."""

    def __init__(self, view: CarouselView, options: Any) -> None:
        self.sampler = Sampler(view, options)
        self.view = view

    def sample(self, rng: SeededRandom) -> Round:
        hands, stock = self.sampler.deal(rng)
        rng.next64()  # `Sampler.sample`'s seed of later deals: the same random numbers
        return Round.of_view(self.view, hands, stock, self.sampler.options)


def choose_hard(view: CarouselView, rng: SeededRandom, budget: Budget | None = None,
                options: Any = None, *, exact: bool = True, sides: int = TWO_SIDES,
                used: list[str] | None = None, start: Start = Round.copy,
                finish: Finish = playout.finish, reward: Reward = Round.reward) -> LineMove:
    """The move of `view.legal_moves` that did best by successive halving, or by the
    exact endgame when `exact` and it applies to at most `sides` sides (see the module
    docstring); at once when there is only one. `budget` None is `HARD_BUDGET` (the
    exact solve and the halving after it share its seconds); `options` are the table's
    (None: the view's). `used`, when given, gets how the move was chosen appended
    ("exact", "tied": exact then sampled among the best, "out": the solver ran out of
    nodes or time and the halving chose, "sampled": the solver did not apply; for
    benches). `start`, `finish` and `reward` make, play out and reward the sampling
    search's playouts (the bench's variants; the exact endgame keeps its own).
    Raises ValueError for a spectator's view."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    me = view.seat
    assert me is not None
    budget = budget or HARD_BUDGET
    deals = _Deals(view, options)
    solved = (choose_exact(view, deals.sampler, budget, rng, sides=sides) if exact
                   else (None, None))
    roots = [move_of(m) for m in moves]

    def evaluate(base: Round, k: int, rng: SeededRandom) -> float:
        game = start(base)
        if not game.play(roots[k]):
            finish(game, rng)
        return reward(game, me, base.scores)

    return moves[then_sample(len(moves), solved, budget, sample=deals.sample,
                             evaluate=evaluate, rng=rng, used=used)]


def hard(view: CarouselView, rng: SeededRandom, budget: Budget | None,
         options: Any) -> LineMove:
    """The hard level as a policy (`engine.ai.simple.Policy`)."""
    return choose_hard(view, rng, budget, options)
