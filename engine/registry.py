"""The games the project knows, as specs every layer asks instead of matching names.

A `GameSpec` holds a game's facts (its record name, how many seats, whether it is
rated or a solitaire) and how to reach its code (the game class, its options
type). Code is imported on first use, so asking about one game loads no other.
Adding a game means adding its package and one entry to `_SPECS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.errors import RecordError
from engine.game import Game


@dataclass(frozen=True)
class GameSpec:
    """One game's facts.

    `name` is the record's `game` value and the key of its catalog texts
    (`game.<name>`); `seats` is (fewest, most) players; a `solitaire` is played
    alone and never rated; `rated` games feed the leaderboard ratings.
    """

    name: str
    seats: tuple[int, int]
    solitaire: bool
    rated: bool
    module: str
    class_name: str
    options_name: str

    @cached_property
    def game_class(self) -> type[Game[Any]]:
        """The game's class (imported on first use)."""
        cls: type[Game[Any]] = getattr(importlib.import_module(self.module), self.class_name)
        return cls

    @property
    def options_type(self) -> type[Any]:
        """The frozen dataclass of the game's options (the record's `options`)."""
        options: type[Any] = getattr(importlib.import_module(self.module), self.options_name)
        return options

    def takes(self, players: int) -> bool:
        """Whether the game can be played by this many players."""
        return self.seats[0] <= players <= self.seats[1]


_SPECS: tuple[GameSpec, ...] = (
    GameSpec("traditional", (2, 4), solitaire=False, rated=True,
             module="engine.traditional", class_name="TraditionalGame",
             options_name="TraditionalOptions"),
    GameSpec("carousel", (2, 7), solitaire=False, rated=True,
             module="engine.carousel", class_name="CarouselGame",
             options_name="CarouselOptions"),
    GameSpec("clock", (1, 1), solitaire=True, rated=False,
             module="engine.clock", class_name="ClockGame",
             options_name="ClockOptions"),
)
GAMES: dict[str, GameSpec] = {spec.name: spec for spec in _SPECS}
GAME_NAMES: tuple[str, ...] = tuple(GAMES)


def game_spec(name: object) -> GameSpec:
    """The spec of a game by its record name; raises RecordError for an unknown one."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise RecordError(f"unknown game {name!r} (one of {', '.join(GAMES)})")
    return spec


def rated_games() -> Sequence[GameSpec]:
    """The games whose results feed the ratings, in registry order."""
    return [spec for spec in _SPECS if spec.rated]
