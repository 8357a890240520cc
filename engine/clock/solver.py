"""A Big Clock solver for the hint button and the hard level: Monte Carlo over the unseen.

Each round samples the hidden tiles (the stock's order and the tiles under the
tops) consistently with the view and builds a `ClockGame` in the view's
position (`engine.clock.hidden`), and plays each candidate move followed by
the `hint` policy to the end.
The hint's own move is kept unless another move did better on the same
samples by a clear margin (two standard errors of the paired difference;
more hours home counts a little): with few rollouts, the luckiest of many
noisy estimates would otherwise win.

Moves with no real choice (a single legal move) are returned at once. The
search is bounded by `budget.playouts` rollouts (whole rounds; deterministic
for a seed) and by `budget.seconds` of wall-clock time as a safety cap.
"""

from __future__ import annotations

import math

from engine.ai.hard import Budget, sampled_rounds
from engine.clock.game import ClockGame
from engine.clock.hidden import Sampler
from engine.clock.hint import hint
from engine.clock.options import ClockOptions
from engine.clock.view import ClockMove, ClockView
from engine.rng import SeededRandom

MAX_ROLLOUT_MOVES = 3000  # the hint policy always ends; this only guards
MARGIN = 2.0  # standard errors by which a move must beat the hint's


def solve(view: ClockView, rng: SeededRandom, budget: Budget,
          options: ClockOptions | None = None) -> ClockMove:
    """The move of `view.legal_moves` that wins most often in the rollouts.

    Reads only the view (and the table's `options`, None: the view's). Raises
    ValueError when the game is over or the view is a spectator's (no legal moves).
    """
    if view.outcome is not None or not view.legal_moves:
        raise ValueError("the game is over or this is not the player's view")
    suggested = hint(view)
    candidates = [suggested] + [m for m in view.legal_moves if m != suggested]
    if len(candidates) == 1:
        return suggested
    rewards: list[list[float]] = [[] for _ in candidates]
    for root in sampled_rounds(Sampler(view, options), rng, budget, len(candidates)):
        for k, move in enumerate(candidates):
            game = root.copy()
            game.play(move)
            rewards[k].append(rollout(game))
    return candidates[_best(rewards)]


def _best(rewards: list[list[float]]) -> int:
    """The candidate to play: the hint's (index 0) unless another did better on the same
    samples by more than `MARGIN` standard errors of the paired difference (the best
    such one; earlier on ties). Guards against picking the luckiest of noisy estimates."""
    base = rewards[0]
    rounds = len(base)
    best, best_mean = 0, 0.0
    for k in range(1, len(rewards)):
        diffs = [a - b for a, b in zip(rewards[k], base, strict=True)]
        mean = sum(diffs) / rounds
        if mean <= best_mean or rounds < 2:
            continue
        var = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
        if mean > MARGIN * math.sqrt(var / rounds):
            best, best_mean = k, mean
    return best


def rollout(game: ClockGame) -> float:
    """Follow the hint to the end: 1 for a win, else a little for each hour home."""
    for _ in range(MAX_ROLLOUT_MOVES):
        if game.outcome() is not None:
            break
        game.play(hint(game))
    outcome = game.outcome()
    if outcome is not None and outcome.winners:
        return 1.0
    return len(game.home_hours()) / (100 * game.hours)
