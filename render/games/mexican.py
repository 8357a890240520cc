"""The Mexican Train board: the hub with the round's engine, then one row per train.

Each row is one player's: a line that names the owner (the player to move in a filled
bar with an arrow and the words "to move") with their tiles in hand and total, and under
it the train's last tiles from left to right, the open end last, its number after it and
the marker's badge when the train is open. A long train is shortened to the tiles that
fit, the count of the hidden ones in a badge at the row's start. Doubles lie in line,
like any tile, so that rows lie close (as in the Carousel); a double waiting to be
satisfied is ringed, its row framed and badged. Every half but the blank shows its
numeral (`tile_look`), on the board as in the hand. The last row is the shared Mexican
train. The header gives the round, the last move and the result; the hub the engine and
the stock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

from engine.mexican.game import MexicanGame
from engine.mexican.options import MexicanOptions
from engine.mexican.spec import SPEC
from engine.mexican.view import MexicanView
from engine.tiles import Tile
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    FACTS_SIZE,
    MARGIN,
    NAME_SIZE,
    badge,
    badge_box,
    draw_header,
    draw_text,
    fit_text,
    header_height,
    new_canvas,
    result_banner,
    text_width,
)
from render.drawer import BoardDrawer
from render.games import GameSamples, Sample
from render.labels import ENGLISH, Labels
from render.layout import Frame
from render.samples import (
    PLAYERS,
    autoplay,
    hand_record,
    hand_view,
    played_once,
    replayed,
    stages,
)
from render.text import move_tile, winners_text
from render.theme import DEFAULT_THEME, RGB, Theme
from render.tiles import paste_tile

UNIT = 34  # the smallest tile whose numerals read on a phone (as the Carousel)
GAP = 4
NAME_H = 36  # a row's name line
TILES_TOP = NAME_H + 4  # a train's tiles start this far below its row's top, under its name
ROW = TILES_TOP + UNIT + 9  # one row: name line, tiles (8 players: 1.34 × as tall as wide)
HUB = 2 * UNIT + 16  # the hub: the engine, crosswise
NAME_ROOM = 150  # the hub's word, left of the engine (a longer word pushes it right)
LEFT, RIGHT = MARGIN + 10, BOARD_WIDTH - MARGIN - 10  # a row's contents, inside its frame
END_ROOM = 44  # the open end's number after the last tile
_TURN_W = 20  # the arrow before the name of the player to move
_DARK: RGB = (24, 24, 24)  # words on a yellow badge


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


@dataclass(frozen=True, slots=True)
class RowLayout:
    """What a train's row shows (layout only): the tiles from index `hidden` on (the
    hidden ones counted in a badge at `count_box`, None when all show), the marker and
    waiting words of `marks` in a badge at `marks_box`. Boxes are x0, y0, x1, y1 from
    the row's top-left corner on the picture's x."""

    hidden: int
    count_box: tuple[float, float, float, float] | None
    tile_xs: tuple[int, ...]
    end_x: int
    marks: str
    marks_box: tuple[float, float, float, float] | None


def row_marks(view: MexicanView, index: int, labels: Labels) -> str:
    """The words of a row's badge: its marker (open to everyone), a double waiting."""
    marks = []
    if index < len(view.players) and view.markers[index]:
        marks.append(labels("mexican_marker"))
    if view.waiting == index:
        marks.append(labels("mexican_waits"))
    return " · ".join(marks)


def _badge_width(text: str) -> float:
    x0, _, x1, _ = badge_box((0.0, 0.0), text, BADGE_SIZE)
    return x1 - x0


def lay_row(view: MexicanView, index: int, labels: Labels = ENGLISH) -> RowLayout:
    """Where a train's row puts its hidden count, tiles, open end and badge: as many of
    the last tiles as fit between the row's start and its end's number and badge."""
    count = len(view.trains[index])
    marks = row_marks(view, index, labels)
    marks_w = _badge_width(marks) + 8 if marks else 0.0
    room = RIGHT - LEFT - END_ROOM - marks_w
    step = 2 * UNIT + GAP
    fits = int((room + GAP) // step)
    hidden, count_box = 0, None
    middle = TILES_TOP + UNIT / 2
    if count > fits:  # room for the count's badge first (as wide as the widest count)
        count_w = _badge_width(f"+{count}") + 8
        fits = max(0, int((room - count_w + GAP) // step))
        hidden = count - fits
        count_box = badge_box((LEFT + _badge_width(f"+{hidden}") / 2, middle), f"+{hidden}",
                              BADGE_SIZE)
        start = LEFT + _badge_width(f"+{hidden}") + 8
    else:
        start = LEFT
    xs = tuple(round(start + k * step) for k in range(count - hidden))
    end_x = round(start + (count - hidden) * step - GAP + 8) if count else LEFT
    marks_box = None
    if marks:
        number_w = END_ROOM if count else text_width("→ 00", NAME_SIZE)
        x0 = end_x + number_w
        marks_box = badge_box((x0 + _badge_width(marks) / 2, middle), marks, BADGE_SIZE)
    return RowLayout(hidden, count_box, xs, end_x, marks, marks_box)


def frame(view: MexicanView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    del theme
    header = header_height((), _notes(view, labels), BOARD_WIDTH, result_banner(view, labels))
    height = HUB + ROW * len(view.trains)
    return Frame((0, 0, BOARD_WIDTH, height), header)


def train_title(view: MexicanView, index: int, labels: Labels) -> str:
    """A row's name: the owner's, or the shared Mexican train's."""
    if index == len(view.players):
        return labels("mexican_shared")
    return view.players[index]


def round_points(view: MexicanView) -> tuple[int, ...] | None:
    """Each player's points of the round just over, while the board shows its end (at
    the game's end, or before the next round's first move); None otherwise."""
    if view.results and (view.outcome is not None or not view.history):
        return view.results[-1].points
    return None


def round_end(view: MexicanView, labels: Labels) -> str:
    """How the last round finished ended: "Ann went out", "blocked"."""
    result = view.results[-1]
    return (labels("mexican_out", name=view.players[result.out]) if result.out is not None
            else labels("mexican_blocked"))


def _notes(view: MexicanView, labels: Labels) -> list[str]:
    notes = []
    if view.history:
        seat, text = view.history[-1]
        notes.append(labels("last_move", name=view.players[seat], move=labels.move(text)))
    if round_points(view) is not None:  # each row says its points: one short line here
        notes.append(labels("mexican_round_over", round=view.results[-1].number,
                            how=round_end(view, labels)))
    return notes


def row_facts(view: MexicanView, index: int, labels: Labels) -> str:
    """A player's row's facts: tiles in hand, total, and the last round's points while
    the board shows its end (unless `points_beside_end` puts them on the tiles' line);
    nothing for the shared train."""
    if index == len(view.players):
        return ""
    facts = [labels("tiles", count=view.hand_sizes[index]),
             labels("mexican_total", count=view.totals[index])]
    points = round_points(view)
    if points is not None and not points_beside_end(view, index):
        facts.append(labels("mexican_round_points", count=points[index]))
    return " · ".join(facts)


def points_beside_end(view: MexicanView, index: int) -> bool:
    """Whether a player's row says the last round's points after its empty train's "→ 12"
    (the next round's board, before its first move: its name line then keeps room for the
    name and the words "to move")."""
    return (index < len(view.players) and not view.trains[index]
            and round_points(view) is not None)


def _draw_name(img: Image.Image, view: MexicanView, index: int, y: int, *, theme: Theme,
               labels: Labels) -> None:
    """A row's name line: the owner (in a filled bar with an arrow and "to move" when it
    is their turn, outlined when they won), their tiles in hand and total."""
    draw = ImageDraw.Draw(img)
    shared = index == len(view.players)
    active = not shared and view.to_move == index
    won = not shared and view.outcome is not None and index in view.outcome.winners
    title = train_title(view, index, labels)
    facts = row_facts(view, index, labels)
    tag = labels("turn") if active else ""
    tag_w = text_width(tag, NAME_SIZE, True) + 10 if tag else 0
    facts_w = text_width(f"· {facts}", FACTS_SIZE) + 10 if facts else 0
    arrow = _TURN_W + 8 if active else 0
    name = fit_text(title, NAME_SIZE, max(60, RIGHT - LEFT - 16 - arrow - tag_w - facts_w),
                    True)
    ink = (255, 255, 255) if active else theme.text
    left = LEFT
    if active or won:
        bar_w = 16 + arrow + text_width(name, NAME_SIZE, True) + tag_w
        draw.rounded_rectangle((left - 6, y + 2, left - 6 + bar_w, y + NAME_H - 2), radius=9,
                               fill=theme.accent if active else None,
                               outline=theme.home if won else None, width=3)
        left += 2
    if active:  # an arrow: the turn reads without telling colours apart
        top = y + 8
        draw.polygon(((left, top), (left + _TURN_W, top + 10), (left, top + 20)), fill=ink)
        left += arrow
    draw_text(img, (left, y + 4), name, NAME_SIZE, ink, bold=True)
    left += text_width(name, NAME_SIZE, True)
    if tag:
        draw_text(img, (left + 10, y + 4), tag, NAME_SIZE, ink, bold=True)
        left += tag_w
    if facts:
        draw_text(img, (left + 16, y + 4), fit_text(f"· {facts}", FACTS_SIZE, RIGHT - left - 16),
                  FACTS_SIZE, theme.text)


def tile_look(theme: Theme) -> Theme:
    """The look of the board's tiles: `theme` with a numeral on every half but the blank
    (issue 54: at a phone's width the pips of 1 to 6 on tiles this small were 3 px dots,
    5 and 6 hard to tell apart, beside the numerals of 7 to 12)."""
    return replace(theme, numerals_above=min(theme.numerals_above, 0))


def draw_mexican(view: MexicanView, theme: Theme, fit: Frame | None = None,
                 labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` or its own frame.

    Reads only public fields (never `hand` or `legal_moves`)."""
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    title = " · ".join([labels.game("mexican"),
                        labels("mexican_round", round=view.round, rounds=view.rounds)])
    # The stock stands in the hub, leaving the title its whole line (Russian's is long).
    draw_header(img, theme, title, "", chips=(), notes=_notes(view, labels),
                banner=result_banner(view, labels))
    draw = ImageDraw.Draw(img)
    top = fit.top + MARGIN
    engine = view.engine.high
    # The hub: the engine, crosswise, with its word.
    draw.rounded_rectangle((MARGIN, top, BOARD_WIDTH - MARGIN, top + HUB - 8), radius=12,
                           fill=theme.panel)
    word = labels("mexican_engine")
    # The engine stands past its word, however long the language's is (pt «Locomotiva»).
    engine_x = MARGIN + max(NAME_ROOM, 14 + text_width(word, NAME_SIZE, True) + 12)
    faces = tile_look(theme)
    paste_tile(img, engine, engine, engine_x, top + 4, vertical=True, unit=UNIT, theme=faces)
    draw_text(img, (MARGIN + 14, top + (HUB - 8) / 2), word, NAME_SIZE, theme.text, bold=True,
              anchor="lm")
    draw_text(img, (BOARD_WIDTH - MARGIN - 14, top + (HUB - 8) / 2),
              labels("stock", count=view.stock_size), NAME_SIZE, theme.text, bold=True,
              anchor="rm")
    last = move_tile(view.history[-1][1]) if view.history else None
    for index, train in enumerate(view.trains):
        y = top + HUB + index * ROW
        shared = index == len(view.players)
        waiting = view.waiting == index
        if waiting or shared:
            draw.rounded_rectangle((MARGIN, y, BOARD_WIDTH - MARGIN, y + ROW - 4), radius=10,
                                   outline=theme.last_move if waiting else theme.muted,
                                   width=3 if waiting else 1)
        _draw_name(img, view, index, y, theme=theme, labels=labels)
        row = lay_row(view, index, labels)
        tiles = laid(train, engine)
        if row.count_box is not None:
            x0, y0, x1, y1 = row.count_box
            badge(img, ((x0 + x1) / 2, y + (y0 + y1) / 2), f"+{row.hidden}", BADGE_SIZE,
                  fill=theme.panel, colour=theme.text)
        ty = y + TILES_TOP
        for k, (tile, inner, outer) in enumerate(tiles[row.hidden:]):
            end_double = waiting and row.hidden + k == len(tiles) - 1
            ring = theme.last_move if tile == last or end_double else None
            paste_tile(img, inner, outer, row.tile_xs[k], ty, vertical=False, unit=UNIT,
                       theme=faces, ring=ring)
        middle = ty + UNIT / 2
        if not tiles:
            draw_text(img, (row.end_x, middle), f"→ {engine}", NAME_SIZE, theme.muted,
                      anchor="lm")
            points = round_points(view)
            if points is not None and points_beside_end(view, index):
                draw_text(img, (row.end_x + text_width(f"→ {engine}", NAME_SIZE) + 16, middle),
                          labels("mexican_round_points", count=points[index]), FACTS_SIZE,
                          theme.text, anchor="lm")
        else:
            draw_text(img, (row.end_x, middle), f"{view.ends[index]}", NAME_SIZE,
                      theme.text, bold=True, anchor="lm")
        if row.marks_box is not None:
            x0, y0, x1, y1 = row.marks_box
            fill, ink = (theme.last_move, _DARK) if waiting else (theme.accent, (255, 255, 255))
            badge(img, ((x0 + x1) / 2, y + (y0 + y1) / 2), row.marks, BADGE_SIZE, fill=fill,
                  colour=ink)
    return img


def mexican_alt(view: MexicanView, labels: Labels = ENGLISH) -> str:
    """The board in words, for the alt text: the round, the trains and the players, then
    the last move, the double waiting to be satisfied, and whose turn it is (or the
    game's end)."""
    trains = "; ".join(
        f"{train_title(view, i, labels)}: {len(train)} → {view.ends[i]}"
        + (f" ({labels('mexican_marker')})" if i < len(view.players) and view.markers[i]
           else "")
        for i, train in enumerate(view.trains))
    players = ", ".join(f"{p} {labels('tiles', count=view.hand_sizes[s])}, "
                        f"{labels('mexican_total', count=view.totals[s])}"
                        for s, p in enumerate(view.players))
    parts = [labels("alt_mexican", round=view.round, rounds=view.rounds,
                    engine=f"[{view.engine.high}|{view.engine.low}]", trains=trains,
                    players=players)]
    if view.history:
        seat, text = view.history[-1]
        parts.append(labels("alt_last_move", name=view.players[seat], move=labels.move(text)))
    if view.waiting is not None and view.trains[view.waiting]:
        double = view.trains[view.waiting][-1]
        parts.append(labels("alt_mexican_waiting", train=train_title(view, view.waiting, labels),
                            tile=f"[{double.high}|{double.low}]"))
    if view.outcome is not None:
        parts.append(labels("alt_game_over", end=round_end(view, labels),
                            names=winners_text(view.players, view.outcome.winners, labels)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    return " ".join(parts)


def mexican_board(view: MexicanView, theme: Theme, fit: Frame | None = None,
                  labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_mexican(view, theme, fit, labels), mexican_alt(view, labels)


DRAWER = BoardDrawer(SPEC.name, MexicanView, mexican_board, frame, tile_look=tile_look)


def _stages(game: str, record: dict[str, Any]) -> list[Sample]:
    return [(f"{game}-{stage}", played.view(None), DEFAULT_THEME)
            for stage, played in stages(record).items()]


# -- samples (the gallery, the help page's picture, the tests and benches) -----------------
@played_once
def mexican_record(seed: int = 4, players: int = 4) -> dict[str, Any]:
    """The first round of a short (5 rounds) Mexican Train game, up to its last play."""
    names = (*PLAYERS, "Yarema")[:players]
    return hand_record(MexicanGame(names, MexicanOptions(rounds=5), seed=seed), seed)


@played_once
def mexican_played(seed: int = 4, players: int = 4, rounds: int = 5,
                   hand_only: bool = False) -> dict[str, Any]:
    """A Mexican Train game of `rounds` rounds played to its end (with `hand_only`, to its
    first round's end: the board then shows the next round's engine and the points)."""
    game = MexicanGame(PLAYERS[:players], MexicanOptions(rounds=rounds), seed=seed)
    return autoplay(game, seed, max_moves=10**4, hand_only=hand_only).record()


WAITING_MOVES = 52  # mexican_record(): Olena laid 4-4 on her train, drew, passed: it waits


def samples() -> GameSamples:
    """A 4-player round's stages, the ends of 2- and 8-player rounds, a round's end (its
    points), a double waiting to be satisfied, a game's end, a hand."""
    ends = [(f"mexican{players}-end",
             replayed(mexican_record(seed=players, players=players), 10**6).view(None),
             DEFAULT_THEME) for players in (2, 8)]
    more = [("mexican-round-end", replayed(mexican_played(hand_only=True), 10**6).view(None)),
            ("mexican-waiting", replayed(mexican_record(), WAITING_MOVES).view(None)),
            ("mexican-game-end", replayed(mexican_played(rounds=2), 10**6).view(None))]
    return GameSamples(boards=_stages("mexican", mexican_record()),
                       extras=[*ends, *((name, view, DEFAULT_THEME) for name, view in more)],
                       hands=[("hand-mexican", hand_view(mexican_record(), 12),
                               DEFAULT_THEME)])
