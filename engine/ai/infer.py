"""What a seat's view tells about the hidden tiles of a line game.

Everything here reads only the view: the seat's hand, the board, hand sizes,
the stock size and the public history. Two facts come out of it:

- `unseen_tiles`: the tiles of the set that are neither in the seat's hand
  nor on the board (they are in other hands or in the stock);
- `constraints`: for each other seat, the tiles it cannot hold now, learnt
  from its draws and passes. A player draws or passes only when nothing in
  the hand fits, so after its *last* run of draws (ends unchanged while it
  draws; the drawn tile that fits is the one it plays) and after every pass
  (passes only come once nothing may be drawn, so nothing is added later)
  its hand shows none of the numbers that were open then. Before the
  Carousel's opening, a draw or pass says the hand held no double. Earlier
  runs of draws say nothing certain about the current hand (tiles drawn later
  may show those numbers), so they are not used: every constraint returned
  is sound.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.line import Line
from engine.moves import LineMove
from engine.spinner import Spinner
from engine.tiles import Tile, full_set


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


def set_top(view: Any) -> int:
    """The set's highest number for a line-game view (Traditional: always 6).

    The Carousel view does not name its set: the largest number seen decides
    (above 9: double-12; above 6: double-9), else double-6 for 2-4 players and
    double-9 for more.
    """
    if view.game == "traditional":
        return 6
    seen = [t for t in (view.hand or ())]
    if view.spinner is not None:
        seen.append(view.spinner)
    for arm in view.arms.values():
        seen.extend(a.tile for a in arm)
    top = max((t.high for t in seen), default=0)
    if top > 9:
        return 12
    if top > 6:
        return 9
    return 6 if len(view.players) <= 4 else 9


def board_tiles(view: Any) -> list[Tile]:
    """Every tile on the board of a line-game view."""
    if view.game == "traditional":
        return [p.tile for p in view.line]
    tiles = [] if view.spinner is None else [view.spinner]
    for arm in view.arms.values():
        tiles.extend(a.tile for a in arm)
    return tiles


def unseen_tiles(view: Any) -> list[Tile]:
    """The tiles in other hands or in the stock, in set order. Raises ValueError for a
    spectator's view (it has no hand)."""
    if view.hand is None:
        raise ValueError("a spectator's view has no hand to reason from")
    known = set(view.hand) | set(board_tiles(view))
    return [t for t in full_set(set_top(view)) if t not in known]


def constraints(view: Any, *, spinner_first: bool = True,
                must_play: bool = True) -> list[Lacks]:
    """For each seat, what its hand cannot hold now (see the module docstring).

    The view's own seat gets an empty `Lacks`. For the Carousel, `spinner_first`
    and `must_play` are the game's options (with `must_play` off a draw is a
    choice and says nothing). Raises NotationError for a history that is not
    in record notation.
    """
    n = len(view.players)
    last_run: list[Lacks | None] = [None] * n
    passes = [Lacks() for _ in range(n)]
    carousel = view.game == "carousel"
    line = Line()
    spinner: Spinner | None = None
    for seat, text in view.history:
        if text in ("draw", "pass"):
            if carousel:
                if spinner is None:
                    now = Lacks(doubles=True)
                elif text == "draw" and not must_play:
                    continue
                else:
                    now = Lacks({spinner.ends[i] for i in spinner.open_sides()})
            elif not line.tiles:
                continue  # no constraint before the lead
            else:
                now = Lacks({line.left, line.right})
            if text == "draw":
                last_run[seat] = now
            else:
                passes[seat].numbers |= now.numbers
                passes[seat].doubles |= now.doubles
            continue
        move = LineMove.parse(text)
        assert move.tile is not None
        if carousel:
            if spinner is None:
                spinner = Spinner(move.tile, seat, spinner_first)
            else:
                spinner.place(move.tile, move.end or spinner.ends_for(move.tile)[0], seat)
        elif not line.tiles:
            line.lead(move.tile, seat)
        else:
            line.place(move.tile, move.end or line.ends_for(move.tile)[0], seat)
    result = []
    for seat in range(n):
        lacks = passes[seat]
        run = last_run[seat]
        if run is not None:
            lacks.numbers |= run.numbers
            lacks.doubles |= run.doubles
        result.append(Lacks() if seat == view.seat else lacks)
    return result
