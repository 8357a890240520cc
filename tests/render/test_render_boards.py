"""Board pictures: valid PNGs within Discord's limits, the same bytes for the same view."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from engine.game import Game
from render import Picture, render_board
from render.canvas import MAX_WIDTH
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import full_line_view, long_traditional_record, traditional_record
from render.samples import replayed, stages
from render.tiles import tile_image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 200 * 1024


@cache
def sample_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for name, record in {
        "traditional": traditional_record(),
        "carousel4": carousel_record(players=4),
        "carousel7": carousel_record(players=7),
        "pairs": carousel_record(players=4, seed=11),
        "clock": clock_record(seed=1),
        "clock-lost": clock_record(seed=8),
    }.items():
        for stage, game in stages(record).items():
            games[f"{name}-{stage}"] = game
    games["traditional-long"] = replayed(long_traditional_record(), 10**6)
    return games


def check_png(pic: Picture) -> Image.Image:
    assert pic.format == "png"
    assert pic.data.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(pic.data))
    img.verify()
    img = Image.open(io.BytesIO(pic.data))
    assert img.format == "PNG"
    assert img.size == (pic.width, pic.height)
    assert pic.width <= MAX_WIDTH
    assert len(pic.data) < MAX_BYTES
    assert not img.info.get("dpi") and "Software" not in img.info
    assert pic.alt
    return img


@pytest.mark.parametrize("theme", ["table", "table-numerals", "dark", "light"])
@pytest.mark.parametrize("name", sorted(sample_games()))
def test_every_sample_board_is_a_valid_png_within_limits(name, theme):
    pic = render_board(sample_games()[name].view(None), theme)
    check_png(pic)


def test_a_full_28_tile_line_wraps_within_the_limits():
    pic = render_board(full_line_view())
    check_png(pic)
    assert pic.height < 1.2 * pic.width  # wrapped into a snake, still a compact picture
    assert pic.width == 720
    assert "Line of 28 tiles" in pic.alt


@pytest.mark.parametrize("name", ["traditional-end", "carousel7-end", "clock-middle"])
def test_the_same_view_gives_the_same_bytes(name):
    view = sample_games()[name].view(None)
    first = render_board(view)
    tile_image.cache_clear()  # drawn afresh, not just copied from the cache
    second = render_board(view)
    assert first == second


def test_themes_differ_and_table_is_the_default():
    view = sample_games()["traditional-middle"].view(None)
    assert render_board(view) == render_board(view, "table")
    pictures = {name: render_board(view, name).data
                for name in ("table", "table-numerals", "dark", "light")}
    assert len(set(pictures.values())) == len(pictures)


def test_dark_and_light_backgrounds_match_discord():
    view = sample_games()["clock-opening"].view(None)
    dark = Image.open(io.BytesIO(render_board(view, "dark").data)).convert("RGB")
    light = Image.open(io.BytesIO(render_board(view, "light").data)).convert("RGB")
    assert dark.getpixel((2, 2)) == (49, 51, 56)
    assert light.getpixel((2, 2)) == (255, 255, 255)


def test_the_board_shows_more_as_the_game_goes_on():
    games = sample_games()
    opening = render_board(games["traditional-opening"].view(None))
    end = render_board(games["traditional-end"].view(None))
    assert opening.data != end.data


def test_alt_text_tells_the_state():
    view = sample_games()["traditional-middle"].view(None)
    alt = render_board(view).alt
    assert alt.startswith("Traditional dominoes")
    assert f"{view.players[view.to_move]} to move" in alt
    assert f"Stock {view.stock_size}" in alt
    carousel = sample_games()["carousel7-middle"].view(None)
    alt = render_board(carousel).alt
    assert f"Open-end count {carousel.count}" in alt
    clock = sample_games()["clock-end"].view(None)
    alt = render_board(clock).alt
    assert f"{len(clock.home)} of {clock.hours} hours home" in alt


def test_something_else_is_no_view():
    with pytest.raises(TypeError):
        render_board(object())
