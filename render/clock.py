"""The Big Clock board: a clock face with each hour's top tile, its height and its state."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.clock.view import DRAWN, ClockView
from render.canvas import (
    MARGIN,
    badge,
    draw_header,
    draw_text,
    header_height,
    new_canvas,
    text_width,
)
from render.text import clock_alt
from render.theme import Theme
from render.tiles import paste_tile

UNIT = 36
RADIUS = 236  # from the clock's centre to the centre of each hour's tile
LABEL_RADIUS = RADIUS + 66


def hour_angle(hour: int, hours: int) -> float:
    """The angle of `hour` in radians, clockwise from 12 o'clock.

    Twelve and nine hours go round the full face; six hours lie as a half circle
    where a real clock has them (1 to 6 down the right-hand side).
    """
    steps = 12 if hours == 6 else hours
    return 2 * math.pi * (hour % steps) / steps


def _notes(view: ClockView) -> list[str]:
    notes = []
    if view.last_move is not None:
        notes.append(f"Last move: {view.last_move}")
    if view.in_trouble:
        notes.append("In trouble: " + ", ".join(
            f"{tile} ({'drawn' if at == DRAWN else f'on hour {at}'})"
            for tile, at in view.in_trouble))
    if view.outcome is not None:
        notes.append(f"Game over: {view.outcome.reason}")
    return notes


def draw_clock(view: ClockView, theme: Theme) -> Image.Image:
    """The clock face of `view` as an RGB image."""
    notes = _notes(view)
    size = 2 * (LABEL_RADIUS + 24)
    width = size + 2 * MARGIN
    top = header_height((), notes, width)
    img = new_canvas(width, top + size + MARGIN, theme)
    title = f"Big Clock · {view.player}"
    home_text = f"{len(view.home)} of {view.hours} home"
    draw_header(img, theme, title, home_text, chips=(), notes=notes)
    draw = ImageDraw.Draw(img)
    cx, cy = width / 2, top + size / 2
    draw.ellipse((cx - LABEL_RADIUS - 24, cy - LABEL_RADIUS - 24, cx + LABEL_RADIUS + 24,
                  cy + LABEL_RADIUS + 24), fill=theme.panel)
    trouble = {at for _, at in view.in_trouble}
    for hour in range(1, view.hours + 1):
        angle = hour_angle(hour, view.hours)
        sx, sy = math.sin(angle), -math.cos(angle)
        tx, ty = cx + RADIUS * sx, cy + RADIUS * sy
        x, y = round(tx - UNIT / 2), round(ty - UNIT)
        home = hour in view.home
        lx, ly = cx + LABEL_RADIUS * sx, cy + LABEL_RADIUS * sy
        label_colour = theme.home if home else theme.text
        draw_text(img, (lx, ly), str(hour), 26, label_colour, bold=True, anchor="mm")
        tile = view.tops[hour - 1]
        if tile is None:
            draw.rounded_rectangle((x, y, x + UNIT, y + 2 * UNIT), radius=6, outline=theme.muted,
                                   width=2)
            continue
        ring = theme.home if home else theme.trouble if hour in trouble else None
        paste_tile(img, tile.high, tile.low, x, y, vertical=True, unit=UNIT, theme=theme,
                   ring=ring)
        height = view.heights[hour - 1]
        text, size = ("home", 12) if home else (f"×{height}", 13)
        # On the tile's side facing the middle: beside it at the sides of the face, under
        # it at the top, over it at the bottom.
        if abs(sy) < 0.6:
            half = text_width(text, size, True) / 2 + size * 0.4
            bx, by = tx - math.copysign(UNIT / 2 + 6 + half, sx), ty
        else:
            bx, by = tx, ty + (UNIT + 13) * (-1 if sy > 0 else 1)
        if home:
            badge(img, (bx, by), text, size, fill=theme.home, colour=(255, 255, 255))
        else:
            fill = theme.trouble if hour in trouble else theme.background
            badge(img, (bx, by), text, size, fill=fill, colour=theme.text)
    # The middle: the drawn tile, the stock and the discards.
    draw_text(img, (cx, cy - 62), "drawn", 15, theme.muted, anchor="mm")
    if view.drawn is not None:
        ring = theme.trouble if DRAWN in trouble else theme.accent
        paste_tile(img, view.drawn.high, view.drawn.low, round(cx - UNIT), round(cy - 40),
                   vertical=False, unit=UNIT, theme=theme, ring=ring)
    else:
        draw.rounded_rectangle((cx - UNIT, cy - 40, cx + UNIT, cy - 40 + UNIT), radius=6,
                               outline=theme.muted, width=2)
    draw_text(img, (cx, cy + 24), f"stock {view.stock_size}", 18, theme.text, anchor="mm")
    draw_text(img, (cx, cy + 48), f"discards {len(view.discards)}", 18, theme.text,
              anchor="mm")
    return img


def clock_board(view: ClockView, theme: Theme,
                min_width: int = 0) -> tuple[Image.Image, str]:
    """The board image and its alt text (the clock has one size: `min_width` is ignored)."""
    del min_width
    return draw_clock(view, theme), clock_alt(view)
