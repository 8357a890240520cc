"""How the computer guesses the hidden tiles of Big Clock, and builds a full game
consistent with the player's view. This is the only code that sets a Big Clock
game's state directly.

The view shows each hour's top and height, the discards, the drawn tile and the
stock size; the order of the stock and the tiles under the tops are hidden. A
sample fills them consistently: doubles are never buried, so buried tiles are
non-doubles, each sharing a number with the tile above it (a tile is only ever
laid on such a one) as far as the unseen tiles allow; every other unseen tile is
in the stock, in a random order.
"""

from __future__ import annotations

from engine.clock.deal import ClockDeal, clock_tiles
from engine.clock.game import ClockGame
from engine.clock.options import ClockOptions
from engine.clock.view import ClockView
from engine.rng import SeededRandom
from engine.tiles import Tile


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
        game = ClockGame((view.player,), self.options, deal=ClockDeal(placeholder, tuple(stock)))
        game.piles = piles
        game.drawn = view.drawn
        game.discards = list(view.discards)
        game.moves = list(view.history)
        game._outcome = None
        return game
