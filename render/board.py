"""Which drawing shows which game's board, by the game's name: its module
render/games/<game>.py exports its `DRAWER` (render/drawer.py), and a view is matched to
its game by the view type the drawer declares.
"""

from __future__ import annotations

from typing import Any

from engine.game import GameView
from engine.registry import GAME_NAMES, game_spec
from render.drawer import BoardDrawer, BoardImage
from render.games import drawer as game_drawer
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.theme import Theme


def drawer_for_game(name: str) -> BoardDrawer:
    """The drawer of the registered game `name`.

    Raises RecordError for a name the engine's registry does not know and
    LookupError for a registered game that has no drawer yet.
    """
    spec = game_spec(name)
    found = game_drawer(spec.name)
    if found is None:
        raise LookupError(f"no board picture for the game {spec.name!r}")
    return found


def drawer_for_view(view: object) -> BoardDrawer:
    """The drawer whose game's view `view` is; raises TypeError for any other object."""
    for name in GAME_NAMES:
        found = game_drawer(name)
        if found is not None and isinstance(view, found.view_type):
            return found
    raise TypeError(f"no board picture for {type(view).__name__}")


def board_image(view: GameView | Any, theme: Theme, fit: Frame | None = None,
                labels: Labels = ENGLISH) -> BoardImage:
    """The board image of any game's view and its alt text, placed in `fit` if given,
    with the words of `labels`.

    Uses only what every seat may see: a seat's own hand and legal moves are
    ignored. Raises TypeError for an object that is not a game view.
    """
    return drawer_for_view(view).draw(view, theme, fit, labels)
