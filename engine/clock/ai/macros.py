"""The choices the hard Big Clock level compares by playouts (`engine.clock.ai.montecarlo`):
*macros*, each some rearranging steps and then the move that deals with the drawn tile.

`candidates` lists them for a position, the planner's (`engine.clock.ai.planner`) first:
- a drawn non-double: each hour that takes it, on the board as it is and, while a
  double lies misplaced (rearranging is legal), on each rearranged board searched;
- a drawn double that cannot go home: each rescue found (rearranged boards on which
  its hour takes it);
- a drawn double that can go home while another double lies misplaced: going home at
  once (the planner's move), or after rearranging. The double closes its hour for
  good, so what lies on that pile is out of play: rearranging first may move its top
  tiles where they help, or bring the misplaced double home before the hour closes.
The best-valued of them (the board value of `engine.clock.ai.planner.value`) are kept.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.clock.ai.planner import (
    DISCARD,
    IMPROVE_LIMIT,
    PLACE,
    RESCUE_LIMIT,
    Move,
    Unseen,
    Weights,
    placement_plan,
    rescue_tests,
    value,
)
from engine.clock.board import (
    HIGH,
    IS_DOUBLE,
    Board,
    Step,
    accepts,
    has_misplaced,
    path_to,
    place,
    search,
    step,
    steps,
    walk,
)

Macro = tuple[tuple[Step, ...], Move]  # rearranging steps, then the last move
MAX_CANDIDATES = 6  # the best-valued choices compared (the planner's always among them)
MARGIN = 6.0  # a choice valued this far below the planner's is not worth a playout
REARRANGED = True  # also compare placements after the other rearrangings searched
# Boards searched for the rearrangings before a drawn double goes home (as before a
# placement: the planner's own IMPROVE_LIMIT).
HOME_LIMIT = IMPROVE_LIMIT
# Whether a drawn double that can go home while another lies misplaced is a choice
# (rearranging first, or not). Double-6 seeds 1000-1599 (300 playouts, never cut): 263
# won against 246 without, 27 deals won only with it, 10 only without. As shipped, seeds
# 0-999: double-6 442 won (434 before), double-12 160 (seeds 0-399: 57 with, 58 without);
# double-9 seeds 0-199: 57 with, 56 without.
HOME_REARRANGE = True


def apply_macro(board: Board, drawn: int, macro: Macro) -> tuple[Board, int]:
    """The board and drawn tile after a macro (its last move a placement or discard)."""
    path, last = macro
    board = walk(board, path)
    if last[0] == PLACE:
        return place(board, last[1], drawn), -1
    return board, -1


def _goals(board: Board, expandable: Callable[[Board], bool],
           score: Callable[[Board], float | None], limit: int) -> list[tuple[float, Board,
                                                                            list[Step]]]:
    """Every goal a breadth-first search over rearrangements meets (at most `limit`
    boards), with its score and the steps to it, nearest first."""
    parents: dict[Board, tuple[Board, Step] | None] = {board: None}
    found: list[tuple[float, Board, list[Step]]] = []
    first = score(board)
    if first is not None:
        found.append((first, board, []))
    frontier = [board]
    while frontier and len(parents) < limit:
        following: list[Board] = []
        for b in frontier:
            if not expandable(b):
                continue
            for a, c in steps(b):
                child = step(b, a, c)
                if child in parents or len(parents) >= limit:
                    continue
                parents[child] = (b, (a, c))
                s = score(child)
                if s is not None:
                    found.append((s, child, path_to(parents, child)))
                following.append(child)
        frontier = following
    return found


def candidates(board: Board, drawn: int, w: Weights, left: Unseen) -> list[Macro]:
    """The choices worth comparing for a drawn tile, the planner's first: at most
    `MAX_CANDIDATES`, none valued more than `MARGIN` below the planner's. [] when the
    position is not one where the planner chooses (no tile waits, a drawn double that
    cannot be rescued, or one that goes home with no double misplaced)."""
    if drawn < 0:
        return []
    scored: list[tuple[float, Macro]] = []
    if IS_DOUBLE[drawn]:
        d = HIGH[drawn]
        home = accepts(board, d, drawn)
        if home and not (HOME_REARRANGE and has_misplaced(board)):
            return []
        troubled, rescued = rescue_tests(d, drawn, w, left)
        if home:  # the planner's move: home at once
            scored.append((value(place(board, d, drawn), w, left), ((), (PLACE, d))))
            limit = HOME_LIMIT
        else:
            path, found, _ = search(board, troubled, rescued, RESCUE_LIMIT)
            if found is None:
                return []
            scored.append((found, (tuple(path), (PLACE, d))))
            limit = RESCUE_LIMIT
        seen = {apply_macro(board, drawn, scored[0][1])[0]}
        for s, b, p in sorted(_goals(board, troubled, rescued, limit),
                              key=lambda g: -g[0]):
            end = place(b, d, drawn)
            if end not in seen:
                seen.add(end)
                scored.append((s, (tuple(p), (PLACE, d))))
            if len(scored) >= 4 * MAX_CANDIDATES:
                break
    else:
        path, best, where = placement_plan(board, drawn, w, left, IMPROVE_LIMIT)
        scored.append((best, (tuple(path), (PLACE, where) if where else DISCARD)))
        seen = {apply_macro(board, drawn, scored[0][1])[0]}
        goals = (_goals(board, has_misplaced, lambda b: 0.0, IMPROVE_LIMIT)
                 if has_misplaced(board) and REARRANGED else [(0.0, board, [])])
        for _, b, p in goals:  # every rearranged board, and every hour that takes the tile
            for h in range(1, len(b)):
                if accepts(b, h, drawn):
                    after = place(b, h, drawn)
                    if after not in seen:
                        seen.add(after)
                        scored.append((value(after, w, left), (tuple(p), (PLACE, h))))
    top = scored[0][0]
    rest = sorted((c for c in scored[1:] if c[0] >= top - MARGIN), key=lambda c: -c[0])
    return [scored[0][1]] + [m for _, m in rest[:MAX_CANDIDATES - 1]]
