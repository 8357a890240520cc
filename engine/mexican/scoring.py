"""What a finished Mexican Train game's results carry per seat (`engine.figures`)."""

from __future__ import annotations

from typing import Any


def result_figures(game: Any) -> list[dict[str, int]]:
    """Each seat's figures: `rounds`, the rounds finished (the same for every seat), and
    `low_round`, the seat's fewest points in one of them (0 when no round finished, as
    when the game ended early by a resignation before the first round's end)."""
    results = game.results
    return [{"rounds": len(results),
             "low_round": min((r.points[seat] for r in results), default=0)}
            for seat in range(len(game.players))]
