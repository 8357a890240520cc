"""A compact Big Clock board for search: piles of tile codes, the rules' acceptance test,
rearranging moves, and a breadth-first search over rearrangements.

Tiles are `Tile.code` ints (`high * 13 + low`); a board is a tuple of piles, bottom
first, indexed by hour (index 0 is always empty), so that boards hash and compare
cheaply. The rules are those of `engine.clock` (RULES.md section 3); tests check that
both agree on every move they list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.tiles import MAX_PIPS, Tile

Board = tuple[tuple[int, ...], ...]
Step = tuple[int, int]  # a rearranging move: top of hour a onto hour b

_SIZE = (MAX_PIPS + 1) ** 2
HIGH = [c // (MAX_PIPS + 1) for c in range(_SIZE)]
LOW = [c % (MAX_PIPS + 1) for c in range(_SIZE)]
MASK = [(1 << HIGH[c]) | (1 << LOW[c]) for c in range(_SIZE)]
IS_DOUBLE = [HIGH[c] == LOW[c] for c in range(_SIZE)]
DOUBLE_OF = [h * (MAX_PIPS + 1) + h for h in range(MAX_PIPS + 1)]  # the code of h-h


def board_of(piles: Sequence[Sequence[Tile]]) -> Board:
    """The board of piles given by hour (index 0 unused, or a list of hours 1..N)."""
    return tuple(tuple(t.code for t in pile) for pile in piles)


def accepts(board: Board, hour: int, t: int) -> bool:
    """Whether hour `hour` may take tile `t` (drawn or moved): RULES.md's one test."""
    if IS_DOUBLE[t] and HIGH[t] != hour:
        return False
    pile = board[hour]
    if not pile:
        return True
    top = pile[-1]
    return not IS_DOUBLE[top] and bool(MASK[top] & MASK[t])


def is_home(board: Board, hour: int) -> bool:
    pile = board[hour]
    return bool(pile) and pile[-1] == DOUBLE_OF[hour]


def misplaced(board: Board) -> list[int]:
    """The hours whose top is another hour's double (each such double is in trouble)."""
    return [h for h in range(1, len(board)) if board[h] and IS_DOUBLE[board[h][-1]]
            and HIGH[board[h][-1]] != h]


def has_misplaced(board: Board) -> bool:
    """Whether any hour's top is another hour's double (`misplaced` is not empty)."""
    for h, pile in enumerate(board):  # noqa: SIM110 - a loop: any() over a generator is slower
        if pile and IS_DOUBLE[pile[-1]] and HIGH[pile[-1]] != h:
            return True
    return False


def all_home(board: Board) -> bool:
    return all(is_home(board, h) for h in range(1, len(board)))


def steps(board: Board) -> list[Step]:
    """Every rearranging move the piles allow (whether rearranging is allowed now is
    the caller's question: only while a double is in trouble)."""
    n = len(board) - 1
    out: list[Step] = []
    for a in range(1, n + 1):
        pile = board[a]
        if not pile:
            continue
        t = pile[-1]
        if IS_DOUBLE[t]:
            if HIGH[t] != a and accepts(board, HIGH[t], t):
                out.append((a, HIGH[t]))  # a misplaced double may only go home
            continue  # a home pile is closed
        mask = MASK[t]
        for b in range(1, n + 1):
            if b == a:
                continue
            target = board[b]
            if not target or (not IS_DOUBLE[target[-1]] and mask & MASK[target[-1]]):
                out.append((a, b))
    return out


def step(board: Board, a: int, b: int) -> Board:
    """The board after moving the top of hour a onto hour b."""
    piles = list(board)
    t = piles[a][-1]
    piles[a] = piles[a][:-1]
    piles[b] = piles[b] + (t,)
    return tuple(piles)


def walk(board: Board, path: Sequence[Step]) -> Board:
    """The board after the rearranging steps `path`, in order (each legal, unchecked)."""
    for a, b in path:
        board = step(board, a, b)
    return board


def place(board: Board, hour: int, t: int) -> Board:
    piles = list(board)
    piles[hour] = piles[hour] + (t,)
    return tuple(piles)


def lost_after(board: Board, drawn: int, stock: int) -> bool:
    """Whether a position reached by a move is lost at once (RULES.md "End"): a drawn
    double (`drawn`, -1 for none) cannot go home and no rearranging move exists, or no
    tile waits, the stock is empty and nothing can be rearranged, short of a win."""
    if all_home(board):
        return False
    if drawn >= 0:
        if IS_DOUBLE[drawn] and not accepts(board, HIGH[drawn], drawn):
            return not steps(board)
        return False
    return not stock and not (misplaced(board) and steps(board))


def search(board: Board, expandable: Callable[[Board], bool],
           score: Callable[[Board], float | None],
           limit: int, enough: float | None = None) -> tuple[list[Step], float | None, bool]:
    """Breadth-first over rearrangements from `board`, visiting at most `limit` boards.

    `score(b)` is None for a board that is no goal, else its value; `expandable(b)`
    says whether rearranging is still allowed there. Returns the steps to the best
    goal (the nearest among equals, `board` itself included), its score (None when no
    goal was seen), and whether every reachable board was visited.

    With `enough` (the highest score a goal can have, e.g. 0.0 where every goal scores
    0.0) the search stops at the first goal scoring that much: no later board could
    beat it, so the answer is the same, only without visiting the rest (then not
    every board was visited).
    """
    parents: dict[Board, tuple[Board, Step] | None] = {board: None}
    best: Board | None = None
    best_score = score(board)
    if best_score is not None:
        best = board
        if enough is not None and best_score >= enough:
            return [], best_score, False
    frontier = [board]
    while frontier:
        following: list[Board] = []
        for b in frontier:
            if not expandable(b):
                continue
            for a, c in steps(b):
                child = step(b, a, c)
                # One hashing of the board (a tuple of tuples, not cached) where two would do.
                link = (b, (a, c))
                if parents.setdefault(child, link) is not link:
                    continue
                if len(parents) > limit:
                    del parents[child]
                    return path_to(parents, best), best_score, False
                value = score(child)
                if value is not None and (best_score is None or value > best_score):
                    best, best_score = child, value
                    if enough is not None and value >= enough:
                        return path_to(parents, best), best_score, False
                following.append(child)
        frontier = following
    return path_to(parents, best), best_score, True


def path_to(parents: dict[Board, tuple[Board, Step] | None], end: Board | None) -> list[Step]:
    """The steps from a breadth-first search's start to `end`, by the `parents` links it
    kept (start: None); [] for the start or for None."""
    path: list[Step] = []
    while end is not None:
        link = parents[end]
        if link is None:
            break
        end, move = link
        path.append(move)
    return path[::-1]
