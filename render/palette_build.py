"""`python -m render.palette_build`: make each theme's palette from sample pictures and
write them to render/palette_data.py (committed, so that drawing never plays games).

Run it after changing a theme's colours or what the pictures draw;
tests/render/test_render_palette.py fails while the committed data is stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from render.board import board_image
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import full_line_view, traditional_record
from render.hand import draw_hand
from render.palette import snap_palette
from render.samples import replayed
from render.theme import THEMES, Theme

DATA = Path(__file__).with_name("palette_data.py")


def _samples(theme: Theme) -> list[Image.Image]:
    # A fixed set, whatever games there are: the committed palettes were made from it.
    images = [board_image(full_line_view(), theme)[0]]
    for record, cut in ((carousel_record(players=4, seed=11), 10**6),
                        (clock_record(seed=8), 10**6), (clock_record(seed=2), 31),
                        (traditional_record(), 10**6)):
        images.append(board_image(replayed(record, cut).view(None), theme)[0])
    game = replayed(traditional_record(seed=1, players=2), 1)
    images.append(draw_hand(game.view(game.to_move), theme)[0])
    return images


def build_palette(theme: Theme) -> bytes:
    """The 256 RGB colours (768 bytes) that suit every sample picture of `theme`."""
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
    return bytes(pal.getpalette() or [])


def data_source() -> str:
    """The text of render/palette_data.py for the current themes and pictures."""
    lines = ['"""Each theme\'s 256-colour palette as hex RGB triples. Made by',
             '`python -m render.palette_build`; do not edit by hand."""', "",
             "PALETTES: dict[str, str] = {"]
    for name, theme in THEMES.items():
        hexed = build_palette(theme).hex()
        lines.append(f"    {name!r}: (")
        lines.extend(f'        "{hexed[i:i + 84]}"' for i in range(0, len(hexed), 84))
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    DATA.write_text(data_source(), encoding="utf-8")
    print(DATA)
    return 0


if __name__ == "__main__":
    sys.exit(main())
