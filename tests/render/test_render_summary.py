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


def test_a_finished_mexican_round_is_called_a_round_in_every_language() -> None:
    # Issue 54: the round summary's alt text said "Hand 1 is over" as its message said
    # "Round 1 is over".
    game = new_game({"game": "mexican", "options": {"rounds": 2},
                     "players": ["Ann", "Bob", "Cy"], "seed": 4})
    while not game.finished_hands:
        game.play(game.legal_moves()[0])
    end = HandEnd(game.players, game.hand_summary(0), game="mexican")
    said = {code: render_hand_end(end, DEFAULT_THEME, code).alt
            for code in ("en", "ru", "uk", "es", "pt")}
    assert said["en"].startswith("Round 1 is over.")
    assert said["ru"].startswith("Раунд 1 окончен.")
    assert said["uk"].startswith("Раунд 1 закінчено.")
    assert said["es"].startswith("Terminó la ronda 1.")
    assert said["pt"].startswith("Fim da rodada 1.")
    assert all(name in said["en"] for name in game.players)
    # Every other game keeps its hands.
    _, summary = finished_hand()
    assert render_hand_end(HandEnd(("Ann", "Bob", "Cy"), summary, game="traditional")
                           ).alt.startswith("Hand 1 is over.")
