"""cogs.common.components.render draws a picture once for the same view, theme and language."""

from __future__ import annotations

from typing import Any

import pytest

import render
from cogs.common.components import render as shot_of
from engine.traditional import TraditionalGame


async def test_the_same_view_is_drawn_once_and_another_view_anew(
        monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Any] = []
    real = render.render_board

    def counting(view: Any, theme: Any, language: str) -> Any:
        drawn.append(view)
        return real(view, theme, language)

    monkeypatch.setattr(render, "render_board", counting)
    game = TraditionalGame(["Ann", "Bob"], seed=1)
    first = await shot_of("board", game.view(None), "board.png")
    again = await shot_of("board", game.view(None), "board.png")  # an equal view
    assert first is not None and again is not None
    assert again.png == first.png and len(drawn) == 1
    game.play(game.legal_moves()[0])
    moved = await shot_of("board", game.view(None), "board.png")
    assert moved is not None and moved.png != first.png and len(drawn) == 2
