"""Names in any script draw with the shipped fonts: never a box (issue 16).

The check is twofold: every character lands in a run whose font's own character
map (read from the .ttf) has it, and the pixels drawn for it differ from that
font's .notdef glyph, the box FreeType draws for a character a font lacks.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.carousel import CarouselGame
from render import render_board, render_hand
from render.canvas import draw_text, text_width
from render.typeface import FACES, FONT_DIR, PLACEHOLDER, coverage, face, runs

NAMES = ("Олена", "Всеволод", "Ζωή", "李雷", "Олена 🌻")
# A private-use code point that none of the shipped fonts maps (checked below).
UNMAPPED = "\U0010fffd"


def _ink(char: str, index: int, bold: bool) -> bytes:
    img = Image.new("L", (64, 64), 0)
    img_face = face(index, 40, bold)
    ImageDraw.Draw(img).text((4, 52), char, font=img_face, fill=255, anchor="ls")
    return img.tobytes()


def test_the_fonts_are_shipped_with_their_licenses() -> None:
    files = {p.name for p in FONT_DIR.iterdir()}
    for regular, bold, _ in FACES:
        assert regular in files and bold in files
    assert sum(1 for name in files if name.startswith("LICENSE")) == 3


def test_the_readme_names_each_font_with_its_license() -> None:
    # Issue 16: "fonts shipped with the project ... licenses named in the README".
    readme = (FONT_DIR.parents[1] / "README.md").read_text(encoding="utf-8")
    fonts = readme.split("### Fonts")[1].split("\n### ")[0]
    licenses = sorted(p.name for p in FONT_DIR.iterdir() if p.name.startswith("LICENSE"))
    linked = sorted(re.findall(r"\(render/fonts/(LICENSE[^)]+)\)", fonts))
    assert linked == licenses
    rows = [row for row in fonts.splitlines() if row.startswith("| ") and "render/fonts" in row]
    assert len(rows) == len(FACES)  # one row a shipped face, its license in the same row


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_is_in_its_fonts_character_map(name: str, bold: bool) -> None:
    parts = runs(name, bold)
    assert "".join(part for part, _ in parts) == name  # nothing replaced, nothing dropped
    for part, index in parts:
        cmap = coverage(FACES[index][1] if bold else FACES[index][0])
        missing = [c for c in part if ord(c) not in cmap]
        assert not missing, f"{missing} of {name!r} not in {FACES[index]}"
        assert PLACEHOLDER not in part


@pytest.mark.parametrize("name", NAMES)
def test_no_glyph_of_a_name_draws_as_its_fonts_box(name: str) -> None:
    for part, index in runs(name, True):
        notdef = _ink(UNMAPPED, index, True)
        assert any(notdef), "the font draws a visible box for what it lacks"
        for char in part.replace(" ", ""):
            assert _ink(char, index, True) != notdef, f"{char!r} drew as a box"


def test_the_emoji_and_the_chinese_come_from_their_own_fonts() -> None:
    assert runs("Олена 🌻") == (("Олена ", 0), ("🌻", 1))
    assert runs("李雷") == (("李雷", 2),)
    # An emoji sequence with a joiner stays in one run, for the font to join.
    assert runs("👨\u200d👩") == (("👨\u200d👩", 1),)


def test_a_character_no_font_has_becomes_a_visible_placeholder() -> None:
    for regular, bold, _ in FACES:
        assert ord(UNMAPPED) not in coverage(regular) | coverage(bold)
    assert runs(f"a{UNMAPPED}b") == ((f"a{PLACEHOLDER}b", 0),)
    assert ord(PLACEHOLDER) in coverage(FACES[0][0])
    # An invisible character no font has (a tag) is left out rather than boxed.
    assert runs("a\U000e0041b") == (("ab", 0),)


def test_mixed_runs_draw_on_one_line_and_measure_as_drawn() -> None:
    img = Image.new("RGB", (300, 40), (0, 0, 0))
    draw_text(img, (0, 0), "Олена 🌻 李雷", 20, (255, 255, 255), bold=True)
    box = ImageChops.difference(img, Image.new("RGB", img.size)).getbbox()
    assert box is not None
    # The inked width is the measured width give or take the side bearings.
    assert abs((box[2] - box[0]) - text_width("Олена 🌻 李雷", 20, True)) <= 4
    assert box[3] - box[1] < 30  # one line, not stacked


def test_boards_and_hands_with_these_names_render() -> None:
    game = CarouselGame(NAMES, seed=3)
    board = render_board(game.view(None))
    hand = render_hand(game.view(4))
    for picture in (board, hand):
        assert Image.open(io.BytesIO(picture.data)).size == picture.size
    assert "Олена 🌻" in board.alt and "李雷" in board.alt
