"""The exact endgame of a Traditional hand: every deal of the hidden tiles consistent
with a seat's view, each solved as a perfect-information game, the move with the best
mean value over the deals chosen.

Deals (`engine.hidden.deals`). The unseen tiles and what each seat is known to lack are the
sampler's (`engine.traditional.hidden.Sampler`: `unseen`, `lacks`); a deal gives each
other seat its public hand size of tiles it may hold (`Lacks.allows`), the stock its
size of the rest (an explicit deal may leave tiles of the set out: those are
enumerated too). Every consistent deal is equally likely under a uniform shuffle, so
they are weighted equally (the inference weighting, `engine.inference`, is not
modelled: it is off, as shipped).

The stock's order is a chance node, solved exactly: a deal fixes which tiles lie in
the stock, not their order, and a draw is worth the mean over the tiles it may bring
(a uniform shuffle makes each equally likely). So the solver never knows which tile
comes next, and deals that differ only by the stock's order are one deal.

Values (`Solver`). A terminal is worth 1 to the seat `me` when it wins the hand, else
0 (a hand without a winner too). The search is *paranoid*: every other seat plays to
minimise `me`'s value, as one opponent. With 2 players this is the game itself (an
opponent's win is `me`'s loss). With 3-4 it is pessimistic (an opponent may help
another against `me`), but it keeps a zero-sum game, which alpha-beta prunes hard and
a memo table (bounds per state) shares between moves and deals, so that positions
with hundreds of deals are solved in time; max^n (each seat for itself) has no
cutoffs worth the name and leaves a seat that cannot win free to choose anything, a
tie its own reading cannot break. Draws and passes are forced, not choices.

The work is bounded by the budget (`choose_exact`): deals x moves and nodes in
proportion to its playouts, and its clock (read every `TICK` nodes); it says when the
solver does not apply or ran out, and the caller then searches by sampling.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.allocate import Budget
from engine.ai.exact import (
    MAX_DEALS,
    MAX_NODES,
    TICK,
    Bounded,
    OutOfWork,
    best_moves,
    listed_deals,
    mean_values,
    played,
)
from engine.hidden import Deal, count_deals, deals  # re-exported (tests, benches)
from engine.rng import SeededRandom
from engine.traditional.ai.rollout import BIT, DRAW, Round, move_of
from engine.traditional.hidden import Sampler
from engine.traditional.view import TraditionalView

SOLVES_PER_PLAYOUT = 4  # deals x legal moves solved at most, per playout of the budget
NODES_PER_PLAYOUT = 50  # solver nodes a decision may visit, per playout (a node costs
# about 5 us, a playout 20: at 600 playouts, 30,000 nodes, some 150 ms of CPU)
STOCK_LIMIT = 4  # tiles the stock may hold (each draw a chance node: costly beyond)
__all__ = ["Deal", "OutOfWork", "Solver", "choose_exact", "count_deals", "deals"]


class Solver(Bounded):
    """Exact values for seat `me` of perfect-information positions (`Round`s whose
    stock holds the tiles still to draw, in any order: a draw is a chance node),
    memoised across calls by state. `clock` and `deadline` bound the time, `limit`
    the nodes; `value` raises OutOfWork past either."""

    def __init__(self, me: int, options: object, *, limit: int = 10**9,
                 clock: Callable[[], float] | None = None, deadline: float = 0.0) -> None:
        self.me = me
        self.options = options
        super().__init__(limit=limit, clock=clock, deadline=deadline)
        self.table: dict[tuple[int, ...], tuple[float, float]] = {}

    def value(self, game: Round, alpha: float = 0.0, beta: float = 1.0) -> float:
        """`me`'s value of `game` (not changed) against paranoid opponents, exact when
        it lies inside (alpha, beta), else a bound on the side it fell (fail-soft)."""
        if game.turn < 0:
            return 1.0 if game.winner == self.me else 0.0
        self.nodes += 1
        if self.nodes % TICK == 0:
            self.check()
        stock = game.stock
        rest = 0
        for k in range(game.pos, len(stock)):
            rest |= stock[k]
        # `last` decides only a fish made by the stock's last draw.
        key = (*game.hands, game.left, game.right, game.turn, rest, game.last if rest else -1)
        low, high = self.table.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        moves = game.legal_moves()
        if moves[0] == DRAW:
            v = self._draw(game, rest)
            low = high = v
        else:
            v = self._choose(game, moves, a, b)
            if v <= a:
                high = v
            elif v >= b:
                low = v
            else:
                low = high = v
        self.table[key] = (low, high)
        return v

    def _choose(self, game: Round, moves: list[int], a: float, b: float) -> float:
        mine = game.turn == self.me
        best = -1.0 if mine else 2.0
        for move in moves:
            child = game.copy()  # `played`, inline: the solver's hot loop
            child.play(move)
            v = self.value(child, a, b)
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
        total = 0.0
        for k, bit in enumerate(tiles):
            child = Round(game.hands[:], [bit, *tiles[:k], *tiles[k + 1:]], turn=game.turn,
                          left=game.left, right=game.right, last=game.last,
                          options=self.options)
            child.play(DRAW)
            total += self.value(child)
        return total / len(tiles)


def choose_exact(view: TraditionalView, sampler: Sampler, budget: Budget,
                 rng: SeededRandom) -> tuple[list[int] | None, float | None]:
    """The indices in `view.legal_moves` of the moves with the best mean value over the
    consistent deals (several when they tie, in order; only the first when they win
    every deal whatever the opponents do), or None when the solver does
    not apply: a stock of more than `STOCK_LIMIT` tiles, more than `SOLVES_PER_PLAYOUT`
    x `budget.playouts` deals x legal moves (or `MAX_DEALS` deals), no consistent deal
    (the sampler then relaxes the constraints), or `NODES_PER_PLAYOUT` x
    `budget.playouts` nodes visited (or `MAX_NODES`). The deals are solved in an
    order shuffled by `rng`, each for every move; when `budget.seconds` pass (by
    `budget.clock`, read after each deal and every `TICK` nodes) the deals solved so
    far decide (None if none was). Second, the clock's reading when the solving began
    (None when it did not: the clock is not read before the deals are listed, so a
    position too big costs no reading). Raises ValueError for a spectator's view."""
    moves = view.legal_moves
    if view.stock_size > STOCK_LIMIT:
        return None, None
    cap = min(SOLVES_PER_PLAYOUT * budget.playouts // max(len(moves), 1), MAX_DEALS)
    dealt = listed_deals(sampler, cap)
    if dealt is None:
        return None, None
    clock = budget.clock
    start = clock()
    solver = Solver(view.seat if view.seat is not None else -1, sampler.options,
                    limit=min(NODES_PER_PLAYOUT * budget.playouts, MAX_NODES), clock=clock,
                    deadline=start + budget.seconds)
    roots = [move_of(m) for m in moves]

    def solve(deal: Deal) -> list[float]:
        base = Round.of_view(view, *deal, sampler.options)
        return [solver.value(played(base, move)) for move in roots]

    summed = mean_values(rng.shuffled(dealt), solve, solver)
    if summed is None:
        return None, start
    tied, sure = best_moves(*summed)
    return (tied[:1] if sure else tied), start  # a sure win: any will do
