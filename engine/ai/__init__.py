"""Computer players. Each works from a seat's view only, never from hidden hands.

`choose(level, view, rng)` returns one of `view.legal_moves`. Levels:
`easy` (a random legal move), `normal` (greedy; the clock's hint) and `hard`
(line games: determinized Monte Carlo search, `engine.ai.hard`; Big Clock:
the Monte Carlo solver, `engine.ai.clock_solver`). `budget` bounds the hard
level's search (playouts and seconds); the other levels ignore it.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import DEFAULT_BUDGET, Budget, choose_hard
from engine.ai.simple import choose_easy, choose_normal
from engine.rng import SeededRandom

LEVELS = ("easy", "normal", "hard")

__all__ = ["DEFAULT_BUDGET", "LEVELS", "Budget", "choose"]


def choose(level: str, view: Any, rng: SeededRandom, budget: Budget | None = None) -> Any:
    """A move for the seat of `view` at `level`; raises ValueError for an unknown level
    or a view with no legal move (not this seat's turn)."""
    if not view.legal_moves:
        raise ValueError("this seat has no move to make now")
    if level == "easy":
        return choose_easy(view, rng)
    if level == "normal":
        return choose_normal(view, rng)
    if level == "hard":
        if getattr(view, "game", "") == "clock":
            from engine.ai.clock_solver import solve

            return solve(view, rng, budget or DEFAULT_BUDGET)
        return choose_hard(view, rng, budget or DEFAULT_BUDGET)
    raise ValueError(f"unknown AI level {level!r} (one of {', '.join(LEVELS)})")
