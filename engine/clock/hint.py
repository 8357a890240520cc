"""A simple, sensible move suggestion for Big Clock, worked out from the view alone.

The policy, in order:
1. a double lying at another hour goes home as soon as its hour accepts it;
2. a drawn double goes home when it can; when it cannot, the top of its hour
   (or of the hour that blocks it, following doubles in the way) is moved off
   to make room; when nothing can be moved, the double is given up (`discard`);
3. a drawn non-double goes where it helps most: onto an hour whose number it
   shows (best when that hour's top did not show it yet), else onto an hour
   that is not waiting for its double; a top that already shows its hour's
   number (or an empty hour) is buried only when nothing else is left; with no
   place at all it is discarded;
4. otherwise free the hours that doubles in trouble wait for (moving their
   tops away), then draw; when nothing helps, `resign`.
Every rearranging move it makes either brings a double home or lowers a pile
whose double is in trouble onto a pile whose double is not, so following the
hints always ends.
"""

from __future__ import annotations

from typing import Any

from engine.clock.view import DRAWN, ClockMove, ClockView
from engine.tiles import Tile


def hint(source: ClockView | Any) -> ClockMove:
    """The suggested move for a Big Clock view (or a game, through its player's view).

    Uses only what the view shows. Returns a legal move, or `resign` when no
    move helps. Raises ValueError when the game is over.
    """
    view: ClockView = source if isinstance(source, ClockView) else source.view(0)
    if view.outcome is not None:
        raise ValueError("the game is over: there is nothing to suggest")
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
        place = ClockMove("place", drawn.high)
        if place in legal:
            return place
        freeing = _freeing_move(view, legal, _blocking_chain(tops, drawn.high), troubled)
        return freeing or ClockMove.discard()

    if drawn is not None:
        places = [m for m in view.legal_moves if m.kind == "place"]
        if not places:
            return ClockMove.discard()
        return max(places, key=lambda m: _target_key(tops, troubled, m.a or 0, drawn))

    freeing = _freeing_move(view, legal, sorted(troubled), troubled)
    if freeing:
        return freeing
    if ClockMove.draw() in legal:
        return ClockMove.draw()
    return ClockMove.resign()


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


def _blocking_chain(tops: tuple[Tile | None, ...], hour: int) -> list[int]:
    # The hour a drawn double needs, then the hour of each double that blocks it.
    chain = [hour]
    top = tops[hour - 1]
    while top is not None and top.is_double and top.high not in chain:
        chain.append(top.high)
        top = tops[top.high - 1]
    return chain


def _freeing_move(view: ClockView, legal: set[ClockMove], hours: list[int],
                  troubled: set[int]) -> ClockMove | None:
    """The best move of a non-double top off one of `hours` (tried in order) onto an hour
    whose double is not in trouble; None when there is none."""
    for source in hours:
        top = view.tops[source - 1]
        if top is None or top.is_double:
            continue
        targets = [
            target for target in range(1, view.hours + 1)
            if target not in troubled and ClockMove("move", source, target) in legal
        ]
        if targets:
            best = max(targets, key=lambda t: _target_key(view.tops, troubled, t, top))
            return ClockMove("move", source, best)
    return None
