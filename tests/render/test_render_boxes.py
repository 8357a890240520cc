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
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from catalog.reader import LANGUAGES
from render import DEFAULT_THEME, HandEnd, canvas, render_board, render_hand, render_hand_end, tiles
from render.__main__ import sample_boards, sample_hands
from render.games.carousel import carousel_record
from render.games.mexican import mexican_record
from render.games.partnership import partnership_record
from render.games.traditional import traditional_record
from render.samples import replayed
from render.theme import get_theme

Box = tuple[float, float, float, float]
# ("text", "badge" or "tile", its text, its box, the (id, width, height) of the image it is
# drawn on: a finished hand's picture pastes strips drawn on images of their own).
Drawn = tuple[str, str, Box, tuple[int, int, int]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text (its ink box), badge (its pill's box) and tile (its body) drawn while
    the test runs."""
    found: list[Drawn] = []
    real_text, real_badge, real_tile = canvas.draw_text, canvas.badge, tiles.paste_tile

    def on(img: Any) -> tuple[int, int, int]:
        return (id(img), img.width, img.height)

    def text(img: Any, xy: tuple[float, float], words: str, size: int, colour: Any, *,
             bold: bool = False, anchor: str = "la") -> None:
        if words:
            sprite, left, top = canvas._text_sprite(words, size, bold, colour, anchor)
            x, y = round(xy[0]) + left, round(xy[1]) + top
            found.append(("text", words, (x, y, x + sprite.width, y + sprite.height), on(img)))
        real_text(img, xy, words, size, colour, bold=bold, anchor=anchor)

    def pill(img: Any, centre: tuple[float, float], words: str, size: int,
             **kwargs: Any) -> None:
        found.append(("badge", words, canvas.badge_box(centre, words, size), on(img)))
        real_badge(img, centre, words, size, **kwargs)

    def tile(img: Any, a: int, b: int, x: int, y: int, *, vertical: bool, unit: int,
             **kwargs: Any) -> None:
        w, h = tiles.tile_size(unit, vertical)
        found.append(("tile", f"[{a}|{b}]", (x, y, x + w, y + h), on(img)))
        real_tile(img, a, b, x, y, vertical=vertical, unit=unit, **kwargs)

    for name, module in list(sys.modules.items()):
        if not name.startswith("render"):
            continue
        if getattr(module, "draw_text", None) is real_text:
            monkeypatch.setattr(module, "draw_text", text)
        if getattr(module, "paste_tile", None) is real_tile:
            monkeypatch.setattr(module, "paste_tile", tile)
        if getattr(module, "badge", None) is real_badge:
            monkeypatch.setattr(module, "badge", pill)
    yield found


def faults(found: list[Drawn]) -> list[str]:
    """What of `found` is cut: a text's or badge's box past the edge of the image it is
    drawn on, a text over another, a badge or a text over a tile (on the same image)."""
    out = [f"{what} {words!r} at {box} leaves the {w}x{h} picture"
           for what, words, box, (_, w, h) in found if what != "tile"
           and (box[0] < 0 or box[1] < 0 or box[2] > w or box[3] > h)]
    texts = [(words, box, img) for what, words, box, img in found if what == "text"]
    out += [f"{a!r} at {ab} over {b!r} at {bb}"
            for (a, ab, ai), (b, bb, bi) in itertools.combinations(texts, 2)
            if ai == bi and meet(ab, bb)]
    laid = [(words, box, img) for what, words, box, img in found if what == "tile"]
    out += [f"{what} {words!r} at {box} over the tile {tile} at {under}"
            for what, words, box, img in found if what != "tile"
            for tile, under, on in laid if on == img and meet(box, under)]
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
            draw(view, theme, locale)
            assert drawn, name
            where += [f"{name}: {fault}" for fault in faults(drawn)]
    assert where == [], "\n".join(where)


def test_the_check_sees_a_text_past_the_edge_a_text_over_another_a_badge_over_a_tile(
        ) -> None:
    big, wide = (1, 720, 557), (1, 720, 99)
    assert faults([("badge", "baixo 2", (-3, 500, 104, 520), big)])
    assert faults([("text", "a", (0, 0, 50, 20), wide), ("text", "b", (40, 10, 90, 30), wide)])
    assert not faults([("text", "a", (0, 0, 50, 20), wide),
                       ("text", "b", (50, 0, 90, 20), wide)])  # touching is apart
    assert not faults([("text", "a", (0, 0, 50, 20), wide),
                       ("text", "b", (0, 0, 50, 20), (2, 720, 99))])  # on another image
    assert faults([("badge", "baixo 0", (0, 0, 50, 20), wide),
                   ("tile", "[0|6]", (40, 0, 108, 34), wide)])
    assert not faults([("tile", "[0|6]", (-4, 0, 64, 34), wide),
                       ("text", "0", (64, 0, 74, 20), wide)])  # a tile may reach the edge


def finished(record: dict[str, Any]) -> Any:
    """The game of `record` played on (first legal moves) until a hand is over."""
    game = replayed(record, 10**6)
    while not game.finished_hands and game.to_move is not None:
        game.play(game.legal_moves()[0])
    return game


# (name, record, pairs) of the hands whose summary picture (render_hand_end) is drawn.
ENDS: list[tuple[str, Callable[[], dict[str, Any]], bool]] = [
    ("traditional4", lambda: traditional_record(players=4), False),
    ("carousel-pairs", lambda: carousel_record(players=4, seed=4, pairs=True), True),
    ("carousel7", lambda: carousel_record(players=7), False),
    ("mexican8", lambda: mexican_record(seed=8, players=8), False),
    ("partnership", partnership_record, True)]


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_text_of_a_finished_hands_picture_lies_whole_inside_it(
        locale: str, drawn: list[Drawn]) -> None:
    where: list[str] = []
    for name, record, pairs in ENDS:
        game = finished(record())
        assert game.finished_hands, name
        drawn.clear()
        end = HandEnd(game.players, game.hand_summary(0), pairs, record()["game"])
        render_hand_end(end, DEFAULT_THEME, locale)
        assert drawn, name
        where += [f"{name}: {fault}" for fault in faults(drawn)]
        where += [f"{name}: {words!r} cut" for what, words, _, _ in drawn
                  if what == "text" and words.endswith("…")]
    assert where == [], "\n".join(where)


Numeral = tuple[str, float, float, int]  # (numeral, ink width, advance, the tile's unit)


@pytest.fixture
def numerals_drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Numeral]]:
    """Every tile numeral as `render.tiles` draws it while the test runs, measured from the
    very font it is drawn with (at the tile's size, not tiles.SCALE times it)."""
    drawn: list[Numeral] = []
    real_numerals, real_text = tiles._numerals, ImageDraw.ImageDraw.text
    inside: list[int] = []

    def numerals(big: Any, halves: tuple[int, int], unit: int, **kwargs: Any) -> None:
        inside.append(unit)
        try:
            real_numerals(big, halves, unit, **kwargs)
        finally:
            inside.pop()

    def text(self: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        if inside:
            face = kwargs["font"]
            left, _, right, _ = face.getbbox(words, anchor="mm")
            drawn.append((words, (right - left) / tiles.SCALE,
                          face.getlength(words) / tiles.SCALE, inside[-1]))
        return real_text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(tiles, "_numerals", numerals)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    tiles.tile_image.cache_clear()  # cached tiles would draw no numeral
    yield drawn
    tiles.tile_image.cache_clear()


def wide_numerals(drawn: list[Numeral]) -> list[Numeral]:
    """The numerals of `drawn` wider (ink or advance) than NUMERAL_ROOM of their half."""
    return sorted({n for n in drawn if max(n[1], n[2]) > n[3] * tiles.NUMERAL_ROOM})


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_numeral_as_drawn_fits_its_tile_half(locale: str,
                                                   numerals_drawn: list[Numeral]) -> None:
    # Issue 54: bold "11" was 38 px on a 34 px half in Mexican Train, "10" 47 on 44 on the
    # clock. Measured from the font each numeral is drawn with, not from the size render
    # means to use.
    for draw, samples in ((render_board, BOARDS), (render_hand, HANDS)):
        for _, view, theme in samples:
            draw(view, theme, locale)
    assert {int(n[0]) for n in numerals_drawn} >= {10, 11, 12}
    assert wide_numerals(numerals_drawn) == []


def test_the_numeral_check_sees_a_numeral_drawn_at_the_full_size(
        numerals_drawn: list[Numeral], monkeypatch: pytest.MonkeyPatch) -> None:
    # Drawn at the unit's full numeral size, as before issue 54, "11" overflows its half.
    monkeypatch.setattr(tiles, "numeral_font_size", lambda number, unit: tiles.numeral_size(unit))
    tiles.tile_image(11, 10, vertical=False, unit=34, theme=get_theme(DEFAULT_THEME))
    assert {n[0] for n in wide_numerals(numerals_drawn)} == {"10", "11"}
