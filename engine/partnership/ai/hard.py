"""Partnership Dominó's hard level: a determinised search that plays for its pair.

Each root deals the hidden tiles once (`engine.partnership.hidden.Sampler.deal`:
consistent with every pass seen, so with what the partner's and the opponents' passes
show); a move is judged by laying it on a copy of that deal and playing the hand out at
random (`engine.partnership.ai.rollout`). The reward is the hand's worth to the seat's
*pair* (`hand_reward`): a partner's going out is as good as its own, a block is judged
by the two pairs' counts, and more points are better. The moves share the budget by
successive halving (`engine.ai.allocate.halving`).
"""

from __future__ import annotations

from typing import Any

from engine.ai.allocate import halving
from engine.ai.hard import DEFAULT_BUDGET, Budget
from engine.moves import LineMove
from engine.partnership.ai.normal import hand_reward
from engine.partnership.ai.rollout import Round
from engine.partnership.hidden import Sampler
from engine.partnership.options import PartnershipOptions
from engine.partnership.scoring import pair_of
from engine.partnership.view import PartnershipView
from engine.rng import SeededRandom

HARD_BUDGET = DEFAULT_BUDGET


def choose_hard(view: PartnershipView, rng: SeededRandom, budget: Budget | None = None,
                options: PartnershipOptions | None = None) -> LineMove:
    """The move of `view.legal_moves` that did best by successive halving (see the module
    docstring); at once when there is only one. `budget` None is `HARD_BUDGET`; `options`
    are the table's (None: the view's). Raises ValueError for a spectator's view."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    if view.seat is None or view.to_move is None:
        raise ValueError("a spectator's view has no move to choose")
    sampler = Sampler(view, options)
    rules = sampler.options
    pair = pair_of(view.seat)
    left, right = view.ends if view.ends is not None else (-1, -1)
    turn = view.to_move

    def sample(rng: SeededRandom) -> Round:
        hands, _ = sampler.deal(rng)
        return Round([list(h) for h in hands], left, right, turn)

    def evaluate(root: Round, k: int, rng: SeededRandom) -> float:
        game = root.copy()
        ended = game.play(moves[k], rules)
        if ended is None:
            ended = game.finish(rng, rules)
        return hand_reward(ended.winner, ended.points, pair)

    return moves[halving(len(moves), sample, evaluate, rng, budget or HARD_BUDGET)]


def hard(view: PartnershipView, rng: SeededRandom, budget: Budget | None,
         options: Any) -> LineMove:
    """The hard level as a policy (`engine.ai.simple.Policy`)."""
    return choose_hard(view, rng, budget, options)
