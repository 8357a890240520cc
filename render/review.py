"""A review sheet: pictures as a phone shows them (PHONE_WIDTH wide), each on Discord's
dark and light backgrounds side by side, so one look at one file checks both themes."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from render.canvas import MARGIN, PHONE_WIDTH, draw_text
from render.picture import Picture, encode_png
from render.theme import DARK, LIGHT

# What Discord paints behind a message's picture in its dark and light clients.
DISCORD_BACKGROUNDS = (DARK.background, LIGHT.background)
_CAPTION = 16


def review_sheet(pictures: Sequence[tuple[str, Picture]]) -> Picture:
    """One PNG: a row per picture, its name above it, the picture scaled to PHONE_WIDTH
    wide on the dark background (left) and on the light one (right)."""
    scaled = []
    for name, pic in pictures:
        img = Image.open(io.BytesIO(pic.data)).convert("RGBA")
        height = round(img.height * PHONE_WIDTH / img.width)
        scaled.append((name, img.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)))
    column = PHONE_WIDTH + 2 * MARGIN
    row_h = [_CAPTION + 12 + img.height + MARGIN for _, img in scaled]
    sheet = Image.new("RGB", (2 * column, MARGIN + sum(row_h)), DISCORD_BACKGROUNDS[1])
    sheet.paste(DISCORD_BACKGROUNDS[0], (0, 0, column, sheet.height))
    y = MARGIN
    for (name, img), h in zip(scaled, row_h, strict=True):
        for col, ink in enumerate((DARK.text, LIGHT.text)):
            x = col * column + MARGIN
            draw_text(sheet, (x, y), name, _CAPTION, ink)
            sheet.paste(img, (x, y + _CAPTION + 12), img)
        y += h
    return Picture(encode_png(sheet), "png", sheet.width, sheet.height,
                   f"Review sheet of {len(pictures)} pictures at {PHONE_WIDTH} px wide, "
                   "on Discord's dark and light backgrounds.")
