"""The Mexican Train board picture: every seat count, public fields only, the words."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.ai import choose
from engine.mexican import MexicanGame
from engine.rng import SeededRandom
from render import render_board, render_hand
from render.mexican import SHOWN, laid


def played(players: int, moves: int) -> MexicanGame:
    game = MexicanGame([f"P{i}" for i in range(players)], seed=players)
    rng = SeededRandom(players)
    while len(game.moves) < moves and game.to_move is not None:
        game.play(choose("normal", game.view(game.to_move), rng))
    return game


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_board_is_public_and_names_every_train(players: int) -> None:
    game = played(players, 40)
    seat = game.to_move
    assert seat is not None
    public = render_board(game.view(None), "table", "en")
    assert render_board(game.view(seat), "table", "en").data == public.data
    image = Image.open(io.BytesIO(public.data))
    assert image.width == 720 and len(public.data) < 200_000
    assert "Mexican train" in public.alt and f"engine [{game.engine.high}|" in public.alt
    hand = render_hand(game.view(seat), "table", "en")
    assert hand.width > 0


def test_a_train_is_drawn_from_the_hub_each_tile_turned_to_the_one_before() -> None:
    game = played(4, 30)
    for index, train in enumerate(game.trains):
        halves = laid(tuple(train), game.engine.high)
        number = game.engine.high
        for _, inner, outer in halves:
            assert inner == number
            number = outer
        assert number == game.ends[index]
    assert SHOWN >= 5  # a long train shows at least its last five tiles


def test_the_alt_text_is_in_the_readers_language() -> None:
    game = played(3, 10)
    assert render_board(game.view(None), "table", "uk").alt.startswith("Мексиканський потяг")
    assert render_board(game.view(None), "table", "ru").alt.startswith("Мексиканский поезд")
