"""Tiles, sets and tile notation (RULES.md "Common terms")."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.errors import NotationError, RecordError

# `a-b`, `a:b`, `a|b`, optionally in balanced brackets; ASCII digits only (`\d` alone
# would also take other scripts' digits, which int() reads).
_TILE_TEXT = re.compile(
    r"^\s*(?:\[\s*(\d{1,2})\s*[-:|]\s*(\d{1,2})\s*\]|(\d{1,2})\s*[-:|]\s*(\d{1,2}))\s*$",
    re.ASCII,
)
MAX_PIPS = 12


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A domino tile. Stored with `high >= low`, so `Tile(6, 0) == Tile.of(0, 6)`.

    Ordering is by (high, low), which also sorts hands in a natural way. `code` is
    `high * (MAX_PIPS + 1) + low`, set by the constructor: one small int per tile, in the
    same order, for the engine's tables (not part of equality, hashing or the repr).
    """

    high: int
    low: int
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (0 <= self.low <= self.high <= MAX_PIPS):
            raise ValueError(f"not a tile: {self.high}-{self.low} (use Tile.of for any order)")
        object.__setattr__(self, "code", self.high * (MAX_PIPS + 1) + self.low)

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile showing `a` and `b`, in either order."""
        return _tile(max(a, b), min(a, b))

    @staticmethod
    def parse(text: str) -> Tile:
        """Read `6-0`, `0:6`, `6|0`, `[6|0]` or ` 6 - 0 `.

        Raises NotationError naming the text when it is not a tile.
        """
        match = _TILE_TEXT.match(text)
        if match is None:
            raise NotationError(f"{text!r} is not a tile (write it like 6-0)")
        halves = [g for g in match.groups() if g is not None]
        a, b = int(halves[0]), int(halves[1])
        if max(a, b) > MAX_PIPS:
            raise NotationError(
                f"{text!r} is not a tile: no set has more than {MAX_PIPS} pips a half"
            )
        return Tile.of(a, b)

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        """Whether either half shows `number` (the tile belongs to that suit)."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half opposite a half showing `number`. Raises ValueError if it shows no `number`."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} does not show {number}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self})"


@cache
def _tile(high: int, low: int) -> Tile:
    # Tiles are immutable values; sharing one object per tile keeps hot loops cheap.
    return Tile(high, low)


@cache
def full_set(top: int) -> tuple[Tile, ...]:
    """Every tile of the double-`top` set in a fixed order: 0-0, 1-0, 1-1, 2-0, ..."""
    if top not in (6, 9, 12):
        raise ValueError(f"there is no double-{top} set here (6, 9 or 12)")
    return tuple(Tile.of(a, b) for a in range(top + 1) for b in range(a + 1))


def parse_tiles(texts: list[str] | tuple[str, ...]) -> list[Tile]:
    """Parse a list of tile texts; raises NotationError naming the first bad one."""
    return [Tile.parse(t) for t in texts]


def pip_total(tiles: list[Tile] | tuple[Tile, ...]) -> int:
    return sum(t.high + t.low for t in tiles)


def read_tile_list(raw: object, what: str) -> tuple[Tile, ...]:
    """A record's list of tile texts (`what` names it in the error); raises RecordError."""
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RecordError(f'{what} must be a list of tiles like "6-0"')
    try:
        return tuple(Tile.parse(t) for t in raw)
    except NotationError as exc:
        raise RecordError(f"{what}: {exc}") from None


def check_once_each(tiles: Sequence[Tile]) -> None:
    """Raise RecordError naming the tiles a deal holds more than once."""
    twice = sorted(str(t) for t, n in Counter(tiles).items() if n > 1)
    if twice:
        raise RecordError(f"the deal has a tile more than once: {', '.join(twice)}")
