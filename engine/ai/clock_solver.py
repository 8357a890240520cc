"""A Big Clock solver for the hint button and the hard level: Monte Carlo over the unseen.

The view shows each hour's top and height, the discards, the drawn tile and
the stock size; the order of the stock and the tiles under the tops are
hidden. Each round samples them consistently: doubles are never buried, so
buried tiles are non-doubles, each sharing a number with the tile above it (a
tile is only ever laid on such a one) as far as the unseen tiles allow; every
other unseen tile is in the stock, in a random order. It builds a `ClockGame`
in the view's position from the sample (the same rules
code), and plays each candidate move followed by the `hint` policy to the end.
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
import time

from engine.ai.hard import Budget
from engine.clock import ClockGame, ClockOptions
from engine.clock_deal import ClockDeal, clock_tiles
from engine.clock_hint import hint
from engine.clock_view import ClockMove, ClockView
from engine.rng import SeededRandom
from engine.tiles import Tile

MAX_ROLLOUT_MOVES = 3000  # the hint policy always ends; this only guards
MARGIN = 2.0  # standard errors by which a move must beat the hint's


def solve(view: ClockView, rng: SeededRandom, budget: Budget) -> ClockMove:
    """The move of `view.legal_moves` that wins most often in the rollouts.

    Reads only the view. Raises ValueError when the game is over or the view
    is a spectator's (no legal moves).
    """
    if view.outcome is not None or not view.legal_moves:
        raise ValueError("the game is over or this is not the player's view")
    suggested = hint(view)
    candidates = [suggested] + [m for m in view.legal_moves if m != suggested]
    if len(candidates) == 1:
        return suggested
    start = time.perf_counter()
    rewards: list[list[float]] = [[] for _ in candidates]
    done = 0
    while done < budget.playouts:
        if done and time.perf_counter() - start >= budget.seconds:
            break
        root = position(view, rng)
        for k, move in enumerate(candidates):
            game = root.copy()
            game.play(move)
            rewards[k].append(rollout(game))
        done += len(candidates)
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


def position(view: ClockView, rng: SeededRandom) -> ClockGame:
    """A `ClockGame` in the view's position with one sample of the hidden tiles.

    Raises ValueError when the view's counts do not add up.
    """
    n = view.hours
    seen: set[Tile] = {t for t in view.tops if t is not None} | set(view.discards)
    if view.drawn is not None:
        seen.add(view.drawn)
    unseen = [t for t in clock_tiles(n) if t not in seen]
    buried_count = sum(max(0, h - 1) for h in view.heights)
    plain = rng.shuffled([t for t in unseen if not t.is_double])
    if len(plain) < buried_count or len(unseen) - buried_count != view.stock_size:
        raise ValueError("the view's piles and stock do not add up")
    piles: list[list[Tile]] = [[] for _ in range(n + 1)]
    for hour in range(1, n + 1):
        top, height = view.tops[hour - 1], view.heights[hour - 1]
        if top is None:
            continue
        # A tile was only ever laid on one sharing a number with it: fill each pile
        # downwards with such tiles while there are any.
        pile = [top]
        for _ in range(height - 1):
            above = pile[-1]
            at = next((i for i, t in enumerate(plain)
                       if t.has(above.high) or t.has(above.low)), 0)
            pile.append(plain.pop(at))
        piles[hour] = pile[::-1]
    stock = rng.shuffled(plain + [t for t in unseen if t.is_double])
    placeholder = tuple(t for t in clock_tiles(n) if not t.is_double)[:n]
    game = ClockGame(("Solver",), ClockOptions(n), deal=ClockDeal(placeholder, tuple(stock)))
    game.piles = piles
    game.drawn = view.drawn
    game.discards = list(view.discards)
    game.moves = list(view.history)
    game._outcome = None
    return game
