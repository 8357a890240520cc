"""What fives games share: a spinner with four arms, its open-end count and the points a
count or a hand's pips make (the Carousel, RULES.md section 2, is built on it; any other
game of fives, All Fives or Sebastopol, would be too).

The layout: the spinner lies in the middle. `L` and `R` are the arms along the line
(left and right as drawn), `U` and `D` the arms across it (top and bottom). Each arm is
a list of tiles from the spinner outward; every placed tile records the number touching
its neighbour nearer the spinner (`inner`) and the number facing out (`outer`). An
arm's open number is the `outer` of its last tile, or the spinner's number while the
arm is empty. The open-end count adds the open ends up (RULES.md "Open-end count"); a
multiple of 5 scores a fifth of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from catalog import Phrase
from engine.tiles import Tile

SIDES: tuple[str, ...] = ("L", "R", "U", "D")
SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}
_ALL = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class ArmTile:
    """A tile on an arm: `inner` touches the tile before it (or the spinner), `outer` is open.

    A double has inner == outer and lies crosswise; `seat` laid it.
    """

    tile: Tile
    inner: int
    outer: int
    seat: int


class Spinner:
    """The spinner and its four arms; mutated in place by `place`, copied by `copy`."""

    __slots__ = ("arms", "ends", "free", "seat", "spinner_first", "tile", "value")

    def __init__(self, tile: Tile, seat: int, spinner_first: bool) -> None:
        """Lay `tile` (a double, checked by the caller) as the spinner."""
        self.tile = tile
        self.value = tile.high
        self.seat = seat
        self.spinner_first = spinner_first
        self.arms: list[list[ArmTile]] = [[], [], [], []]
        # The open number of each side, kept up to date so that hot paths read ints.
        self.ends = [tile.high] * 4
        self.free = 4  # sides with no tile yet

    def copy(self) -> Spinner:
        other = object.__new__(Spinner)
        other.tile, other.value, other.seat = self.tile, self.value, self.seat
        other.spinner_first, other.free = self.spinner_first, self.free
        other.arms = [list(arm) for arm in self.arms]
        other.ends = list(self.ends)
        return other

    def open_sides(self) -> tuple[int, ...]:
        """The side indexes that accept plays now.

        With `spinner_first`, only the free sides of the spinner until all four
        hold a tile; otherwise every arm's end.
        """
        if self.spinner_first and self.free:
            return tuple(i for i in _ALL if not self.arms[i])
        return _ALL

    def ends_for(self, tile: Tile) -> list[str]:
        """The sides (L R U D order) whose open end accepts `tile` now."""
        ends = self.ends
        return [SIDES[i] for i in self.open_sides() if tile.high == ends[i] or tile.low == ends[i]]

    def open_numbers(self) -> set[int]:
        """The numbers a tile must show to be playable somewhere now."""
        return {self.ends[i] for i in self.open_sides()}

    def place(self, tile: Tile, side: str, seat: int) -> None:
        """Lay `tile` on `side`. The caller has checked that the side accepts it."""
        i = SIDE_INDEX[side]
        inner = self.ends[i]
        outer = tile.other(inner)
        arm = self.arms[i]
        if not arm:
            self.free -= 1
        arm.append(ArmTile(tile, inner, outer, seat))
        self.ends[i] = outer


def count_parts(layout: Spinner) -> list[int]:
    """The numbers the open-end count adds up, in order: spinner halves, then L R U D.

    The spinner gives both halves while its L or R side is free; an arm
    gives its last tile's outer number, twice when that tile is a double;
    an empty arm gives nothing.
    """
    parts: list[int] = []
    arms = layout.arms
    if not arms[0] or not arms[1]:
        parts += (layout.value, layout.value)
    for arm in arms:
        if arm:
            last = arm[-1]
            parts.append(last.outer)
            if last.tile.high == last.tile.low:
                parts.append(last.outer)
    return parts


def open_end_count(layout: Spinner) -> int:
    """The open-end count (RULES.md "Open-end count"): the sum of `count_parts`."""
    arms = layout.arms
    total = 0 if arms[0] and arms[1] else 2 * layout.value
    for arm in arms:
        if arm:
            last = arm[-1]
            total += 2 * last.outer if last.tile.high == last.tile.low else last.outer
    return total


def count_points(count: int) -> int:
    """The points an open-end count scores: a fifth of it when it is a multiple of 5
    above 0, else none."""
    return count // 5 if count and count % 5 == 0 else 0


def tile_bonus(tile: Tile) -> int:
    """The `tile_bonus` option's point for laying a tile whose pips are a multiple of 5."""
    return 1 if tile.pips and tile.pips % 5 == 0 else 0


def round_pips(pips: int) -> int:
    """Pips to points: to the nearest multiple of 5, divided by 5 (0-2 -> 0, 3-7 -> 1, ...)."""
    return (pips + 2) // 5


def points_phrase(points: int) -> Phrase:
    """"1 point", "5 points" (the catalog's plural forms in each language)."""
    return Phrase("count.points", {"count": points})
