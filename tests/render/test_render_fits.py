"""Every sample picture (the gallery's boards and hands, render/samples.py's games) in
every language: no drawn text is cut to fit its box, no numeral is wider than its tile
half (issue 54: «… Olena 0, T…» in Russian, "10" over hour 12's divider)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from catalog.reader import LANGUAGES
from render import canvas, render_board, render_hand, tiles
from render.__main__ import sample_boards, sample_hands
from render.tiles import MAX_NUMBER, numeral_font_size, numeral_width

Cut = tuple[str, str]  # (the text, what was drawn)


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Cut]]:
    """Every text a picture cut with an ellipsis to fit its box, while the test runs:
    `render.canvas.fit_text` is the only place a drawn text is shortened."""
    found: list[Cut] = []
    real = canvas.fit_text

    def spy(text: str, size: int, width: int, bold: bool = False) -> str:
        drawn = real(text, size, width, bold)
        if drawn != text:
            found.append((text, drawn))
        return drawn

    for name, module in list(sys.modules.items()):
        if name.startswith("render") and getattr(module, "fit_text", None) is real:
            monkeypatch.setattr(module, "fit_text", spy)
    yield found


@pytest.fixture
def numerals(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """Every (number, unit) a tile numeral is drawn at while the test runs."""
    drawn: list[tuple[int, int]] = []
    real = tiles._numerals

    def spy(big: Any, halves: tuple[int, int], unit: int, **kwargs: Any) -> None:
        drawn.extend((n, unit) for n in halves if tiles.numbered(n, kwargs["theme"]))
        real(big, halves, unit, **kwargs)

    monkeypatch.setattr(tiles, "_numerals", spy)
    tiles.tile_image.cache_clear()  # cached tiles would draw no numeral
    yield drawn
    tiles.tile_image.cache_clear()


BOARDS = sample_boards()
HANDS = sample_hands()


@pytest.mark.parametrize("locale", LANGUAGES)
def test_no_text_of_a_sample_board_or_hand_is_cut(locale: str, cuts: list[Cut]) -> None:
    where: list[str] = []
    for name, view, theme in BOARDS:
        before = len(cuts)
        render_board(view, theme, locale)
        where += [f"{name}: {text!r} drawn {drawn!r}" for text, drawn in cuts[before:]]
    for name, view, theme in HANDS:
        before = len(cuts)
        render_hand(view, theme, locale)
        where += [f"{name}: {text!r} drawn {drawn!r}" for text, drawn in cuts[before:]]
    assert where == []


def test_the_cut_spy_sees_a_cut() -> None:
    # The spy above would pass with a picture that never calls it: a long text is cut.
    assert canvas.fit_text("Великий годинник · Anfisa", 22, 120, True).endswith("…")


@pytest.mark.parametrize("locale", LANGUAGES)
def test_no_numeral_is_wider_than_its_tile_half(locale: str,
                                               numerals: list[tuple[int, int]]) -> None:
    for _, view, theme in BOARDS:
        render_board(view, theme, locale)
    for _, view, theme in HANDS:
        render_hand(view, theme, locale)
    assert numerals, "the samples draw numerals (double-9 and double-12 sets)"
    assert {n for n, _ in numerals} >= {10, 11, 12}
    wide = sorted({(n, unit, numeral_width(n, unit)) for n, unit in numerals
                   if numeral_width(n, unit) > unit * tiles.NUMERAL_ROOM})
    assert wide == []


@pytest.mark.parametrize("unit", [20, 24, 28, 34, 44, 56])
def test_every_numeral_fits_its_half_at_every_tile_size(unit: int) -> None:
    for number in range(MAX_NUMBER + 1):
        assert numeral_width(number, unit) <= unit * tiles.NUMERAL_ROOM
        assert numeral_font_size(number, unit) <= tiles.numeral_size(unit)
    # One digit keeps the full size; two shrink only as much as they must.
    assert numeral_font_size(7, unit) == tiles.numeral_size(unit)
