"""The Carousel's moves on its layout, one shared value per (tile, side): the layout
itself, a spinner double with four arms `L R U D`, and its open-end count are the fives
games' (`engine.fives`)."""

from __future__ import annotations

from engine.fives import SIDES
from engine.moves import LineMove
from engine.tiles import MAX_PIPS, Tile

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
