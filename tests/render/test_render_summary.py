"""The picture of a finished hand (issue 14): every player's tiles left."""

from __future__ import annotations

import io

from PIL import Image

from engine.records import new_game
from render import HandEnd, render_hand_end


def test_a_finished_hand_shows_each_players_tiles_left() -> None:
    game = new_game({"game": "traditional", "options": {"target": 61},
                     "players": ["Ann", "Bob", "Cy"], "seed": 4})
    while not game.finished_hands:
        game.play(game.legal_moves()[0])
    summary = game.hand_summary(0)
    picture = render_hand_end(HandEnd(game.players, summary))
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and image.height > 3 * 100
    assert picture.alt.startswith("Hand 1 is over.")
    for name in game.players:
        assert name in picture.alt
    left = [tiles for tiles in summary.tiles if tiles]
    assert left and all(left)
