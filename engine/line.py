"""The line of play with two ends, `L` and `R`, fixed by the lead: the board of the games
that lay one (Traditional, Partnership Dominó), and the one reason a play on it is refused
(`play_reason`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass

from catalog import Phrase
from engine.hidden import Lacks
from engine.moves import LineMove
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

    def fits(self, tile: Tile) -> bool:
        """Whether `tile` fits either end of a non-empty line."""
        left, right = self.left, self.right
        return tile.high in (left, right) or tile.low in (left, right)

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


def play_reason(line: Line, hand: Collection[Tile], move: LineMove) -> Phrase | None:
    """Why `move`, a play of a tile on a non-empty `line` from `hand`, is illegal (a
    Phrase of the catalog), or None when it is legal."""
    tile = move.tile
    assert tile is not None
    if tile not in hand:
        return Phrase("illegal.not_held", {"tile": tile})
    ends = line.ends_for(tile)
    shown = {"tile": tile, "left": line.left, "right": line.right}
    if move.end is None:
        if not ends:
            return Phrase("illegal.fits_neither", shown)
        if len(ends) > 1:
            return Phrase("illegal.fits_both", {"tile": tile})
        return None
    if move.end not in ("L", "R"):
        return Phrase("illegal.ends_lr", {"end": move.end})
    if move.end not in ends:
        return Phrase("illegal.not_this_end", {**shown, "end": move.end})
    return None


class LineBoard:
    """The line rebuilt from a view's history, for engine.hidden.history_lacks: a draw or
    a pass shows the player lacks both open ends."""

    def __init__(self) -> None:
        self.line = Line()

    def lacks(self, text: str) -> Lacks | None:
        line = self.line
        return Lacks({line.left, line.right}) if line.tiles else None

    def scores(self, tile: Tile) -> list[float]:
        # The inference model (engine.inference): heaviest tile first.
        if not self.line.tiles:
            return []
        return [float(tile.pips)] * len(self.line.ends_for(tile))

    def lay(self, move: LineMove, seat: int) -> None:
        assert move.tile is not None
        if not self.line.tiles:
            self.line.lead(move.tile, seat)
        else:
            self.line.place(move.tile, move.end or self.line.ends_for(move.tile)[0], seat)
