"""The Traditional game's hard level on fast playouts: the generic determinized search
(`engine.ai.hard.sampled_rounds`) with this game's sampler and `engine.traditional.rollout`.

Each round deals the hidden tiles once (`Sampler.deal`, consistent with the view), then
for every legal move plays it on a copy of that deal and plays the hand out at random
(`Round.finish`). A playout is worth 1 when the seat wins the hand, else 0, as
`engine.traditional.policy.Judge` rewards it (0.5 if a guard cut it short). The move
with the best sum is chosen; ties go to the earlier move of `view.legal_moves`.

Not registered in `POLICIES` yet: the AI pins (tests/engine/test_ai_pins.py) would
change, as the random stream is consumed differently.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import DEFAULT_BUDGET, Budget, sampled_rounds
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.traditional.hidden import Sampler
from engine.traditional.rollout import CUT, Round, move_of
from engine.traditional.view import TraditionalView

HARD_BUDGET = DEFAULT_BUDGET  # the generic search's playouts, for the same strength


class _Deals:
    """The generic search's sampler, giving fast rounds instead of games."""

    def __init__(self, view: TraditionalView, options: Any) -> None:
        self.sampler = Sampler(view, options)
        self.view = view

    def sample(self, rng: SeededRandom) -> Round:
        hands, stock = self.sampler.deal(rng)
        return Round.of_view(self.view, hands, stock, self.sampler.options)


def choose_hard(view: TraditionalView, rng: SeededRandom, budget: Budget | None = None,
                options: Any = None) -> LineMove:
    """The move of `view.legal_moves` that did best over the playouts (see the module
    docstring); at once when there is only one. `budget` None is `HARD_BUDGET`; `options`
    are the table's (None: the view's). Raises ValueError for a spectator's view."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    me = view.seat
    assert me is not None
    roots = [move_of(m) for m in moves]
    totals = [0.0] * len(moves)
    for base in sampled_rounds(_Deals(view, options), rng, budget or HARD_BUDGET, len(moves)):
        for k, move in enumerate(roots):
            game = base.copy()
            winner = game.winner if game.play(move) else game.finish(rng)
            totals[k] += 0.5 if winner == CUT else 1.0 if winner == me else 0.0
    best = max(range(len(moves)), key=lambda k: (totals[k], -k))
    return moves[best]


def hard(view: TraditionalView, rng: SeededRandom, budget: Budget | None,
         options: Any) -> LineMove:
    """The hard level as a policy (`engine.ai.simple.Policy`)."""
    return choose_hard(view, rng, budget, options)
