"""How the computer guesses the hidden tiles of a Mexican Train game, and builds a full
game consistent with a seat's view. This is the only code that sets a Mexican Train
game's state directly.

The view shows the seat's own hand, every train, the markers, the waiting double, every
hand's size, the stock's size and the round's public history. The unseen tiles
(`unseen_tiles`) are the set less the round's engine, the own hand and the trains: they
lie in the other hands or the stock (or, for an explicit deal that left some out,
nowhere). They are dealt at the public sizes (`engine.hidden.deal_unseen`) without
constraints: a draw in this game says little for long (the drawer draws again in later
turns), so none is assumed. `Sampler.sample` builds an ordinary `MexicanGame` (the
rules the tables run) from that deal and sets it to the view's position.
"""

from __future__ import annotations

from engine.deals import LineDeal, SeedStream
from engine.hidden import Lacks, deal_unseen
from engine.mexican.game import MexicanGame
from engine.mexican.options import MexicanOptions
from engine.mexican.view import MexicanView
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set


def unseen_tiles(view: MexicanView) -> list[Tile]:
    """The tiles in other hands or in the stock, in set order. Raises ValueError for a
    spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to reason from")
    known = {view.engine, *view.hand, *(t for train in view.trains for t in train)}
    return [t for t in full_set(view.options.set) if t not in known]


class Sampler:
    """Full games consistent with one seat's view, one sampled deal each.

    `options` are the table's (None: the view's). Raises ValueError for a spectator's
    view.
    """

    def __init__(self, view: MexicanView, options: MexicanOptions | None = None) -> None:
        self.view = view
        self.options = options if options is not None else view.options
        self.unseen = tuple(unseen_tiles(view))
        self.lacks = tuple(Lacks() for _ in view.players)

    def deal(self, rng: SeededRandom) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
        """One sampled deal: every seat's hand (the view's own as it is) and the stock in
        draw order. Raises ValueError when the view's sizes do not add up."""
        return deal_unseen(self.view, self.unseen, self.lacks, rng)

    def sample(self, rng: SeededRandom) -> MexicanGame:
        """A game in the view's position with one sampled deal of the hidden tiles.

        Raises ValueError when the view's sizes do not add up.
        """
        view = self.view
        hands, stock = self.deal(rng)
        seed = rng.next64() & 0xFFFFFFFF
        game = MexicanGame(view.players, self.options, seed=seed,
                           deal=LineDeal(tuple(hands), stock))
        # The sampled deal is not the seed's: later rounds come from the seed's deals
        # of those rounds (the stream's index is the round's, from 0).
        game.dealt = [game.dealt[0]] * view.round
        game._stream = SeedStream(seed, game._dealer(), compare=False)
        game.round = view.round
        game.engine = view.engine
        game.trains = [list(train) for train in view.trains]
        game.ends = list(view.ends)
        game.markers = list(view.markers)
        game.waiting = view.waiting
        game.drew = view.drew
        assert view.to_move is not None
        game.turn = view.to_move
        game.history = list(view.history)
        game.totals = list(view.totals)
        game.results = list(view.results)
        return game
