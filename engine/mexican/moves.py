"""Mexican Train's moves in record notation (RULES.md section 4): `12-5 M`, `6-4 T2`,
`draw`, `pass`; the train may be left out (`12-5`) when only one train accepts the tile."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import NotationError
from engine.moves import LineMove
from engine.tiles import Tile

MEXICAN = "M"
_SEAT_TRAIN = re.compile(r"^T[1-9]\d?$", re.ASCII)
# The train letters are read in Latin and in Cyrillic («М», «Т»: the same letters on a
# Russian or Ukrainian keyboard), in any case; the move keeps the Latin ones.
_WITH_TRAIN = re.compile(
    r"^(?P<tile>.*?)\s+(?P<train>[Mm\u041c\u043c]|[Tt\u0422\u0442][1-9][0-9]?)\s*$")
_LATIN = str.maketrans("\u041c\u043c\u0422\u0442", "MMTT")  # М м Т т


def train_name(index: int, players: int) -> str:
    """The notation of train `index`: `T1`...`Tn` for the seats, `M` (index n) for the
    Mexican train."""
    return MEXICAN if index == players else f"T{index + 1}"


def train_index(name: str, players: int) -> int | None:
    """The index of a train named in notation (`M`: `players`), None for no such train."""
    if name == MEXICAN:
        return players
    if _SEAT_TRAIN.match(name) is None:
        return None
    number = int(name[1:])
    return number - 1 if 1 <= number <= players else None


@dataclass(frozen=True, slots=True)
class MexicanMove(LineMove):
    """`draw`, `pass`, or a tile with the train it goes to (`end` holds the train's
    notation, `M` or `Tk`; None when the player left it out and one train accepts it).

    A `LineMove` whose end is a train, so that the line games' tools (the hard search's
    playouts, the forced moves) read it alike.
    """

    @property
    def train(self) -> str | None:
        return self.end

    @staticmethod
    def on(tile: Tile, train: str | None = None) -> MexicanMove:
        return MexicanMove("play", tile, train)

    @staticmethod
    def parse(text: str) -> MexicanMove:
        """Read `draw`, `pass`, `12-5 M`, `[5|12] t3`, `12-5 М` (Cyrillic), `12-5`
        (keywords in any case).

        Raises NotationError naming the text when it is not a move.
        """
        word = text.strip().lower()
        if word in ("draw", "pass"):
            return DRAW if word == "draw" else PASS
        match = _WITH_TRAIN.match(text)
        if match is not None:
            try:
                train = match["train"].translate(_LATIN).upper()
                return MexicanMove("play", Tile.parse(match["tile"]), train)
            except NotationError:
                pass  # maybe the whole text is a tile; the error below names it all
        try:
            return MexicanMove("play", Tile.parse(text))
        except NotationError:
            raise NotationError(
                f"{text!r} is not a move (write a tile and its train like 12-5 M or 6-4 T2, "
                "or draw, or pass)") from None


def put(tile: Tile, train: str) -> MexicanMove:
    """The move laying `tile` on `train`: one shared object for each (the moves are
    values; the search lists them by the thousand)."""
    key = (tile.code, train)
    move = _PUTS.get(key)
    if move is None or move.tile is not tile:
        move = _PUTS[key] = MexicanMove("play", tile, train)
    return move


_PUTS: dict[tuple[int, str], MexicanMove] = {}
DRAW = MexicanMove("draw")
PASS = MexicanMove("pass")
