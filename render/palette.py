"""One fixed 256-colour palette per theme, so that encoding a picture is a fast lookup.

The palettes are committed data (render/palette_data.py), made by
`python -m render.palette_build` from sample pictures of every kind in each
theme with the theme's flat colours kept exact. Mapping a picture onto a fixed
palette takes about a millisecond, against ten for finding a palette per
picture, and keeps the colours of one theme identical from picture to picture
(and frame to frame).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.palette_data import PALETTES
from render.theme import RGB, Theme


def snap_palette(pal: Image.Image, exact: tuple[RGB, ...]) -> None:
    """Make palette colours within a shade of one of `exact` that colour exactly."""
    colours = pal.getpalette() or []
    for i in range(0, len(colours) - 2, 3):
        r, g, b = colours[i], colours[i + 1], colours[i + 2]
        for target in exact:
            if abs(r - target[0]) + abs(g - target[1]) + abs(b - target[2]) <= 12:
                colours[i:i + 3] = target
                break
    pal.putpalette(colours)


@lru_cache(maxsize=8)
def theme_palette(theme: Theme) -> Image.Image:
    """A "P" image holding the committed palette of `theme`.

    Raises KeyError for a theme that has no committed palette (run the build).
    """
    pal = Image.new("P", (1, 1))
    pal.putpalette(bytes.fromhex(PALETTES[theme.name]))
    return pal


def to_palette(img: Image.Image, theme: Theme) -> Image.Image:
    """`img` mapped onto the theme's palette (nearest colours, no dithering)."""
    return img.quantize(palette=theme_palette(theme), dither=Image.Dither.NONE)
