"""Big Clock's pile badges (issue 28: `×N` stood between hours): each stands against the
inward side of its own hour's tile, nearer it than any other pile, over no tile, on its
hour's spoke (issue 54). Measured
from the layout the drawing uses, over boards after every move of many games."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from engine.clock import ClockGame, ClockOptions
from engine.clock.view import ClockView
from render import canvas
from render.canvas import BADGE_SIZE, text_width
from render.games import clock as clock_render
from render.theme import get_theme
from render.tiles import PAD
from tests.render.badge_spy import spy_on_badges

GAMES = 20  # random games of each set


def boards(hours: int) -> Iterator[ClockView]:
    """The board after every move of `GAMES` games of random legal moves."""
    for seed in range(GAMES):
        game = ClockGame(("Anfisa",), ClockOptions(set=hours), seed=seed)
        rng = random.Random(seed)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_moves()))
            yield game.view(None)


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def numeral_box(hour: int, hours: int) -> tuple[float, float, float, float]:
    """The box of the hour's numeral on the face (from the face's centre)."""
    angle = clock_render.hour_angle(hour, hours)
    x, y = clock_render.LABEL_RADIUS * math.sin(angle), -clock_render.LABEL_RADIUS * math.cos(
        angle)
    half = text_width(str(hour), clock_render.HOUR_SIZE, True) / 2
    return (x - half, y - clock_render.HOUR_SIZE / 2, x + half, y + clock_render.HOUR_SIZE / 2)


# The middle: the drawn tile with its word above it, the stock and discards lines below.
MIDDLE = (-110.0, -86.0, 110.0, 86.0)


@pytest.mark.parametrize("hours", [6, 9, 12])
def test_each_pile_badge_stands_against_its_own_tile_towards_the_centre(hours: int) -> None:
    tiles = {h: clock_render.tile_box(h, hours) for h in range(1, hours + 1)}
    seen = 0
    for view in boards(hours):
        piles = clock_render.pile_badges(view)
        expected = {h: "✓" if h in view.home else f"×{view.heights[h - 1]}"
                    for h in range(1, hours + 1) if view.tops[h - 1] is not None
                    and (h in view.home or view.heights[h - 1] > 1)}
        assert {p.hour: p.text for p in piles} == expected
        for pile in piles:
            seen += 1
            own = clock_render.box_gap(pile.box, tiles[pile.hour])
            assert own <= PAD + 1e-6, pile  # against its tile's ring
            nearest = min(clock_render.box_gap(pile.box, box) for h, box in tiles.items()
                          if h != pile.hour)
            assert nearest > own + 20, (pile, nearest)
            assert not any(overlap(pile.box, box) for box in tiles.values()), pile
            assert not any(overlap(pile.box, numeral_box(h, hours)) for h in tiles), pile
            assert not overlap(pile.box, MIDDLE), pile
            # On the tile's inward side: nearer the centre than the tile's middle is.
            x0, y0, x1, y1 = tiles[pile.hour]
            assert math.hypot(*pile.centre) < math.hypot((x0 + x1) / 2, (y0 + y1) / 2)
    assert seen > 500


def test_the_badges_are_drawn_where_the_layout_puts_them(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    view = next(v for v in boards(12) if len(clock_render.pile_badges(v)) >= 4)
    drawn = spy_on_badges(monkeypatch, clock_render)
    theme = get_theme("table")
    fit = clock_render.frame(view, theme)
    clock_render.draw_clock(view, theme, fit)
    cx, cy = canvas.BOARD_WIDTH / 2, fit.top + clock_render.LABEL_RADIUS + 24
    assert drawn == [((cx + p.centre[0], cy + p.centre[1]), p.text)
                     for p in clock_render.pile_badges(view)]


@pytest.mark.parametrize("hours", [6, 9, 12])
def test_each_drawn_badge_sits_on_its_own_hours_spoke_clear_of_its_neighbours(
        hours: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 54: hour 7's `×8` stood above its tile and against hour 8's `✓`, between the
    # two hours. Each badge as drawn: on the line from the face's centre through its hour,
    # a ring from its own tile, and well clear of every other hour's tile and badge.
    drawn = spy_on_badges(monkeypatch, clock_render)
    theme = get_theme("table")
    views = [v for v in list(boards(hours))[::15] if len(clock_render.pile_badges(v)) >= 2]
    assert len(views) > 10
    for view in views:
        drawn.clear()
        fit = clock_render.frame(view, theme)
        clock_render.draw_clock(view, theme, fit)
        cx, cy = canvas.BOARD_WIDTH / 2, fit.top + clock_render.LABEL_RADIUS + 24
        hours_of = [p.hour for p in clock_render.pile_badges(view)]
        assert len(drawn) == len(hours_of)
        boxes = {hour: canvas.badge_box((x - cx, y - cy), text, BADGE_SIZE)
                 for hour, ((x, y), text) in zip(hours_of, drawn, strict=True)}
        for hour, ((x, y), text) in zip(hours_of, drawn, strict=True):
            spoke = math.degrees(clock_render.hour_angle(hour, hours))
            seen = math.degrees(math.atan2(x - cx, -(y - cy))) % 360
            assert min(abs(seen - spoke), 360 - abs(seen - spoke)) < 1.0, (hour, text, seen)
            box = boxes[hour]
            own = clock_render.box_gap(box, clock_render.tile_box(hour, hours))
            assert own <= PAD + 0.5, (hour, own)
            others = [clock_render.tile_box(h, hours) for h in range(1, hours + 1) if h != hour]
            others += [b for h, b in boxes.items() if h != hour]
            nearest = min(clock_render.box_gap(box, other) for other in others)
            assert nearest >= own + 18, (hour, text, nearest)


def test_the_middle_box_holds_what_the_middle_draws() -> None:
    # The drawn tile (two units wide, 40 px above the centre) and the widest middle line.
    unit = clock_render.UNIT
    assert MIDDLE[0] <= -unit and MIDDLE[1] <= -66 - canvas.NOTE_SIZE / 2
    assert text_width("discards 28", canvas.NOTE_SIZE) / 2 <= MIDDLE[2]
    assert MIDDLE[3] >= 66 + canvas.NOTE_SIZE / 2 and BADGE_SIZE > 0
