"""What the line games share in guessing hidden tiles from a seat's view.

A seat sees its own hand, the board, the other hands' sizes, the stock's size
and the public history. Each game's `hidden` module (e.g.
`engine.traditional.hidden`) says which tiles are unseen and what a draw or a
pass tells in that game; the two steps here are the same for every line game:

- `history_lacks`: for each seat, the tiles it cannot hold now, learnt from
  its draws and passes. A player draws or passes only when nothing in the
  hand fits, so after its *last* run of draws (ends unchanged while it draws;
  the drawn tile that fits is the one it plays) and after every pass (passes
  only come once nothing may be drawn, so nothing is added later) its hand
  shows none of the numbers that were open then. Earlier runs of draws say
  nothing certain about the current hand (tiles drawn later may show those
  numbers), so they are not used: every constraint returned is sound.
- `deal_unseen`: deal the unseen tiles into the other hands, at their public
  sizes, and the stock, respecting those constraints; `deals` lists every such
  deal (the exact endgames', `engine.traditional.ai.endgame`, `engine.carousel.ai.endgame`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Any, Protocol

from engine import inference
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile

ATTEMPTS = 20  # reshuffles tried before a constraint is dropped
Deal = tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]
"""Every seat's hand (the view's own as it is) and the stock, as `UnseenDeals.deal` deals."""


@dataclass(slots=True)
class Lacks:
    """Numbers a seat holds none of, and whether it holds no double."""

    numbers: set[int] = field(default_factory=set)
    doubles: bool = False

    def allows(self, tile: Tile) -> bool:
        """Whether the seat may hold `tile`."""
        if self.doubles and tile.high == tile.low:
            return False
        return tile.high not in self.numbers and tile.low not in self.numbers


class Board(Protocol):
    """A game's board rebuilt from the public history, as `history_lacks` walks it."""

    def lacks(self, text: str) -> Lacks | None:
        """What a `draw` or `pass` (`text`) now tells about the mover's hand (None: nothing)."""

    def lay(self, move: LineMove, seat: int) -> None:
        """Lay a played tile, as the history shows it."""


def history_lacks(view: Any, board: Board) -> list[Lacks]:
    """For each seat, what its hand cannot hold now (see the module docstring); the
    view's own seat gets an empty `Lacks`. Raises NotationError for a history that is
    not in record notation."""
    n = len(view.players)
    last_run: list[Lacks | None] = [None] * n
    passes = [Lacks() for _ in range(n)]
    for seat, text in view.history:
        if text in ("draw", "pass"):
            now = board.lacks(text)
            if now is None:
                continue
            if text == "draw":
                last_run[seat] = now
            else:
                passes[seat].numbers |= now.numbers
                passes[seat].doubles |= now.doubles
            continue
        board.lay(LineMove.parse(text), seat)
    result = []
    for seat in range(n):
        lacks = passes[seat]
        run = last_run[seat]
        if run is not None:
            lacks.numbers |= run.numbers
            lacks.doubles |= run.doubles
        result.append(Lacks() if seat == view.seat else lacks)
    return result


def deal_unseen(view: Any, unseen: Sequence[Tile], lacks: Sequence[Lacks],
                rng: SeededRandom) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
    """Deal the unseen tiles: each other seat gets its hand size of tiles it may hold,
    the rest (in shuffled order) is the stock, cut to the stock's size (an explicit
    deal may leave tiles of the set out). The view's own seat keeps its hand.

    The most constrained seats are filled first; when `ATTEMPTS` shuffles all
    fail (constraints that leave too few tiles), the constraints are dropped.
    Raises ValueError when the view's hand sizes do not match its unseen tiles.
    """
    seat = view.seat
    others = [s for s in range(len(view.players)) if s != seat]
    others.sort(key=lambda s: -(len(lacks[s].numbers) + 3 * lacks[s].doubles))
    for attempt in range(ATTEMPTS + 1):
        relaxed = attempt == ATTEMPTS
        pool = rng.shuffled(unseen)
        hands: list[tuple[Tile, ...]] = [()] * len(view.players)
        hands[seat] = tuple(view.hand)
        ok = True
        for other in others:
            size = view.hand_sizes[other]
            allowed = lacks[other]
            taken = pool[:size] if relaxed else [t for t in pool if allowed.allows(t)][:size]
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


class UnseenDeals:
    """Deals of a view's unseen tiles that keep to what each seat is known to lack: the
    part the line games' samplers share. With `inference.ENABLED`, deals are drawn by
    the likelihood of the plays seen (`inference.WeightedPool`, on the board that
    `board()` makes), else uniformly (`deal_unseen`)."""

    def __init__(self, view: Any, unseen: Sequence[Tile], lacks: Sequence[Lacks],
                 board: Callable[[], Any]) -> None:
        self.view = view
        self.unseen = tuple(unseen)
        self.lacks = tuple(lacks)
        self.pool = (inference.WeightedPool(
            lambda rng: deal_unseen(view, self.unseen, self.lacks, rng),
            inference.plays(view, self.unseen, board())) if inference.ENABLED else None)

    def deal(self, rng: SeededRandom) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
        """One sampled deal: every seat's hand (the view's own as it is) and the stock in
        draw order. Raises ValueError when the view's sizes do not add up."""
        if self.pool is not None:
            dealt: tuple[list[tuple[Tile, ...]], tuple[Tile, ...]] = self.pool.sample(rng)
            return dealt
        return deal_unseen(self.view, self.unseen, self.lacks, rng)


def count_deals(sampler: UnseenDeals) -> int:
    """How many deals there are ignoring what seats lack: an upper bound of `deals`."""
    view = sampler.view
    left = len(sampler.unseen)
    total = 1
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat:
            total *= comb(left, size)
            left -= size
    return total * comb(left, view.stock_size)


def deals(sampler: UnseenDeals) -> Iterator[Deal]:
    """Every deal of the unseen tiles consistent with the sampler's view: each other seat
    gets its public hand size of tiles it may hold (`Lacks.allows`), the stock its size of
    the rest (an explicit deal may leave tiles of the set out: those are enumerated
    too), each once (a deal fixes which tiles lie in the stock, not their order), in a
    fixed order, as `UnseenDeals.deal` gives one (the stock's order is the set's). Raises
    ValueError for a spectator's view."""
    view = sampler.view
    if view.hand is None or view.seat is None:
        raise ValueError("a spectator's view has no hand to reason from")
    seats = [s for s in range(len(view.players)) if s != view.seat]
    allowed = {s: [t for t in sampler.unseen if sampler.lacks[s].allows(t)] for s in seats}
    seats.sort(key=lambda s: len(allowed[s]))  # the most constrained first: fewer dead ends
    hands: list[tuple[Tile, ...]] = [()] * len(view.players)
    hands[view.seat] = tuple(view.hand)

    def fill(i: int, used: frozenset[Tile]) -> Iterator[Deal]:
        if i == len(seats):
            rest = [t for t in sampler.unseen if t not in used]
            for stock in combinations(rest, view.stock_size):
                yield hands[:], stock
            return
        seat = seats[i]
        free = [t for t in allowed[seat] if t not in used]
        for chosen in combinations(free, view.hand_sizes[seat]):
            hands[seat] = chosen
            yield from fill(i + 1, used | frozenset(chosen))

    yield from fill(0, frozenset())
