"""What a Big Clock game's result carries (`engine.figures`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.clock.game import ClockGame


def result_figures(game: ClockGame) -> list[dict[str, int]]:
    """The player's figures: `hours_home`, the hours brought home, and `discards`, the
    tiles discarded (also of a game given up early)."""
    return [{"hours_home": len(game.home_hours()), "discards": len(game.discards)}]
