"""Dispatch a view to the drawing of its game."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.carousel_view import CarouselView
from engine.clock_view import ClockView
from engine.traditional_view import TraditionalView
from render.carousel import carousel_board
from render.clock import clock_board
from render.theme import Theme
from render.traditional import traditional_board


def board_image(view: Any, theme: Theme, min_width: int = 0) -> tuple[Image.Image, str]:
    """The board image of any game's view and its alt text; `min_width` widens line boards
    (a replay keeps every frame as wide as its widest).

    Uses only what every seat may see: a seat's own hand and legal moves are
    ignored. Raises TypeError for an object that is not a game view.
    """
    if isinstance(view, TraditionalView):
        return traditional_board(view, theme, min_width)
    if isinstance(view, CarouselView):
        return carousel_board(view, theme, min_width)
    if isinstance(view, ClockView):
        return clock_board(view, theme, min_width)
    raise TypeError(f"no board picture for {type(view).__name__}")
