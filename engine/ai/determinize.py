"""Guess the hidden tiles of a line game and build a full game in the view's position.

A *determinization* deals the unseen tiles (see `engine.ai.infer`) into the
other hands, at their public sizes, and the stock, respecting what each seat
is known to lack. The game built from it (`position`) is an ordinary
`TraditionalGame` or `CarouselGame` (the same rules code that the tables
run): it is constructed from an explicit deal, then its state is set to the
view's position (board, history, turn, scores). Options the view does not
show are taken from what it reveals (target, pairs, a held-back stock,
`must_play`, `spinner_first`, the tile bonus) or left at their defaults.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from engine.ai.infer import Lacks, constraints, set_top, unseen_tiles
from engine.carousel import CarouselGame
from engine.carousel_rules import CarouselOptions
from engine.deals import LineDeal
from engine.line import Line
from engine.rng import SeededRandom
from engine.spinner import SIDES, Spinner
from engine.tiles import Tile
from engine.traditional import NO_WINNER, TraditionalGame, TraditionalOptions

ATTEMPTS = 20  # reshuffles tried before a constraint is dropped


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a view tells, worked out once per move: the unseen tiles, each seat's
    constraints, the options, and the hand sizes to fill."""

    unseen: tuple[Tile, ...]
    lacks: tuple[Lacks, ...]
    options: Any


def carousel_options(view: Any) -> CarouselOptions:
    """The Carousel options as far as the view shows them (the rest at their defaults)."""
    must_play = True
    kinds = {m.kind for m in view.legal_moves}
    if view.spinner is not None and "play" in kinds and "draw" in kinds:
        must_play = False
    spinner_first = True
    if view.spinner is not None:
        filled = [s for s in SIDES if view.arms[s]]
        if filled and len(filled) < 4 and set(filled) & set(view.playable_sides):
            spinner_first = False
    bonus = any("tile bonus" in e.reason for e in view.scoring)
    return CarouselOptions(
        set=set_top(view), pairs=view.pairs, target=view.target, must_play=must_play,
        spinner_first=spinner_first, tile_bonus=bonus,
        keep_in_stock=view.stock_size > view.stock_drawable,
    )


def knowledge(view: Any) -> Knowledge:
    """Work out `Knowledge` from a seat's view; raises ValueError for a spectator."""
    if view.game == "carousel":
        options: Any = carousel_options(view)
        lacks = constraints(view, spinner_first=options.spinner_first,
                            must_play=options.must_play)
    else:
        options = TraditionalOptions(target=view.target)
        lacks = constraints(view)
    return Knowledge(tuple(unseen_tiles(view)), tuple(lacks), options)


def sample_hands(view: Any, known: Knowledge,
                 rng: SeededRandom) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
    """Deal the unseen tiles: each other seat gets its hand size of tiles it may hold,
    the rest (in shuffled order) is the stock, cut to the stock's size (an explicit
    deal may leave tiles of the set out). The view's own seat keeps its hand.

    The most constrained seats are filled first; when `ATTEMPTS` shuffles all
    fail (constraints that leave too few tiles), the constraints are dropped.
    """
    seat = view.seat
    others = [s for s in range(len(view.players)) if s != seat]
    others.sort(key=lambda s: -(len(known.lacks[s].numbers) + 3 * known.lacks[s].doubles))
    for attempt in range(ATTEMPTS + 1):
        relaxed = attempt == ATTEMPTS
        pool = rng.shuffled(known.unseen)
        hands: list[tuple[Tile, ...]] = [()] * len(view.players)
        hands[seat] = tuple(view.hand)
        ok = True
        for other in others:
            size = view.hand_sizes[other]
            lacks = known.lacks[other]
            taken = pool[:size] if relaxed else [t for t in pool if lacks.allows(t)][:size]
            if len(taken) < size:
                ok = False
                break
            chosen = set(taken)
            pool = [t for t in pool if t not in chosen]
            hands[other] = tuple(taken)
        if ok and len(pool) >= view.stock_size:
            # More unseen tiles than places: an explicit deal left some of the set out.
            return hands, tuple(pool[:view.stock_size])
    raise ValueError("the view's hand sizes do not match its unseen tiles")


def position(view: Any, known: Knowledge, rng: SeededRandom) -> Any:
    """A full game in the view's position with one sampled deal of the hidden tiles.

    Raises ValueError for a spectator's view or sizes that do not add up.
    """
    hands, stock = sample_hands(view, known, rng)
    seed = rng.next64() & 0xFFFFFFFF
    if view.game == "carousel":
        return _carousel_position(view, known.options, hands, stock, seed)
    return _traditional_position(view, known.options, hands, stock, seed)


def _traditional_position(view: Any, options: TraditionalOptions,
                          hands: list[tuple[Tile, ...]], stock: tuple[Tile, ...],
                          seed: int) -> TraditionalGame:
    game = TraditionalGame(view.players, options, seed=seed, deal=LineDeal(tuple(hands), stock))
    line = Line()
    if view.line:
        line.tiles = deque(view.line)
        line.left, line.right = view.line[0].left, view.line[-1].right
        game.lead_tile = None
    elif view.to_move == view.seat and len(view.legal_moves) == 1 < len(view.hand):
        game.lead_tile = view.legal_moves[0].tile  # the hand must open with this tile
    game.line = line
    game.history = list(view.history)
    game.turn = view.to_move
    game.last_layer = next((s for s, text in reversed(view.history)
                            if text not in ("draw", "pass")), NO_WINNER)
    game.scores = list(view.scores)
    game.results = list(view.results)
    return game


def _carousel_position(view: Any, options: CarouselOptions, hands: list[tuple[Tile, ...]],
                       stock: tuple[Tile, ...], seed: int) -> CarouselGame:
    deal = LineDeal(tuple(hands), stock, view.to_move)
    game = CarouselGame(view.players, options, seed=seed, deal=deal)
    if view.spinner is not None:
        layout = Spinner(view.spinner, view.spinner_seat, options.spinner_first)
        layout.arms = [list(view.arms[s]) for s in SIDES]
        layout.ends = [view.ends[s] for s in SIDES]
        layout.free = sum(1 for arm in layout.arms if not arm)
        game.layout = layout
        game.opener = view.spinner_seat
    else:
        game.open_passes = sum(1 for _, text in view.history if text == "pass")
    game.history = list(view.history)
    game.turn = view.to_move
    game.first = view.history[0][0] if view.history else view.to_move
    game.hand_number = view.hand_number
    sides = 2 if options.pairs else len(view.players)
    game.side_scores = [view.scores[s] for s in range(sides)]
    return game
