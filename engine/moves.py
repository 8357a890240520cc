"""Moves of the line games (Traditional and Carousel) in record notation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.errors import NotationError
from engine.tiles import Tile

Kind = Literal["play", "draw", "pass"]
_WITH_END = re.compile(r"^(?P<tile>.*?)\s+(?P<end>[LRUDlrud])\s*$")


@dataclass(frozen=True, slots=True)
class LineMove:
    """`draw`, `pass`, or a tile with the end it goes to.

    `end` is None for an opening tile, or when the player left it out (it is
    then resolved by the game when exactly one end accepts the tile).
    """

    kind: Kind
    tile: Tile | None = None
    end: str | None = None

    @staticmethod
    def draw() -> LineMove:
        return _DRAW

    @staticmethod
    def pass_() -> LineMove:
        return _PASS

    @staticmethod
    def put(tile: Tile, end: str | None = None) -> LineMove:
        return LineMove("play", tile, end)

    @staticmethod
    def parse(text: str) -> LineMove:
        """Read `draw`, `pass`, `6-6`, `6-0 L`, `[0|6] r`... (keywords in any case).

        Raises NotationError naming the text when it is not a move.
        """
        return _parse(text)

    def __str__(self) -> str:
        if self.kind != "play":
            return self.kind
        return f"{self.tile} {self.end}" if self.end else str(self.tile)


@lru_cache(maxsize=4096)
def _parse(text: str) -> LineMove:
    """LineMove.parse, remembered: a replay or a search reads the same few hundred texts
    over and over (a move is a frozen value, so one object serves every reader)."""
    word = text.strip().lower()
    if word == "draw":
        return _DRAW
    if word == "pass":
        return _PASS
    match = _WITH_END.match(text)
    if match is not None:
        try:
            return LineMove("play", Tile.parse(match.group("tile")), match.group("end").upper())
        except NotationError:
            pass  # maybe the whole text is a tile; the error below names it all
    try:
        return LineMove("play", Tile.parse(text))
    except NotationError:
        raise NotationError(
            f"{text!r} is not a move (write a tile like 6-0, with an end like 6-0 L, "
            "or draw, or pass)"
        ) from None


_DRAW = LineMove("draw")
_PASS = LineMove("pass")
