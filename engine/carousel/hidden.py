"""How the computer guesses the hidden tiles of a Carousel game, and builds a full
game consistent with a seat's view. This is the only code that sets a Carousel
game's state directly.

The view shows the seat's own hand, the spinner and its arms, every hand's size,
the stock's size (and how much of it may be drawn) and the hand's public
history. The unseen tiles (`unseen_tiles`) are the table's set less the own hand
and the board: they lie in the other hands or the stock. Before the opening, a
draw or a pass says that the mover held no double; after it, that the mover held
nothing showing an open end then, except a draw with `must_play` off, which is a
choice and says nothing (`constraints`). `engine.hidden` turns the history into
what each seat cannot hold now, soundly, and deals the unseen tiles at the public
hand sizes respecting it. `Sampler.sample` builds an ordinary `CarouselGame` (the
rules the tables run) from that deal and sets it to the view's position: the
layout, the history, the turn, the hand number, the scores and their events.
"""

from __future__ import annotations

from engine.carousel.game import CarouselGame
from engine.carousel.options import CarouselOptions
from engine.carousel.view import CarouselView
from engine.deals import LineDeal, SeedStream
from engine.fives import Spinner, count_points, open_end_count
from engine.hidden import Lacks, UnseenDeals, history_lacks
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set


def board_tiles(view: CarouselView) -> list[Tile]:
    """Every tile on the board: the spinner and the arms."""
    tiles = [] if view.spinner is None else [view.spinner]
    for arm in view.arms.values():
        tiles.extend(a.tile for a in arm)
    return tiles


def unseen_tiles(view: CarouselView, options: CarouselOptions | None = None) -> list[Tile]:
    """The tiles in other hands or in the stock, in set order (the set of `options`,
    None: the view's). Raises ValueError for a spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to reason from")
    top = (options or view.options).set_top(len(view.players))
    known = set(view.hand) | set(board_tiles(view))
    return [t for t in full_set(top) if t not in known]


class _SpinnerBoard:
    """The layout rebuilt from the history, as the options lay it."""

    def __init__(self, options: CarouselOptions) -> None:
        self.options = options
        self.layout: Spinner | None = None

    def lacks(self, text: str) -> Lacks | None:
        layout = self.layout
        if layout is None:
            return Lacks(doubles=True)
        if text == "draw" and not self.options.must_play:
            return None
        return Lacks({layout.ends[i] for i in layout.open_sides()})

    def scores(self, tile: Tile) -> list[float]:
        # The inference model (engine.inference): the points scored at once, then pips.
        layout = self.layout
        if layout is None:
            return []
        out = []
        for side in layout.ends_for(tile):
            after = layout.copy()
            after.place(tile, side, -1)
            out.append(count_points(open_end_count(after)) + tile.pips / 100)
        return out

    def lay(self, move: LineMove, seat: int) -> None:
        assert move.tile is not None
        if self.layout is None:
            self.layout = Spinner(move.tile, seat, self.options.spinner_first)
        else:
            self.layout.place(move.tile, move.end or self.layout.ends_for(move.tile)[0], seat)


def constraints(view: CarouselView, options: CarouselOptions | None = None) -> list[Lacks]:
    """For each seat, what its hand cannot hold now (the view's own seat: nothing)."""
    return history_lacks(view, _SpinnerBoard(options or view.options))


class Sampler(UnseenDeals):
    """Full games consistent with one seat's view, one sampled deal each.

    `options` are the table's (None: the view's). Raises ValueError for a
    spectator's view.
    """

    def __init__(self, view: CarouselView, options: CarouselOptions | None = None) -> None:
        self.options = options if options is not None else view.options
        rules = self.options
        super().__init__(view, unseen_tiles(view, rules), constraints(view, rules),
                         lambda: _SpinnerBoard(rules))

    def sample(self, rng: SeededRandom) -> CarouselGame:
        """A game in the view's position with one sampled deal of the hidden tiles (`deal`,
        then one number of `rng` for the seed of the later deals).

        Raises ValueError when the view's sizes do not add up.
        """
        view, options = self.view, self.options
        hands, stock = self.deal(rng)
        seed = rng.next64() & 0xFFFFFFFF
        deal = LineDeal(tuple(hands), stock, view.to_move)
        game = CarouselGame(view.players, options, seed=seed, deal=deal)
        # The sampled deal is not the seed's: later hands come from the seed's first deals.
        game._stream = SeedStream(seed, game._dealer(), compare=False)
        layout = view.layout()
        if layout is not None:
            layout.spinner_first = options.spinner_first
            game.layout = layout
            game.opener = view.spinner_seat
        else:
            game.open_passes = sum(1 for _, text in view.history if text == "pass")
        assert view.to_move is not None
        game.history = list(view.history)
        game.turn = view.to_move
        game.first = view.history[0][0] if view.history else view.to_move
        game.hand_number = view.hand_number
        game.events = list(view.scoring)
        sides = 2 if options.pairs else len(view.players)
        game.side_scores = [view.scores[s] for s in range(sides)]
        return game
