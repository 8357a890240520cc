"""Computer players. Each works from a seat's view only, never from hidden hands.

`choose(level, view, rng)` returns one of `view.legal_moves`. Every game lists
its players by level in its package (`POLICIES`, found through the registry):
`easy` (a random legal move, `engine.ai.simple`), `normal` (the game's greedy
player or hint) and `hard` (line games: determinized Monte Carlo search,
`engine.ai.hard`, on a kernel of the game's own where it has one, solved exactly
near a hand's end in Traditional and the Carousel, `engine.ai.exact`; Big Clock: the
planner's board value and rescue search, `engine.clock.ai.planner`, with playouts on
sampled stock orders where it has a choice, `engine.clock.ai.montecarlo`). `budget`
bounds the hard search (playouts and seconds; None: the game's own, `DEFAULT_BUDGET`
unless its hard level has one, as Mexican Train's and Big Clock's have); the other
levels ignore it.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import DEFAULT_BUDGET, Budget
from engine.game import GameView, MoveLike
from engine.registry import game_spec
from engine.rng import SeededRandom

LEVELS = ("easy", "normal", "hard")

__all__ = ["DEFAULT_BUDGET", "LEVELS", "Budget", "choose"]


def choose(level: str, view: GameView, rng: SeededRandom, budget: Budget | None = None,
           options: Any = None) -> MoveLike:
    """A move for the seat of `view` at `level`; raises ValueError for an unknown level
    or a view with no legal move (not this seat's turn).

    `options` (the table's options, or None) are handed to the level's player, and so is
    `budget` (None: the level's own)."""
    if not view.legal_moves:
        raise ValueError("this seat has no move to make now")
    policy = game_spec(view.game).policies.get(level)
    if policy is None:
        raise ValueError(f"unknown AI level {level!r} (one of {', '.join(LEVELS)})")
    move: MoveLike = policy(view, rng, budget, options)
    return move
