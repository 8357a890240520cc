"""The Traditional game's hard level on fast playouts: the generic determinized search
with this game's sampler and `engine.traditional.ai.rollout`.

Each root deals the hidden tiles once (`Sampler.deal`, consistent with the view); a
move is judged by playing it on a copy of that deal and the hand out at random
(`Round.finish`), worth 1 when the seat wins the hand, else 0, as
`engine.traditional.ai.policy.Judge` rewards it (0.5 for `CUT`, a position found blocked
already, which a real hand never reaches). The moves share the budget by successive
halving (`engine.ai.allocate.halving`), as the generic hard level does; a decision at
600 playouts costs about 8-10 ms CPU on the kernel, 40 ms on the rules engine, so the
tables' budget (`HARD_BUDGET`) is 2,400 playouts: the rules engine's second holds 4x
the playouts here, as in the Carousel.

When few tiles are hidden (`engine.traditional.ai.endgame`: a stock of a few tiles at
most, and few enough consistent deals for the budget) every deal is solved exactly
instead, and the move of best mean value is played; moves that tie for it (a lost
position, say) are then compared by the sampling search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.ai.exact import then_sample
from engine.ai.hard import DEFAULT_BUDGET, Budget
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.traditional.ai.endgame import choose_exact
from engine.traditional.ai.rollout import CUT, Round, Words, move_of
from engine.traditional.hidden import Sampler
from engine.traditional.view import TraditionalView

# The tables' budget: about the CPU of the generic search's 600 playouts (bench_ai_time, 2-4
# players, median 38-45 ms a decision against 34-41); against that search at its 600 it won
# 55.1% / 52.1% / 53.2% of 2,000 / 4,000 / 2,000 hands at 2 / 3 / 4 players (2026-12-05),
# where 600 playouts here won 51.0% of the first 500 4-player hands.
HARD_BUDGET = Budget(playouts=4 * DEFAULT_BUDGET.playouts, seconds=DEFAULT_BUDGET.seconds)
EXACT_PLAYOUTS = 600  # the exact endgame's work is bounded as at this many playouts, however
# many the sampling has: its nodes grow with the budget (at 2,400 its decisions' CPU p95 was
# 436-851 ms, against 140 ms at 600), the playouts only with the time they are given
Finish = Callable[[Round, Words], int]
"""A playout: plays a `Round` to the end of its hand, returns its winner (`Round.finish`)."""


class _Deals:
    """The generic search's sampler, giving fast rounds instead of games."""

    def __init__(self, view: TraditionalView, options: Any) -> None:
        self.sampler = Sampler(view, options)
        self.view = view

    def sample(self, rng: SeededRandom) -> Round:
        hands, stock = self.sampler.deal(rng)
        return Round.of_view(self.view, hands, stock, self.sampler.options)


def choose_hard(view: TraditionalView, rng: SeededRandom, budget: Budget | None = None,
                options: Any = None, *, exact: bool = True,
                used: list[str] | None = None, finish: Finish | None = None) -> LineMove:
    """The move of `view.legal_moves` that did best by successive halving, or by the
    exact endgame when `exact` and it applies (see the module docstring); at once when
    there is only one. `budget` None is `HARD_BUDGET` (the exact solve and the halving
    after it share its seconds); `options` are the table's (None: the view's). `used`,
    when given, gets how the move was chosen appended ("exact", "tied": exact then
    sampled among the best, "out": the solver ran out, "sampled"; for benches).
    `finish` plays the playouts (None:
    `Round.finish`'s random moves). Raises ValueError for a spectator's view."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    me = view.seat
    assert me is not None
    budget = budget or HARD_BUDGET
    deals = _Deals(view, options)
    bounded = replace(budget, playouts=min(budget.playouts, EXACT_PLAYOUTS))
    solved = choose_exact(view, deals.sampler, bounded, rng) if exact else (None, None)
    roots = [move_of(m) for m in moves]
    playout: Finish = Round.finish if finish is None else finish

    def evaluate(base: Round, k: int, rng: SeededRandom) -> float:
        game = base.copy()
        winner = game.winner if game.play(roots[k]) else playout(game, rng)
        return 0.5 if winner == CUT else 1.0 if winner == me else 0.0

    return moves[then_sample(len(moves), solved, budget, sample=deals.sample,
                             evaluate=evaluate, rng=rng, used=used)]


def hard(view: TraditionalView, rng: SeededRandom, budget: Budget | None,
         options: Any) -> LineMove:
    """The hard level as a policy (`engine.ai.simple.Policy`)."""
    return choose_hard(view, rng, budget, options)
