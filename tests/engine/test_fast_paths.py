"""The line games' fast paths against their general path, over thousands of seeded games.

`TraditionalGame.play`, `CarouselGame.play` and `MexicanGame.play` apply the moves
`legal_moves` lists without the general validation (`illegal_reason`, then `_apply`).
Each seeded game here is played twice with the same moves, once through `play` and once
through the general path (`Game.play`, the base class), and must be the same after
every move.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.carousel import CarouselGame, CarouselOptions
from engine.game import Game
from engine.mexican import MexicanGame, MexicanOptions
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame, TraditionalOptions


def state(game: Any) -> tuple[Any, ...]:
    return (game.hands, game.stock_pos, game.turn, game.history, game.moves, game.scores,
            game.results, game.outcome(), game.legal_moves())


def traditional_state(game: TraditionalGame) -> tuple[Any, ...]:
    return (*state(game), list(game.line.tiles), game.line.left, game.line.right,
            game.last_layer, game.lead_tile)


def carousel_state(game: CarouselGame) -> tuple[Any, ...]:
    layout = game.layout
    board = None if layout is None else (layout.arms, layout.ends, layout.free)
    return (*state(game), board, game.events, game.hand_number)


def play_twice(fast: Any, general: Any, seed: int, look: Any) -> int:
    rng = SeededRandom(seed)
    moves = 0
    while fast.to_move is not None:
        legal = fast.legal_moves()
        move = legal[rng.below(len(legal))]
        assert fast.play(move) == Game.play(general, move)
        assert look(fast) == look(general)
        moves += 1
    return moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_traditional_fast_path_is_the_general_path(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    moves = 0
    for seed in range(1200):
        options = TraditionalOptions(target=(0, 0, 30)[seed % 3],
                                     lead=("highest_double", "winner")[seed % 2])
        moves += play_twice(TraditionalGame(names, options, seed=seed),
                            TraditionalGame(names, options, seed=seed), seed,
                            traditional_state)
    assert moves > 1200 * 10  # the games really were played


@pytest.mark.parametrize("players", [2, 4, 6])
def test_carousel_fast_path_is_the_general_path(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    moves = 0
    for seed in range(150):
        options = CarouselOptions(target=21, spinner_first=seed % 2 == 0,
                                  must_play=seed % 3 != 0)
        moves += play_twice(CarouselGame(names, options, seed=seed),
                            CarouselGame(names, options, seed=seed), seed, carousel_state)
    assert moves > 150 * 10  # the games really were played


def mexican_state(game: MexicanGame) -> tuple[Any, ...]:
    return (game.hands, game.stock_pos, game.turn, game.history, game.moves, game.totals,
            game.results, game.outcome(), game.legal_moves(), game.trains, game.ends,
            game.markers, game.waiting, game.drew, game.round)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_mexican_fast_path_is_the_general_path(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    moves = 0
    for seed in range(40):
        options = MexicanOptions(set=(12, 9)[seed % 2], rounds=2)
        moves += play_twice(MexicanGame(names, options, seed=seed),
                            MexicanGame(names, options, seed=seed), seed, mexican_state)
    assert moves > 40 * 20  # the games really were played
