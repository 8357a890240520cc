"""Tiles: every tile of the double-12 set renders, pips match the numbers, images are cached."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.tiles import full_set
from render.theme import DARK, LIGHT, get_theme
from render.tiles import PAD, paste_tile, pip_positions, tile_image, tile_size


@pytest.mark.parametrize("theme", [DARK, LIGHT])
def test_every_tile_of_the_double_12_set_renders_both_ways(theme):
    for tile in full_set(12):
        for vertical in (True, False):
            img = tile_image(tile.high, tile.low, vertical=vertical, unit=40, theme=theme)
            w, h = tile_size(40, vertical)
            assert img.size == (w + 2 * PAD, h + 2 * PAD)
            assert img.mode == "RGBA"
            # The body is opaque: the centre of each half is fully covered.
            assert img.getpixel((img.width // 2, img.height // 2))[3] == 255


@pytest.mark.parametrize("number", range(13))
def test_pips_are_real_pips_one_per_point(number):
    spots = pip_positions(number)
    assert len(spots) == number
    assert len({(x, y) for x, y, _ in spots}) == number  # no two pips on one spot
    for x, y, r in spots:
        assert r < x < 1 - r and r < y < 1 - r


def test_no_half_shows_13():
    with pytest.raises(ValueError):
        pip_positions(13)
    with pytest.raises(ValueError):
        tile_image(13, 0, vertical=True, unit=40, theme=DARK)


def test_tile_images_are_cached():
    a = tile_image(6, 5, vertical=False, unit=40, theme=DARK)
    b = tile_image(6, 5, vertical=False, unit=40, theme=DARK)
    assert a is b


def test_a_horizontal_tile_shows_a_on_the_left():
    """6-0 laid left to right has its pips in the left half only."""
    img = tile_image(6, 0, vertical=False, unit=40, theme=DARK).convert("RGB")
    face = DARK.tile_face

    def busy(x0, x1):
        return sum(1 for x in range(x0, x1) for y in range(PAD + 4, PAD + 36)
                   if sum(abs(c - f) for c, f in zip(img.getpixel((x, y)), face, strict=True)) > 90)

    assert busy(PAD + 4, PAD + 36) > 50
    assert busy(PAD + 44, PAD + 76) == 0


def test_pasting_draws_on_the_canvas():
    canvas = Image.new("RGB", (100, 60), DARK.background)
    paste_tile(canvas, 3, 2, 10, 10, vertical=False, unit=20, theme=DARK)
    assert canvas.getpixel((30, 20)) != DARK.background


def test_themes_by_name():
    assert get_theme("dark") is DARK and get_theme("light") is LIGHT
    assert get_theme(DARK) is DARK
    with pytest.raises(ValueError):
        get_theme("sepia")


def test_warm_up_fills_the_caches():
    from render import warm_up
    from render.palette import theme_palette
    from render.typeface import coverage

    # Emptied first: earlier tests may have filled them, and the test must see warm_up do it.
    theme_palette.cache_clear()
    coverage.cache_clear()
    warm_up(("dark",))
    assert theme_palette.cache_info().currsize == 1
    assert coverage.cache_info().currsize >= 3  # every shipped face's character map
    assert len(theme_palette(DARK).getpalette() or []) == 256 * 3
