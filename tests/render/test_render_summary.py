"""The picture of a finished hand (issue 14): every player's tiles left."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.game import HandSummary
from engine.records import new_game
from render import DEFAULT_THEME, HandEnd, render_hand_end


def finished_hand() -> tuple[Any, HandSummary]:
    game = new_game({"game": "traditional", "options": {"target": 61},
                     "players": ["Ann", "Bob", "Cy"], "seed": 4})
    while not game.finished_hands:
        game.play(game.legal_moves()[0])
    return game, game.hand_summary(0)


def test_a_finished_hand_shows_each_players_tiles_left() -> None:
    game, summary = finished_hand()
    picture = render_hand_end(HandEnd(game.players, summary))
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and image.height > 3 * 100
    assert picture.alt.startswith("Hand 1 is over.")
    for name in game.players:
        assert name in picture.alt
    left = [tiles for tiles in summary.tiles if tiles]
    assert left and all(left)


def test_the_alt_text_of_a_finished_hand_is_in_the_readers_language() -> None:
    game, summary = finished_hand()
    russian = render_hand_end(HandEnd(game.players, summary), DEFAULT_THEME, "ru").alt
    assert russian.startswith("Партия 1 окончена.")
    assert "Hand" not in russian and all(name in russian for name in game.players)
