"""The Traditional board: the line as a snake, L and R marked, the last move ringed."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.traditional.view import TraditionalView
from render.canvas import (
    MARGIN,
    MAX_WIDTH,
    Chip,
    badge,
    draw_header,
    header_height,
    new_canvas,
    plural,
)
from render.layout import Chain, Link, chain_length, lay_chain
from render.text import move_tile, traditional_alt
from render.theme import Theme
from render.tiles import paste_tile

UNIT = 40
GAP = 4
PITCH = 2 * UNIT + 18
LABEL = 20  # from a chain's open end to the centre of its end label
MIN_WIDTH = 640


def row_width(length: int) -> int:
    """How long a row of the snake may be for a line `length` px long: short lines stay on one
    row; long ones wrap into rows so the picture is about twice as wide as high."""
    target = int(math.sqrt(length * PITCH * 2.4))
    target = max(560, min(target, MAX_WIDTH - 2 * MARGIN - 2 * LABEL - 40))
    if length <= target:
        return length
    rows = math.ceil(length / target)
    # Even rows: each may hold one tile more than its share, so `rows` rows always suffice.
    return math.ceil(length / rows) + 2 * UNIT + GAP


def lay_line(view: TraditionalView) -> Chain:
    """The line's snake, from the L end (top left) onward, at the origin."""
    links = [Link(p.tile, p.left, p.right) for p in view.line]
    width = row_width(chain_length(links, UNIT, GAP))
    return lay_chain(links, origin=(0, 0), d=(1, 0), n=(0, 1), start=0, near=0, far=width,
                     unit=UNIT, gap=GAP, pitch=PITCH, label=LABEL)


def last_placed_index(view: TraditionalView) -> int | None:
    """The index in `view.line` of the tile laid by the last move, if it laid one."""
    if view.last_move is None:
        return None
    tile = move_tile(view.last_move[1])
    if tile is None:
        return None
    for index, placed in enumerate(view.line):
        if placed.tile == tile:
            return index
    return None


def _chips(view: TraditionalView, theme: Theme) -> list[Chip]:
    over = view.outcome is not None
    goats = view.results[-1].goats if over and view.results else ()
    winners = view.outcome.winners if view.outcome is not None else ()
    chips = []
    for seat, name in enumerate(view.players):
        facts = f"{plural(view.hand_sizes[seat], 'tile')} · {view.scores[seat]} pts"
        if seat in goats:
            facts += " · goat"
        if seat in winners:
            facts += " · won"
        mark = theme.last_move if seat in winners else None
        chips.append(Chip(name, facts, active=seat == view.to_move, mark=mark))
    return chips


def _notes(view: TraditionalView) -> list[str]:
    notes = []
    if view.last_move is not None:
        seat, text = view.last_move
        notes.append(f"Last move: {view.players[seat]} {text}")
    if view.results and (view.outcome is not None or not view.history):
        result = view.results[-1]
        how = "Domino" if result.reason == "domino" else "Fish"
        if result.winner < 0:
            notes.append(f"{how}: no winner")
        else:
            notes.append(f"{how}: {view.players[result.winner]} wins {result.points} points")
        notes.append("Counts: " + ", ".join(
            f"{p} {c}" for p, c in zip(view.players, result.counts, strict=True)))
    if not view.line and view.to_move is not None:
        notes.append(f"{view.players[view.to_move]} leads")
    return notes


def draw_traditional(view: TraditionalView, theme: Theme, min_width: int = 0) -> Image.Image:
    """The board of `view` as an RGB image, at least `min_width` wide (up to MAX_WIDTH).

    Reads only public fields (never `hand` or `legal_moves`).
    """
    chain = lay_line(view)
    chips, notes = _chips(view, theme), _notes(view)
    if chain.tiles:
        xs = [p.x for p in chain.tiles] + [round(chain.end[0])]
        ys = [p.y for p in chain.tiles]
        min_x, max_x = min(xs) - LABEL - 14, max(p.x + p.size(UNIT)[0] for p in chain.tiles)
        max_x = max(max_x, round(chain.end[0]) + 14)
        min_y = min(ys)
        max_y = max(p.y + p.size(UNIT)[1] for p in chain.tiles)
    else:
        min_x, max_x, min_y, max_y = 0, 2 * UNIT, 0, 2 * UNIT
    board_w = max_x - min_x
    width = min(MAX_WIDTH, max(MIN_WIDTH, min_width, board_w + 2 * MARGIN))
    top = header_height(chips, notes, width)
    height = top + (max_y - min_y) + 2 * MARGIN
    img = new_canvas(width, height, theme)
    stock = f"Stock {view.stock_size}"
    title = f"Traditional · hand {view.hand_number}" + (f" · to {view.target}"
                                                         if view.target else "")
    draw_header(img, theme, title, stock, chips=chips, notes=notes)
    dx = (width - board_w) // 2 - min_x
    dy = top + MARGIN - min_y
    draw = ImageDraw.Draw(img)
    for (x0, y0), (x1, y1) in chain.joints:
        draw.line((x0 + dx, y0 + dy, x1 + dx, y1 + dy), fill=theme.muted, width=UNIT // 3)
    ringed = last_placed_index(view)
    for p in chain.tiles:
        ring = theme.last_move if p.index == ringed else None
        paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                   theme=theme, ring=ring)
    if chain.tiles:
        first = chain.tiles[0]
        cy = first.centre(UNIT)[1] + dy
        white = (255, 255, 255)
        badge(img, (first.x + dx - LABEL + 2, cy), "L", 15, fill=theme.accent, colour=white)
        badge(img, (chain.end[0] + dx, chain.end[1] + dy), "R", 15, fill=theme.accent,
              colour=white)
    return img


def traditional_board(view: TraditionalView, theme: Theme,
                      min_width: int = 0) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_traditional(view, theme, min_width), traditional_alt(view)
