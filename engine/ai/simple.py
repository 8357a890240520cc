"""The easy level, the same for every game: a uniformly random legal move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rng import SeededRandom

# A level's player: (view, rng, budget, the table's options or None) -> one of the
# view's legal moves. Each game package lists its own by level (`POLICIES`).
Policy = Callable[[Any, SeededRandom, Any, Any], Any]


def easy(view: Any, rng: SeededRandom, budget: Any, options: Any) -> Any:
    """The easy level as a `Policy`: a uniformly random move of `view.legal_moves`."""
    moves = view.legal_moves
    return moves[rng.below(len(moves))]
