"""The line of play with two ends, `L` and `R`: the Traditional game's board (only it lays one)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from engine.tiles import MAX_PIPS, Tile

# Placed tiles are values too: one per (tile, left, right, seat), made once, keyed by
# one int (cheaper to hash than a tuple).
_PLACED: dict[int, PlacedTile] = {}
_SIDE = MAX_PIPS + 1


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile in the line, with the numbers it shows from left to right and who laid it."""

    tile: Tile
    left: int
    right: int
    seat: int


def placed_tile(tile: Tile, left: int, right: int, seat: int) -> PlacedTile:
    """`PlacedTile(tile, left, right, seat)`, shared between calls (the game's hot path)."""
    key = (((seat * _SIDE + tile.high) * _SIDE + tile.low) * _SIDE + left) * _SIDE + right
    placed = _PLACED.get(key)
    if placed is None or placed.tile is not tile:
        placed = _PLACED[key] = PlacedTile(tile, left, right, seat)
    return placed


def _other(tile: Tile, number: int) -> int:
    # The high half of a tile whose low half shows `number`; ValueError as Tile.other.
    if tile.low != number:
        raise ValueError(f"{tile} does not show {number}")
    return tile.high


class Line:
    """Tiles laid end to end. `L` is the left-hand end as drawn, `R` the right-hand one."""

    __slots__ = ("left", "right", "tiles")

    def __init__(self) -> None:
        self.tiles: deque[PlacedTile] = deque()
        self.left = -1  # the number open at L, -1 while the line is empty
        self.right = -1

    def __len__(self) -> int:
        return len(self.tiles)

    def copy(self) -> Line:
        other = Line()
        other.tiles = self.tiles.copy()
        other.left, other.right = self.left, self.right
        return other

    def accepts(self, tile: Tile, end: str) -> bool:
        """Whether `tile` may be laid at `end` ("L" or "R") of a non-empty line."""
        number = self.left if end == "L" else self.right
        return tile.high == number or tile.low == number

    def ends_for(self, tile: Tile) -> list[str]:
        """The ends that accept `tile`, L first (both when both ends show its number)."""
        return [end for end in ("L", "R") if self.accepts(tile, end)]

    def lead(self, tile: Tile, seat: int) -> None:
        """Lay the first tile; a non-double lies with its larger number at L."""
        self.tiles.append(PlacedTile(tile, tile.high, tile.low, seat))
        self.left, self.right = tile.high, tile.low

    def place(self, tile: Tile, end: str, seat: int) -> None:
        """Lay `tile` at `end`. The caller has checked that it fits (`accepts`)."""
        if end == "L":
            inner = self.left
            outer = tile.low if tile.high == inner else _other(tile, inner)
            self.tiles.appendleft(placed_tile(tile, outer, inner, seat))
            self.left = outer
        else:
            inner = self.right
            outer = tile.low if tile.high == inner else _other(tile, inner)
            self.tiles.append(placed_tile(tile, inner, outer, seat))
            self.right = outer
