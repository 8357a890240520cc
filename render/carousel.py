"""The Carousel board: the spinner in the middle, four arms straight out from it, each end
marked with its side and open number, and the open-end count at the top."""

from __future__ import annotations

import math

from PIL import Image

from engine.carousel.spec import SPEC
from engine.carousel.view import CarouselView
from engine.fives import SIDES, count_points
from engine.notation import tile_text
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    MARGIN,
    Chip,
    badge,
    draw_header,
    header_height,
    new_canvas,
)
from render.drawer import BoardDrawer
from render.labels import ENGLISH, Labels
from render.layout import Chain, Frame, Link, bounds, lay_bent
from render.text import counts_text, move_tile, winners_text
from render.theme import RGB, Theme
from render.tiles import paste_tile

UNIT = 40
GAP = 4
LABEL = 30  # from an arm's open end to the centre of its end label
LABEL_ROOM = 26  # half the widest end label ("L 12")
# Left and right, an arm runs straight until the picture's edge, then turns once.
REACH = BOARD_WIDTH // 2 - MARGIN - LABEL - LABEL_ROOM
# Each arm runs out from the spinner and, if it must, turns (pinwheel-wise: left arm up,
# right arm down, each along the picture's edge, so arms never meet). Up and down arms
# never need to turn: a picture may grow as tall as it needs.
# side -> (direction, turn direction, turns at)
_AXES: dict[str, tuple[tuple[int, int], tuple[int, int], float]] = {
    "L": ((-1, 0), (0, -1), REACH),
    "R": ((1, 0), (0, 1), REACH),
    "U": ((0, -1), (1, 0), math.inf),
    "D": ((0, 1), (-1, 0), math.inf),
}
_PAIR_MARKS: tuple[RGB, RGB] = ((67, 181, 129), (235, 69, 158))
SPINNER = (-UNIT // 2, -UNIT, UNIT // 2, UNIT)  # the spinner's body, upright at the origin


def lay_arms(view: CarouselView) -> dict[str, Chain]:
    """Each side's chain around a spinner whose body is centred on the origin (layout
    only). An arm depends only on its own tiles, so a tile keeps its place all hand."""
    chains = {}
    for side in SIDES:
        d, turn, limit = _AXES[side]
        links = [Link(t.tile, t.inner, t.outer) for t in view.arms.get(side, ())]
        start = UNIT / 2 + GAP if side in ("L", "R") else UNIT + GAP
        chains[side] = lay_bent(links, d=d, turn=turn, start=start, limit=limit, unit=UNIT,
                                gap=GAP, label=LABEL)
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


def _chips(view: CarouselView, labels: Labels) -> list[Chip]:
    chips = []
    for seat, name in enumerate(view.players):
        facts = (f"{labels('tiles', count=view.hand_sizes[seat])} · "
                 f"{labels('points', count=view.scores[seat])}")
        mark = _PAIR_MARKS[seat % 2] if view.pairs else None
        chips.append(Chip(name, facts, active=seat == view.to_move, mark=mark))
    return chips


def _notes(view: CarouselView, labels: Labels) -> list[str]:
    notes = []
    if view.pairs and len(view.players) == 4:
        names = view.players
        first, second = (f"{names[a]} + {names[a + 2]} {view.scores[a]}" for a in (0, 1))
        notes.append(labels("pairs", first=first, second=second))
    if view.spinner is not None:
        parts = " + ".join(map(str, view.count_parts)) or "0"
        scores = count_points(view.count) > 0
        notes.append(labels("open_ends_scores" if scores else "open_ends", parts=parts,
                            count=view.count))
    else:
        notes.append(labels("no_spinner"))
    if view.stock_drawable != view.stock_size:
        notes.append(labels("stock_drawable", count=view.stock_size,
                            drawable=view.stock_drawable))
    else:
        notes.append(labels("stock", count=view.stock_size))
    if view.last_move is not None:
        seat, text = view.last_move
        notes.append(labels("last_move", name=view.players[seat], move=labels.move(text)))
    if view.scoring:
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else labels("nobody")
        notes.append(labels("last_score" if event.recorded else "last_score_late", name=who,
                            points=event.points, reason=labels.reason(event.reason)))
    if view.outcome is not None:
        won = labels.names(view.players[s] for s in view.outcome.winners)
        notes.append(labels("match_over", names=won))
    return notes


def frame(view: CarouselView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    del theme
    header = header_height(_chips(view, labels), _notes(view, labels), BOARD_WIDTH)
    if view.spinner is None:
        return Frame(SPINNER, header)
    chains = lay_arms(view)
    tiles = [p for c in chains.values() for p in c.tiles]
    ends = tuple(c.end for c in chains.values())
    box = bounds(tiles, UNIT, ends, LABEL_ROOM)
    return Frame((min(box[0], SPINNER[0]), min(box[1], SPINNER[1]), max(box[2], SPINNER[2]),
                  max(box[3], SPINNER[3])), header)


def draw_carousel(view: CarouselView, theme: Theme, fit: Frame | None = None,
                  labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` (a replay's shared
    frame) or its own frame.

    Reads only public fields (never `hand` or `legal_moves`).
    """
    chains = lay_arms(view) if view.spinner is not None else {}
    chips, notes = _chips(view, labels), _notes(view, labels)
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    title = " · ".join([labels.game("carousel"), labels("hand", hand=view.hand_number),
                        labels("to", target=view.target)]
                       + ([labels("pairs_mode")] if view.pairs else []))
    count = labels("count", count=view.count) if view.spinner is not None else ""
    draw_header(img, theme, title, count, chips=chips, notes=notes)
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - min_y
    ringed = _ringed(view)
    if view.spinner is not None:
        ring = theme.last_move if ringed == ("S", 0) else theme.accent
        paste_tile(img, view.spinner.high, view.spinner.low, SPINNER[0] + dx, SPINNER[1] + dy,
                   vertical=True, unit=UNIT, theme=theme, ring=ring)
    for side, chain in chains.items():
        for p in chain.tiles:
            tile_ring = theme.last_move if ringed == (side, p.index) else None
            paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                       theme=theme, ring=tile_ring)
    for side, chain in chains.items():
        open_now = side in view.playable_sides
        fill = theme.accent if open_now else theme.panel
        colour = (255, 255, 255) if open_now else theme.muted
        badge(img, (chain.end[0] + dx, chain.end[1] + dy), f"{labels.end(side)} {view.ends[side]}",
              BADGE_SIZE, fill=fill, colour=colour)
    return img


def carousel_board(view: CarouselView, theme: Theme, fit: Frame | None = None,
                   labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_carousel(view, theme, fit, labels), carousel_alt(view, labels)


def carousel_alt(view: CarouselView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Carousel board: spinner, arm ends, count, last score, turn, scores."""
    parts = [labels("alt_carousel_pairs" if view.pairs else "alt_carousel",
                    hand=view.hand_number, target=view.target)]
    if view.pairs and len(view.players) == 4:
        p = view.players
        parts.append(labels("alt_pairs", first=f"{p[0]} + {p[2]} {view.scores[0]}",
                            second=f"{p[1]} + {p[3]} {view.scores[1]}"))
    if view.spinner is None:
        parts.append(labels("alt_no_spinner"))
    else:
        arms = ", ".join(labels("alt_arm", side=labels.end(side), end=view.ends[side],
                                count=len(view.arms[side])) for side in ("L", "R", "U", "D"))
        parts.append(labels("alt_spinner", tile=tile_text(view.spinner), arms=arms,
                            count=view.count))
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(labels("alt_last_move", name=view.players[seat], move=labels.move(text)))
    if view.scoring:
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else labels("alt_nobody")
        parts.append(labels("alt_last_score", name=who, points=event.points,
                            reason=labels.reason(event.reason)))
    if view.outcome is not None:
        parts.append(labels("alt_match_over",
                            names=winners_text(view.players, view.outcome.winners, labels)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    return " ".join(parts + counts_text(view, labels))


DRAWER = BoardDrawer(SPEC.name, CarouselView, carousel_board, frame)
