"""The rating chart: a valid PNG of a fixed size, the same bytes every time, honest alt text."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import render_rating_chart
from render.chart import HEIGHT, WIDTH

POINTS = [1000.0, 1030, 1012, 1060, 1090, 1085, 1120, 1150, 1140, 1175, 1190, 1210, 1205,
          1230, 1262]


def opened(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_chart_is_a_deterministic_png(theme: str) -> None:
    first = render_rating_chart(POINTS, theme, title="Traditional rating", provisional=10)
    again = render_rating_chart(list(POINTS), theme, title="Traditional rating",
                                provisional=10)
    assert first.data == again.data
    assert first.format == "png" and (first.width, first.height) == (WIDTH, HEIGHT)
    assert opened(first.data).size == (WIDTH, HEIGHT)
    assert first.alt == ("Traditional rating: rating 1000 → 1262 over 14 games "
                         "(lowest 1000, highest 1262).")
    other = render_rating_chart(POINTS[:-1], theme, title="Traditional rating")
    assert other.data != first.data


def test_no_point_and_one_point_are_drawn_too() -> None:
    empty = render_rating_chart([], title="Carousel rating")
    assert opened(empty.data).size == (WIDTH, HEIGHT)
    assert empty.alt == "Carousel rating: no rated games yet."
    one = render_rating_chart([1000.0], title="Carousel rating", provisional=10)
    assert opened(one.data).size == (WIDTH, HEIGHT)
    assert "rating 1000" in one.alt
    flat = render_rating_chart([1000.0, 1000.0], title="Flat")
    assert "1000 → 1000 over 1 game " in flat.alt


def test_a_falling_rating_and_bad_input() -> None:
    down = render_rating_chart([1100.0, 1050.0, 990.0], "light", title="R")
    assert "1100 → 990 over 2 games" in down.alt
    with pytest.raises(ValueError):
        render_rating_chart([1.0, float("nan")], title="R")
    with pytest.raises(ValueError):
        render_rating_chart([1.0], "sepia", title="R")
