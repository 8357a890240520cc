"""Colours: the "table" look that reads on both Discord themes, and the older
"dark" and "light" looks that match one client each."""

from __future__ import annotations

from dataclasses import dataclass, replace

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a picture uses. Tiles are ivory in every theme, like real ones.

    `numerals_above` is the highest number a tile half shows by pips: halves above it
    show their numeral instead (-1: every half).
    """

    name: str
    background: RGB
    panel: RGB
    text: RGB
    muted: RGB
    accent: RGB
    tile_face: RGB
    tile_edge: RGB
    tile_divider: RGB
    tile_back: RGB
    shadow: RGB
    last_move: RGB
    playable: RGB
    trouble: RGB
    home: RGB
    numerals_above: int = 6


DARK = Theme(
    name="dark",
    background=(49, 51, 56),
    panel=(43, 45, 49),
    text=(219, 222, 225),
    muted=(148, 155, 164),
    accent=(88, 101, 242),
    tile_face=(247, 243, 232),
    tile_edge=(120, 112, 98),
    tile_divider=(150, 140, 124),
    tile_back=(70, 76, 150),
    shadow=(24, 25, 28),
    last_move=(240, 178, 50),
    playable=(35, 165, 90),
    trouble=(242, 63, 67),
    home=(35, 165, 90),
)

LIGHT = Theme(
    name="light",
    background=(255, 255, 255),
    panel=(227, 229, 232),
    text=(49, 51, 56),
    muted=(92, 94, 102),
    accent=(88, 101, 242),
    tile_face=(252, 250, 244),
    tile_edge=(96, 90, 80),
    tile_divider=(140, 132, 118),
    tile_back=(70, 76, 150),
    shadow=(196, 199, 204),
    last_move=(214, 140, 0),
    playable=(36, 128, 70),
    trouble=(218, 55, 60),
    home=(36, 128, 70),
)

# A felt-green table: a mid-tone that stands apart from Discord's dark grey and from its
# white alike, with ivory tiles framed in near-black so each tile reads on its own.
TABLE = Theme(
    name="table",
    background=(27, 94, 74),
    panel=(19, 70, 55),
    text=(248, 250, 246),
    muted=(196, 222, 210),
    accent=(44, 56, 150),
    tile_face=(252, 249, 240),
    tile_edge=(28, 26, 22),
    tile_divider=(120, 112, 100),
    tile_back=(52, 60, 140),
    shadow=(8, 40, 30),
    last_move=(255, 196, 40),
    # Not the last move's yellow: a tile you may play is another thing (issue 28).
    playable=(120, 230, 255),
    trouble=(226, 52, 58),
    home=(150, 226, 120),
)
# The same look with a numeral on every half instead of pips, for players who read faster so.
TABLE_NUMERALS = replace(TABLE, name="table-numerals", numerals_above=-1)

DEFAULT_THEME = "table"
THEMES: dict[str, Theme] = {t.name: t for t in (TABLE, TABLE_NUMERALS, DARK, LIGHT)}

# Pip colours by number, as on colour-coded double-12 sets; dark enough to read on ivory.
PIP_COLOURS: dict[int, RGB] = {
    1: (32, 120, 196),
    2: (34, 130, 70),
    3: (200, 40, 40),
    4: (130, 80, 36),
    5: (214, 120, 0),
    6: (28, 48, 130),
    7: (128, 56, 160),
    8: (14, 116, 110),
    9: (176, 40, 110),
    10: (40, 40, 40),
    11: (110, 124, 10),
    12: (80, 92, 110),
}


def get_theme(theme: str | Theme) -> Theme:
    """The theme called `theme` (a key of THEMES); a Theme is returned as is.

    Raises ValueError for any other name.
    """
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r} (one of {', '.join(THEMES)})") from None
