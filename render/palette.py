"""One fixed 256-colour palette per theme, so that encoding a picture is a fast lookup.

The palette is taken once per process from sample pictures of every kind in the
theme (all pip colours, rings, text on every panel), with the theme's flat
colours kept exact. Mapping a picture onto a fixed palette takes about a
millisecond, against ten for finding a palette per picture, and keeps the
colours of one theme identical from picture to picture (and frame to frame).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

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


def _samples(theme: Theme) -> list[Image.Image]:
    # Imported here: the samples draw boards, and the boards encode through this module.
    from render.board import board_image
    from render.hand import draw_hand
    from render.samples import (
        carousel_record,
        clock_record,
        full_line_view,
        replayed,
        traditional_record,
    )

    images = [board_image(full_line_view(), theme)[0]]
    for record, cut in ((carousel_record(players=4, seed=11), 10**6),
                        (clock_record(seed=8), 10**6), (clock_record(seed=2), 31),
                        (traditional_record(), 10**6)):
        images.append(board_image(replayed(record, cut).view(None), theme)[0])
    game = replayed(traditional_record(seed=1, players=2), 1)
    images.append(draw_hand(game.view(game.to_move), theme)[0])
    return images


@lru_cache(maxsize=4)
def theme_palette(theme: Theme) -> Image.Image:
    """A "P" image whose palette suits every picture of `theme`."""
    images = _samples(theme)
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images)), theme.background)
    y = 0
    for img in images:
        sheet.paste(img, (0, y))
        y += img.height
    pal = sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    snap_palette(pal, (theme.background, theme.panel, theme.text, theme.muted, theme.accent,
                       theme.tile_face))
    return pal


def to_palette(img: Image.Image, theme: Theme) -> Image.Image:
    """`img` mapped onto the theme's palette (nearest colours, no dithering)."""
    return img.quantize(palette=theme_palette(theme), dither=Image.Dither.NONE)
