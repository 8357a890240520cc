"""How the computer guesses the hidden tiles of a Partnership game, and builds a full
game consistent with a seat's view. This is the only code that sets a Partnership
game's state directly.

The view shows the seat's own hand, the line, every hand's size and the hand's public
history. The unseen tiles are the double-6 set less the own hand and the line: they lie
in the other three hands (there is no stock). A pass says that the passer held nothing
showing either open end then, and, as nobody draws, holds none now (`constraints`);
the first hand's lead says its leader holds the lead tile (6-6) while it is not laid.
`engine.hidden` deals the unseen tiles at the public hand sizes respecting that, and
`Sampler.sample` builds an ordinary `PartnershipGame` (the rules the tables run) from
the deal, set to the view's position.
"""

from __future__ import annotations

from collections import deque

from engine.deals import LineDeal, SeedStream
from engine.hidden import Lacks, UnseenDeals, history_lacks
from engine.line import Line, LineBoard
from engine.partnership.game import SET_TOP, PartnershipGame
from engine.partnership.options import PartnershipOptions
from engine.partnership.view import PartnershipView
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set


def unseen_tiles(view: PartnershipView) -> list[Tile]:
    """The tiles in other hands, in set order (with an explicit deal that left tiles out,
    those too). Raises ValueError for a spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to reason from")
    known = set(view.hand) | {p.tile for p in view.line}
    return [t for t in full_set(SET_TOP) if t not in known]


def constraints(view: PartnershipView) -> list[Lacks]:
    """For each seat, what its hand cannot hold now (the view's own seat: nothing)."""
    return history_lacks(view, LineBoard())


class Sampler(UnseenDeals):
    """Full games consistent with one seat's view, one sampled deal each.

    `options` are the table's (None: the view's). Raises ValueError for a spectator's
    view.
    """

    def __init__(self, view: PartnershipView,
                 options: PartnershipOptions | None = None) -> None:
        self.options = options if options is not None else view.options
        super().__init__(view, unseen_tiles(view), constraints(view), LineBoard)

    def deal(self, rng: SeededRandom) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
        """One sampled deal: every seat's hand (the view's own as it is) and no stock.
        Raises ValueError when the view's sizes do not add up."""
        hands, _ = super().deal(rng)
        view = self.view
        lead = view.lead_tile
        # Before the first hand's lead its leader is known to hold the lead tile (6-6):
        # nobody has played, so no pass constrains the tile swapped for it.
        if lead is not None and view.leader != view.seat and lead not in hands[view.leader]:
            holder = next(s for s, hand in enumerate(hands) if lead in hand)
            mine = list(hands[view.leader])
            give = mine.pop(rng.below(len(mine)))
            hands[view.leader] = (*mine, lead)
            hands[holder] = tuple(give if t == lead else t for t in hands[holder])
        return hands, ()

    def sample(self, rng: SeededRandom) -> PartnershipGame:
        """A game in the view's position with one sampled deal of the hidden tiles.

        Raises ValueError when the view's sizes do not add up.
        """
        view = self.view
        hands, _ = self.deal(rng)
        seed = rng.next64() & 0xFFFFFFFF
        game = PartnershipGame(view.players, self.options, seed=seed,
                               deal=LineDeal(tuple(hands), ()))
        # The sampled deal is not the seed's: later hands come from the seed's first deals.
        game._stream = SeedStream(seed, game._dealer(), compare=False)
        line = Line()
        if view.line:
            line.tiles = deque(view.line)
            line.left, line.right = view.line[0].left, view.line[-1].right
        game.line = line
        game.lead_tile = view.lead_tile
        game.leader = view.leader
        game.history = list(view.history)
        assert view.to_move is not None
        game.turn = view.to_move
        game.pair_scores = list(view.pair_scores)
        game.results = list(view.results)
        return game
