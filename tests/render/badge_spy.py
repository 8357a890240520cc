"""A spy on the badges a board module draws, for tests that hold the drawing to its layout."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from render import canvas

Drawn = list[tuple[tuple[float, float], str]]


def spy_on_badges(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> Drawn:
    """Every badge `module` draws from now on, as (centre, text) in drawing order; each is
    still drawn by `render.canvas.badge`."""
    drawn: Drawn = []
    real = canvas.badge

    def badge(img: Any, centre: tuple[float, float], text: str, *args: Any,
              **kwargs: Any) -> Any:
        drawn.append((centre, text))
        return real(img, centre, text, *args, **kwargs)

    monkeypatch.setattr(module, "badge", badge)
    return drawn
