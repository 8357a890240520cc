"""A small line chart of a rating over a player's games, for /stats. Pure, deterministic.

    render_rating_chart(points, theme="table", *, title, provisional=0) -> Picture

points[0] is the rating before the first game shown and every later point the rating
after one more game, so n points cover n - 1 games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.canvas import MARGIN, draw_text, fit_text, new_canvas, text_width
from render.labels import ENGLISH, Labels, labels_for
from render.picture import Picture, png_picture
from render.theme import DEFAULT_THEME, Theme, get_theme

WIDTH = 600
HEIGHT = 240
_TOP = 52          # below the title line
_BOTTOM = 28       # room for the x labels
_LEFT = 64         # room for the y labels
_RIGHT = 24
_LINE_WIDTH = 3
_TITLE_SIZES = range(18, 11, -1)  # a long title (Russian, Ukrainian) shrinks before it is cut
MIN_CONTRAST = 3.0  # the line against the chart's panel and background (WCAG's graphics)


def _luminance(colour: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def line_colour(theme: Theme) -> tuple[int, int, int]:
    """The chart line's colour: the first of the theme's accent, highlight, playable and
    text colours at MIN_CONTRAST or more against both the panel and the background (the
    shaded provisional part); the text colour when none is."""
    for colour in (theme.accent, theme.last_move, theme.playable, theme.text):
        if min(contrast(colour, theme.panel), contrast(colour, theme.background)) >= MIN_CONTRAST:
            return colour
    return theme.text


def _label(value: float) -> str:
    return str(round(value))


def _nice_range(low: float, high: float) -> tuple[float, float]:
    """A y range a little wider than the data, on round numbers; never empty."""
    if high - low < 20:
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    pad = (high - low) * 0.08
    step = 10 if high - low < 200 else 50
    return math.floor((low - pad) / step) * step, math.ceil((high + pad) / step) * step


def rating_alt(points: Sequence[float], title: str, labels: Labels = ENGLISH) -> str:
    """Alt text: the start, the end and the number of games, lowest and highest."""
    if not points:
        return labels("alt_rating_none", title=title)
    if len(points) == 1:
        return labels("alt_rating_one", title=title, rating=_label(points[0]))
    return labels("alt_rating", title=title, first=_label(points[0]), last=_label(points[-1]),
                  count=len(points) - 1, low=_label(min(points)), high=_label(max(points)))


def render_rating_chart(points: Sequence[float], theme: str | Theme = DEFAULT_THEME, *,
                        title: str, provisional: int = 0,
                        locale: str | Labels | None = None) -> Picture:
    """A 600x240 PNG line chart of `points` with its alt text.

    Shows `title`, the last value and its change since the first point, the y range's
    bottom and top values and the first and last game numbers. The first `provisional`
    games (points 1..provisional) are shaded and marked "provisional". No points or one
    point give a picture saying so. The same input always gives the same bytes.
    Its words are in `locale`'s language (English by default).
    Raises ValueError for an unknown theme or a point that is not a finite number.
    """
    chosen = get_theme(theme)
    labels = labels_for(locale)
    if any(not math.isfinite(p) for p in points):
        raise ValueError("every point of a chart must be a finite number")
    img = new_canvas(WIDTH, HEIGHT, chosen)
    draw = ImageDraw.Draw(img)
    room = WIDTH - 2 * MARGIN - 170
    size = next((n for n in _TITLE_SIZES if text_width(title, n, True) <= room),
                _TITLE_SIZES[-1])
    draw_text(img, (MARGIN, 14 + (18 - size) // 2), fit_text(title, size, room, True), size,
              chosen.text, bold=True)
    left, right, top, bottom = _LEFT, WIDTH - _RIGHT, _TOP, HEIGHT - _BOTTOM
    draw.rounded_rectangle((left - 8, top - 8, right + 8, bottom + 8), radius=8,
                           fill=chosen.panel)
    if not points:
        draw_text(img, ((left + right) / 2, (top + bottom) / 2), labels("no_rated"), 16,
                  chosen.muted, anchor="mm")
        return png_picture(img, rating_alt(points, title, labels), chosen)
    _draw_summary(img, chosen, points)
    low, high = _nice_range(min(points), max(points))

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    n = len(points)

    def x_of(index: int) -> float:
        return (left + right) / 2 if n == 1 else left + index / (n - 1) * (right - left)

    if provisional > 0 and n > 1:
        edge = x_of(min(provisional, n - 1))
        draw.rectangle((left, top, edge, bottom), fill=chosen.background)
        draw_text(img, (left + 6, top + 4), labels("provisional"), 12, chosen.muted)
    for value in (low, high):
        y = y_of(value)
        draw.line((left, y, right, y), fill=chosen.muted, width=1)
        draw_text(img, (left - 14, y), _label(value), 13, chosen.muted, anchor="rm")
    xy = [(x_of(i), y_of(p)) for i, p in enumerate(points)]
    if n > 1:
        draw.line(xy, fill=line_colour(chosen), width=_LINE_WIDTH, joint="curve")
        draw_text(img, (left, bottom + 12), labels("start"), 12, chosen.muted, anchor="lm")
        draw_text(img, (right, bottom + 12), labels("game_n", n=n - 1), 12, chosen.muted,
                  anchor="rm")
    x, y = xy[-1]
    draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=line_colour(chosen), outline=chosen.text)
    return png_picture(img, rating_alt(points, title, labels), chosen)


def _draw_summary(img: Image.Image, theme: Theme, points: Sequence[float]) -> None:
    """The last value, large, at the top right, and its change since the first point."""
    last = round(points[-1])
    change = last - round(points[0])
    draw_text(img, (WIDTH - MARGIN, 12), str(last), 22, theme.text, bold=True, anchor="ra")
    if len(points) > 1:
        colour = theme.playable if change > 0 else theme.trouble if change < 0 else theme.muted
        sign = "+" if change > 0 else "±" if change == 0 else "−"
        gap = text_width(str(last), 22, True) + 12
        draw_text(img, (WIDTH - MARGIN - gap, 16), f"{sign}{abs(change)}", 16, colour,
                  bold=True, anchor="ra")
