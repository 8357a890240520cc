"""Domino tiles: drawn once at three times their size, scaled down, cached, then pasted.

A tile is drawn by the two numbers it shows in reading order: `a` on the left
(or top, for an upright tile) and `b` on the right (or bottom). Pips follow the
classic layouts of real sets: a 3x3 grid for 0-9 and a 3x4 grid for 10-12. A half
above the theme's `numerals_above` shows its numeral instead of pips (by default every
half above 6), so 7 to 12 never need counting: at a phone's width the dot grids of 10,
11 and 12 look alike, a numeral does not.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.theme import PIP_COLOURS, RGB, Theme
from render.typeface import font

SCALE = 3  # drawn at 3x, scaled down once: smooth edges at no cost per picture
PAD = 4  # transparent margin around every tile image (room for the shadow and the ring)
MAX_NUMBER = 12

_GRID3 = (0.25, 0.5, 0.75)
_GRID4_Y = (0.17, 0.39, 0.61, 0.83)
_GRID4_X = (0.23, 0.5, 0.77)

_SIX = ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2))
_LAYOUT3: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: _SIX,
    7: (*_SIX, (1, 1)),
    8: (*_SIX, (1, 0), (1, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}
_SIDES4 = tuple((c, r) for r in range(4) for c in (0, 2))
_LAYOUT4: dict[int, tuple[tuple[float, float], ...]] = {
    10: (*_SIDES4, (1, 1), (1, 2)),
    11: (*_SIDES4, (1, 0.5), (1, 1.5), (1, 2.5)),
    12: tuple((c, r) for r in range(4) for c in range(3)),
}


# A numbered half shows its numeral, centred and upright, and no pips.
NUMERAL_SIZE = 0.78  # the numeral's font size, as a share of the tile's unit


def pip_positions(number: int) -> tuple[tuple[float, float, float], ...]:
    """Where the pips of `number` lie in a unit square half: (x, y, radius), all 0..1.

    Raises ValueError outside 0..12.
    """
    if number in _LAYOUT3:
        return tuple((_GRID3[int(c)], _GRID3[int(r)], 0.095) for c, r in _LAYOUT3[number])
    if number in _LAYOUT4:
        out = []
        for c, r in _LAYOUT4[number]:
            low = int(r)
            frac = r - low
            y = _GRID4_Y[low]
            if frac:
                y = y * (1 - frac) + _GRID4_Y[low + 1] * frac
            out.append((_GRID4_X[int(c)], y, 0.078))
        return tuple(out)
    raise ValueError(f"no tile half shows {number} (0..{MAX_NUMBER})")


def tile_size(unit: int, vertical: bool) -> tuple[int, int]:
    """The size of a tile's body in pixels (without PAD): one unit by two."""
    return (unit, 2 * unit) if vertical else (2 * unit, unit)


def numbered(number: int, theme: Theme) -> bool:
    """Whether a half showing `number` carries its numeral in `theme`."""
    return number > theme.numerals_above


def smallest_pip(number: int, unit: int, theme: Theme) -> float:
    """The diameter in pixels of the pips of a half showing `number` at `unit` (0: none,
    as on a blank or a half that shows its numeral)."""
    if numbered(number, theme):
        return 0.0
    return 2 * unit * min((r for _, _, r in pip_positions(number)), default=0.0)


def numeral_size(unit: int) -> int:
    """The font size of the numerals on a tile of `unit` px."""
    return round(unit * NUMERAL_SIZE)


NUMERAL_ROOM = 0.84
"""The share of a half's width a numeral may take: the rest is margin, clear of the
tile's edges (a two-digit bold numeral at the full size is wider than the half)."""


@lru_cache(maxsize=1024)
def numeral_font_size(number: int, unit: int) -> int:
    """The font size of `number`'s numeral on a tile of `unit` px: `numeral_size`, made
    smaller only as far as it must for the numeral to fit `NUMERAL_ROOM` of the half."""
    size = numeral_size(unit)
    while size > 6 and font(size, True).getlength(str(number)) > unit * NUMERAL_ROOM:
        size -= 1
    return size


def numeral_width(number: int, unit: int) -> float:
    """The width in px of `number`'s numeral as a tile of `unit` px draws it."""
    return float(font(numeral_font_size(number, unit), True).getlength(str(number)))


def _edge(unit: int) -> int:
    # A dark frame a twentieth of the tile wide: each tile reads apart from its neighbours
    # and from any background.
    return max(1, round(unit * 0.05)) * SCALE


def _body(a: int, b: int, unit: int, theme: Theme) -> Image.Image:
    """The upright tile at SCALE: `a` on top, `b` below, rounded corners, a divider;
    pips on the halves that show no numeral."""
    u = unit * SCALE
    img = Image.new("RGBA", (u, 2 * u), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    edge = _edge(unit)
    radius = round(u * 0.16)
    draw.rounded_rectangle((0, 0, u - 1, 2 * u - 1), radius=radius, fill=theme.tile_face,
                           outline=theme.tile_edge, width=edge)
    inset = round(u * 0.14)
    draw.line((inset, u - 1, u - 1 - inset, u - 1), fill=theme.tile_divider,
              width=max(SCALE, round(u * 0.03)))
    for half, number in enumerate((a, b)):
        if numbered(number, theme):
            continue
        colour = PIP_COLOURS.get(number, (0, 0, 0))
        for x, y, r in pip_positions(number):
            cx, cy, rad = x * u, half * u + y * u, r * u
            draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=colour)
    return img


def _back(unit: int, theme: Theme) -> Image.Image:
    """A face-down upright tile at SCALE."""
    u = unit * SCALE
    img = Image.new("RGBA", (u, 2 * u), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, u - 1, 2 * u - 1), radius=round(u * 0.16), fill=theme.tile_back,
                           outline=theme.tile_edge, width=_edge(unit))
    inner = round(u * 0.2)
    draw.rounded_rectangle((inner, inner, u - 1 - inner, 2 * u - 1 - inner),
                           radius=round(u * 0.1), outline=(140, 148, 220), width=SCALE * 2)
    return img


@lru_cache(maxsize=4096)
def tile_image(a: int, b: int, *, vertical: bool, unit: int, theme: Theme,
               ring: RGB | None = None, face_down: bool = False) -> Image.Image:
    """The finished RGBA image of a tile showing `a` then `b`, with a soft shadow.

    The image is the tile's body plus PAD pixels on every side; `ring` draws a
    coloured outline in that margin (a highlight). Cached: treat it as read-only.
    Raises ValueError for a number outside 0..12.
    """
    for n in (a, b):
        if not 0 <= n <= MAX_NUMBER:
            raise ValueError(f"no tile half shows {n} (0..{MAX_NUMBER})")
    body = _back(unit, theme) if face_down else _body(a, b, unit, theme)
    if not vertical:
        body = body.transpose(Image.Transpose.ROTATE_90)  # the top half goes to the left
    bw, bh = body.size
    p = PAD * SCALE
    big = Image.new("RGBA", (bw + 2 * p, bh + 2 * p), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = round(unit * SCALE * 0.16)
    shadow = (*theme.shadow, 150)
    draw.rounded_rectangle((p, p + SCALE * 2, p + bw - 1, p + bh - 1 + SCALE * 2), radius=radius,
                           fill=shadow)
    if ring is not None:
        grow = 3 * SCALE
        draw.rounded_rectangle((p - grow, p - grow, p + bw - 1 + grow, p + bh - 1 + grow),
                               radius=radius + grow, fill=(*ring, 255))
    big.alpha_composite(body, (p, p))
    if not face_down:
        _numerals(big, (a, b), unit, vertical=vertical, theme=theme)
    w, h = tile_size(unit, vertical)
    return big.resize((w + 2 * PAD, h + 2 * PAD), Image.Resampling.LANCZOS)


def _numerals(big: Image.Image, halves: tuple[int, int], unit: int, *, vertical: bool,
               theme: Theme) -> None:
    """Write each numbered half's numeral upright in the middle of its half."""
    u, p = unit * SCALE, PAD * SCALE
    draw = ImageDraw.Draw(big)
    for half, number in enumerate(halves):
        if not numbered(number, theme):
            continue
        face = font(numeral_font_size(number, unit) * SCALE, True)
        along = p + half * u + u / 2  # the half's centre along the tile
        xy = (p + u / 2, along) if vertical else (along, p + u / 2)
        draw.text(xy, str(number), font=face, fill=PIP_COLOURS.get(number, (0, 0, 0)),
                  anchor="mm")


def paste_tile(canvas: Image.Image, a: int, b: int, x: int, y: int, *, vertical: bool,
               unit: int, theme: Theme, ring: RGB | None = None,
               face_down: bool = False) -> None:
    """Paste the cached tile with its body's top-left corner at (x, y) of an RGB canvas."""
    img = tile_image(a, b, vertical=vertical, unit=unit, theme=theme, ring=ring,
                     face_down=face_down)
    canvas.paste(img, (x - PAD, y - PAD), img)
