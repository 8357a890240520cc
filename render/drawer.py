"""What a game's render module (render/<game>.py) exports as `DRAWER`: how its board is
drawn, for render/board.py's one table of drawers by game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.labels import Labels
from render.layout import Frame
from render.theme import Theme

BoardImage = tuple[Image.Image, str]


@dataclass(frozen=True, slots=True)
class BoardDrawer:
    """How one game's board is drawn.

    `game` is the game's registry name (its spec's `name`); `view_type` its view class;
    `draw(view, theme, fit, labels)` gives (image, alt), the board placed in `fit` (or
    its own frame, for None) with the words of `labels`; `frame(view, theme, labels)`
    is that frame, found from the layout alone (a replay draws every frame in the union
    of all); `hand`: its players hold a hidden hand, which `render_hand` draws (False:
    the board shows everything, there is no hand picture); `tile_look(theme)`, when
    given, the theme its tiles are drawn in, on the hand as on the board (Mexican Train's
    numerals on every half).
    """

    game: str
    view_type: type[Any]
    draw: Callable[[Any, Theme, Frame | None, Labels], BoardImage]
    frame: Callable[[Any, Theme, Labels], Frame]
    hand: bool = True
    tile_look: Callable[[Theme], Theme] | None = None
