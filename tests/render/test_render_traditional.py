"""Traditional's end tags (issue 28): each end's badge stands against its own end tile and
points the way that end goes, in every fold of the snake. Measured from the layout the
drawing uses, over boards after every move of many games, and (issue 54) from the pixels of
the picture drawn."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from engine.traditional import TraditionalGame
from engine.traditional.view import TraditionalView
from render import canvas
from render.canvas import BOARD_WIDTH
from render.games import traditional as traditional_render
from render.labels import Labels
from render.layout import Placed
from render.samples import PLAYERS
from render.theme import get_theme
from render.tiles import PAD
from tests.render.badge_spy import spy_on_badges

GAMES = 30  # random games for each number of players
Box = tuple[float, float, float, float]


def gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def tile_box(p: Placed) -> Box:
    w, h = p.size(traditional_render.UNIT)
    return (p.x, p.y, p.x + w, p.y + h)


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def boards(players: int) -> Iterator[TraditionalView]:
    """The public board after every move of `GAMES` games of random legal moves."""
    for seed in range(GAMES):
        game = TraditionalGame(PLAYERS[:players], seed=seed)
        rng = random.Random(seed)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_moves()))
            yield game.view(None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_end_tag_stands_against_its_own_end_tile_in_every_fold(players: int) -> None:
    folds: set[tuple[str, int, int]] = set()
    tags_seen = 0
    for view in boards(players):
        layout = traditional_render.lay_line(view)
        if layout.anchor is None:
            continue
        assert view.ends is not None
        tags = traditional_render.end_tags(view, layout, Labels("ru"))
        assert [t.text for t in tags] == [f"Л {view.ends[0]}", f"П {view.ends[1]}"]
        ends = {s: traditional_render.end_tile(layout, s) for s in ("L", "R")}
        for tag in tags:
            tags_seen += 1
            own, other = ends[tag.side], ends["R" if tag.side == "L" else "L"]
            near = gap(tag.box, tile_box(own))
            assert near <= PAD + 1e-6, (tag, own)  # against its tile's ring
            if other is not own:
                assert gap(tag.box, tile_box(other)) > near + 30, (tag, other)
            assert not any(overlap(tag.box, tile_box(p)) for p in layout.tiles), tag
            # It points the way its end goes: on that side of its tile, its row's height.
            arm = layout.arms[tag.side]
            assert tag.direction == arm.end_dir[0] != 0
            cx, cy = own.centre(traditional_render.UNIT)
            assert (tag.centre[0] - cx) * tag.direction > 0 and tag.centre[1] == cy
            assert tag.box[0] >= -BOARD_WIDTH / 2 and tag.box[2] <= BOARD_WIDTH / 2, tag
            assert arm.end == traditional_render.end_tags(view, layout)[
                "LR".index(tag.side)].centre
            row = round(cy / traditional_render.PITCH)
            folds.add((tag.side, row, tag.direction))
    assert tags_seen > 1000
    # Every fold shape was met: each arm's first three rows, each running its own way
    # (L leftwards, then rightwards one row up, ...; R the mirror below).
    assert {("L", 0, -1), ("L", -1, 1), ("L", -2, -1), ("R", 0, 1), ("R", 1, -1),
            ("R", 2, 1)} <= folds


def test_the_tag_is_drawn_where_the_layout_puts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A board whose L end has turned to run right: its tag's badge is drawn at the
    # tag's centre, to the right of the L end tile.
    view = next(v for v in boards(2) if traditional_render.lay_line(v).arms["L"].end_dir[0] > 0)
    drawn = spy_on_badges(monkeypatch, traditional_render)
    theme = get_theme("table")
    fit = traditional_render.frame(view, theme)
    traditional_render.draw_traditional(view, theme, fit)
    layout = traditional_render.lay_line(view)
    dx, dy = BOARD_WIDTH // 2, fit.top + canvas.MARGIN - fit.box[1]
    assert drawn == [((t.centre[0] + dx, t.centre[1] + dy), t.text)
                     for t in traditional_render.end_tags(view, layout)]
    left = next(t for t in traditional_render.end_tags(view, layout) if t.side == "L")
    own = tile_box(traditional_render.end_tile(layout, "L"))
    assert left.direction == 1 and left.box[0] >= own[2]


def test_the_check_sees_a_gap_and_an_overlap() -> None:
    assert gap((0, 0, 10, 10), (14, 0, 20, 10)) == 4
    assert gap((0, 0, 10, 10), (13, 14, 20, 20)) == 5
    assert overlap((0, 0, 10, 10), (9, 9, 20, 20)) and not overlap((0, 0, 10, 10),
                                                                    (10, 0, 20, 10))


def test_a_turned_l_ends_tag_is_drawn_against_its_end_tile_in_the_picture() -> None:
    # Issue 54: "the L badge stands at the right edge after the snake turns". Read from the
    # picture's pixels: the tag's colour, below the header, lies in two blobs, one at each
    # end; the L end's stands against the L end tile's right side, on its row, wherever
    # that tile is (the right edge of a row running right), and nowhere near the R end.
    theme = get_theme("table")
    turned = [v for v in boards(3) if traditional_render.lay_line(v).arms["L"].end_dir[0] > 0]
    assert len(turned) > 20
    for view in turned[::10]:
        fit = traditional_render.frame(view, theme)
        img = traditional_render.draw_traditional(view, theme, fit)
        layout = traditional_render.lay_line(view)
        dx, dy = BOARD_WIDTH // 2, fit.top + canvas.MARGIN - fit.box[1]
        ends = {s: tile_box(traditional_render.end_tile(layout, s)) for s in ("L", "R")}
        drawn = {s: (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for s, b in ends.items()}
        centres = {t.side: (t.centre[0] + dx, t.centre[1] + dy)
                   for t in traditional_render.end_tags(view, layout)}
        pixels = img.load()
        assert pixels is not None
        blobs: dict[str, list[tuple[int, int]]] = {"L": [], "R": []}
        for y in range(fit.top, img.height):
            for x in range(img.width):
                if pixels[x, y] == theme.accent:
                    side = min(centres, key=lambda s: math.dist(centres[s], (x, y)))
                    blobs[side].append((x, y))
        xs, ys = [x for x, _ in blobs["L"]], [y for _, y in blobs["L"]]
        assert xs, "no L tag drawn"
        blob = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
        _, y0, x1, y1 = drawn["L"]
        assert x1 <= blob[0] <= x1 + PAD + 2, (blob, drawn["L"])  # against its right side
        assert abs((blob[1] + blob[3]) / 2 - (y0 + y1) / 2) <= 2, (blob, drawn["L"])  # its row
        if ends["L"] != ends["R"]:
            assert gap(blob, drawn["R"]) > gap(blob, drawn["L"]) + 30
