"""The Carousel board: the spinner in the middle, four arms that bend when they grow long."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.carousel.scoring import count_points
from engine.carousel.spinner import SIDES
from engine.carousel.view import CarouselView
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
from render.layout import Chain, Link, Placed, chain_length, lay_chain
from render.text import carousel_alt, move_tile
from render.theme import RGB, Theme
from render.tiles import paste_tile

UNIT = 36
GAP = 4
PITCH = 2 * UNIT + 14
LABEL = 20
MIN_WIDTH = 640
# Each arm runs out from the spinner and bends (pinwheel-wise, so arms never meet):
# side -> (direction, bend direction)
_AXES: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "L": ((-1, 0), (0, -1)),
    "R": ((1, 0), (0, 1)),
    "U": ((0, -1), (1, 0)),
    "D": ((0, 1), (-1, 0)),
}
_PAIR_MARKS: tuple[RGB, RGB] = ((67, 181, 129), (235, 69, 158))
# An arm bends after about four tiles across the picture, three up or down.
MAX_STRAIGHT = {"L": 4 * (2 * UNIT + GAP) + UNIT, "R": 4 * (2 * UNIT + GAP) + UNIT,
                "U": 3 * (2 * UNIT + GAP) + UNIT, "D": 3 * (2 * UNIT + GAP) + UNIT}


def lay_arms(view: CarouselView) -> dict[str, Chain]:
    """Each side's chain around a spinner whose body is centred on the origin."""
    links = {side: [Link(t.tile, t.inner, t.outer) for t in view.arms.get(side, ())]
             for side in SIDES}
    longest = max(chain_length(arm, UNIT, GAP) for arm in links.values())
    chains = {}
    for side in SIDES:
        d, n = _AXES[side]
        start = UNIT / 2 + GAP if side in ("L", "R") else UNIT + GAP
        near = UNIT + 2 * GAP + 2 * LABEL  # bent strips keep clear of the other arms
        far = start + max(min(longest, MAX_STRAIGHT[side]), near - start + 2 * UNIT + GAP)
        chains[side] = lay_chain(links[side], origin=(0, 0), d=d, n=n, start=start, near=near,
                                 far=far, unit=UNIT, gap=GAP, pitch=PITCH, label=LABEL)
    return chains


def _ringed(view: CarouselView) -> tuple[str, int] | None:
    """(side, index) of the tile the last move laid; ("S", 0) for the spinner."""
    if view.last_move is None:
        return None
    tile = move_tile(view.last_move[1])
    if tile is None:
        return None
    if tile == view.spinner:
        return ("S", 0)
    for side in SIDES:
        for index, placed in enumerate(view.arms.get(side, ())):
            if placed.tile == tile:
                return (side, index)
    return None


def _chips(view: CarouselView) -> list[Chip]:
    chips = []
    for seat, name in enumerate(view.players):
        facts = f"{plural(view.hand_sizes[seat], 'tile')} · {view.scores[seat]} pts"
        mark = _PAIR_MARKS[seat % 2] if view.pairs else None
        chips.append(Chip(name, facts, active=seat == view.to_move, mark=mark))
    return chips


def _notes(view: CarouselView) -> list[str]:
    notes = []
    if view.pairs and len(view.players) == 4:
        names = view.players
        notes.append("Pairs: " + " vs ".join(
            f"{names[a]} + {names[a + 2]} {view.scores[a]}" for a in (0, 1)))
    if view.spinner is not None:
        parts = " + ".join(map(str, view.count_parts)) or "0"
        scores = count_points(view.count) > 0
        notes.append(f"Open ends: {parts} = {view.count}" + (" (scores)" if scores else ""))
    else:
        notes.append("No spinner yet: the opener lays a double")
    if view.last_move is not None:
        seat, text = view.last_move
        notes.append(f"Last move: {view.players[seat]} {text}")
    if view.scoring:
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else "Nobody"
        late = "" if event.recorded else " (not recorded)"
        notes.append(f"Last score: {who} +{event.points}, {event.reason}{late}")
    if view.outcome is not None:
        won = " and ".join(view.players[s] for s in view.outcome.winners) or "nobody"
        notes.append(f"Match over: {won} won")
    return notes


def draw_carousel(view: CarouselView, theme: Theme, min_width: int = 0) -> Image.Image:
    """The board of `view` as an RGB image, at least `min_width` wide (up to MAX_WIDTH).

    Reads only public fields (never `hand` or `legal_moves`).
    """
    chains = lay_arms(view) if view.spinner is not None else {}
    spinner = (None if view.spinner is None else
               Placed(-UNIT // 2, -UNIT, view.spinner.high, view.spinner.low, True, view.spinner,
                      0))
    tiles: list[tuple[str, Placed]] = [(s, p) for s, c in chains.items() for p in c.tiles]
    boxes = [(p.x, p.y, p.x + p.size(UNIT)[0], p.y + p.size(UNIT)[1]) for _, p in tiles]
    boxes.append((-UNIT, -UNIT, UNIT, UNIT))
    for chain in chains.values():
        ex, ey = chain.end
        boxes.append((round(ex) - 14, round(ey) - 14, round(ex) + 14, round(ey) + 14))
    min_x, min_y = min(b[0] for b in boxes), min(b[1] for b in boxes)
    max_x, max_y = max(b[2] for b in boxes), max(b[3] for b in boxes)
    board_w = max_x - min_x
    chips, notes = _chips(view), _notes(view)
    width = min(MAX_WIDTH, max(MIN_WIDTH, min_width, board_w + 2 * MARGIN))
    top = header_height(chips, notes, width)
    img = new_canvas(width, top + (max_y - min_y) + 2 * MARGIN, theme)
    title = f"Carousel · hand {view.hand_number} · to {view.target}" + (
        " · pairs" if view.pairs else "")
    stock = f"Stock {view.stock_size}"
    if view.stock_drawable != view.stock_size:
        stock += f" ({view.stock_drawable} to draw)"
    draw_header(img, theme, title, stock, chips=chips, notes=notes)
    dx = (width - board_w) // 2 - min_x
    dy = top + MARGIN - min_y
    draw = ImageDraw.Draw(img)
    for chain in chains.values():
        for (x0, y0), (x1, y1) in chain.joints:
            draw.line((x0 + dx, y0 + dy, x1 + dx, y1 + dy), fill=theme.muted, width=UNIT // 3)
    ringed = _ringed(view)
    if spinner is not None:
        ring = theme.last_move if ringed == ("S", 0) else theme.accent
        paste_tile(img, spinner.a, spinner.b, spinner.x + dx, spinner.y + dy, vertical=True,
                   unit=UNIT, theme=theme, ring=ring)
    for side, p in tiles:
        tile_ring = theme.last_move if ringed == (side, p.index) else None
        paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                   theme=theme, ring=tile_ring)
    for side, chain in chains.items():
        open_now = side in view.playable_sides
        fill = theme.accent if open_now else theme.panel
        colour = (255, 255, 255) if open_now else theme.muted
        badge(img, (chain.end[0] + dx, chain.end[1] + dy), side, 15, fill=fill,
              colour=colour)
    return img


def carousel_board(view: CarouselView, theme: Theme,
                   min_width: int = 0) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_carousel(view, theme, min_width), carousel_alt(view)
