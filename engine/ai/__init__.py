"""Computer players. Each works from a seat's view only, never from hidden hands.

`choose(level, view, rng)` returns one of `view.legal_moves`.
"""

from __future__ import annotations

from typing import Any

from engine.ai.simple import choose_easy, choose_normal
from engine.rng import SeededRandom

LEVELS = ("easy", "normal")


def choose(level: str, view: Any, rng: SeededRandom) -> Any:
    """A move for the seat of `view` at `level`; raises ValueError for an unknown level
    or a view with no legal move (not this seat's turn)."""
    if not view.legal_moves:
        raise ValueError("this seat has no move to make now")
    if level == "easy":
        return choose_easy(view, rng)
    if level == "normal":
        return choose_normal(view, rng)
    raise ValueError(f"unknown AI level {level!r} (one of {', '.join(LEVELS)})")
