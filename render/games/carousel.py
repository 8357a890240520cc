"""The Carousel board: the spinner in the middle, four arms snaking out from it, each
through its own quarter, each end marked with its side and what it adds to the open-end
count, and that count at the top."""

from __future__ import annotations

import functools
import operator
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from engine.carousel.game import CarouselGame
from engine.carousel.options import CarouselOptions
from engine.carousel.spec import SPEC
from engine.carousel.view import CarouselView
from engine.fives import SIDES, count_points
from engine.notation import tile_text
from engine.tiles import Tile
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    MARGIN,
    Chip,
    badge,
    draw_header,
    header_height,
    new_canvas,
    result_banner,
    text_width,
)
from render.drawer import BoardDrawer
from render.games import GameSamples, Sample
from render.labels import ENGLISH, Labels
from render.layout import Band, Chain, Frame, Laying, Link, begin, bounds, extend
from render.samples import (
    PLAYERS,
    autoplay,
    hand_record,
    hand_view,
    played_once,
    replayed,
    stages,
)
from render.text import counts_text, move_tile, winners_text
from render.theme import DEFAULT_THEME, RGB, Theme
from render.tiles import paste_tile

UNIT = 34  # the smallest tile whose pips and numerals read on a phone: 55 tiles must fit
GAP = 4
PITCH = UNIT + 14  # from one row of an arm to the next (doubles lie in line: see lay_arms)
BADGE_ROOM = BADGE_SIZE  # above and below an end label's centre, room enough for it
EDGE = BOARD_WIDTH // 2 - MARGIN  # rows run out to the picture's margin
NEAR = UNIT + 28  # and back to well clear of the middle, where U and D start
# Each arm snakes row by row through its own quarter of the board, so that arms never
# run beside each other and the board grows by rows, not by a column per arm: L runs
# left and stacks its rows upwards, U starts across the spinner's top and runs right,
# stacking upwards too; R and D mirror them below. Doubles lie in line, like any tile,
# so that rows lie close (a double's both halves show it, and its badge says it adds
# both). side -> (direction, stacking).
_AXES: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "L": ((-1, 0), (0, -1)),
    "U": ((1, 0), (0, -1)),
    "R": ((1, 0), (0, 1)),
    "D": ((-1, 0), (0, 1)),
}
_PAIR_MARKS: tuple[RGB, RGB] = ((67, 181, 129), (235, 69, 158))
SPINNER = (-UNIT // 2, -UNIT, UNIT // 2, UNIT)  # the spinner's body, upright at the origin


def _band(side: str) -> Band:
    """Where `side`'s arm is laid: L and R from beside the spinner, U and D from across
    its ends; rows out to the picture's margin and back to `near`."""
    d, n = _AXES[side]
    if side in ("L", "R"):
        origin, start, near = (0.0, 0.0), UNIT / 2 + GAP, float(NEAR)
    else:
        # Across the spinner's end, the first tile's inner half over it.
        origin, start = (0.0, n[1] * (UNIT + GAP + UNIT / 2)), -UNIT / 2
        near = start
    return Band(origin, d, n, start, near, EDGE, UNIT, GAP, PITCH, label=GAP, crosswise=False)


_BANDS = {side: _band(side) for side in SIDES}


def badge_half(text: str) -> float:
    """Half the width of the end badge showing `text` (as `render.canvas.badge` draws it)."""
    return BADGE_SIZE * 0.75 + max(0.0, text_width(text, BADGE_SIZE, True) / 2 - BADGE_SIZE * 0.35)


def _badge_spot(chain: Chain, band: Band, text: str) -> tuple[float, float]:
    """Where an arm's end badge showing `text` stands: just past its open end, or, where
    that would leave the picture or the arm's quarter, where the arm's next tile will go
    (its next row, one row over)."""
    d, n, near = band.d, band.n, band.near
    half = badge_half(text)
    ex, ey = chain.end  # GAP past the open end (lay_chain's `label`)
    x, y = ex + chain.end_dir[0] * (half + GAP), ey + chain.end_dir[1] * (half + GAP)
    u = d[0] * x  # along the arm's first row
    if not chain.tiles or (u + half <= EDGE + MARGIN // 2 and u - half >= near):
        return (x, y)
    last = chain.tiles[-1]
    cx, cy = last.centre(UNIT)
    x = cx + chain.end_dir[0] * last.size(UNIT)[0] / 4  # over the last tile's outer half
    room = EDGE + MARGIN // 2 - half  # and wholly inside the picture
    # As near the tile as a badge past an open end (issue 54: a whole row's pitch off, it
    # floated between the rows); `end_link` joins the two.
    reach = last.size(UNIT)[1] / 2 + 2 * GAP + BADGE_SIZE * 0.75
    return (min(max(x, -room), room), cy + n[1] * reach)


def end_link(chain: Chain) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The bar from an arm's last tile to its badge when the badge stands off the tile's
    row (no room past the open end): drawn like the joints between rows, under both."""
    if not chain.tiles:
        return None
    last = chain.tiles[-1]
    _, cy = last.centre(UNIT)
    if abs(chain.end[1] - cy) < 1e-6:
        return None
    return ((chain.end[0], cy), chain.end)


def lay_arms(view: CarouselView, labels: Labels = ENGLISH) -> dict[str, Chain]:
    """Each side's chain around a spinner whose body is centred on the origin (layout
    only), its `end` where its badge, in the words of `labels`, stands. An arm's tiles
    depend only on its own tiles, so a tile keeps its place all hand, in every language;
    the badge's place depends on its text (Spanish «Abj», Portuguese «baixo» are wider than
    the letter D, and a badge placed for the letter would run past the picture's edge)."""
    parts = end_parts(view)
    return {side: _arm(side, tuple(map(_LINK, view.arms.get(side, ()))), end_text(
        side, parts[side], labels)) for side in SIDES}


def end_text(side: str, part: str, labels: Labels = ENGLISH) -> str:
    """The text of `side`'s end badge: the end's name and what it adds ("R 5+5", «Л 3»)."""
    return f"{labels.end(side)} {part}".strip()


# What of an arm's tile its place and look depend on (`Link`'s fields), as plain numbers:
# (high, low, inner, outer). The caches below are keyed by these, which hash far faster
# than the engine's tiles (a board is laid out after every move).
_LINK = operator.attrgetter("tile.high", "tile.low", "inner", "outer")
ArmKey = tuple[tuple[int, int, int, int], ...]


@functools.lru_cache(maxsize=1024)
def _arm(side: str, arm: ArmKey, text: str) -> Chain:
    """The chain of `side`'s tiles `arm`, its `end` where its badge showing `text` stands
    (remembered: a move changes one arm, and a board is laid out for its frame and for
    its drawing)."""
    chain = _laying(side, arm).chain
    return replace(chain, end=_badge_spot(chain, _BANDS[side], text))


@functools.lru_cache(maxsize=4096)  # a few boards' arms and their shorter arms
def _laying(side: str, arm: ArmKey) -> Laying:
    """`side`'s arm laid out, as its arm one tile shorter and one tile more (an arm grows
    only at its end)."""
    if not arm:
        return begin(_BANDS[side])
    high, low, inner, outer = arm[-1]
    return extend(_BANDS[side], _laying(side, arm[:-1]), Link(Tile.of(high, low), inner, outer))


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


def _chips(view: CarouselView, theme: Theme, labels: Labels) -> list[Chip]:
    chips = []
    winners = view.outcome.winners if view.outcome is not None else ()
    for seat, name in enumerate(view.players):
        facts = (f"{labels('tiles', count=view.hand_sizes[seat])} · "
                 f"{labels('points', count=view.scores[seat])}")
        won = seat in winners
        mark = _PAIR_MARKS[seat % 2] if view.pairs else theme.home if won else None
        tag = labels("turn") if seat == view.to_move else ""  # the banner names the winner
        chips.append(Chip(name, facts, active=seat == view.to_move, mark=mark, tag=tag))
    return chips



def _move_scored(view: CarouselView) -> bool:
    """Whether the last score is the last move's own: a tile laid by the scorer, this hand,
    leaving a count that scores (every such play scores, so no older score is taken)."""
    if view.last_move is None or not view.scoring:
        return False
    seat, text = view.last_move
    event = view.scoring[-1]
    return (move_tile(text) is not None and event.seat == seat
            and event.hand == view.hand_number and count_points(view.count) > 0)


def _notes(view: CarouselView, labels: Labels) -> list[str]:
    """The lines under the chips; the open ends' count is in the corner and each end's part
    on its badge, the match's result in the banner, so no line repeats them."""
    notes = []
    if view.pairs and len(view.players) == 4:
        names = view.players
        first, second = (f"{names[a]} + {names[a + 2]} {view.scores[a]}" for a in (0, 1))
        notes.append(labels("pairs", first=first, second=second))
    if view.spinner is None:
        notes.append(labels("no_spinner"))
    if view.stock_drawable != view.stock_size:
        notes.append(labels("stock_drawable", count=view.stock_size,
                            drawable=view.stock_drawable))
    else:
        notes.append(labels("stock", count=view.stock_size))
    scored = _move_scored(view)
    if view.last_move is not None:
        seat, text = view.last_move
        move = labels.move(text)
        if scored:
            event = view.scoring[-1]
            notes.append(labels("last_move_scored" if event.recorded else
                                "last_move_scored_late", name=view.players[seat], move=move,
                                points=event.points))
        else:
            notes.append(labels("last_move", name=view.players[seat], move=move))
    if view.scoring and not scored and (not view.history or view.outcome is not None):
        # How the hand ended (a domino, a blocked hand): said once, until the next move.
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else labels("nobody")
        notes.append(labels("last_score" if event.recorded else "last_score_late", name=who,
                            points=event.points, reason=labels.reason(event.reason)))
    return notes


def end_parts(view: CarouselView) -> dict[str, str]:
    """What each side's badge says it adds to the count: "5", a double's "5+5", nothing
    for a side that adds nothing yet. The spinner's halves count while L or R is free:
    one on each while both are, both on the free one once the other is covered. The
    parts add up to `view.count`."""
    arms = {side: view.arms.get(side, ()) for side in SIDES}
    spinner = view.spinner.high if view.spinner is not None else 0
    free = [side for side in ("L", "R") if not arms[side]]
    parts = {}
    for side in SIDES:
        if arms[side]:
            last = arms[side][-1]
            double = last.tile.high == last.tile.low
            parts[side] = f"{last.outer}+{last.outer}" if double else str(last.outer)
        elif side in free:
            parts[side] = str(spinner) if len(free) == 2 else f"{spinner}+{spinner}"
        else:
            parts[side] = ""
    return parts


def frame(view: CarouselView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    header = header_height(_chips(view, theme, labels), _notes(view, labels), BOARD_WIDTH,
                           result_banner(view, labels))
    if view.spinner is None:
        return Frame(SPINNER, header)
    chains = lay_arms(view, labels)
    tiles = [p for c in chains.values() for p in c.tiles]
    ends = tuple(c.end for c in chains.values())
    box = bounds(tiles, UNIT, ends, BADGE_ROOM)
    return Frame((min(box[0], SPINNER[0]), min(box[1], SPINNER[1]), max(box[2], SPINNER[2]),
                  max(box[3], SPINNER[3])), header)


def draw_carousel(view: CarouselView, theme: Theme, fit: Frame | None = None,
                  labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` (a replay's shared
    frame) or its own frame.

    Reads only public fields (never `hand` or `legal_moves`).
    """
    chains = lay_arms(view, labels) if view.spinner is not None else {}
    chips, notes = _chips(view, theme, labels), _notes(view, labels)
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    title = " · ".join([labels.game("carousel"), labels("hand", hand=view.hand_number),
                        labels("to", target=view.target)]
                       + ([labels("pairs_mode")] if view.pairs else []))
    count = labels("count", count=view.count) if view.spinner is not None else ""
    draw_header(img, theme, title, count, chips=chips, notes=notes,
                banner=result_banner(view, labels))
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - min_y
    ringed = _ringed(view)
    draw = ImageDraw.Draw(img)
    for chain in chains.values():
        link = end_link(chain)
        for (x0, y0), (x1, y1) in (*chain.joints, *((link,) if link else ())):
            draw.line((x0 + dx, y0 + dy, x1 + dx, y1 + dy), fill=theme.muted, width=UNIT // 3)
    if view.spinner is not None:
        ring = theme.last_move if ringed == ("S", 0) else theme.accent
        paste_tile(img, view.spinner.high, view.spinner.low, SPINNER[0] + dx, SPINNER[1] + dy,
                   vertical=True, unit=UNIT, theme=theme, ring=ring)
    for side, chain in chains.items():
        for p in chain.tiles:
            tile_ring = theme.last_move if ringed == (side, p.index) else None
            paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                       theme=theme, ring=tile_ring)
    parts = end_parts(view)
    for side, chain in chains.items():
        open_now = side in view.playable_sides
        fill = theme.accent if open_now else theme.panel
        colour = (255, 255, 255) if open_now else theme.text
        text = end_text(side, parts[side], labels)
        badge(img, (chain.end[0] + dx, chain.end[1] + dy), text, BADGE_SIZE, fill=fill,
              colour=colour)
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


def _stages(game: str, record: dict[str, Any]) -> list[Sample]:
    return [(f"{game}-{stage}", played.view(None), DEFAULT_THEME)
            for stage, played in stages(record).items()]


# -- samples (the gallery, the help page's picture, the tests and benches) -----------------
@played_once
def carousel_record(seed: int = 3, players: int = 7, pairs: bool = False) -> dict[str, Any]:
    """The first hand of a Carousel match, up to its last play."""
    options = CarouselOptions(pairs=pairs)
    return hand_record(CarouselGame(PLAYERS[:players], options, seed=seed), seed)


@played_once
def carousel_match(seed: int = 3, players: int = 4) -> dict[str, Any]:
    """A whole Carousel match (to 61), played to its end."""
    game = CarouselGame(PLAYERS[:players], CarouselOptions(), seed=seed)
    return autoplay(game, seed, max_moves=10**4).record()


def samples() -> GameSamples:
    """4 and 7 players' stages, the end of a pairs hand and of a 2-player one, a match's
    end, a hand."""
    ends = [(name, replayed(record, 10**6).view(None), DEFAULT_THEME) for name, record in (
        ("carousel-pairs-end", carousel_record(players=4, seed=4, pairs=True)),
        ("carousel2-end", carousel_record(players=2, seed=6)),
        ("carousel-match-end", carousel_match()))]
    return GameSamples(
        boards=[*_stages("carousel", carousel_record(players=4)),
                *_stages("carousel7", carousel_record(players=7))],
        extras=ends,
        hands=[("hand-carousel7", hand_view(carousel_record(players=7), 20), DEFAULT_THEME)])
