"""The line of play of Partnership Dominó: two ends, `L` and `R`, fixed by the lead."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile in the line, with the numbers it shows from left to right and who laid it."""

    tile: Tile
    left: int
    right: int
    seat: int


class Line:
    """Tiles laid end to end. `L` is the left-hand end as drawn, `R` the right-hand one;
    `left` and `right` are the open numbers (-1 while the line is empty)."""

    __slots__ = ("left", "right", "tiles")

    def __init__(self) -> None:
        self.tiles: list[PlacedTile] = []
        self.left = -1
        self.right = -1

    def __len__(self) -> int:
        return len(self.tiles)

    def copy(self) -> Line:
        other = Line()
        other.tiles = list(self.tiles)
        other.left, other.right = self.left, self.right
        return other

    def accepts(self, tile: Tile, end: str) -> bool:
        """Whether `tile` may be laid at `end` ("L" or "R") of a non-empty line."""
        number = self.left if end == "L" else self.right
        return tile.high == number or tile.low == number

    def ends_for(self, tile: Tile) -> list[str]:
        """The ends that accept `tile`, L first (both when both ends show its number)."""
        return [end for end in ("L", "R") if self.accepts(tile, end)]

    def fits(self, tile: Tile) -> bool:
        """Whether `tile` fits either end of a non-empty line."""
        left, right = self.left, self.right
        return tile.high in (left, right) or tile.low in (left, right)

    def lead(self, tile: Tile, seat: int) -> None:
        """Lay the first tile; a non-double lies with its larger number at L."""
        self.tiles.append(PlacedTile(tile, tile.high, tile.low, seat))
        self.left, self.right = tile.high, tile.low

    def place(self, tile: Tile, end: str, seat: int) -> None:
        """Lay `tile` at `end`. The caller has checked that it fits (`accepts`)."""
        if end == "L":
            inner = self.left
            outer = tile.other(inner)
            self.tiles.insert(0, PlacedTile(tile, outer, inner, seat))
            self.left = outer
        else:
            inner = self.right
            outer = tile.other(inner)
            self.tiles.append(PlacedTile(tile, inner, outer, seat))
            self.right = outer
