"""The Traditional board: the line grows both ways from its first tile, each end marked
with its side and open number, the last move ringed.

Each end's badge is a tag against its own end tile, pointing the way that end goes:
after the snake has turned, the L end may run rightwards, and its tag says so.

The first tile of the hand stays in the middle; the R arm runs right and, at the
picture's edge, snakes down row by row, the L arm runs left and snakes up. A tile,
once laid, keeps its place on every later board of the hand.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from PIL import Image, ImageDraw

from engine.line import PlacedTile
from engine.tiles import Tile, full_set
from engine.traditional.game import TraditionalGame
from engine.traditional.spec import SPEC
from engine.traditional.view import TraditionalView
from render.canvas import (
    BADGE_SIZE,
    BOARD_WIDTH,
    MARGIN,
    Chip,
    badge,
    badge_box,
    draw_header,
    header_height,
    new_canvas,
    result_banner,
)
from render.drawer import BoardDrawer
from render.games import GameSamples, Sample
from render.labels import ENGLISH, Labels
from render.layout import Chain, Frame, Link, Placed, bounds, lay_chain
from render.samples import PLAYERS, autoplay, hand_view, played_once, replayed, stages
from render.text import counts_text, move_tile, winners_text
from render.theme import DEFAULT_THEME, RGB, Theme
from render.tiles import PAD, paste_tile

UNIT = 40
GAP = 4
PITCH = 2 * UNIT + 20
LABEL = 38  # from a chain's open end to the centre of its end label
LABEL_ROOM = 36  # half the widest end label ("Л 6")
# Along a row, tiles stay this far from the middle, leaving room for the end labels.
REACH = BOARD_WIDTH // 2 - MARGIN - LABEL - LABEL_ROOM
TAG_POINT = 8  # how far an end tag's point reaches past its rounded body
# Each arm: (direction, the way its rows stack).
_AXES = {"L": ((-1, 0), (0, -1)), "R": ((1, 0), (0, 1))}


class LineBoard(Protocol):
    """What laying out a line reads of a view: Traditional's, and any game's whose line
    is drawn alike (Partnership Dominó's). `line` holds tiles with their `tile`, `left`
    and `right` numbers as drawn."""

    @property
    def line(self) -> Sequence[Any]: ...

    @property
    def ends(self) -> tuple[int, int] | None: ...

    @property
    def history(self) -> tuple[tuple[int, str], ...]: ...


@dataclass(frozen=True, slots=True)
class LineLayout:
    """The line laid out around its first tile (`anchor`, centred on the origin)."""

    anchor: Placed | None
    arms: dict[str, Chain]

    @property
    def tiles(self) -> tuple[Placed, ...]:
        head = () if self.anchor is None else (self.anchor,)
        return head + self.arms["L"].tiles + self.arms["R"].tiles


def anchor_index(view: LineBoard) -> int:
    """The index in `view.line` of the hand's first tile (the first tile its history lays)."""
    index = {placed.tile: i for i, placed in enumerate(view.line)}
    for _, text in view.history:
        tile = move_tile(text)
        if tile is not None and tile in index:
            return index[tile]
    return 0


def lay_line(view: LineBoard) -> LineLayout:
    """The line's layout: layout only, nothing drawn."""
    if not view.line:
        return LineLayout(None, {side: Chain((), (), (0.0, 0.0), _AXES[side][0])
                                 for side in _AXES})
    at = anchor_index(view)
    first = view.line[at]
    double = first.tile.is_double
    w, h = (UNIT, 2 * UNIT) if double else (2 * UNIT, UNIT)
    anchor = Placed(-w // 2, -h // 2, first.left, first.right, double, first.tile, 0)
    sides = {"L": [Link(p.tile, p.right, p.left) for p in reversed(view.line[:at])],
             "R": [Link(p.tile, p.left, p.right) for p in view.line[at + 1:]]}
    arms = {}
    for side, links in sides.items():
        d, n = _AXES[side]
        arms[side] = lay_chain(links, origin=(0, 0), d=d, n=n, start=w / 2 + GAP, near=-REACH,
                               far=REACH, unit=UNIT, gap=GAP, pitch=PITCH, label=LABEL)
    layout = LineLayout(anchor, arms)
    if view.ends is None:
        return layout
    # Each chain's `end`: the centre of its end's tag (as the record's letter writes it).
    tags = end_tags(view, layout)
    return LineLayout(anchor, {tag.side: replace(arms[tag.side], end=tag.centre)
                               for tag in tags})


@dataclass(frozen=True, slots=True)
class EndTag:
    """An end's tag: `text` ("L 5") on a badge centred on `centre`, against its own end
    tile, its point reaching `direction` (-1 left, 1 right: the way the end goes);
    `box` holds the badge and its point."""

    side: str
    text: str
    centre: tuple[float, float]
    direction: int
    box: tuple[float, float, float, float]


def end_tile(layout: LineLayout, side: str) -> Placed:
    """The tile at the open end of `side`: its arm's last tile, or the first tile."""
    tiles = layout.arms[side].tiles
    if tiles:
        return tiles[-1]
    assert layout.anchor is not None
    return layout.anchor


def end_tags(view: LineBoard, layout: LineLayout, labels: Labels | None = None
             ) -> tuple[EndTag, ...]:
    """Each open end's tag (layout only): the badge stands a tile's ring away from its end
    tile's open side, centred on its row, and points on along the row. Its letter is the
    one `labels` names; without labels the record's (L, R), as `lay_line` measures."""
    if layout.anchor is None or view.ends is None:
        return ()
    tags = []
    for side, number in zip(("L", "R"), view.ends, strict=True):
        tile = end_tile(layout, side)
        direction = layout.arms[side].end_dir[0]
        w, h = tile.size(UNIT)
        edge = tile.x + w if direction > 0 else tile.x
        text = f"{side if labels is None else labels.end(side)} {number}"
        left, _, right, _ = badge_box((0.0, 0.0), text, BADGE_SIZE)
        half = (right - left) / 2
        centre = (edge + direction * (PAD + half), tile.y + h / 2)
        bx0, by0, bx1, by1 = badge_box(centre, text, BADGE_SIZE)
        box = ((bx0, by0, bx1 + TAG_POINT, by1) if direction > 0
               else (bx0 - TAG_POINT, by0, bx1, by1))
        tags.append(EndTag(side, text, centre, direction, box))
    return tuple(tags)


def draw_tag(img: Image.Image, tag: EndTag, shift: tuple[int, int], fill: RGB) -> None:
    """Draw `tag` moved by `shift`: its badge, and a point on its outer end."""
    cx, cy = tag.centre[0] + shift[0], tag.centre[1] + shift[1]
    badge(img, (cx, cy), tag.text, BADGE_SIZE, fill=fill, colour=(255, 255, 255))
    r = BADGE_SIZE * 0.75
    half = (tag.box[2] - tag.box[0] - TAG_POINT) / 2
    tip = cx + tag.direction * (half + TAG_POINT)
    # A wedge from the tip back into the badge: its two edges meet the badge's outer end.
    reach = 0.8 * r / math.sin(math.radians(_TAG_ANGLE))
    back = 180 if tag.direction > 0 else 0
    ImageDraw.Draw(img).pieslice((tip - reach, cy - reach, tip + reach, cy + reach),
                                 back - _TAG_ANGLE, back + _TAG_ANGLE, fill=fill)


_TAG_ANGLE = 42  # half the angle of a tag's point, in degrees


def _chips(view: TraditionalView, theme: Theme, labels: Labels) -> list[Chip]:
    over = view.outcome is not None
    goats = view.results[-1].goats if over and view.results else ()
    winners = view.outcome.winners if view.outcome is not None else ()
    chips = []
    for seat, name in enumerate(view.players):
        facts = (f"{labels('tiles', count=view.hand_sizes[seat])} · "
                 f"{labels('points', count=view.scores[seat])}")
        if seat in goats:
            facts += f" · {labels('goat')}"
        won = seat in winners
        mark = theme.home if won else None
        tag = labels("turn") if seat == view.to_move else ""  # the banner names the winner
        chips.append(Chip(name, facts, active=seat == view.to_move, mark=mark, tag=tag))
    return chips



def _notes(view: TraditionalView, labels: Labels) -> list[str]:
    notes = []
    if view.last_move is not None:
        seat, text = view.last_move
        notes.append(labels("last_move", name=view.players[seat], move=labels.move(text)))
    if view.results and (view.outcome is not None or not view.history):
        result = view.results[-1]
        if result.reason == "domino":
            notes.append(labels("went_out", name=view.players[result.winner],
                                count=result.points))
        elif result.winner < 0:
            notes.append(labels("fish_no_winner"))
        else:
            notes.append(labels("fish_wins", name=view.players[result.winner],
                                count=result.points))
        notes.append(labels("counts", counts=", ".join(
            f"{p} {c}" for p, c in zip(view.players, result.counts, strict=True))))
    if not view.line and view.to_move is not None:
        notes.append(labels("leads", name=view.players[view.to_move]))
    return notes


def frame(view: TraditionalView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    layout = lay_line(view)
    header = header_height(_chips(view, theme, labels), _notes(view, labels), BOARD_WIDTH,
                           result_banner(view, labels))
    if layout.anchor is None:
        return Frame((-UNIT, -UNIT, UNIT, UNIT), header)
    x0, y0, x1, y1 = bounds(layout.tiles, UNIT)
    for tag in end_tags(view, layout, labels):
        x0, y0 = min(x0, math.floor(tag.box[0])), min(y0, math.floor(tag.box[1]))
        x1, y1 = max(x1, math.ceil(tag.box[2])), max(y1, math.ceil(tag.box[3]))
    return Frame((x0, y0, x1, y1), header)


def draw_traditional(view: TraditionalView, theme: Theme, fit: Frame | None = None,
                     labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` (a replay's shared
    frame) or its own frame.

    Reads only public fields (never `hand` or `legal_moves`).
    """
    layout = lay_line(view)
    chips, notes = _chips(view, theme, labels), _notes(view, labels)
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    title = " · ".join([labels.game("traditional"), labels("hand", hand=view.hand_number)]
                       + ([labels("to", target=view.target)] if view.target else []))
    draw_header(img, theme, title, labels("stock", count=view.stock_size), chips=chips,
                notes=notes, banner=result_banner(view, labels))
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - min_y
    draw = ImageDraw.Draw(img)
    for chain in layout.arms.values():
        for (x0, y0), (x1, y1) in chain.joints:
            draw.line((x0 + dx, y0 + dy, x1 + dx, y1 + dy), fill=theme.muted, width=UNIT // 3)
    last = move_tile(view.last_move[1]) if view.last_move is not None else None
    for p in layout.tiles:
        ring = theme.last_move if p.tile == last else None
        paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                   theme=theme, ring=ring)
    for tag in end_tags(view, layout, labels):
        draw_tag(img, tag, (dx, dy), theme.accent)
    return img


def traditional_board(view: TraditionalView, theme: Theme, fit: Frame | None = None,
                      labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_traditional(view, theme, fit, labels), traditional_alt(view, labels)


def traditional_alt(view: TraditionalView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Traditional board: hand, ends, last move, turn, counts, stock, scores."""
    parts = [labels("alt_traditional_match", hand=view.hand_number, target=view.target)
             if view.target else labels("alt_traditional", hand=view.hand_number)]
    if view.line and view.ends is not None:
        parts.append(labels("alt_line", count=len(view.line), left=view.ends[0],
                            right=view.ends[1]))
    else:
        parts.append(labels("alt_line_empty"))
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(labels("alt_last_move", name=view.players[seat], move=labels.move(text)))
    if view.outcome is not None:
        parts.append(labels("alt_game_over", end=_traditional_end(view, labels),
                            names=winners_text(view.players, view.outcome.winners, labels)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    return " ".join(parts + counts_text(view, labels))


def _traditional_end(view: TraditionalView, labels: Labels) -> str:
    """How the last hand ended, in words: "Bob went out", "Fish: nobody can play"."""
    result = view.results[-1] if view.results else None
    if result is None or result.reason != "domino" or result.winner < 0:
        return labels("alt_fish")
    return labels("alt_went_out", name=view.players[result.winner])


DRAWER = BoardDrawer(SPEC.name, TraditionalView, traditional_board, frame)


def _stages(game: str, record: dict[str, Any]) -> list[Sample]:
    return [(f"{game}-{stage}", played.view(None), DEFAULT_THEME)
            for stage, played in stages(record).items()]


# -- samples (the gallery, the help page's picture, the tests and benches) -----------------
@played_once
def traditional_record(seed: int = 7, players: int = 3) -> dict[str, Any]:
    """A whole single-hand Traditional game."""
    return autoplay(TraditionalGame(PLAYERS[:players], seed=seed), seed).record()


@played_once
def long_traditional_record(seeds: range = range(40)) -> dict[str, Any]:
    """The Traditional 2-player game with the longest line among `seeds`."""
    best: tuple[int, dict[str, Any]] | None = None
    for seed in seeds:
        game = autoplay(TraditionalGame(PLAYERS[:2], seed=seed), seed)
        length = len(game.view(None).line)
        if best is None or length > best[0]:
            best = (length, game.record())
    assert best is not None
    return best[1]


def full_line() -> tuple[PlacedTile, ...]:
    """All 28 tiles of the double-6 set in one legal line (every number appears eight
    times, so the set forms a single closed chain)."""
    unused = {n: sorted((t for t in full_set(6) if t.has(n)), reverse=True) for n in range(7)}
    used: set[Tile] = set()
    stack: list[tuple[int, Tile | None]] = [(6, None)]
    path: list[tuple[int, Tile | None]] = []
    while stack:  # Hierholzer's walk
        number, _ = stack[-1]
        spare = [t for t in unused[number] if t not in used]
        if spare:
            tile = spare[0]
            used.add(tile)
            stack.append((tile.other(number), tile))
        else:
            path.append(stack.pop())
    path.reverse()
    line: list[PlacedTile] = []
    for (left, _), (right, via) in itertools.pairwise(path):
        assert via is not None
        line.append(PlacedTile(via, left, right, len(line) % 2))
    return tuple(line)


def full_line_view() -> TraditionalView:
    """A Traditional view whose line holds all 28 tiles: not a reachable position (both
    hands empty, no result), only a worst case for the benchmark and the tests; the
    gallery shows real games only."""
    line = full_line()
    seat, text = 0, f"{line[-1].tile} R"
    return TraditionalView(
        players=PLAYERS[:2], seat=None, hand=None, hand_sizes=(0, 0), line=line,
        ends=(line[0].left, line[-1].right), stock_size=0, scores=(0, 0), target=0,
        hand_number=1, to_move=1, legal_moves=(), history=((seat, text),), results=(),
        outcome=None)


def samples() -> GameSamples:
    """A 3-player game's stages, a 4-player end, the longest line (also with numerals), a
    hand and a replay."""
    long = replayed(long_traditional_record(), 10**6).view(None)
    return GameSamples(
        boards=_stages("traditional", traditional_record()),
        extras=[("traditional-long", long, DEFAULT_THEME),
                ("traditional4-end", replayed(traditional_record(seed=3, players=4),
                                              10**6).view(None), DEFAULT_THEME),
                ("traditional-long-numerals", long, "table-numerals")],
        hands=[("hand-traditional", hand_view(traditional_record(), 4), DEFAULT_THEME)],
        replays=[("replay-traditional", traditional_record())])
