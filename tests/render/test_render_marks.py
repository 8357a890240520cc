"""What a board marks beyond colour (issue 28): the player to move by an arrow and words,
the result of every finished game in a banner, Big Clock's piles and middle without
filler (no "×1", no "drawn" over nothing, no bare "→ 6")."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PIL import ImageDraw

from engine.carousel import CarouselGame
from engine.clock import ClockGame, ClockOptions
from engine.traditional import TraditionalGame
from engine.traditional.view import TraditionalView
from render import canvas, render_board
from render.__main__ import sample_boards
from render.canvas import BOARD_WIDTH, Banner
from render.games import carousel as carousel_render
from render.games import clock as clock_render
from render.games import traditional as traditional_render
from render.games.clock import clock_record
from render.labels import ENGLISH
from render.samples import PLAYERS, autoplay, replayed, stages


def drawn(view: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What drawing `view` writes: every text, the polygons and the banner asked for."""
    seen: dict[str, Any] = {"texts": [], "polygons": 0, "banner": None}
    real_text, real_header = canvas.draw_text, canvas.draw_header
    real_polygon = ImageDraw.ImageDraw.polygon

    def text(img, xy, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen["texts"].append(words)
        return real_text(img, xy, words, *args, **kwargs)

    def header(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen["banner"] = kwargs.get("banner")
        return real_header(*args, **kwargs)

    def polygon(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen["polygons"] += 1
        return real_polygon(self, *args, **kwargs)

    monkeypatch.setattr(canvas, "draw_text", text)
    monkeypatch.setattr(clock_render, "draw_text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "polygon", polygon)
    for module in ("render.games.traditional", "render.games.carousel", "render.games.clock"):
        monkeypatch.setattr(f"{module}.draw_header", header)
    render_board(view)
    return seen


def games() -> list[tuple[str, Any]]:
    """A whole game of each kind, played by the computer."""
    return [("traditional", autoplay(TraditionalGame(PLAYERS[:3], seed=2), 2)),
            ("carousel", autoplay(CarouselGame(PLAYERS[:3], seed=2), 2, max_moves=10**4)),
            ("clock", autoplay(ClockGame(("Anfisa",), ClockOptions(), seed=5), 5))]


@pytest.mark.parametrize(("name", "game"), games(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_finished_game_shows_a_result_banner_and_no_unfinished_one(name, game,
                                                                        monkeypatch):
    assert game.outcome() is not None, name
    final = drawn(game.view(None), monkeypatch)
    assert isinstance(final["banner"], Banner) and final["banner"].text, name
    assert final["banner"].text in final["texts"], name
    record = game.record()
    middle = drawn(replayed(record, len(record["moves"]) // 2).view(None), monkeypatch)
    assert middle["banner"] is None, name


@pytest.mark.parametrize("kind", ["traditional", "carousel"])
def test_the_player_to_move_is_marked_by_an_arrow_and_words(kind, monkeypatch):
    game = (TraditionalGame(PLAYERS[:3], seed=4) if kind == "traditional"
            else CarouselGame(PLAYERS[:3], seed=4))
    autoplay(game, 4, max_moves=3)
    view = game.view(None)
    assert view.to_move is not None
    seen = drawn(view, monkeypatch)
    turn = ENGLISH("turn")
    assert seen["texts"].count(turn) == 1  # only the player to move has the words
    assert seen["polygons"] >= 1  # the arrow: a shape, not only a fill colour
    over = drawn(autoplay(game, 4, max_moves=10**4).view(None), monkeypatch)
    assert turn not in over["texts"] and over["polygons"] == 0


def test_big_clock_counts_only_piles_of_two_or_more_and_names_a_drawn_tile_only(monkeypatch):
    game = stages(clock_record(seed=1))["middle"]
    view = game.view(None)
    seen = drawn(view, monkeypatch)
    heights = [h for hour, h in enumerate(view.heights, start=1)
               if hour not in view.home and view.tops[hour - 1] is not None]
    assert sorted(t for t in seen["texts"] if t.startswith("×")) == sorted(
        f"×{h}" for h in heights if h > 1)
    assert "×1" not in seen["texts"]
    assert (ENGLISH("drawn") in seen["texts"]) == (view.drawn is not None)
    assert not any(t.startswith("Last move: →") for t in seen["texts"])


def test_big_clock_says_which_tile_went_to_which_hour():
    game = ClockGame(("Anfisa",), ClockOptions(), seed=5)
    for _ in range(200):
        moves = [m for m in game.legal_moves() if str(m).startswith(("place", "move"))]
        if moves:
            game.play(moves[0])
            break
        game.play(game.legal_moves()[0])
    view = game.view(None)
    hour = int(str(view.last_move).split()[-1])
    note = clock_render.last_move_note(view, ENGLISH)
    assert note is not None and f"hour {hour}" in note
    top = view.tops[hour - 1]
    assert top is not None and f"[{top.high}|{top.low}]" in note


def _gap(at: tuple[float, float], box: tuple[float, float, float, float]) -> float:
    """How far the point `at` is from the box (x0, y0, x1, y1): 0 inside it."""
    dx = max(box[0] - at[0], 0.0, at[0] - box[2])
    dy = max(box[1] - at[1], 0.0, at[1] - box[3])
    return math.hypot(dx, dy)


def test_every_end_badge_stands_at_its_own_end():
    # Issue 28: an end badge stood apart from its end ("Traditional's L badge can stand at
    # the right-hand edge"): every badge touches its own arm's last tile, wherever the arm
    # has turned, and stays inside the picture.
    checked = 0
    for name, view, _ in sample_boards():
        if isinstance(view, carousel_render.CarouselView) and view.spinner is not None:
            chains, unit = carousel_render.lay_arms(view), carousel_render.UNIT
            parts = carousel_render.end_parts(view)
            texts = {side: f"{side} {parts[side]}" for side in chains}
        elif isinstance(view, TraditionalView) and view.line and view.ends is not None:
            chains, unit = traditional_render.lay_line(view).arms, traditional_render.UNIT
            texts = {"L": f"L {view.ends[0]}", "R": f"R {view.ends[1]}"}
        else:
            continue
        for side, chain in chains.items():
            half = carousel_render.badge_half(texts[side])
            assert abs(chain.end[0]) + half <= BOARD_WIDTH / 2, (name, side)
            if not chain.tiles:
                continue
            last = chain.tiles[-1]
            w, h = last.size(unit)
            touching = _gap(chain.end, (last.x, last.y, last.x + w, last.y + h))
            assert touching <= half + 2 * carousel_render.GAP + 1, (name, side, touching)
            checked += 1
    assert checked >= 30
