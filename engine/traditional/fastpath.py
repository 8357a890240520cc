"""The tables of the Traditional game's hot paths, made once at import.

By tile code `high * SIDE + low`, for the shared tiles (`Tile.of`): the move of
each tile at L, at R and as a lead (`AT_L`, `AT_R`, `LEADS`); the record texts at
L and R (`TEXT_L`, `TEXT_R`); and, for each pair of open ends (`left * SIDE +
right`), the moves of each tile there, L first (`FITS`). A hand holding another,
equal tile object still gets these moves; `TraditionalGame.play` then takes its
general path for them. `PLACED` caches the placed tiles of the fast path.
"""

from __future__ import annotations

from engine.line import PlacedTile
from engine.moves import LineMove
from engine.tiles import MAX_PIPS, Tile

SIDE = MAX_PIPS + 1
_ALL_TILES = [Tile.of(high, low) for high in range(SIDE) for low in range(high + 1)]
AT_L: list[LineMove] = [LineMove.draw()] * (SIDE * SIDE)
AT_R: list[LineMove] = [LineMove.draw()] * (SIDE * SIDE)
LEADS: list[LineMove] = [LineMove.draw()] * (SIDE * SIDE)
TEXT_L: list[str] = [""] * (SIDE * SIDE)
TEXT_R: list[str] = [""] * (SIDE * SIDE)
for _t in _ALL_TILES:
    _code = _t.high * SIDE + _t.low
    AT_L[_code] = LineMove("play", _t, "L")
    AT_R[_code] = LineMove("play", _t, "R")
    LEADS[_code] = LineMove("play", _t)
    TEXT_L[_code] = str(AT_L[_code])  # "6-5 L", the record's text of the move
    TEXT_R[_code] = str(AT_R[_code])
FITS: list[list[tuple[LineMove, ...]]] = []
for _left in range(SIDE):
    for _right in range(SIDE):
        _row: list[tuple[LineMove, ...]] = [()] * (SIDE * SIDE)
        for _t in _ALL_TILES:
            _code = _t.high * SIDE + _t.low
            _row[_code] = ((AT_L[_code],) if _t.has(_left) else ()) + \
                ((AT_R[_code],) if _t.has(_right) else ())
        FITS.append(_row)
# Placed tiles of the fast path, by ((code * SIDE + shown) * 2 + at R) * 4 + seat, where
# `shown` is the number it was laid against; made on first use.
PLACED: list[PlacedTile | None] = [None] * (SIDE * SIDE * SIDE * 2 * 4)
