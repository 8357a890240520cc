"""The exact endgame of a Carousel hand: every deal of the hidden tiles consistent with
a seat's view, each solved as a perfect-information game on the playout kernel
(`engine.carousel.ai.rollout.Round`), the move with the best mean value over the deals
chosen.

Deals (`engine.hidden.deals`). The unseen tiles and what each seat is known to lack are
the sampler's (`engine.carousel.hidden.Sampler`: `unseen`, `lacks`); every consistent
deal is equally likely under a uniform shuffle, so they are weighted equally (the
inference weighting, `engine.inference`, is not modelled: it is off, as shipped).

The stock's order is a chance node, solved exactly: a deal fixes which tiles lie in the
stock, not their order, and a draw is worth the mean over the tiles it may bring (a
uniform shuffle makes each equally likely; with `keep_in_stock` the tiles held back are
as unknown as the others, so the mean is over all of them). With `must_play` off a draw
is a choice like a play; else it is forced, as passes are.

Values (`Solver`). The end of the hand (or of the match) is worth what the playouts of
the sampling search are rewarded, `Round.reward` (`engine.carousel.ai.policy.Judge.reward`):
1 or 0 for the match won or lost, else 0.5 plus the seat's side's points gained since
the decision less the best other side's, over 40, clipped. The search is *paranoid*:
every other seat plays to minimise it. With two sides (2 players, or pairs) that is
the game itself: what one side gains over the other the other loses (bar the clipping,
which both sides see alike). With 3 or more sides it is pessimistic (an opponent may
help another against the seat), so `choose_exact` applies only to two sides unless told
otherwise (`sides`). Alpha-beta prunes and a memo table (bounds per state, the scores
and the tiles left in the stock part of the state) shares work between moves and deals.

The work is bounded by the budget (`choose_exact`): deals x moves and nodes in
proportion to its playouts, and its clock (read every `TICK` nodes); it says when the
solver does not apply or ran out, and the caller then searches by sampling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.ai.allocate import Budget
from engine.ai.exact import (
    MAX_DEALS,
    MAX_NODES,
    TICK,
    Bounded,
    best_moves,
    listed_deals,
    mean_values,
    played,
)
from engine.carousel.ai.rollout import DRAW, Round, move_of
from engine.carousel.hidden import Sampler
from engine.carousel.tables import BIT, points
from engine.carousel.view import CarouselView
from engine.hidden import Deal
from engine.rng import SeededRandom

SOLVES_PER_PLAYOUT = 2  # deals x legal moves solved at most, per playout of the budget
NODES_PER_PLAYOUT = 15  # solver nodes a decision may visit, per playout (a node costs
# about 8 us, a playout 55: at the tables' 2,400 playouts, 36,000 nodes, some 300 ms)
STOCK_LIMIT = 2  # tiles the stock may hold (each draw a chance node: costly beyond)
MAX_HELD = 13  # tiles the hands and the stock may hold together: beyond, one deal's tree
# outgrows the nodes (2 players at 2,400 playouts: 14-23 tiles ran out in 10 of 12, some
# 460 ms of CPU lost each; 13 and fewer solved 34 of 34)
PROJECTED = 2  # after each deal, give up once the nodes per deal so far, times the deals,
# pass this many times the limit (later deals cost less: the memo is shared)
TWO_SIDES = 2  # `choose_exact`'s default `sides`: where the paranoid value is exact


class Solver(Bounded):
    """Exact values for seat `me` of perfect-information positions (`Round`s whose stock
    holds the tiles still to draw, in any order: a draw is a chance node), rewarded as
    `Round.reward` against `before` (the side scores at the decision), memoised across
    calls by state. `clock` and `deadline` bound the time, `limit` the nodes; `value`
    raises OutOfWork past either."""

    def __init__(self, me: int, before: Sequence[int], *, limit: int = 10**9,
                 clock: Callable[[], float] | None = None, deadline: float = 0.0) -> None:
        self.me = me
        self.before = list(before)
        super().__init__(limit=limit, clock=clock, deadline=deadline)
        self.table: dict[tuple[int, ...], tuple[float, float]] = {}

    def value(self, game: Round, alpha: float = 0.0, beta: float = 1.0) -> float:
        """`me`'s value of `game` (not changed) against paranoid opponents, exact when
        it lies inside (alpha, beta), else a bound on the side it fell (fail-soft)."""
        if game.turn < 0:
            return game.reward(self.me, self.before)
        self.nodes += 1
        if self.nodes % TICK == 0:
            self.check()
        stock = game.stock
        rest = 0
        for k in range(game.pos, len(stock)):
            rest |= stock[k]
        ends, mult = game.ends, game.mult
        # The count follows from the layout; the passes matter only before the opening.
        shape = (ends[0] | ends[1] << 4 | ends[2] << 8 | ends[3] << 12 | mult[0] << 16
                 | mult[1] << 18 | mult[2] << 20 | mult[3] << 22 | game.taken << 24
                 | game.turn << 28 | (game.value + 1) << 32 | game.pos << 40
                 | (game.passes if game.value < 0 else 0) << 48)
        key = (*game.hands, *game.scores, shape, rest)
        low, high = self.table.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        moves = game.legal_moves()
        if len(moves) == 1:
            v = self._draw(game, rest) if moves[0] == DRAW else self._after(game, moves[0], a, b)
        else:
            v = self._choose(game, moves, a, b, rest)
        if v <= a:
            high = v
        elif v >= b:
            low = v
        else:
            low = high = v
        self.table[key] = (low, high)
        return v

    def _after(self, game: Round, move: int, a: float, b: float) -> float:
        child = game.copy()  # `played`, inline: the hot loop (the call costs ~2%)
        child.play(move)
        return self.value(child, a, b)

    def _choose(self, game: Round, moves: list[int], a: float, b: float, rest: int) -> float:
        mine = game.turn == self.me
        if game.value >= 0:  # the plays that score most first: earlier cutoffs
            moves = sorted(moves, key=lambda m: -points(game.after(m)) if m >= 0 else 1)
        best = -1.0 if mine else 2.0
        for move in moves:
            v = self._draw(game, rest) if move == DRAW else self._after(game, move, a, b)
            if mine:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        return best

    def _draw(self, game: Round, rest: int) -> float:
        # Each tile left in the stock is drawn with the same chance: the mean, exactly.
        tiles = [bit for bit in BIT if rest & bit]
        drawn = game.stock[:game.pos]
        total = 0.0
        for k, bit in enumerate(tiles):
            child = game.copy()
            child.stock = [*drawn, bit, *tiles[:k], *tiles[k + 1:]]
            child.play(DRAW)
            total += self.value(child)
        return total / len(tiles)

    def root(self, base: Round, move: int) -> float:
        """`me`'s value of making `move` (one of `base`'s legal moves) in `base`."""
        if move == DRAW:
            rest = 0
            for k in range(base.pos, len(base.stock)):
                rest |= base.stock[k]
            return self._draw(base, rest)
        return self._after(base, move, 0.0, 1.0)


def choose_exact(view: CarouselView, sampler: Sampler, budget: Budget, rng: SeededRandom,
                 *, sides: int = TWO_SIDES) -> tuple[list[int] | None, float | None]:
    """The indices in `view.legal_moves` of the moves with the best mean value over the
    consistent deals (several when they tie, in order; only one when they are worth 1
    in every deal: the first that wins the match at once, if one does), or None when
    the solver does not apply: before the opening, more than `sides` sides (seats, or
    pairs), a stock of more than `STOCK_LIMIT` tiles or more than `MAX_HELD` tiles in
    the hands and the stock, more than `SOLVES_PER_PLAYOUT` x `budget.playouts` deals x
    legal moves (or `MAX_DEALS` deals), no consistent deal (the sampler then relaxes
    the constraints), or `NODES_PER_PLAYOUT` x `budget.playouts` nodes visited (or
    `MAX_NODES`) or projected to be (`PROJECTED`). The deals are solved in an order
    shuffled by `rng`, each for every move; when `budget.seconds` pass (by
    `budget.clock`, read after each deal and every `TICK` nodes) the deals solved so far
    decide (None if none was). Second, the clock's reading when the solving began (None
    when it did not: a position too big costs no reading). Raises ValueError for a
    spectator's view."""
    moves = view.legal_moves
    options = sampler.options
    count = 2 if options.pairs else len(view.players)
    if (view.spinner is None or count > sides or view.stock_size > STOCK_LIMIT
            or sum(view.hand_sizes) + view.stock_size > MAX_HELD):
        return None, None
    cap = min(SOLVES_PER_PLAYOUT * budget.playouts // max(len(moves), 1), MAX_DEALS)
    dealt = listed_deals(sampler, cap)
    if dealt is None:
        return None, None
    clock = budget.clock
    start = clock()
    me = view.seat if view.seat is not None else -1
    solver = Solver(me, view.scores[:count], clock=clock, deadline=start + budget.seconds,
                    limit=min(NODES_PER_PLAYOUT * budget.playouts, MAX_NODES))
    roots = [move_of(m) for m in moves]
    at_once: list[bool] = []  # which moves win the match at once (in every deal alike)

    def solve(deal: Deal) -> list[float]:
        base = Round.of_view(view, *deal, options)
        if not at_once:
            side = me % 2 if options.pairs else me
            at_once.extend(played(base, move).won == side for move in roots)
        return [solver.root(base, move) for move in roots]

    summed = mean_values(rng.shuffled(dealt), solve, solver, projected=PROJECTED)
    if summed is None:
        return None, start
    tied, sure = best_moves(*summed)
    if sure:  # a sure win: at once if it may (no need to guess right later)
        return [next((k for k in tied if at_once[k]), tied[0])], start
    return tied, start
