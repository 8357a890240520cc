"""The figures a game's result carries for each seat, beyond its place and points: the
goat of Traditional, the hours home and discards of Big Clock, the hands a match took...

A game declares them in its registry spec (`GameSpec.figures`): their names, and the
function of its package that reads them off a finished game (one mapping per seat,
every name an int). Storage keeps them as one JSON object per result, so a new game's
figures need no new column; the stats add them up by name.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# A figure's name is also its JSON key in storage and a part of catalog keys.
_NAME = re.compile(r"^[a-z][a-z_]*$")

SeatFigures = Mapping[str, int]


@dataclass(frozen=True)
class Figures:
    """What a game's results carry: `names` in the order they are shown, and `reader`,
    "package.module:function" (imported on first use), which takes the finished game
    (or one ended early, by a resignation) and returns each seat's figures.
    """

    names: tuple[str, ...] = ()
    reader: str | None = None

    def __post_init__(self) -> None:
        for name in self.names:
            if not _NAME.match(name):
                raise ValueError(f"a figure's name is lower-case letters and _: {name!r}")
        if self.names and self.reader is None:
            raise ValueError("figures need the function that reads them")

    def of(self, game: Any) -> tuple[dict[str, int], ...]:
        """Each seat's figures of `game`, every declared name an int.

        Raises ValueError if the game's function gives other names than declared.
        """
        if self.reader is None:
            return tuple({} for _ in game.players)
        module, _, name = self.reader.partition(":")
        read: Callable[[Any], Sequence[Mapping[str, int]]] = getattr(
            importlib.import_module(module), name)
        seats = tuple({k: int(v) for k, v in seat.items()} for seat in read(game))
        for seat in seats:
            if tuple(seat) != self.names:
                raise ValueError(f"{self.reader} gave {tuple(seat)}, not {self.names}")
        return seats


NO_FIGURES = Figures()
