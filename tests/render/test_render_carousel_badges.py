"""Carousel's end badges as drawn (issue 54: "badges float between rows"): each stands
against its own arm's last tile, a ring or two away, nearer it than any other tile; one
that has no room past its open end hangs from the tile, joined to it by a bar."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.view import CarouselView
from engine.fives import SIDES
from render import canvas
from render.canvas import BADGE_SIZE, BOARD_WIDTH, MARGIN
from render.games import carousel as carousel_render
from render.layout import Placed
from render.samples import PLAYERS
from render.theme import get_theme
from tests.render.badge_spy import spy_on_badges

Box = tuple[float, float, float, float]
UNIT, GAP = carousel_render.UNIT, carousel_render.GAP


def gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def boards(players: int, games: int, every: int) -> Iterator[CarouselView]:
    """Every `every`-th board of `games` games of random legal moves, with a spinner."""
    for seed in range(games):
        game = CarouselGame(PLAYERS[:players], CarouselOptions(), seed=seed)
        rng = random.Random(seed)
        for count in itertools.count():
            if game.to_move is None or game.finished_hands:
                break
            game.play(rng.choice(game.legal_moves()))
            view = game.view(None)
            if count % every == 0 and view.spinner is not None:
                yield view


def drawn_badges(view: CarouselView, monkeypatch: pytest.MonkeyPatch
                 ) -> tuple[Image.Image, dict[str, Box], dict[str, Box], list[Box]]:
    """The picture, each side's badge box and last tile box as drawn (a side without tiles
    has none), and every tile's box as drawn."""
    drawn = spy_on_badges(monkeypatch, carousel_render)
    theme = get_theme("table")
    fit = carousel_render.frame(view, theme)
    img = carousel_render.draw_carousel(view, theme, fit)
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - fit.box[1]
    chains = carousel_render.lay_arms(view)

    def box(p: Placed) -> Box:
        w, h = p.size(UNIT)
        return (p.x + dx, p.y + dy, p.x + dx + w, p.y + dy + h)

    assert [text for _, text in drawn] == [
        carousel_render.end_text(side, carousel_render.end_parts(view)[side]) for side in SIDES]
    badges = {side: canvas.badge_box(centre, text, BADGE_SIZE)
              for side, (centre, text) in zip(SIDES, drawn, strict=True)}
    lasts = {side: box(chain.tiles[-1]) for side, chain in chains.items() if chain.tiles}
    every = [box(p) for chain in chains.values() for p in chain.tiles]
    sx, sy = carousel_render.SPINNER[0] + dx, carousel_render.SPINNER[1] + dy
    every.append((sx, sy, sx + UNIT, sy + 2 * UNIT))
    return img, badges, lasts, every


@pytest.mark.parametrize("players", [4, 7])
def test_each_end_badge_as_drawn_stands_against_its_own_last_tile(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    theme = get_theme("table")
    hanging = 0
    for view in boards(players, games=12, every=3):
        img, badges, lasts, every = drawn_badges(view, monkeypatch)
        for side, last in lasts.items():
            badge = badges[side]
            own = gap(badge, last)
            assert own <= 2 * GAP + 0.5, (side, own)
            others = [gap(badge, tile) for tile in every if tile != last]
            assert all(other >= own for other in others), (side, own, min(others))
            middle_x, middle_y = (badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2
            if last[1] <= middle_y <= last[3]:
                continue  # past the open end, on the tile's row
            hanging += 1
            assert last[0] <= middle_x <= last[2], side  # under (or over) the tile itself
            # Off the row: a bar joins tile and badge (the joints' colour, between them).
            x = round((badge[0] + badge[2]) / 2)
            y = round(badge[1] - 2 if badge[1] > last[3] else badge[3] + 2)  # past any ring
            assert img.getpixel((x, y)) == theme.muted, (side, x, y)
    assert hanging >= 3
