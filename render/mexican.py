"""The Mexican Train board: the hub with the round's engine, then one row per train.

Each row names its train (the owner, or the Mexican train marked as shared), shows a
marker badge when the train is open, and lays the train's last tiles from left to
right, the open end last; a long train is shortened to its last tiles with a count of
the hidden ones. A double waiting to be satisfied stands crosswise and ringed, its row
marked. The header gives the round, the stock, and each player's tiles and total.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.mexican.spec import SPEC
from engine.mexican.view import MexicanView
from engine.tiles import Tile
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    MARGIN,
    NAME_SIZE,
    Chip,
    badge,
    draw_header,
    draw_text,
    fit_text,
    header_height,
    new_canvas,
    result_banner,
    text_width,
)
from render.drawer import BoardDrawer
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.text import move_tile
from render.theme import Theme
from render.tiles import paste_tile

UNIT = 34  # the smallest tile whose pips and numerals read on a phone (as the Carousel)
GAP = 4
TILES_TOP = 40  # a train's tiles start this far below its row's top, under its name
ROW = TILES_TOP + 2 * UNIT + 8  # one train's row: its name, then room for a crosswise double
NAME_ROOM = 150  # the row's name, left of its tiles
HUB = 2 * UNIT + 34
SHOWN = (BOARD_WIDTH - 2 * MARGIN - 130) // (2 * UNIT + GAP)  # tiles a row shows


def laid(train: tuple[Tile, ...], engine: int) -> list[tuple[Tile, int, int]]:
    """Each tile of a train with its halves in the order laid (the half against the
    tile before it first), from the hub."""
    out = []
    number = engine
    for tile in train:
        outer = tile.other(number)
        out.append((tile, number, outer))
        number = outer
    return out


def _chips(view: MexicanView, theme: Theme, labels: Labels) -> list[Chip]:
    winners = view.outcome.winners if view.outcome is not None else ()
    return [Chip(name, f"{labels('tiles', count=view.hand_sizes[seat])} · "
                       f"{labels('mexican_total', count=view.totals[seat])}"
                       + (f" · {labels('won')}" if seat in winners else ""),
                 active=seat == view.to_move,
                 mark=theme.home if seat in winners else None,
                 tag=labels("turn") if seat == view.to_move else "")
            for seat, name in enumerate(view.players)]



def _notes(view: MexicanView, labels: Labels) -> list[str]:
    notes = []
    if view.history:
        seat, text = view.history[-1]
        notes.append(labels("last_move", name=view.players[seat], move=labels.move(text)))
    if view.results and (view.outcome is not None or not view.history):
        result = view.results[-1]
        how = (labels("mexican_out", name=view.players[result.out]) if result.out is not None
               else labels("mexican_blocked"))
        notes.append(labels("mexican_round_end", round=result.number, how=how, points=", ".join(
            f"{p} {c}" for p, c in zip(view.players, result.points, strict=True))))
    return notes


def frame(view: MexicanView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    header = header_height(_chips(view, theme, labels), _notes(view, labels), BOARD_WIDTH,
                           result_banner(view, labels))
    height = HUB + ROW * len(view.trains)
    return Frame((0, 0, BOARD_WIDTH, height), header)


def train_title(view: MexicanView, index: int, labels: Labels) -> str:
    """A row's name: the owner's, or the shared Mexican train's."""
    if index == len(view.players):
        return labels("mexican_shared")
    return view.players[index]


def draw_mexican(view: MexicanView, theme: Theme, fit: Frame | None = None,
                 labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` or its own frame.

    Reads only public fields (never `hand` or `legal_moves`)."""
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    title = " · ".join([labels.game("mexican"),
                        labels("mexican_round", round=view.round, rounds=view.rounds)])
    draw_header(img, theme, title, labels("stock", count=view.stock_size),
                chips=_chips(view, theme, labels), notes=_notes(view, labels),
                banner=result_banner(view, labels))
    draw = ImageDraw.Draw(img)
    top = fit.top + MARGIN
    engine = view.engine.high
    # The hub: the engine, crosswise, with its word.
    draw.rounded_rectangle((MARGIN, top, BOARD_WIDTH - MARGIN, top + HUB - 10), radius=12,
                           fill=theme.panel)
    paste_tile(img, engine, engine, MARGIN + NAME_ROOM, top + 2, vertical=True, unit=UNIT,
               theme=theme)
    draw_text(img, (MARGIN + 14, top + HUB / 2 - 5), labels("mexican_engine"), NAME_SIZE,
              theme.text, bold=True, anchor="lm")
    last = move_tile(view.history[-1][1]) if view.history else None
    for index, train in enumerate(view.trains):
        y = top + HUB + index * ROW
        shared = index == len(view.players)
        waiting = view.waiting == index
        if waiting or shared:
            draw.rounded_rectangle((MARGIN, y, BOARD_WIDTH - MARGIN, y + ROW - 6), radius=10,
                                   outline=theme.last_move if waiting else theme.muted,
                                   width=3 if waiting else 1)
        # The row's name (owner or the shared train) over its tiles, its badges beside it.
        name = fit_text(train_title(view, index, labels), NAME_SIZE, BOARD_WIDTH // 2, True)
        draw_text(img, (MARGIN + 10, y + 4), name, NAME_SIZE, theme.text, bold=True)
        marks = []
        if not shared and view.markers[index]:
            marks.append(labels("mexican_marker"))
        if waiting:
            marks.append(labels("mexican_waits"))
        if marks:  # a badge that reads at phone size: the marker, the waiting double
            text = " · ".join(marks)
            half = text_width(text, BADGE_SIZE, True) / 2
            left = MARGIN + 10 + text_width(name, NAME_SIZE, True) + 28
            badge(img, (left + half, y + 4 + NAME_SIZE * 0.6), text, BADGE_SIZE,
                  fill=theme.last_move if waiting else theme.accent, colour=(255, 255, 255))
        tiles = laid(train, engine)
        x = MARGIN + 10
        middle = y + TILES_TOP + UNIT  # the tiles' centre line
        hidden = max(0, len(tiles) - SHOWN)
        if hidden:
            badge(img, (x + 18, middle), f"+{hidden}", BADGE_SIZE, fill=theme.muted,
                  colour=(255, 255, 255))
            x += 48
        for k, (tile, inner, outer) in enumerate(tiles[hidden:]):
            double = tile.is_double
            end_double = waiting and k == len(tiles) - hidden - 1
            ring = theme.last_move if tile == last or end_double else None
            ty = middle - UNIT if double else middle - UNIT // 2
            paste_tile(img, inner, outer, x, ty, vertical=double, unit=UNIT, theme=theme,
                       ring=ring)
            x += (UNIT if double else 2 * UNIT) + GAP
        if not tiles:
            draw_text(img, (x, middle), f"→ {engine}", NAME_SIZE, theme.muted,
                      anchor="lm")
        else:
            draw_text(img, (x + 6, middle), f"{view.ends[index]}", NAME_SIZE,
                      theme.text, bold=True, anchor="lm")
    return img


def mexican_alt(view: MexicanView, labels: Labels = ENGLISH) -> str:
    """The board in words, for the alt text."""
    trains = "; ".join(
        f"{train_title(view, i, labels)}: {len(train)} → {view.ends[i]}"
        + (f" ({labels('mexican_marker')})" if i < len(view.players) and view.markers[i]
           else "")
        for i, train in enumerate(view.trains))
    players = ", ".join(f"{p} {labels('tiles', count=view.hand_sizes[s])}, "
                        f"{labels('mexican_total', count=view.totals[s])}"
                        for s, p in enumerate(view.players))
    return labels("alt_mexican", round=view.round, rounds=view.rounds,
                  engine=f"[{view.engine.high}|{view.engine.low}]", trains=trains,
                  players=players)


def mexican_board(view: MexicanView, theme: Theme, fit: Frame | None = None,
                  labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_mexican(view, theme, fit, labels), mexican_alt(view, labels)


DRAWER = BoardDrawer(SPEC.name, MexicanView, mexican_board, frame)
