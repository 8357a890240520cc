"""What every picture shares: text, badges, the header and the canvas."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.game import GameView
from render.labels import Labels
from render.theme import RGB, Theme
from render.typeface import Font, Run, face, font, runs

MAX_WIDTH = 1600  # Discord shows wider pictures shrunk; keep every picture within this
MARGIN = 20
# Boards are drawn this wide: twice the ~360 px a phone shows, so that at that width a
# tile's pips and every text stay legible (tests/render check it from these numbers).
BOARD_WIDTH = 720
PHONE_WIDTH = 360
# Every text at least 26 px: 13 px on a phone (tests/render/test_render_phone.py).
TITLE_SIZE, RIGHT_SIZE, NAME_SIZE, FACTS_SIZE, NOTE_SIZE, BADGE_SIZE = 30, 26, 26, 26, 26, 26
BANNER_SIZE = 30
_CHIP_H, _CHIP_STEP, _NOTE_STEP, _BANNER_H = 68, 76, 34, 52
_TURN_W = 22  # the arrow before the name of the player to move


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width in pixels of `text` drawn at `size` (with the fallback fonts it needs)."""
    return round(sum(face(f, size, bold).getlength(part) for part, f in runs(text, bold)))


@lru_cache(maxsize=1024)
def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so that it fits `width` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


SMALLEST_SIZE = 26  # 13 px at 360 px wide: the smallest text a picture draws


def fitting_size(text: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size from `size` down to `SMALLEST_SIZE` at which `text` fits
    `width` pixels (`SMALLEST_SIZE` when none does: then `fit_text` cuts it)."""
    while size > SMALLEST_SIZE and text_width(text, size, bold) > width:
        size -= 1
    return size


@lru_cache(maxsize=1024)
def wrap_lines(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`text` broken at spaces into lines that each fit `width` pixels (a single word
    wider than that stays a line of its own, cut when drawn)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return (*lines, line)


@lru_cache(maxsize=4096)
def _text_sprite(text: str, size: int, bold: bool, colour: RGB,
                 anchor: str) -> tuple[Image.Image, int, int]:
    """`text` drawn once on a transparent image, with its offset from the anchor point."""
    parts = runs(text, bold)
    if len(parts) == 1 and parts[0][1] == 0:
        main = font(size, bold)
        left, top, right, bottom = main.getbbox(parts[0][0], anchor=anchor)
        sprite = Image.new("RGBA", (max(1, int(right - left)), max(1, int(bottom - top))),
                           (*colour, 0))
        ImageDraw.Draw(sprite).text((-left, -top), parts[0][0], font=main, fill=colour,
                                    anchor=anchor)
        return sprite, int(left), int(top)
    return _runs_sprite(parts, size, bold, colour, anchor)


def _runs_sprite(parts: tuple[Run, ...], size: int, bold: bool, colour: RGB,
                 anchor: str) -> tuple[Image.Image, int, int]:
    """Runs in several fonts on one baseline, placed as Pillow places `anchor` for one
    font: horizontally by the total advance, vertically by the main font's metrics."""
    placed: list[tuple[float, str, Font]] = []
    x = 0.0
    for part, index in parts:
        run_face = face(index, size, bold)
        placed.append((x, part, run_face))
        x += run_face.getlength(part)
    boxes = [f.getbbox(part, anchor="ls") for _, part, f in placed]
    left = min(px + b[0] for (px, _, _), b in zip(placed, boxes, strict=True))
    right = max(px + b[2] for (px, _, _), b in zip(placed, boxes, strict=True))
    top, bottom = min(b[1] for b in boxes), max(b[3] for b in boxes)
    ascent, descent = font(size, bold).getmetrics()
    shift_x = {"l": 0.0, "m": -x / 2, "r": -x}[anchor[0]]
    baseline = {"a": ascent, "t": -top, "m": (ascent - descent) / 2, "s": 0,
                "b": -bottom, "d": -descent}[anchor[1]]
    sprite = Image.new("RGBA", (max(1, int(right - left)), max(1, int(bottom - top))),
                       (*colour, 0))
    draw = ImageDraw.Draw(sprite)
    for px, part, run_face in placed:
        draw.text((px - left, -top), part, font=run_face, fill=colour, anchor="ls")
    return sprite, round(left + shift_x), round(top + baseline)


def draw_text(img: Image.Image, xy: tuple[float, float], text: str, size: int,
              colour: RGB, *, bold: bool = False, anchor: str = "la") -> None:
    """Draw `text` at `xy` (Pillow anchor, default left-top); each text is rendered once."""
    if not text:
        return
    sprite, left, top = _text_sprite(text, size, bold, colour, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    img.paste(sprite, (x, y), sprite)


def badge(img: Image.Image, centre: tuple[float, float], text: str, size: int, *,
          fill: RGB, colour: RGB) -> None:
    """A round (or pill-shaped, for longer text) label centred on `centre`."""
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(badge_box(centre, text, size), radius=size * 0.75, fill=fill)
    draw_text(img, centre, text, size, colour, bold=True, anchor="mm")


def badge_box(centre: tuple[float, float], text: str, size: int
              ) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of the badge `badge` draws showing `text` at `centre`."""
    cx, cy = centre
    r = size * 0.75
    half = max(0.0, text_width(text, size, True) / 2 - size * 0.35)
    return (cx - r - half, cy - r, cx + r + half, cy + r)


@dataclass(frozen=True, slots=True)
class Chip:
    """One player's entry in the header: name and a few facts.

    The player to move (`active`) is marked three ways: the chip is filled, an arrow
    stands before the name and `tag` (the words "to move") after it. `mark` outlines
    the chip (a pair's colour, or the winner's green).
    """

    name: str
    facts: str
    active: bool = False
    mark: RGB | None = None
    tag: str = ""


@dataclass(frozen=True, slots=True)
class Banner:
    """A game's result, in a bar of its own under the title: `good` is a win."""

    text: str
    good: bool = True


def result_banner(view: GameView, labels: Labels) -> Banner | None:
    """A finished game's result, naming its winners (or nobody); None before its end."""
    if view.outcome is None:
        return None
    if not view.outcome.winners:
        return Banner(labels("banner_nobody"), good=False)
    return Banner(labels("banner_won", names=labels.names(
        view.players[s] for s in view.outcome.winners)))


def header_height(chips: Sequence[Chip], notes: Sequence[str], width: int,
                  banner: Banner | None = None) -> int:
    """The height the header takes at `width`: `draw_header` returns the same."""
    return (_HEADER_TOP + (_BANNER_H + 10 if banner else 0) + _layout_header(chips, width)[1]
            + _NOTE_STEP * _note_lines(notes, width) + 4)


def _note_lines(notes: Sequence[str], width: int) -> int:
    return sum(len(wrap_lines(note, NOTE_SIZE, width - 2 * MARGIN)) for note in notes)


_HEADER_TOP = 56


def _chip_width(chip: Chip) -> int:
    name = text_width(chip.name, NAME_SIZE, True) + (_TURN_W + 8 if chip.active else 0)
    if chip.tag:
        name += 12 + text_width(chip.tag, FACTS_SIZE, True)
    return max(name, text_width(chip.facts, FACTS_SIZE)) + 28


def _layout_header(chips: Sequence[Chip], width: int) -> tuple[list[tuple[int, int, int]], int]:
    """(x, y, w) of each chip under the title, and the chips' total height."""
    spots: list[tuple[int, int, int]] = []
    x, y = MARGIN, 0
    for chip in chips:
        w = min(_chip_width(chip), width - 2 * MARGIN)
        if x > MARGIN and x + w > width - MARGIN:
            x, y = MARGIN, y + _CHIP_STEP
        spots.append((x, y, w))
        x += w + 10
    return spots, (y + _CHIP_STEP if chips else 0)


def _draw_chip(img: Image.Image, theme: Theme, chip: Chip, spot: tuple[int, int, int]) -> None:
    """Draw `chip` at `spot`: (x, y, width)."""
    x, y, w = spot
    draw = ImageDraw.Draw(img)
    fill = theme.accent if chip.active else theme.panel
    draw.rounded_rectangle((x, y, x + w, y + _CHIP_H), radius=10, fill=fill)
    if chip.mark is not None:
        draw.rounded_rectangle((x, y, x + w, y + _CHIP_H), radius=10, outline=chip.mark,
                               width=4)
    name_colour = (255, 255, 255) if chip.active else theme.text
    left = x + 14
    if chip.active:  # an arrow: the turn reads without telling colours apart
        top = y + 10
        draw.polygon(((left, top), (left + _TURN_W, top + 12), (left, top + 24)),
                     fill=name_colour)
        left += _TURN_W + 8
    tag_w = text_width(chip.tag, FACTS_SIZE, True) + 12 if chip.tag else 0
    name = fit_text(chip.name, NAME_SIZE, x + w - 10 - left - tag_w, True)
    draw_text(img, (left, y + 4), name, NAME_SIZE, name_colour, bold=True)
    if chip.tag:
        draw_text(img, (left + text_width(name, NAME_SIZE, True) + 12, y + 4), chip.tag,
                  FACTS_SIZE, name_colour, bold=True)
    draw_text(img, (x + 14, y + 34), fit_text(chip.facts, FACTS_SIZE, w - 24), FACTS_SIZE,
              name_colour)


def draw_header(img: Image.Image, theme: Theme, title: str, right: str, *,
                chips: Sequence[Chip], notes: Sequence[str],
                banner: Banner | None = None) -> int:
    """Draw the title (and `right`, right-aligned), the result `banner`, player chips and
    note lines at the top.

    Returns the y where the board may start.
    """
    draw = ImageDraw.Draw(img)
    width = img.width
    room = width - 2 * MARGIN - (text_width(right, RIGHT_SIZE, True) + 16 if right else 0)
    # A long title (a language's longer words) is drawn smaller before it is cut.
    size = fitting_size(title, TITLE_SIZE, room, True)
    draw_text(img, (MARGIN, 12 + (TITLE_SIZE - size) // 2), fit_text(title, size, room, True),
              size, theme.text, bold=True)
    if right:
        draw_text(img, (width - MARGIN, 15), right, RIGHT_SIZE, theme.text, bold=True,
                  anchor="ra")
    top = _HEADER_TOP
    if banner is not None:
        fill = theme.home if banner.good else theme.trouble
        colour = theme.panel if banner.good else (255, 255, 255)
        draw.rounded_rectangle((MARGIN, top, width - MARGIN, top + _BANNER_H), radius=12,
                               fill=fill)
        inside = width - 2 * MARGIN - 24
        size = fitting_size(banner.text, BANNER_SIZE, inside, True)
        draw_text(img, (width / 2, top + _BANNER_H / 2),
                  fit_text(banner.text, size, inside, True), size, colour, bold=True,
                  anchor="mm")
        top += _BANNER_H + 10
    spots, chips_h = _layout_header(chips, width)
    for chip, (x, row_y, w) in zip(chips, spots, strict=True):
        _draw_chip(img, theme, chip, (x, row_y + top, w))
    y = top + chips_h
    for note in notes:  # a note too long for one line goes on over the next ones
        for line in wrap_lines(note, NOTE_SIZE, width - 2 * MARGIN):
            draw_text(img, (MARGIN, y + 2), fit_text(line, NOTE_SIZE, width - 2 * MARGIN),
                      NOTE_SIZE, theme.text)
            y += _NOTE_STEP
    return y + 4
def new_canvas(width: int, height: int, theme: Theme) -> Image.Image:
    """An RGB canvas filled with the theme's background."""
    return Image.new("RGB", (width, height), theme.background)
