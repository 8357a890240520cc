"""The Big Clock board: a clock face with each hour's top tile, its height and its state."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.clock.game import ClockGame
from engine.clock.options import ClockOptions
from engine.clock.spec import SPEC
from engine.clock.view import DRAWN, ClockMove, ClockView
from engine.notation import tile_text
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    MARGIN,
    NOTE_SIZE,
    Banner,
    badge,
    badge_box,
    draw_header,
    draw_text,
    header_height,
    new_canvas,
)
from render.drawer import BoardDrawer
from render.games import GameSamples, Sample
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.samples import autoplay, played_once, stages
from render.theme import DEFAULT_THEME, Theme
from render.tiles import PAD, paste_tile

UNIT = 44
# From the clock's centre to each hour's tile and to its numeral: the face fills the width.
LABEL_RADIUS = BOARD_WIDTH // 2 - MARGIN - 24
RADIUS = LABEL_RADIUS - 64
HOUR_SIZE = 28

CLOCK_ENDS = ("won", "lost", "resigned")
"""How a Big Clock game may end (its outcome's reason): each has its words, picture.clock_*."""


@dataclass(frozen=True, slots=True)
class PileBadge:
    """A pile's badge: its height (`×3`) or home (`✓`), centred on `centre` (from the
    face's centre), against the inward side of its hour's tile."""

    hour: int
    text: str
    centre: tuple[float, float]
    box: tuple[float, float, float, float]


def tile_box(hour: int, hours: int) -> tuple[float, float, float, float]:
    """The box of `hour`'s tile (upright) from the face's centre: x0, y0, x1, y1."""
    angle = hour_angle(hour, hours)
    tx, ty = RADIUS * math.sin(angle), -RADIUS * math.cos(angle)
    x, y = round(tx - UNIT / 2), round(ty - UNIT)
    return (x, y, x + UNIT, y + 2 * UNIT)


@functools.cache
def badge_spot(hour: int, hours: int, text: str) -> tuple[float, float]:
    """Where the badge showing `text` stands: on its hour's spoke (the line from the
    clock's centre through the hour's numeral and tile), just inside the tile, a tile's
    ring away from it; so it reads as that hour's, never as a neighbour's, and never
    stands against the next hour's badge (issue 54: hour 7's `×8` stood under hour 8's
    `✓`)."""
    x0, y0, x1, y1 = tile_box(hour, hours)
    tx, ty, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    left, top, right, bottom = badge_box((0.0, 0.0), text, BADGE_SIZE)
    bw, bh = (right - left) / 2, (bottom - top) / 2
    angle = hour_angle(hour, hours)
    ux, uy = -math.sin(angle), math.cos(angle)  # along the spoke, towards the centre
    # The badge moves in from the tile's middle until its box clears the tile by PAD on
    # one axis (the first one it clears: the other may still overlap the tile's span).
    reach = [(hw + PAD + bw) / abs(ux)] if abs(ux) > 1e-9 else []
    if abs(uy) > 1e-9:
        reach.append((hh + PAD + bh) / abs(uy))
    low, high = 0.0, min(reach)  # off a corner, nearer still: as near as PAD allows

    def gap(t: float) -> float:
        return box_gap(badge_box((tx + t * ux, ty + t * uy), text, BADGE_SIZE), (x0, y0, x1, y1))

    for _ in range(30):
        middle = (low + high) / 2
        low, high = (middle, high) if gap(middle) < PAD else (low, middle)
    return (tx + high * ux, ty + high * uy)


def box_gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
            ) -> float:
    """The distance between two boxes (x0, y0, x1, y1); 0 when they touch or overlap."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def pile_badges(view: ClockView) -> list[PileBadge]:
    """The badge of every pile that has one (layout only): a home pile's ✓, a pile of two
    or more tiles' height; a pile of one needs no count."""
    out = []
    for hour in range(1, view.hours + 1):
        if view.tops[hour - 1] is None:
            continue
        home = hour in view.home
        height = view.heights[hour - 1]
        if not home and height < 2:
            continue
        text = "✓" if home else f"×{height}"
        centre = badge_spot(hour, view.hours, text)
        out.append(PileBadge(hour, text, centre, badge_box(centre, text, BADGE_SIZE)))
    return out


def hour_angle(hour: int, hours: int) -> float:
    """The angle of `hour` in radians, clockwise from 12 o'clock.

    Every clock goes round the full face, its last hour at the top.
    """
    return 2 * math.pi * (hour % hours) / hours


def last_move_note(view: ClockView, labels: Labels) -> str | None:
    """The last move in words: the tile it laid and the hours it went from and to
    ("[6|3] to hour 6"), not bare arrows; a draw or a discard by its word."""
    if view.last_move is None:
        return None
    move = ClockMove.parse(view.last_move)
    hour = move.b if move.kind == "move" else move.a
    top = view.tops[hour - 1] if hour is not None and 1 <= hour <= view.hours else None
    if top is not None and move.kind == "place":
        return labels("clock_placed", tile=tile_text(top), hour=hour)
    if top is not None and move.kind == "move":
        return labels("clock_moved", tile=tile_text(top), source=move.a, hour=hour)
    return labels("clock_last_move", move=labels.move(view.last_move))


def banner(view: ClockView, labels: Labels) -> Banner | None:
    """Won, lost or given up, once the game is over; None before."""
    if view.outcome is None:
        return None
    reason = view.outcome.reason
    if reason in CLOCK_ENDS:
        return Banner(labels(f"clock_banner_{reason}"), good=reason == "won")
    return Banner(labels("game_over", reason=clock_end(reason, labels)), good=False)


def _notes(view: ClockView, labels: Labels) -> list[str]:
    notes = []
    last = last_move_note(view, labels)
    if last is not None:
        notes.append(last)
    if view.in_trouble:
        notes.append(labels("in_trouble", tiles=", ".join(
            labels("trouble_drawn", tile=tile_text(tile)) if at == DRAWN
            else labels("trouble_at", tile=tile_text(tile), hour=at)
            for tile, at in view.in_trouble)))
    return notes


def draw_clock(view: ClockView, theme: Theme, fit: Frame | None = None,
               labels: Labels = ENGLISH) -> Image.Image:
    """The clock face of `view` as an RGB image."""
    notes = _notes(view, labels)
    fit = fit or frame(view, theme, labels)
    size = 2 * (LABEL_RADIUS + 24)
    width = BOARD_WIDTH
    top = fit.top
    img = new_canvas(width, top + size + MARGIN, theme)
    title = f"{labels.game('clock')} · {view.player}"
    home_text = labels("home_of", home=len(view.home), hours=view.hours)
    draw_header(img, theme, title, home_text, chips=(), notes=notes,
                banner=banner(view, labels))
    draw = ImageDraw.Draw(img)
    cx, cy = width / 2, top + size / 2
    draw.ellipse((cx - LABEL_RADIUS - 24, cy - LABEL_RADIUS - 24, cx + LABEL_RADIUS + 24,
                  cy + LABEL_RADIUS + 24), fill=theme.panel)
    trouble = {at for _, at in view.in_trouble}
    for hour in range(1, view.hours + 1):
        angle = hour_angle(hour, view.hours)
        sx, sy = math.sin(angle), -math.cos(angle)
        x0, y0, _, _ = tile_box(hour, view.hours)
        x, y = round(cx + x0), round(cy + y0)
        home = hour in view.home
        lx, ly = cx + LABEL_RADIUS * sx, cy + LABEL_RADIUS * sy
        label_colour = theme.home if home else theme.text
        draw_text(img, (lx, ly), str(hour), HOUR_SIZE, label_colour, bold=True, anchor="mm")
        tile = view.tops[hour - 1]
        if tile is None:
            draw.rounded_rectangle((x, y, x + UNIT, y + 2 * UNIT), radius=6, outline=theme.muted,
                                   width=2)
            continue
        ring = theme.home if home else theme.trouble if hour in trouble else None
        paste_tile(img, tile.high, tile.low, x, y, vertical=True, unit=UNIT, theme=theme,
                   ring=ring)
    for pile in pile_badges(view):
        centre = (cx + pile.centre[0], cy + pile.centre[1])
        if pile.hour in view.home:
            badge(img, centre, pile.text, BADGE_SIZE, fill=theme.home, colour=theme.panel)
        else:
            fill = theme.trouble if pile.hour in trouble else theme.background
            badge(img, centre, pile.text, BADGE_SIZE, fill=fill, colour=theme.text)
    # The middle: the drawn tile (named only when there is one), the stock, the discards.
    if view.drawn is not None:
        draw_text(img, (cx, cy - 66), labels("drawn"), NOTE_SIZE, theme.text, anchor="mm")
        ring = theme.trouble if DRAWN in trouble else theme.accent
        paste_tile(img, view.drawn.high, view.drawn.low, round(cx - UNIT), round(cy - 40),
                   vertical=False, unit=UNIT, theme=theme, ring=ring)
    draw_text(img, (cx, cy + 34), labels("clock_stock", count=view.stock_size), NOTE_SIZE,
              theme.text, anchor="mm")
    draw_text(img, (cx, cy + 66), labels("discards", count=len(view.discards)), NOTE_SIZE,
              theme.text, anchor="mm")
    return img


def frame(view: ClockView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the face sits on its picture: it has one size; only the notes vary."""
    del theme
    half = LABEL_RADIUS + 24
    return Frame((-half, -half, half, half),
                 header_height((), _notes(view, labels), BOARD_WIDTH, banner(view, labels)))


def clock_board(view: ClockView, theme: Theme, fit: Frame | None = None,
                labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text, the face below a header as tall as `fit`'s."""
    return draw_clock(view, theme, fit, labels), clock_alt(view, labels)


def clock_end(reason: str, labels: Labels) -> str:
    """A Big Clock ending in words ("every hour is home"); an unknown code as it is."""
    return labels(f"clock_{reason}") if reason in CLOCK_ENDS else reason


def clock_alt(view: ClockView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Big Clock board: hours home, each hour's top, drawn tile, trouble, counts."""
    parts = [labels("alt_clock", player=view.player, home=len(view.home), hours=view.hours)]
    hours = []
    for hour in range(1, view.hours + 1):
        top = view.tops[hour - 1]
        if hour in view.home:
            hours.append(labels("alt_hour_home", hour=hour))
        elif top is None:
            hours.append(labels("alt_hour_empty", hour=hour))
        else:
            hours.append(labels("alt_hour_pile", hour=hour, tile=tile_text(top),
                                height=view.heights[hour - 1]))
    parts.append(labels("alt_hours", hours=", ".join(hours)))
    if view.drawn is not None:
        parts.append(labels("alt_drawn", tile=tile_text(view.drawn)))
    if view.in_trouble:
        parts.append(labels("alt_trouble", tiles=", ".join(
            labels("alt_trouble_drawn", tile=tile_text(tile)) if at == DRAWN
            else labels("alt_trouble_at", tile=tile_text(tile), hour=at)
            for tile, at in view.in_trouble)))
    parts.append(labels("alt_clock_counts", stock=view.stock_size, discards=len(view.discards)))
    if view.outcome is not None:
        parts.append(labels("alt_clock_over", reason=clock_end(view.outcome.reason, labels)))
    return " ".join(parts)


DRAWER = BoardDrawer(SPEC.name, ClockView, clock_board, frame, hand=False)


def _stages(game: str, record: dict[str, Any]) -> list[Sample]:
    return [(f"{game}-{stage}", played.view(None), DEFAULT_THEME)
            for stage, played in stages(record).items()]


# -- samples (the gallery, the help page's picture, the tests and benches) -----------------
@played_once
def clock_record(seed: int = 5, hours: int = 12) -> dict[str, Any]:
    """A whole Big Clock game on the double-`hours` set."""
    game = ClockGame(("Anfisa",), ClockOptions(set=hours), seed=seed)
    return autoplay(game, seed).record()


def samples() -> GameSamples:
    """A double-12 game's stages, and double-6 and double-9 ones in their middle."""
    middles = [(f"clock{hours}-middle",
                stages(clock_record(seed=2, hours=hours))["middle"].view(None), DEFAULT_THEME)
               for hours in (6, 9)]
    return GameSamples(boards=_stages("clock", clock_record(seed=1)), extras=middles)
