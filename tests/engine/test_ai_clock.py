"""The Big Clock solver: legal, view-only, deterministic, within its budget."""

from __future__ import annotations

import time

import pytest

from engine.ai import Budget, choose
from engine.clock import ClockGame, ClockOptions
from engine.clock.hidden import Sampler
from engine.clock.hint import hint
from engine.clock.solver import solve
from engine.rng import SeededRandom

SMALL = Budget(playouts=6, seconds=5.0)


def advanced(top: int, seed: int, moves: int) -> ClockGame:
    """A game after `moves` hinted moves (fewer if it ends)."""
    game = ClockGame(("P",), ClockOptions(top), seed=seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.play(hint(game))
    return game


@pytest.mark.parametrize("top", [6, 9])
def test_the_solver_plays_whole_games_with_legal_moves(top):
    for seed in range(3):
        game = ClockGame(("P",), ClockOptions(top), seed=seed)
        rng = SeededRandom(seed)
        while not game.is_over():
            view = game.view(0)
            move = choose("hard", view, rng, SMALL)
            assert move in view.legal_moves
            game.play(move)


@pytest.mark.parametrize("top", [6, 9, 12])
def test_a_sampled_position_shows_the_same_view(top):
    for seed in range(6):
        game = advanced(top, seed, 10 + 7 * seed)
        if game.is_over():
            continue
        view = game.view(0)
        built = Sampler(view).sample(SeededRandom(seed))
        again = built.view(0)
        assert again.tops == view.tops and again.heights == view.heights
        assert again.drawn == view.drawn and again.stock_size == view.stock_size
        assert again.legal_moves == view.legal_moves and again.outcome is None


def test_the_solver_reads_only_the_view():
    game = advanced(9, 4, 12)
    view = game.view(0)
    other = game.copy()
    rest = other.stock[other.stock_pos:]
    other.stock = other.stock[:other.stock_pos] + SeededRandom(1).shuffled(rest)
    assert other.view(0) == view
    budget = Budget(playouts=24, seconds=30.0)
    assert solve(view, SeededRandom(2), budget) == solve(other.view(0), SeededRandom(2), budget)


def test_the_solver_is_deterministic_and_keeps_its_time():
    for seed in range(20):
        game = advanced(12, seed, 15)
        view = game.view(0)
        if len(view.legal_moves) > 1:
            break
    budget = Budget(playouts=30, seconds=30.0)
    assert len({str(solve(view, SeededRandom(5), budget)) for _ in range(2)}) == 1
    start = time.perf_counter()
    solve(view, SeededRandom(5), Budget(playouts=10**9, seconds=0.2))
    assert time.perf_counter() - start < 0.8


def test_the_solver_refuses_a_finished_game():
    game = ClockGame(("P",), ClockOptions(6), seed=1)
    game.play("resign")
    with pytest.raises(ValueError):
        solve(game.view(0), SeededRandom(0), SMALL)
