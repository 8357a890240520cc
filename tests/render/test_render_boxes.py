"""Every sample picture (the gallery's boards and hands) in every language draws each text
whole: its ink, as drawn, lies inside the picture, a badge's pill too, no two texts
overlap and no badge or text lies over a tile (issue 54: a text drawn past the edge is cut as surely
as one shortened with "…", and a badge over a tile hides its number).

What counts as cut, in all: a text shortened with "…" (test_render_fits.py, whatever the
"…" hides: no sample needs one, so none is allowed), a text or badge whose drawn box runs
past the picture's edge, a text drawn over another, a badge or a text over a tile, a tile
numeral wider than its half (test_render_fits.py, in every language). The boxes are
measured from the very sprites `render.canvas.draw_text` pastes, so they are the pixels a
reader sees.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from catalog.reader import LANGUAGES
from render import canvas, render_board, render_hand, tiles
from render.__main__ import sample_boards, sample_hands

Box = tuple[float, float, float, float]
Drawn = tuple[str, str, Box]  # ("text", "badge" or "tile", its text, its box on the picture)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text (its ink box), badge (its pill's box) and tile (its body) drawn while
    the test runs."""
    found: list[Drawn] = []
    real_text, real_box, real_tile = canvas.draw_text, canvas.badge_box, tiles.paste_tile

    def text(img: Any, xy: tuple[float, float], words: str, size: int, colour: Any, *,
             bold: bool = False, anchor: str = "la") -> None:
        if words:
            sprite, left, top = canvas._text_sprite(words, size, bold, colour, anchor)
            x, y = round(xy[0]) + left, round(xy[1]) + top
            found.append(("text", words, (x, y, x + sprite.width, y + sprite.height)))
        real_text(img, xy, words, size, colour, bold=bold, anchor=anchor)

    def pill(centre: tuple[float, float], words: str, size: int) -> Box:
        box = real_box(centre, words, size)
        found.append(("badge", words, box))
        return box

    def tile(img: Any, a: int, b: int, x: int, y: int, *, vertical: bool, unit: int,
             **kwargs: Any) -> None:
        w, h = tiles.tile_size(unit, vertical)
        found.append(("tile", f"[{a}|{b}]", (x, y, x + w, y + h)))
        real_tile(img, a, b, x, y, vertical=vertical, unit=unit, **kwargs)

    for name, module in list(sys.modules.items()):
        if not name.startswith("render"):
            continue
        if getattr(module, "draw_text", None) is real_text:
            monkeypatch.setattr(module, "draw_text", text)
        if getattr(module, "paste_tile", None) is real_tile:
            monkeypatch.setattr(module, "paste_tile", tile)
    monkeypatch.setattr(canvas, "badge_box", pill)
    yield found


def faults(found: list[Drawn], width: int, height: int) -> list[str]:
    """What of `found` is cut: a text's or badge's box past the picture's edge, a text
    over another, a badge or a text over a tile."""
    out = [f"{what} {words!r} at {box} leaves the {width}x{height} picture"
           for what, words, box in found if what != "tile"
           and (box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height)]
    texts = [(words, box) for what, words, box in found if what == "text"]
    out += [f"{a!r} at {ab} over {b!r} at {bb}"
            for (a, ab), (b, bb) in itertools.combinations(texts, 2) if meet(ab, bb)]
    laid = [(words, box) for what, words, box in found if what == "tile"]
    out += [f"{what} {words!r} at {box} over the tile {tile} at {under}"
            for what, words, box in found if what != "tile"
            for tile, under in laid if meet(box, under)]
    return out


def meet(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (touching edges do not)."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


BOARDS = sample_boards()
HANDS = sample_hands()


# Before the fix (issue 54), Carousel end badges placed for the English letter ran past
# the edge in Spanish («Arr 1+1», «Abj 0») and Portuguese («cima 1+1», «baixo 2»), and
# lay over an arm's last tile 40 times there («baixo 0» over [0|6]); Portuguese
# «Locomotiva» ran under Mexican Train's engine.
@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_text_and_badge_of_every_sample_lies_whole_inside_its_picture(
        locale: str, drawn: list[Drawn]) -> None:
    where: list[str] = []
    for draw, samples in ((render_board, BOARDS), (render_hand, HANDS)):
        for name, view, theme in samples:
            drawn.clear()
            pic = draw(view, theme, locale)
            assert drawn, name
            where += [f"{name}: {fault}" for fault in faults(drawn, pic.width, pic.height)]
    assert where == [], "\n".join(where)


def test_the_check_sees_a_text_past_the_edge_a_text_over_another_a_badge_over_a_tile(
        ) -> None:
    assert faults([("badge", "baixo 2", (-3, 500, 104, 520))], 720, 557)
    assert faults([("text", "a", (0, 0, 50, 20)), ("text", "b", (40, 10, 90, 30))], 720, 99)
    assert not faults([("text", "a", (0, 0, 50, 20)), ("text", "b", (50, 0, 90, 20))], 720, 99)
    assert faults([("badge", "baixo 0", (0, 0, 50, 20)), ("tile", "[0|6]", (40, 0, 108, 34))],
                  720, 99)
    assert not faults([("tile", "[0|6]", (-4, 0, 64, 34)), ("text", "0", (64, 0, 74, 20))],
                      720, 99)  # a tile may reach the edge, a text beside it is another's
