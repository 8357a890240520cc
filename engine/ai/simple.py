"""The easy (random) and normal (greedy) players."""

from __future__ import annotations

from typing import Any

from engine.rng import SeededRandom


def choose_easy(view: Any, rng: SeededRandom) -> Any:
    """A uniformly random legal move."""
    moves = view.legal_moves
    return moves[rng.below(len(moves))]


def choose_normal(view: Any, rng: SeededRandom) -> Any:
    """A greedy move: shed the heaviest tile; for the clock, the game's own hint.

    Line games: among tile plays, the most pips first, doubles before others of
    the same weight (they are hardest to place later); draw or pass only when
    nothing fits. Ties break at random.
    """
    if getattr(view, "game", "") == "clock":
        from engine.clock_hint import hint

        return hint(view)
    moves = view.legal_moves
    plays = [m for m in moves if getattr(m, "tile", None) is not None]
    if not plays:
        return moves[0]
    best = max((m.tile.pips, m.tile.is_double) for m in plays)
    top = [m for m in plays if (m.tile.pips, m.tile.is_double) == best]
    return top[rng.below(len(top))]
