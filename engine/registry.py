"""The games the project knows, as specs every layer asks instead of matching names.

The registry only lists the games' packages (`PACKAGES`): the game named `<name>` is
the package `engine/<name>/`, and that package's `spec` module says everything about
it as `SPEC`, a `GameSpec` (re-exported by the package). A spec holds the game's facts
(its record name, how many seats, whether it is rated or a solitaire) and how to reach
its code in the package: the game class, its options type and their facts
(`OPTIONS`), its computer players by level (`POLICIES`), its sampler of hidden
information (`Sampler`) and, for the generic hard search, its hand judge (`JUDGE`).
The facts the other layers show differently per game are fields too: whether a game
names goats or keeps a best match score (the stats), which game is the daily deal,
and the name of its move suggester, if any (`hint`). Specs and code are imported on
first use, so asking about one game loads no other, and no game package needs this
module while it is imported. Adding a game means adding its package and its name to
`PACKAGES` (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from engine.errors import RecordError
from engine.figures import NO_FIGURES, Figures
from engine.game import Game
from engine.options import OptionInfo


@dataclass(frozen=True)
class GameSpec:
    """One game's facts, declared by its package (`engine/<name>/spec.py`, `SPEC`).

    `name` is the record's `game` value, its package's name (`module`) and the key
    of its catalog texts (`game.<name>`); `seats` is (fewest, most) players; a
    `solitaire` is played alone and never rated; `rated` games feed the leaderboard
    ratings; `best_score`: a player's best match score is one of their stats; `daily`: the
    game of the daily deal (exactly one game is); `hint_name`: the package's move
    suggester (see `hint`), None for a game without hints. `class_name` and
    `options_name` are the names the package exports its game class and its
    options type under. `figures`: what its results carry per seat beyond place and
    points (`engine.figures`). `ai_strength`: (level, share of games won against the
    level below it), measured, for each level above easy, at the usual table;
    `ai_strength_by_seats`: (level, seats, share) where a table of that many players
    measured otherwise (see `strength`).
    """

    name: str
    seats: tuple[int, int]
    solitaire: bool
    rated: bool
    class_name: str
    options_name: str
    usual_players: int = 0
    best_score: bool = False
    daily: bool = False
    hint_name: str | None = None
    # What each seat's result carries beyond place and points (engine.figures).
    figures: Figures = NO_FIGURES
    # Each AI level above easy with the share of games it wins against the level below it
    # (bench/bench_ai.py at the tables' budgets, the README's table): what the lobby's
    # level menu tells people. A solitaire has none.
    ai_strength: tuple[tuple[str, float], ...] = ()
    # A level's share measured at another number of players than the usual (the
    # Carousel's hard level wins 93% at 2 players, 81.5% at 4): (level, seats, share).
    ai_strength_by_seats: tuple[tuple[str, int, float], ...] = ()
    # The seat count at which the game may be played in two pairs (the queue's pairs
    # wishes match only there); None for a game without pairs.
    pairs_seats: int | None = None
    # Every table of the game is played in two pairs, partners opposite (seats 1 and 3
    # against 2 and 4), not only with a `pairs` option (the Carousel's).
    always_pairs: bool = False

    def in_pairs(self, options: Mapping[str, Any]) -> bool:
        """Whether a table with these `options` (a record's, stored) is played in two
        pairs, partners opposite (seat s plays for pair s % 2)."""
        return self.always_pairs or (self.pairs_seats is not None
                                     and bool(options.get("pairs")))

    def strength(self, level: str, seats: int | None = None) -> float | None:
        """The share of games `level` wins against the level below it at a table of
        `seats` players: its `ai_strength_by_seats` figure for that many, else its
        `ai_strength` one (the usual table's; also for `seats` None); None for a level
        with no figure (easy, a solitaire's levels)."""
        for name, at, share in self.ai_strength_by_seats:
            if (name, at) == (level, seats):
                return share
        return dict(self.ai_strength).get(level)

    @property
    def module(self) -> str:
        """The game's package, `engine.<name>`."""
        return f"engine.{self.name}"

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


# The games, in the order every list of them shows: each the package engine/<name>/.
PACKAGES: tuple[str, ...] = ("traditional", "carousel", "clock", "mexican", "partnership")
GAME_NAMES: tuple[str, ...] = PACKAGES


@cache
def _load(name: str) -> GameSpec:
    # The package's spec module: importing it imports the package, the game's code. That
    # the spec names its own package is tests/engine/test_registry.py's to check.
    spec: GameSpec = importlib.import_module(f"engine.{name}.spec").SPEC
    return spec


class _Games(Mapping[str, GameSpec]):
    """Every registered game's spec by name, in `PACKAGES` order, each loaded on first use."""

    def __getitem__(self, name: str) -> GameSpec:
        if name not in PACKAGES:
            raise KeyError(name)
        return _load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(PACKAGES)

    def __len__(self) -> int:
        return len(PACKAGES)


GAMES: Mapping[str, GameSpec] = _Games()


def game_spec(name: object) -> GameSpec:
    """The spec of a game by its record name; raises RecordError for an unknown one."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise RecordError(f"unknown game {name!r} (one of {', '.join(GAMES)})")
    return spec


def rated_games() -> Sequence[GameSpec]:
    """The games whose results feed the ratings, in registry order."""
    return [spec for spec in GAMES.values() if spec.rated]


def daily_game() -> GameSpec:
    """The game of the daily deal: the spec with `daily` (the registry's tests check
    that exactly one game has it)."""
    return next(spec for spec in GAMES.values() if spec.daily)
