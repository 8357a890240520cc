"""How the computer guesses the hidden tiles of a Traditional game, and builds a full
game consistent with a seat's view. This is the only code that sets a Traditional
game's state directly.

The view shows the seat's own hand, the line, every hand's size, the stock's size
and the hand's public history. The unseen tiles (`unseen_tiles`) are the double-6
set less the own hand and the line: they lie in the other hands or the stock.
A draw or a pass says that the mover held nothing showing either open end of the
line then (`constraints`; before the lead it says nothing); `engine.hidden`
turns the history into what each seat cannot hold now, soundly, and deals the
unseen tiles at the public hand sizes respecting it. `Sampler.sample` builds an
ordinary `TraditionalGame` (the rules the tables run) from that deal and sets it
to the view's position: the line, the history, the turn, the scores and the
match's finished hands.
"""

from __future__ import annotations

from collections import deque

from engine.deals import LineDeal, SeedStream
from engine.hidden import Lacks, UnseenDeals, history_lacks
from engine.line import Line, LineBoard
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional.deal import SET_TOP
from engine.traditional.game import TraditionalGame
from engine.traditional.options import TraditionalOptions
from engine.traditional.scoring import NO_WINNER
from engine.traditional.view import TraditionalView


def unseen_tiles(view: TraditionalView) -> list[Tile]:
    """The tiles in other hands or in the stock, in set order. Raises ValueError for a
    spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to reason from")
    known = set(view.hand) | {p.tile for p in view.line}
    return [t for t in full_set(SET_TOP) if t not in known]


def constraints(view: TraditionalView) -> list[Lacks]:
    """For each seat, what its hand cannot hold now (the view's own seat: nothing)."""
    return history_lacks(view, LineBoard())


class Sampler(UnseenDeals):
    """Full games consistent with one seat's view, one sampled deal each.

    `options` are the table's (None: the view's). Raises ValueError for a
    spectator's view.
    """

    def __init__(self, view: TraditionalView, options: TraditionalOptions | None = None) -> None:
        self.options = options if options is not None else view.options
        super().__init__(view, unseen_tiles(view), constraints(view), LineBoard)

    def sample(self, rng: SeededRandom) -> TraditionalGame:
        """A game in the view's position with one sampled deal of the hidden tiles.

        Raises ValueError when the view's sizes do not add up.
        """
        view = self.view
        hands, stock = self.deal(rng)
        seed = rng.next64() & 0xFFFFFFFF
        game = TraditionalGame(view.players, self.options, seed=seed,
                               deal=LineDeal(tuple(hands), stock))
        # The sampled deal is not the seed's: later hands come from the seed's first deals.
        game._stream = SeedStream(seed, game._dealer(), compare=False)
        line = Line()
        if view.line:
            line.tiles = deque(view.line)
            line.left, line.right = view.line[0].left, view.line[-1].right
            game.lead_tile = None
        elif view.to_move == view.seat and len(view.legal_moves) == 1 < len(view.hand or ()):
            game.lead_tile = view.legal_moves[0].tile  # the hand must open with this tile
        game.line = line
        game.history = list(view.history)
        assert view.to_move is not None
        game.turn = view.to_move
        game.last_layer = next((s for s, text in reversed(view.history)
                                if text not in ("draw", "pass")), NO_WINNER)
        game.scores = list(view.scores)
        game.results = list(view.results)
        return game
