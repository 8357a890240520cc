"""Which drawing shows which game's board: one drawer per game of engine/registry.py.

A drawer is keyed by the game's registry name (the record's `game`); a view is
matched to its game by the view type the drawer declares. Adding a game to the
engine's registry means adding its drawer here; tests/render check both lists
name the same games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.carousel.view import CarouselView
from engine.clock.view import ClockView
from engine.mexican.view import MexicanView
from engine.registry import GAME_NAMES, game_spec
from engine.traditional.view import TraditionalView
from render.carousel import carousel_board
from render.carousel import frame as carousel_frame
from render.clock import clock_board
from render.clock import frame as clock_frame
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.mexican import frame as mexican_frame
from render.mexican import mexican_board
from render.theme import Theme
from render.traditional import frame as traditional_frame
from render.traditional import traditional_board

BoardImage = tuple[Image.Image, str]


@dataclass(frozen=True, slots=True)
class BoardDrawer:
    """How one game's board is drawn: `draw(view, theme, fit, labels)` gives (image, alt),
    the board placed in `fit` (or its own frame, for None) with the words of `labels`;
    `frame(view, theme, labels)` is that frame, found from the layout alone (a replay
    draws every frame in the union of all)."""

    game: str
    view_type: type[Any]
    draw: Callable[[Any, Theme, Frame | None, Labels], BoardImage]
    frame: Callable[[Any, Theme, Labels], Frame]


DRAWERS: dict[str, BoardDrawer] = {d.game: d for d in (
    BoardDrawer("traditional", TraditionalView, traditional_board, traditional_frame),
    BoardDrawer("carousel", CarouselView, carousel_board, carousel_frame),
    BoardDrawer("clock", ClockView, clock_board, clock_frame),
    BoardDrawer("mexican", MexicanView, mexican_board, mexican_frame),
)}


def drawer_for_game(name: str) -> BoardDrawer:
    """The drawer of the registered game `name`.

    Raises RecordError for a name the engine's registry does not know and
    LookupError for a registered game that has no drawer yet.
    """
    spec = game_spec(name)
    try:
        return DRAWERS[spec.name]
    except KeyError:
        raise LookupError(f"no board picture for the game {spec.name!r}") from None


def drawer_for_view(view: object) -> BoardDrawer:
    """The drawer whose game's view `view` is; raises TypeError for any other object."""
    for name in GAME_NAMES:
        drawer = DRAWERS.get(name)
        if drawer is not None and isinstance(view, drawer.view_type):
            return drawer
    raise TypeError(f"no board picture for {type(view).__name__}")


def board_image(view: Any, theme: Theme, fit: Frame | None = None,
                labels: Labels = ENGLISH) -> BoardImage:
    """The board image of any game's view and its alt text, placed in `fit` if given,
    with the words of `labels`.

    Uses only what every seat may see: a seat's own hand and legal moves are
    ignored. Raises TypeError for an object that is not a game view.
    """
    return drawer_for_view(view).draw(view, theme, fit, labels)
