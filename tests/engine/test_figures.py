"""Every game's declared result figures (`GameSpec.figures`) are read off its games."""

from __future__ import annotations

import pytest

from engine.figures import Figures
from engine.records import new_game
from engine.registry import GAMES, GameSpec
from tests.engine.test_registry import SEEDS, played_out


@pytest.mark.parametrize("spec", list(GAMES.values()), ids=lambda s: s.name)
def test_a_finished_game_gives_each_seat_every_declared_figure(spec: GameSpec) -> None:
    assert spec.figures.names  # every game's results carry something beyond points
    for seed in SEEDS:
        game = played_out(spec, seed)
        seats = spec.figures.of(game)
        assert len(seats) == len(game.players)
        for seat in seats:
            assert tuple(seat) == spec.figures.names
            assert all(isinstance(v, int) and v >= 0 for v in seat.values())


def test_traditional_figures_are_the_last_hands_goats_and_the_hands_played() -> None:
    spec = GAMES["traditional"]
    for seed in SEEDS:
        game = played_out(spec, seed)
        goats = set(game.hand_summary(game.finished_hands - 1).goats)
        assert [s["goat"] for s in spec.figures.of(game)] == [
            int(seat in goats) for seat in range(len(game.players))]
        assert {s["hands"] for s in spec.figures.of(game)} == {game.finished_hands}


def test_big_clock_figures_are_its_hours_home_and_discards() -> None:
    spec = GAMES["clock"]
    game = played_out(spec, 1)
    (seat,) = spec.figures.of(game)
    assert seat == {"hours_home": len(game.home_hours()), "discards": len(game.discards)}
    # A game ended early (nothing played yet) still has them.
    fresh = new_game({"game": "clock", "players": ["P0"], "seed": 1})
    assert spec.figures.of(fresh) == ({"hours_home": 0, "discards": 0},)


def test_figures_are_declared_with_plain_names_and_a_reader() -> None:
    with pytest.raises(ValueError):
        Figures(("Goat",), "engine.traditional.scoring:result_figures")
    with pytest.raises(ValueError):
        Figures(("goat",))
    assert Figures().of(new_game({"game": "clock", "players": ["P0"], "seed": 1})) == ({},)
    wrong = Figures(("goat",), "engine.clock.scoring:result_figures")
    with pytest.raises(ValueError, match="not"):
        wrong.of(new_game({"game": "clock", "players": ["P0"], "seed": 1}))
