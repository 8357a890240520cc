"""The facts each game declares in the registry hold for the game's own code."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.errors import RecordError
from engine.game import Termination
from engine.records import new_game
from engine.registry import GAMES, GameSpec, daily_game, game_spec
from engine.rng import SeededRandom

SEEDS = range(4)
MAX_MOVES = 5000  # a guard: the games here end long before


def played_out(spec: GameSpec, seed: int) -> Any:
    """A seeded random game of `spec` at its fewest seats, played to its end."""
    players = [f"P{i}" for i in range(spec.seats[0])]
    game = new_game({"game": spec.name, "players": players, "seed": seed})
    rng = SeededRandom(seed)
    for _ in range(MAX_MOVES):
        if game.to_move is None:
            break
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    assert game.outcome() is not None
    return game


def test_exactly_one_game_is_the_daily_one_and_it_is_played_alone() -> None:
    daily = [spec for spec in GAMES.values() if spec.daily]
    assert daily == [daily_game()]
    # The daily deal is one person's private try (tables.daily opens a solitaire).
    assert daily_game().solitaire and daily_game().takes(1)


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_a_game_carries_the_goat_figure_exactly_when_its_games_name_goats(
        spec: GameSpec) -> None:
    """The goats a player's stats count are the results' "goat" figure (engine.figures)."""
    games = [played_out(spec, seed) for seed in SEEDS]
    named = [bool(g.finished_hands and g.hand_summary(g.finished_hands - 1).goats)
             for g in games]
    assert any(named) == ("goat" in spec.figures.names)


def test_only_table_games_keep_a_best_match_score_or_goats() -> None:
    # The stats show these for table games only (a solitaire keeps its own figures).
    for spec in GAMES.values():
        if spec.solitaire:
            assert "goat" not in spec.figures.names and not spec.best_score, spec.name


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_a_hint_is_one_of_the_legal_moves_at_every_level(spec: GameSpec) -> None:
    suggest = spec.hint
    assert (suggest is None) == (spec.hint_name is None)
    if suggest is None:
        return
    game = new_game({"game": spec.name, "players": ["P0"] * spec.seats[0], "seed": 3})
    view = game.view(game.to_move)
    for level in ("easy", "normal", "hard"):
        assert suggest(level, view) in view.legal_moves, level
    with pytest.raises(ValueError):
        suggest("grandmaster", view)


def test_each_game_is_the_package_of_its_name_and_exports_its_spec() -> None:
    for name, spec in GAMES.items():
        package = importlib.import_module(f"engine.{name}")
        assert package.SPEC is spec and spec.name == name and spec.module == package.__name__
        assert spec.game_class.kind == name
    assert "nonesuch" not in GAMES and GAMES.get("nonesuch") is None
    with pytest.raises(RecordError):
        game_spec("nonesuch")


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_how_a_game_ended_is_a_member_of_that_games_own_termination(spec: GameSpec) -> None:
    """Each game names its endings in its own enum (engine.game.Termination); the value is
    the plain word records and the catalog use, and no two games share the enum."""
    enums = {type(played_out(spec, seed).outcome().reason) for seed in SEEDS}
    assert len(enums) == 1
    (enum,) = enums
    assert issubclass(enum, Termination) and enum is not Termination
    package = importlib.import_module(f"engine.{spec.name}")
    assert enum.__module__.startswith(package.__name__ + ".")
    for seed in SEEDS:
        reason = played_out(spec, seed).outcome().reason
        assert reason == reason.value and f"{reason}" == reason.value
