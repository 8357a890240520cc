"""Which drawing shows which game's board: the one table of render, by the game's name.

Each game's drawing is its own module, render/<game>.py, which exports its `DRAWER`
(render/drawer.py) under its spec's name; a view is matched to its game by the view
type the drawer declares. A game registered in engine/registry.py adds its module's
drawer to `DRAWERS`; tests/test_game_parts.py fails for a registered game without one.
"""

from __future__ import annotations

from typing import Any

from engine.registry import GAME_NAMES, game_spec
from render.carousel import DRAWER as CAROUSEL
from render.clock import DRAWER as CLOCK
from render.drawer import BoardDrawer, BoardImage
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.mexican import DRAWER as MEXICAN
from render.theme import Theme
from render.traditional import DRAWER as TRADITIONAL

DRAWERS: dict[str, BoardDrawer] = {d.game: d for d in (
    TRADITIONAL,
    CAROUSEL,
    CLOCK,
    MEXICAN,
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
