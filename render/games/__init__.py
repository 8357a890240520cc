"""Each game's part of render, found by the game's name: `render/games/<name>.py` exports
its board's `DRAWER` (render/drawer.py) and its gallery `SAMPLES`.

Nothing here lists the games: the registry does (engine/registry.py), and
tests/test_game_parts.py fails for a registered game without its module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

from render.drawer import BoardDrawer

Sample = tuple[str, Any, str]  # (name, view, theme)


@dataclass(frozen=True)
class GameSamples:
    """A game's pictures for the gallery (`python -m render gallery`) and the help page.

    `boards`: (name, public view, theme), `<game>-opening`, `-middle` and `-end` first
    (the middle one is the help page's picture), then any other; `extras`: more boards,
    shown after every game's first three; `hands`: (name, a seat's view, theme);
    `replays`: (name, record) of the replay GIFs."""

    boards: list[Sample]
    extras: list[Sample] = field(default_factory=list)
    hands: list[Sample] = field(default_factory=list)
    replays: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def _module(name: str) -> ModuleType | None:
    path = f"{__name__}.{name}"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name != path:
            raise  # the module exists and one of its imports is missing: a bug
        return None


@cache
def drawer(name: str) -> BoardDrawer | None:
    """The board drawer of game `name` (None for a game without a module here)."""
    module = _module(name)
    found: BoardDrawer | None = getattr(module, "DRAWER", None)
    return found


def samples(name: str) -> GameSamples | None:
    """The gallery's samples of game `name` (None for a game without any)."""
    module = _module(name)
    make: Callable[[], GameSamples] | None = getattr(module, "samples", None)
    return make() if make is not None else None
