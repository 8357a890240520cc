"""The games the project knows, as specs every layer asks instead of matching names.

A `GameSpec` holds a game's facts (its record name, how many seats, whether it is
rated or a solitaire) and how to reach its code: the game's package (`module`,
e.g. `engine.traditional`), which exports the game class, its options type and
their facts (`OPTIONS`), its computer players by level (`POLICIES`), its sampler
of hidden information (`Sampler`) and, for the generic hard search, its hand
judge (`JUDGE`). The facts the other layers show differently per game are fields too:
whether a game names goats or keeps a best match score (the stats), which game is
the daily deal, and the name of its move suggester, if any (`hint`). Code is
imported on first use, so asking about one game loads no other. Adding a game means
adding its package and one entry to `_SPECS` (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.errors import RecordError
from engine.game import Game
from engine.options import OptionInfo


@dataclass(frozen=True)
class GameSpec:
    """One game's facts.

    `name` is the record's `game` value and the key of its catalog texts
    (`game.<name>`); `seats` is (fewest, most) players; a `solitaire` is played
    alone and never rated; `rated` games feed the leaderboard ratings; `goats`: its
    results name goats (players' stats count them); `best_score`: a player's best
    match score is one of their stats; `daily`: the game of the daily deal (exactly
    one game is); `hint_name`: the package's move suggester (see `hint`), None for a
    game without hints.
    """

    name: str
    seats: tuple[int, int]
    solitaire: bool
    rated: bool
    module: str
    class_name: str
    options_name: str
    usual_players: int = 0
    goats: bool = False
    best_score: bool = False
    daily: bool = False
    hint_name: str | None = None

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

    @property
    def options(self) -> tuple[OptionInfo, ...]:
        """Every option of the game (`engine.options.OptionInfo`: type, default, what the
        engine accepts, catalog keys), in the options type's field order."""
        options: tuple[OptionInfo, ...] = importlib.import_module(self.module).OPTIONS
        return options

    @property
    def policies(self) -> Mapping[str, Any]:
        """The game's computer players by level (`engine.ai.LEVELS`): each takes
        (view, rng, budget, options or None) and returns one of the view's legal moves."""
        policies: Mapping[str, Any] = importlib.import_module(self.module).POLICIES
        return policies

    def sampler(self, view: Any, options: Any = None) -> Any:
        """Full games consistent with a seat's view (the game package's `Sampler`, from its
        `hidden` module): `.sample(rng)` deals the hidden tiles once and returns a game in
        the view's position. `options` are the table's (None: the view's). Raises
        ValueError for a spectator's view."""
        return importlib.import_module(self.module).Sampler(view, options)

    @property
    def judge(self) -> Any:
        """How the generic hard search (`engine.ai.hard`) scores a hand of this game
        (`engine.ai.hard.HandJudge`)."""
        return importlib.import_module(self.module).JUDGE

    @property
    def hint(self) -> Callable[[str, Any], Any] | None:
        """The game's move suggestion, (level, view or game) -> one of the legal moves,
        at a level of `engine.ai.LEVELS`; None for a game without hints. The suggester
        raises ValueError for an unknown level or a finished game."""
        if self.hint_name is None:
            return None
        suggest: Callable[[str, Any], Any] = getattr(importlib.import_module(self.module),
                                                     self.hint_name)
        return suggest

    def takes(self, players: int) -> bool:
        """Whether the game can be played by this many players."""
        return self.seats[0] <= players <= self.seats[1]


_SPECS: tuple[GameSpec, ...] = (
    GameSpec("traditional", (2, 4), solitaire=False, rated=True,
             module="engine.traditional", class_name="TraditionalGame",
             options_name="TraditionalOptions", usual_players=3, goats=True),
    GameSpec("carousel", (2, 7), solitaire=False, rated=True,
             module="engine.carousel", class_name="CarouselGame",
             options_name="CarouselOptions", usual_players=4, best_score=True),
    GameSpec("clock", (1, 1), solitaire=True, rated=False,
             module="engine.clock", class_name="ClockGame",
             options_name="ClockOptions", usual_players=1, daily=True,
             hint_name="hint_at"),
    GameSpec("mexican", (2, 8), solitaire=False, rated=True,
             module="engine.mexican", class_name="MexicanGame",
             options_name="MexicanOptions", usual_players=4),
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


def daily_game() -> GameSpec:
    """The game of the daily deal: the spec with `daily` (the registry's tests check
    that exactly one game has it)."""
    return next(spec for spec in _SPECS if spec.daily)
