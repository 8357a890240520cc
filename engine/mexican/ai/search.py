"""Mexican Train's hard level: the generic determinized search (`engine.ai.hard`) with
this game's sampler and its fast playouts (`engine.mexican.ai.rollout`).

Each round of the search deals the hidden tiles once (`Sampler.deal`, consistent with
the view), then for every legal move lays it on a copy of that deal and plays the round
out at random (`Round.finish`). A playout is worth the mean of the points the other
seats were left with, less the seat's own: the move with the best sum is chosen (ties:
the earlier move of `view.legal_moves`). Only the round in play is judged.

`HALVING` switches the search to successive halving over the moves
(`engine.ai.allocate`, as the Traditional and Carousel hard levels use); `choose_hard`'s
`halving` argument overrides it (the bench plays the two against each other).

Its budget is its own (`HARD_BUDGET`, used when `choose` is given none): a playout here
costs a fraction of a generic one, so it runs more of them, and its wall guard keeps a
decision under a second on a loaded machine (a deal of double-12 at the start of a
round is the longest).
"""

from __future__ import annotations

from typing import Any

from engine.ai.allocate import halving as halve
from engine.ai.hard import Budget, sampled_rounds
from engine.mexican.ai.rollout import Round
from engine.mexican.hidden import Sampler
from engine.mexican.moves import MexicanMove, train_index
from engine.mexican.view import MexicanView
from engine.rng import SeededRandom

HARD_BUDGET = Budget(playouts=1000, seconds=0.9)
HALVING = False  # the flat search until halving is measured no worse here


class _Deals:
    """The generic search's sampler, giving fast rounds instead of games."""

    def __init__(self, view: MexicanView, options: Any) -> None:
        self.sampler = Sampler(view, options)
        self.view = view
        self.blank = self.sampler.options.blank_double

    def sample(self, rng: SeededRandom) -> Round:
        hands, stock = self.sampler.deal(rng)
        return Round.of_view(self.view, hands, stock, self.blank)


def spread(points: list[int], me: int) -> float:
    """The others' mean points less `me`'s: more is better for `me`."""
    return (sum(points) - points[me]) / (len(points) - 1) - points[me]


def choose_hard(view: MexicanView, rng: SeededRandom, budget: Budget | None = None,
                options: Any = None, *, halving: bool | None = None) -> MexicanMove:
    """The move of `view.legal_moves` that did best over the playouts (see the module
    docstring); at once when there is only one. `budget` None is `HARD_BUDGET`; `options`
    are the table's (None: the view's); `halving` None is `HALVING`. Raises ValueError
    for a spectator's view."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    me = view.seat
    assert me is not None
    n = len(view.players)
    # More than one legal move: all of them are tile plays (a draw or pass comes alone).
    roots = []
    for move in moves:
        assert move.tile is not None and move.end is not None
        index = train_index(move.end, n)
        assert index is not None
        roots.append(((move.tile.high, move.tile.low), index))
    deals = _Deals(view, options)
    if HALVING if halving is None else halving:
        def evaluate(base: Round, k: int, rng: SeededRandom) -> float:
            game = base.copy()
            tile, train = roots[k]
            return spread(game.points() if game.lay(tile, train) else game.finish(rng), me)

        return moves[halve(len(moves), deals.sample, evaluate, rng, budget or HARD_BUDGET)]
    totals = [0.0] * len(moves)
    for base in sampled_rounds(deals, rng, budget or HARD_BUDGET, len(moves)):
        for k, (tile, train) in enumerate(roots):
            game = base.copy()
            points = game.points() if game.lay(tile, train) else game.finish(rng)
            totals[k] += spread(points, me)
    best = max(range(len(moves)), key=lambda k: (totals[k], -k))
    return moves[best]


def hard(view: MexicanView, rng: SeededRandom, budget: Budget | None,
         options: Any) -> MexicanMove:
    """The hard level as a policy (`engine.ai.simple.Policy`)."""
    return choose_hard(view, rng, budget, options)
