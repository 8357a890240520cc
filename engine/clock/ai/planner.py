"""The hard Big Clock policy: rescue search, a board value, and rearranging before each
placement while a double dealt to a wrong hour allows it.

It reads only what the player sees: every pile (each tile under a top was laid face
up), the discards and the drawn tile; of the stock, which tiles it holds (all the
unseen ones), not their order. Its parts:
- a **board value** (`value`): for each open hour, how far it is from *ready* (its
  top showing the hour): the tiles above the nearest tile showing the hour, or above
  the bottom when none does, more when a misplaced double blocks it; an empty hour
  counts against (every tile may land on it, and the last hours are filled by force);
  a ready top counts against by the stock's tiles that could bury it (those showing
  its other number); hours home, and a misplaced double kept on the board (it makes
  rearranging legal at every turn), count in favour;
- **rescue**: a drawn double that cannot go home is brought home by a breadth-first
  search over rearranging moves (`RESCUE_LIMIT` boards) for the best-valued board on
  which its hour takes it; it is given up only when no such board was found;
- **placement**: a drawn tile goes where the value is best; while a double lies at a
  wrong hour the policy keeps it there and first searches rearranged boards
  (`IMPROVE_LIMIT`) for the best one to place on;
- with the stock out, the doubles still misplaced are brought home by search.

A plan found by a search is remembered (by board, drawn tile and stock size) and
followed to its end. Deterministic: the same position gives the same move.
Weights were tuned on seeded double-6 deals 0-499 and checked on 500-999
(bench/bench_clock_levels.py measures all sets).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.clock.board import (
    DOUBLE_OF,
    HIGH,
    IS_DOUBLE,
    LOW,
    MASK,
    Board,
    Step,
    accepts,
    all_home,
    board_of,
    has_misplaced,
    place,
    search,
    step,
    steps,
    walk,
)
from engine.clock.hidden import unseen_tiles
from engine.clock.view import ClockMove, ClockView

# A move in the search's own terms: DRAW, DISCARD, (PLACE, hour), (MOVE, from, to).
Move = tuple[int, ...]
DRAW: Move = (0,)
DISCARD: Move = (1,)
PLACE, MOVE = 2, 3
NOTHING: Move = (MOVE, 0, 0)  # no move but resign is left

RESCUE_LIMIT = 3000  # boards searched for a rescue
IMPROVE_LIMIT = 150  # boards searched before a placement (more measured no better)
FINAL_LIMIT = 3000  # boards searched to bring the last misplaced doubles home
_PLAN_MEMORY = 20_000


@dataclass(frozen=True, slots=True)
class Weights:
    """The board value's weights (see `value`); the defaults are the tuned ones."""

    home: float = 3.0  # an hour home
    depth: float = 1.0  # each tile above the nearest one showing the hour
    buried: float = 2.0  # the top does not show the hour
    none: float = 2.0  # no tile of the pile shows the hour
    blocked: float = 1.5  # a misplaced double lies on the hour
    empty: float = -2.0  # an empty hour (negative: it counts against)
    keep: float = 20.0  # a misplaced double on the board: rearranging stays legal
    risk: float = 0.5  # each stock tile that could bury a ready top


WEIGHTS = Weights()
# Tuned per set: on double-12 the stock-risk term measured worse than none (17% against
# 11% with risk 0.2 over deals 0-149); on double-6 and double-9 it helps (41% against 38%,
# 25% against 18%).
WEIGHTS_BY_SET = {6: WEIGHTS, 9: WEIGHTS, 12: Weights(risk=0.0)}


class Unseen:
    """What the stock holds (its order unknown): how many non-doubles show each number."""

    __slots__ = ("counts",)

    def __init__(self, codes: list[int]) -> None:
        self.counts = [0] * 16
        for c in codes:
            if not IS_DOUBLE[c]:
                self.counts[HIGH[c]] += 1
                self.counts[LOW[c]] += 1


NO_STOCK = Unseen([])


def hour_cost(pile: tuple[int, ...], hour: int, w: Weights = WEIGHTS,
              unseen: Unseen = NO_STOCK) -> float:
    """How far `hour` is from taking its double (negative: home, or empty)."""
    if not pile:
        return -w.empty
    i = len(pile) - 1
    top = pile[i]
    if top == DOUBLE_OF[hour]:
        return -w.home
    cost = 0.0
    if IS_DOUBLE[top]:
        cost += w.blocked
        i -= 1
    elif HIGH[top] == hour or LOW[top] == hour:
        # Ready; the stock's tiles showing the top's other number may bury it.
        return w.risk * unseen.counts[HIGH[top] + LOW[top] - hour]
    bit = 1 << hour
    depth = 0
    while i >= 0:
        if MASK[pile[i]] & bit:
            return cost + (w.depth * depth + w.buried if depth else 0.0)
        depth += 1
        i -= 1
    return cost + w.depth * depth + w.none + w.buried


def value(board: Board, w: Weights = WEIGHTS, unseen: Unseen = NO_STOCK) -> float:
    """The board value: larger is better."""
    kept = w.keep if w.keep and has_misplaced(board) else 0.0
    return kept - sum(hour_cost(board[h], h, w, unseen) for h in range(1, len(board)))


def best_placement(board: Board, t: int, w: Weights = WEIGHTS,
                   unseen: Unseen = NO_STOCK) -> tuple[float, int]:
    """The best value after laying the drawn non-double `t`, and the hour (0: discard,
    when no hour takes it)."""
    costs = [hour_cost(board[h], h, w, unseen) for h in range(1, len(board))]
    base = sum(costs) - (w.keep if w.keep and has_misplaced(board) else 0.0)
    best, where = -base, 0
    mask = MASK[t]  # `accepts` written out for a non-double: this is the search's score
    double = IS_DOUBLE[t]
    for h in range(1, len(board)):
        pile = board[h]
        if (accepts(board, h, t) if double else
                not pile or (not IS_DOUBLE[pile[-1]] and MASK[pile[-1]] & mask)):
            after = -(base - costs[h - 1] + hour_cost((*pile, t), h, w, unseen))
            if where == 0 or after > best:
                best, where = after, h
    return best, where


def rescue_tests(d: int, drawn: int, w: Weights, left: Unseen
                 ) -> tuple[Callable[[Board], bool], Callable[[Board], float | None]]:
    """The `search` tests for a drawn double `drawn` (of hour `d`): whether a board
    still needs rearranging (the double cannot go home, or another lies misplaced), and
    the value once it goes home (None when it cannot)."""

    def troubled(b: Board) -> bool:
        # Rearranging ends once the double can go home and none lies misplaced.
        return not accepts(b, d, drawn) or has_misplaced(b)

    def rescued(b: Board) -> float | None:
        return value(place(b, d, drawn), w, left) if accepts(b, d, drawn) else None

    return troubled, rescued


def placement_plan(board: Board, drawn: int, w: Weights, left: Unseen,
                   limit: int) -> tuple[list[Step], float, int]:
    """The planner's play of a drawn non-double: the rearranging steps searched (within
    `limit` boards, none when no double lies misplaced), then the value and the hour
    of the best placement on the board they leave (hour 0: discard)."""
    path: list[Step] = []
    if has_misplaced(board):
        path, _, _ = search(board, has_misplaced,
                            lambda b: best_placement(b, drawn, w, left)[0], limit)
    best, where = best_placement(walk(board, path), drawn, w, left)
    return path, best, where


class Policy:
    """The hard policy with its memory of plans (safe to share between threads: a plan
    is a pure function of its position)."""

    def __init__(self, w: Weights = WEIGHTS, rescue: int = RESCUE_LIMIT,
                 improve: int = IMPROVE_LIMIT) -> None:
        self.w = w
        self.rescue, self.improve = rescue, improve  # the searches' limits, in boards
        self.plans: dict[tuple[Board, int, int], Move] = {}

    def decide(self, board: Board, drawn: int, stock: int,
               unseen: list[int]) -> tuple[Move, bool]:
        """The move for a position (`drawn` is -1 when no tile waits; `unseen` the stock's
        tiles), and whether the game is hopeless (no rescue found: the move, if not a
        give-up, only delays the loss)."""
        planned = self.plans.get((board, drawn, stock))
        if planned is not None:
            return planned, False
        w, left = self.w, Unseen(unseen)
        if drawn >= 0 and IS_DOUBLE[drawn]:
            d = HIGH[drawn]
            if accepts(board, d, drawn):
                return (PLACE, d), False
            path, found, _ = search(board, *rescue_tests(d, drawn, w, left), self.rescue)
            if found is None:
                return _delay(board, drawn), True
            return self._follow(board, drawn, stock, path, (PLACE, d)), False
        if drawn >= 0:
            path, _, where = placement_plan(board, drawn, w, left, self.improve)
            return self._follow(board, drawn, stock, path,
                                (PLACE, where) if where else DISCARD), False
        if stock:
            return DRAW, False
        # The stock is out and no tile waits: only misplaced doubles are left to bring home.
        path, found, _ = search(board, has_misplaced, lambda b: 0.0 if all_home(b) else None,
                                FINAL_LIMIT, enough=0.0)
        if found is None or not path:
            return _delay(board, drawn), True
        return self._follow(board, drawn, stock, path, None), False

    def _follow(self, board: Board, drawn: int, stock: int, path: list[tuple[int, int]],
                last: Move | None) -> Move:
        # Remember the plan for the boards along it, and play its first move.
        if len(self.plans) > _PLAN_MEMORY:
            self.plans.clear()
        moves: list[Move] = [(MOVE, a, b) for a, b in path]
        if last is not None:
            moves.append(last)
        at = board
        for k, move in enumerate(moves[1:]):
            a, b = path[k]
            at = step(at, a, b)
            self.plans[(at, drawn, stock)] = move
        return moves[0]


def _delay(board: Board, drawn: int) -> Move:
    """A move that does not lose at once, if there is one (a rearranging move after which
    another is possible, or the drawn double goes home); else the give-up."""
    for a, b in steps(board):
        after = step(board, a, b)
        if steps(after) or (drawn >= 0 and accepts(after, HIGH[drawn], drawn)):
            return (MOVE, a, b)
    return DISCARD if drawn >= 0 else NOTHING


def to_clock_move(move: Move) -> ClockMove:
    kind = move[0]
    if kind == PLACE:
        return ClockMove.place(move[1])
    if kind == MOVE:
        return ClockMove.move(move[1], move[2])
    return ClockMove.draw() if kind == DRAW[0] else ClockMove.discard()


def position_of(view: ClockView) -> tuple[Board, int, int, list[int]]:
    """The board, drawn tile code (-1 for none), stock size and unseen tiles of a view."""
    board = board_of([(), *view.piles])
    unseen = [t.code for t in unseen_tiles(view)]
    return board, -1 if view.drawn is None else view.drawn.code, view.stock_size, unseen


_SHARED = {top: Policy(w) for top, w in WEIGHTS_BY_SET.items()}


def hard_move(view: ClockView, *, give_up: bool = False) -> ClockMove:
    """The hard policy's move for the player's view.

    When no rescue exists it plays on with a move that does not lose at once, if any,
    unless `give_up` (an AI playing alone), then it gives the double up. Raises
    ValueError when the game is over.
    """
    if view.outcome is not None:
        raise ValueError("the game is over: there is nothing to suggest")
    move, hopeless = _SHARED[view.hours].decide(*position_of(view))
    if hopeless and give_up:
        return ClockMove.discard() if view.drawn is not None else ClockMove.resign()
    if move == NOTHING:
        return ClockMove.resign()
    return to_clock_move(move)
