"""The look of the pictures (issue 20): every line board's open ends marked with their
numbers (and the Carousel's count), one look that stands apart from both Discord themes,
and the review sheet that shows each board at phone width on both."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.traditional.view import TraditionalView
from render import DEFAULT_THEME, canvas, render_board
from render.__main__ import sample_boards
from render.canvas import MARGIN, PHONE_WIDTH
from render.games import carousel as carousel_render
from render.games import traditional as traditional_render
from render.review import DISCORD_BACKGROUNDS, review_sheet
from render.theme import get_theme


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (1: the same luminance, 21: black/white)."""
    def luminance(c: tuple[int, int, int]) -> float:
        lin = [v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# What Discord paints around a message's picture in its dark and light clients.
DISCORD = ((49, 51, 56), (255, 255, 255))

LINE_BOARDS = [(name, view) for name, view, _ in sample_boards()
               if (isinstance(view, carousel_render.CarouselView) and view.spinner is not None)
               or (isinstance(view, TraditionalView) and view.line)]


@pytest.mark.parametrize(("name", "view"), LINE_BOARDS, ids=[n for n, _ in LINE_BOARDS])
def test_every_line_board_marks_its_open_ends_with_their_numbers(name, view, monkeypatch):
    # Issue 20: "the open ends marked with their numbers (and, in Carousel, the current
    # count) in every line game": read from what the drawing is asked to write.
    badges: list[str] = []
    corner: list[str] = []
    real_badge, real_header = canvas.badge, canvas.draw_header

    def badge(img, at, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        badges.append(text)
        return real_badge(img, at, text, *args, **kwargs)

    def header(img, theme, title, right, **kwargs):  # type: ignore[no-untyped-def]
        corner.append(right)
        return real_header(img, theme, title, right, **kwargs)

    for module in (carousel_render, traditional_render):
        monkeypatch.setattr(module, "badge", badge)
        monkeypatch.setattr(module, "draw_header", header)
    render_board(view)
    if isinstance(view, carousel_render.CarouselView):
        # Each badge says what its end adds to the count (issue 28: a double at an end
        # adds both halves, "R 5+5"; a side that adds nothing names only its letter).
        parts = carousel_render.end_parts(view)
        assert sorted(badges) == sorted(f"{s} {parts[s]}".strip() for s in parts), name
        added = [sum(map(int, p.split("+"))) for p in parts.values() if p]
        assert sum(added) == view.count, name
        assert sorted(n for p in parts.values() if p for n in map(int, p.split("+"))) == sorted(
            view.count_parts), name
        assert corner == [f"Count {view.count}"], name
    else:
        assert badges == [f"L {view.ends[0]}", f"R {view.ends[1]}"], name


def test_the_default_look_stands_apart_from_both_discord_themes():
    # Issue 20: "one look that reads on both Discord themes ... checked in both". The
    # picture's own background must not melt into either client's (the dark theme's
    # pictures did on dark: ratio 1.0), and its tiles and words must read on that
    # background, so what the client paints around the picture no longer matters.
    view = next(v for name, v, _ in sample_boards() if name == "traditional-middle")
    pic = render_board(view)
    img = Image.open(io.BytesIO(pic.data)).convert("RGB")
    edge = img.getpixel((1, 1))
    assert edge == img.getpixel((img.width - 2, img.height - 2))
    assert DISCORD_BACKGROUNDS == DISCORD  # what the review sheet paints, too
    for client in DISCORD:
        assert _contrast(edge, client) >= 1.5, client
    look = get_theme(DEFAULT_THEME)
    assert edge == look.background
    assert _contrast(look.tile_face, look.background) >= 3  # WCAG's floor for shapes
    assert _contrast(look.tile_edge, look.tile_face) >= 3  # each tile framed on its own
    assert _contrast(look.text, look.background) >= 4.5  # WCAG AA for text
    assert _contrast(look.muted, look.background) >= 4.5
    for older in ("dark", "light"):  # what the check exists to catch
        assert min(_contrast(get_theme(older).background, c) for c in DISCORD) < 1.5


def test_the_review_sheet_shows_each_board_at_phone_width_on_both_backgrounds():
    boards = [(name, render_board(view, theme)) for name, view, theme in sample_boards()[:2]]
    sheet = review_sheet(boards)
    img = Image.open(io.BytesIO(sheet.data)).convert("RGB")
    column = PHONE_WIDTH + 2 * MARGIN

    def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 4  # 256-colour PNG

    assert img.size == sheet.size and sheet.width == 2 * column
    assert near(img.getpixel((2, img.height - 2)), DISCORD[0])
    assert near(img.getpixel((img.width - 2, img.height - 2)), DISCORD[1])
    # The first picture, scaled to PHONE_WIDTH, in each column: its own background runs
    # exactly from the column's margin to PHONE_WIDTH past it, the client's beyond.
    board = get_theme(sample_boards()[0][2]).background
    y = MARGIN + 16 + 12 + 2  # below its caption
    for col, client in enumerate(DISCORD):
        x0 = col * column + MARGIN
        row = [img.getpixel((x, y)) for x in range(x0 - 1, x0 + PHONE_WIDTH + 1)]
        assert near(row[0], client) and near(row[-1], client), col
        assert all(near(p, board) for p in row[1:4] + row[-4:-1]), col
    rows = sum(16 + 12 + round(pic.height * PHONE_WIDTH / pic.width) + MARGIN
               for _, pic in boards)
    assert sheet.height == MARGIN + rows
