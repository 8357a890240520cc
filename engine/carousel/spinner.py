"""The Carousel layout: a spinner double with four arms, `L R U D` (RULES.md section 2).

Its open-end count and what that scores are in `engine.carousel.scoring`.

The picture: the spinner lies in the middle. `L` and `R` are the arms along the
line (left and right as drawn), `U` and `D` the arms across it (top and
bottom). Each arm is a list of tiles from the spinner outward; every placed
tile records the number touching its neighbour nearer the spinner (`inner`)
and the number facing out (`outer`). An arm's open number is the `outer` of
its last tile, or the spinner's number while the arm is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.moves import LineMove
from engine.tiles import MAX_PIPS, Tile

SIDES: tuple[str, ...] = ("L", "R", "U", "D")
SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}
_ALL = (0, 1, 2, 3)
_SIZE = (MAX_PIPS + 1) * (MAX_PIPS + 1) * 4
# One shared move and one record text per (tile, side): hot paths build neither anew.
_MOVES: list[LineMove | None] = [None] * _SIZE
_TEXTS: list[str | None] = [None] * _SIZE


def side_move(tile: Tile, side: int) -> LineMove:
    """`LineMove("play", tile, SIDES[side])`, shared between calls."""
    i = (tile.high * (MAX_PIPS + 1) + tile.low) * 4 + side
    move = _MOVES[i]
    if move is None or move.tile is not tile:
        move = _MOVES[i] = LineMove("play", tile, SIDES[side])
    return move


def side_move_text(tile: Tile, side: int) -> str:
    """The record text of `tile` played on side index `side`, e.g. "6-5 U"."""
    i = (tile.high * (MAX_PIPS + 1) + tile.low) * 4 + side
    text = _TEXTS[i]
    if text is None:
        text = _TEXTS[i] = f"{tile.high}-{tile.low} {SIDES[side]}"
    return text


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
