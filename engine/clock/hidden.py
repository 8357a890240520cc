"""How the computer guesses the hidden tiles of Big Clock, and builds a full game
consistent with the player's view. This is the only code that sets a Big Clock
game's state directly.

The view shows every pile (each tile under a top was laid face up), the discards,
the drawn tile and the stock size: only the order of the stock is hidden, and a
sample shuffles the unseen tiles into it.
"""

from __future__ import annotations

from engine.clock.deal import ClockDeal, clock_tiles
from engine.clock.game import ClockGame
from engine.clock.options import ClockOptions
from engine.clock.view import ClockView
from engine.rng import SeededRandom
from engine.tiles import Tile


def unseen_tiles(view: ClockView) -> list[Tile]:
    """The tiles of the stock, in set order: the set less every pile, the discards and
    the drawn tile."""
    seen: set[Tile] = {t for pile in view.piles for t in pile} | set(view.discards)
    if view.drawn is not None:
        seen.add(view.drawn)
    return [t for t in clock_tiles(view.hours) if t not in seen]


class Sampler:
    """Full games consistent with the player's view, one sample each. `options` are
    the table's (None: the view's)."""

    def __init__(self, view: ClockView, options: ClockOptions | None = None) -> None:
        self.view = view
        self.options = options if options is not None else view.options

    def sample(self, rng: SeededRandom) -> ClockGame:
        """A `ClockGame` in the view's position with one sample of the hidden tiles.

        Raises ValueError when the view's counts do not add up.
        """
        view = self.view
        n = view.hours
        unseen = unseen_tiles(view)
        if len(unseen) != view.stock_size:
            raise ValueError("the view's piles and stock do not add up")
        stock = rng.shuffled(unseen)
        piles: list[list[Tile]] = [[], *(list(pile) for pile in view.piles)]
        placeholder = tuple(t for t in clock_tiles(n) if not t.is_double)[:n]
        game = ClockGame((view.player,), self.options, deal=ClockDeal(placeholder, tuple(stock)))
        game.piles = piles
        game.drawn = view.drawn
        game.discards = list(view.discards)
        game.moves = list(view.history)
        game._outcome = None
        return game
