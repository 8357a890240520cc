"""A simple, sensible move suggestion for Big Clock, worked out from the view alone.

The policy, in order:
1. a double lying at another hour goes home as soon as its hour accepts it;
2. a drawn double goes home when it can; when it cannot, the nearest sequence of
   rearranging moves after which its hour takes it is followed (a breadth-first
   search over the piles, `RESCUE_LIMIT` boards); only when none exists is the
   double given up, and even then a move that keeps the game going comes first;
3. a drawn non-double goes where it helps most: onto an hour whose number it
   shows (best when that hour's top did not show it yet), else onto an hour
   that is not waiting for its double; a top that already shows its hour's
   number (or an empty hour) is buried only when nothing else is left; with no
   place at all it is discarded;
4. otherwise free the hours that doubles in trouble wait for (moving their
   tops away), then draw; with the stock out, search for the moves that bring
   the misplaced doubles home.
Whatever the level, a hint never loses at once while another legal move does not
(`safe`): a give-up, a resign or a move after which the game is lost is replaced
by the first legal move that keeps it going. Before that, a person's normal hint
takes a second, deeper look (`second_look`): it follows a rescue found further
away, or, when no rearranging of the piles can let a drawn double home (or bring
every double home once the stock is out), suggests giving up rather than moving
tiles to and fro for ever. `hint_at` gives the hint of a level:
easy a random such move, normal this policy, hard `engine.clock.ai.montecarlo`.
"""

from __future__ import annotations

from typing import Any

from engine.ai import LEVELS
from engine.clock.ai.montecarlo import hard_move
from engine.clock.board import (
    Board,
    Step,
    accepts,
    all_home,
    board_of,
    lost_after,
    misplaced,
    place,
    search,
    step,
)
from engine.clock.view import DRAWN, ClockMove, ClockView
from engine.rng import SeededRandom
from engine.tiles import Tile

RESCUE_LIMIT = 2000
# A person's hint looks further before it lets a double go or stops the game: a
# rescue can lie four moves deep among tens of thousands of boards (about 0.3 s a
# 50,000 here), and a person waits that long gladly; the AI does not.
DEEP_RESCUE_LIMIT = 100_000
HINT_LEVELS = LEVELS  # a hint comes at each of the AI's levels


def hint_at(level: str, source: ClockView | Any, rng: SeededRandom | None = None) -> ClockMove:
    """The hint of `level` (easy, normal or hard) for a view or a game, for a player:
    never a move that loses at once while another does not. Raises ValueError for an
    unknown level or a finished game."""
    view = _view(source)
    if level == "normal":
        return hint(view)
    if level == "hard":
        return safe(view, hard_move(view))
    if level == "easy":
        moves = [m for m in view.legal_moves if not loses_at_once(view, m)]
        moves = moves or list(view.legal_moves) or [ClockMove.resign()]
        return moves[(rng or SeededRandom(len(view.history))).below(len(moves))]
    raise ValueError(f"unknown hint level {level!r} (one of {', '.join(HINT_LEVELS)})")


def _view(source: ClockView | Any) -> ClockView:
    view: ClockView = source if isinstance(source, ClockView) else source.view(0)
    if view.outcome is not None:
        raise ValueError("the game is over: there is nothing to suggest")
    return view


def _board(view: ClockView) -> Board:
    return board_of([(), *view.piles])


def loses_at_once(view: ClockView, move: ClockMove) -> bool:
    """Whether playing `move` in the view's position ends the game lost there and then.
    A draw never does by itself (what it brings is not known)."""
    kind, drawn = move.kind, view.drawn
    if kind == "resign":
        return True
    if kind == "draw":
        return False
    board = _board(view)
    if kind == "discard":
        return drawn is None or drawn.is_double or lost_after(board, -1, view.stock_size)
    if kind == "place" and drawn is not None and move.a is not None:
        return lost_after(place(board, move.a, drawn.code), -1, view.stock_size)
    if kind == "move" and move.a is not None and move.b is not None:
        return lost_after(step(board, move.a, move.b), -1 if drawn is None else drawn.code,
                          view.stock_size)
    return False


def safe(view: ClockView, move: ClockMove) -> ClockMove:
    """`move`, unless it loses at once and another legal move does not: then the first
    such move of `view.legal_moves`."""
    if not loses_at_once(view, move):
        return move
    return next((m for m in view.legal_moves if not loses_at_once(view, m)), move)


def hint(source: ClockView | Any, *, give_up: bool = False) -> ClockMove:
    """The normal level's suggested move for a Big Clock view (or a game, through its
    player's view).

    Uses only what the view shows. Returns a legal move, or `resign` when no legal
    move is left. When no rescue is found it still suggests a move that keeps the
    game going, unless `give_up` (a computer playing alone, whose game must end):
    then it gives the double up. Raises ValueError when the game is over.
    """
    view = _view(source)
    move = _policy(view)
    if give_up:
        return move
    if loses_at_once(view, move):
        looked = second_look(view)
        if looked == ClockMove.resign():
            return looked  # said plainly, rather than moving tiles to and fro for ever
        if looked is not None:
            move = looked
    return safe(view, move)


def second_look(view: ClockView) -> ClockMove | None:
    """For a person, when the policy's move would lose: the rescue searched much
    further (`DEEP_RESCUE_LIMIT` boards, under a second). Its first move when one
    is found; `resign` when every board the piles can be rearranged into was seen and
    none lets the drawn double home (or, the stock out and nothing in hand, brings
    every double home): the game cannot be won; None when even this search was cut
    short, or the trouble is not one that rearranging mends."""
    drawn = view.drawn
    if drawn is not None and not drawn.is_double:
        return None
    if drawn is None and view.stock_size > 0:
        return None
    path, found, complete = _rescue_search(view, drawn, DEEP_RESCUE_LIMIT)
    if found is not None and path:
        return ClockMove.move(*path[0])
    return ClockMove.resign() if found is None and complete else None


def _policy(view: ClockView) -> ClockMove:
    legal = set(view.legal_moves)
    tops = view.tops
    troubled = {tile.high for tile, _ in view.in_trouble}

    # 1. Bring home any double lying at the wrong hour whose own hour accepts it.
    for tile, at in view.in_trouble:
        if at != DRAWN:
            home_move = ClockMove("move", int(at), tile.high)
            if home_move in legal:
                return home_move

    drawn = view.drawn
    if drawn is not None and drawn.is_double:
        home = ClockMove("place", drawn.high)
        if home in legal:
            return home
        return _rescue(view, drawn) or ClockMove.discard()

    if drawn is not None:
        places = [m for m in view.legal_moves if m.kind == "place"]
        if not places:
            return ClockMove.discard()
        return max(places, key=lambda m: _target_key(tops, troubled, m.a or 0, drawn))

    freeing = _freeing_move(view, legal, troubled)
    if freeing:
        return freeing
    if ClockMove.draw() in legal:
        return ClockMove.draw()
    return _rescue(view, None) or ClockMove.resign()


def _ready(top: Tile | None, hour: int) -> bool:
    # An hour is ready for its double when it is empty or its top shows the hour.
    return top is None or (not top.is_double and top.has(hour))


def _target_key(tops: tuple[Tile | None, ...], troubled: set[int], hour: int,
                tile: Tile) -> tuple[bool, bool, bool, bool, bool, int]:
    """How good it is to lay `tile` on `hour` (larger is better)."""
    top = tops[hour - 1]
    shows = tile.has(hour)
    ready = _ready(top, hour)
    return (
        shows and not ready,  # makes the hour ready for its double
        shows,  # keeps it ready
        not ready,  # buries nothing useful
        hour not in troubled,  # keeps clear the hours that doubles in trouble wait for
        top is not None,  # an empty hour is kept for a double as long as possible
        -hour,  # a stable choice
    )


def _rescue(view: ClockView, drawn: Tile | None) -> ClockMove | None:
    """The first move of the shortest rearranging that brings the drawn double home
    (or, with none drawn, every misplaced double); None when the search finds none."""
    path, found, _ = _rescue_search(view, drawn)
    if found is None or not path:
        return None
    return ClockMove.move(*path[0])


def _rescue_search(view: ClockView, drawn: Tile | None,
                   limit: int = RESCUE_LIMIT) -> tuple[list[Step], float | None, bool]:
    """`engine.clock.board.search` for the rearranging `_rescue` looks for, through at
    most `limit` boards."""
    board = _board(view)
    if drawn is not None:
        d, code = drawn.high, drawn.code

        def goal(b: Board) -> float | None:
            return 0.0 if accepts(b, d, code) else None

        def open_(b: Board) -> bool:
            return not accepts(b, d, code)  # the double is still in trouble
    else:
        def goal(b: Board) -> float | None:
            return 0.0 if all_home(b) else None

        def open_(b: Board) -> bool:
            return bool(misplaced(b))
    return search(board, open_, goal, limit, enough=0.0)  # every goal scores 0.0


def _freeing_move(view: ClockView, legal: set[ClockMove],
                  troubled: set[int]) -> ClockMove | None:
    """The best move of a non-double top off one of the `troubled` hours (tried from the
    lowest) onto an hour whose double is not in trouble; None when there is none."""
    tops = view.tops  # made from the piles at each reading: read once
    for source in sorted(troubled):
        top = tops[source - 1]
        if top is None or top.is_double:
            continue
        targets = [
            target for target in range(1, view.hours + 1)
            if target not in troubled and ClockMove("move", source, target) in legal
        ]
        if targets:
            best = max(targets, key=lambda t: _target_key(tops, troubled, t, top))
            return ClockMove("move", source, best)
    return None
