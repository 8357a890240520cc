"""Pictures that read on a phone: legible at 360 px wide, arms that never cross, tiles that
never move once laid (issue 20); every text at least 13 px there, boards no taller than
1.5 times their width, numerals above 6 (issue 28). Sizes are measured from the numbers
the drawing uses."""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from engine.carousel import CarouselGame, CarouselOptions
from engine.game import Game
from engine.traditional import TraditionalGame
from render import DEFAULT_THEME, canvas, render_board, render_hand, tiles
from render.__main__ import sample_boards, sample_hands
from render.canvas import BOARD_WIDTH, MARGIN, PHONE_WIDTH
from render.games import carousel as carousel_render
from render.games import traditional as traditional_render
from render.games.clock import hour_angle
from render.games.traditional import traditional_record
from render.layout import Frame, Placed
from render.replay import replay_frames
from render.samples import PLAYERS, replayed
from render.theme import get_theme

MIN_PIP_PX = 3.0  # the smallest pip's diameter at PHONE_WIDTH
MIN_TEXT_PX = 13.0  # the smallest font size (em) at PHONE_WIDTH, tile numerals included
MAX_ASPECT = 1.5  # the tallest a board may be, as a share of its width
GAMES_PER_KIND = 110  # seeded games for every (game, seats, pairs) below

Box = tuple[float, float, float, float]


SAMPLES = [(render_board, *board) for board in sample_boards()] + [
    (render_hand, *hand) for hand in sample_hands()]


@pytest.mark.parametrize(("draw", "name", "view", "theme"), SAMPLES,
                         ids=[name for _, name, _, _ in SAMPLES])
def test_every_sample_picture_is_legible_at_phone_width(draw, name, view, theme, monkeypatch):
    texts: list[int] = []
    faces: list[tuple[int, int, int]] = []
    draw_text = canvas.draw_text
    tile_image = tiles.tile_image

    def counted_text(img, xy, text, size, colour, **kw):  # type: ignore[no-untyped-def]
        texts.append(size)
        draw_text(img, xy, text, size, colour, **kw)

    def counted_tile(a, b, **kw):  # type: ignore[no-untyped-def]
        if not kw.get("face_down"):
            faces.append((a, b, kw["unit"]))
        return tile_image(a, b, **kw)

    for module in ("render.canvas", "render.games.clock", "render.hand"):
        monkeypatch.setattr(f"{module}.draw_text", counted_text)
    monkeypatch.setattr(tiles, "tile_image", counted_tile)
    pic = draw(view, theme)
    chosen = get_theme(theme)
    scale = PHONE_WIDTH / pic.width
    assert texts and faces
    assert min(texts) * scale >= MIN_TEXT_PX, (name, min(texts))
    pips = [tiles.smallest_pip(n, unit, chosen) for a, b, unit in faces for n in (a, b)
            if n and not tiles.numbered(n, chosen)]
    assert not pips or min(pips) * scale >= MIN_PIP_PX, (name, min(pips))
    numbered = [unit for a, b, unit in faces if any(tiles.numbered(n, chosen) for n in (a, b))]
    for unit in numbered:
        assert tiles.numeral_size(unit) * scale >= MIN_TEXT_PX, name


def test_reading_every_clock_set_goes_round_the_full_face():
    # Issue 20: "the double-6 clock fills half of its disc": every set uses the whole face.
    for hours in (6, 9, 12):
        angles = [hour_angle(h, hours) for h in range(1, hours + 1)]
        assert angles[-1] == 0 and max(angles) == pytest.approx(2 * math.pi * (hours - 1) / hours)


def test_reading_numerals_go_on_each_half_above_six():
    # "Numerals instead of dot grids above 6 pips by default" (issue 28), read per half:
    # a 7-1 shows the numeral 7 and one pip.
    table, every = get_theme("table"), get_theme("table-numerals")
    assert [n for n in range(13) if tiles.numbered(n, table)] == list(range(7, 13))
    assert all(tiles.numbered(n, every) for n in range(13))
    plain = tiles.tile_image(7, 1, vertical=False, unit=40, theme=get_theme("dark"))
    numbered = tiles.tile_image(7, 1, vertical=False, unit=40, theme=every)
    assert plain.tobytes() != numbered.tobytes()


@pytest.mark.parametrize("number", range(7, 13))
def test_a_half_above_six_shows_its_numeral_and_no_pips(number, monkeypatch):
    drawn: list[str] = []
    dots: list[object] = []
    real_text, real_ellipse = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.ellipse

    def text(self, xy, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(words)
        return real_text(self, xy, words, *args, **kwargs)

    def ellipse(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        dots.append(args)
        return real_ellipse(self, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "ellipse", ellipse)
    tiles.tile_image.cache_clear()
    tiles.tile_image(number, 0, vertical=True, unit=40, theme=get_theme(DEFAULT_THEME))
    tiles.tile_image.cache_clear()
    assert drawn == [str(number)] and dots == []
    assert tiles.smallest_pip(number, 40, get_theme(DEFAULT_THEME)) == 0


# --- layouts over many seeded games (layout only, nothing drawn) ---

# Every (game, seats, pairs) the layouts are tried on: one test each, so that a parallel
# run shares them out between its workers.
KINDS = [("traditional", seats, False) for seats in (2, 3, 4)] + [
    ("carousel", seats, False) for seats in range(2, 8)] + [("carousel", 4, True)]


def random_games(game: str, seats: int, pairs: bool) -> Iterator[tuple[str, Game[Any]]]:
    for seed in range(GAMES_PER_KIND):
        if game == "traditional":
            yield f"traditional-{seats}", TraditionalGame(PLAYERS[:seats], seed=seed)
        else:
            options = CarouselOptions(pairs=pairs)
            yield f"carousel-{seats}", CarouselGame(PLAYERS[:seats], options, seed=seed)


def boards_of(game: Game[Any], seed: int) -> Iterator[Any]:
    """The public view after every move of `game`, played with random legal moves."""
    rng = random.Random(seed)
    while game.to_move is not None:
        game.play(rng.choice(game.legal_moves()))
        yield game.view(None)


def layout(view: Any) -> tuple[int, dict[str, tuple[Placed, ...]]]:
    """(unit, side -> placed tiles, middle tile under "S") of a line game's board: each
    arm's tiles the very tuple its chain holds."""
    if isinstance(view, carousel_render.CarouselView):
        if view.spinner is None:
            return carousel_render.UNIT, {}
        u = carousel_render.UNIT
        spinner = Placed(-u // 2, -u, view.spinner.high, view.spinner.low, True,
                         view.spinner, 0)
        arms = {side: c.tiles for side, c in carousel_render.lay_arms(view).items()}
        return u, {"S": (spinner,), **arms}
    line = traditional_render.lay_line(view)
    if line.anchor is None:
        return traditional_render.UNIT, {}
    return traditional_render.UNIT, {"S": (line.anchor,),
                                     **{s: c.tiles for s, c in line.arms.items()}}


def box(p: Placed, unit: int) -> Box:
    w, h = p.size(unit)
    return (p.x, p.y, p.x + w, p.y + h)


def overlapping(boxes: list[Box]) -> tuple[Box, Box] | None:
    ordered = sorted(boxes)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b[0] >= a[2]:
                break
            if min(a[3], b[3]) > max(a[1], b[1]):
                return a, b
    return None


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p1, p2, q1, q2) -> bool:  # type: ignore[no-untyped-def]
    """Whether two segments meet (touching counts)."""
    # Segments whose bounding boxes are apart cannot meet: most pairs end here.
    if (max(p1[0], p2[0]) < min(q1[0], q2[0]) or max(q1[0], q2[0]) < min(p1[0], p2[0])
            or max(p1[1], p2[1]) < min(q1[1], q2[1])
            or max(q1[1], q2[1]) < min(p1[1], p2[1])):
        return False
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4):
        return True

    def on(a, b, c) -> bool:  # type: ignore[no-untyped-def]
        return (_cross(a, b, c) == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0])
                and min(a[1], b[1]) <= c[1] <= max(a[1], b[1]))
    return on(q1, q2, p1) or on(q1, q2, p2) or on(p1, p2, q1) or on(p1, p2, q2)


def path(tiles_of_arm: tuple[Placed, ...], unit: int) -> list[tuple[float, float]]:
    return [p.centre(unit) for p in tiles_of_arm]


def paths_apart(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether the boxes around two paths are apart (as `segments_cross` tells segments'
    boxes apart): then no segment of one meets a segment of the other."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = span(a), span(b)
    return ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0


def span(points: list[tuple[float, float]]) -> Box:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def check_board(kind: str, view: Any) -> None:
    unit, arms = layout(view)
    placed = [p for side in arms.values() for p in side]
    clash = overlapping([box(p, unit) for p in placed])
    assert clash is None, (kind, clash)
    half = BOARD_WIDTH / 2 - MARGIN
    assert all(-half <= b[0] and b[2] <= half for b in map(lambda p: box(p, unit), placed))
    paths = {side: path(t, unit) for side, t in arms.items() if side != "S" and len(t) > 1}
    for (sa, pa), (sb, pb) in itertools.combinations(paths.items(), 2):
        if paths_apart(pa, pb):
            continue  # arms in their own quarters: most pairs end here
        for a1, a2 in itertools.pairwise(pa):
            for b1, b2 in itertools.pairwise(pb):
                assert not segments_cross(a1, a2, b1, b2), (kind, sa, sb)
    if kind.startswith("carousel"):
        # Each arm keeps to its own quarter of the board: arms never run beside each other.
        quarter = {"L": (-1, -1), "U": (1, -1), "R": (1, 1), "D": (-1, 1)}
        for side, placed_tiles in arms.items():
            if side == "S":
                continue
            sx, sy = quarter[side]
            for p in placed_tiles:
                x, y = p.centre(unit)
                assert x * sx > 0 and y * sy >= 0, (kind, side, p)
    assert board_height(view) <= MAX_ASPECT * BOARD_WIDTH, (kind, board_height(view))


def board_height(view: Any) -> int:
    """How tall the board of `view` is drawn (from its frame: layout only)."""
    module = carousel_render if isinstance(view, carousel_render.CarouselView) else (
        traditional_render)
    fit = module.frame(view, get_theme(DEFAULT_THEME))
    return fit.top + (fit.box[3] - fit.box[1]) + 2 * MARGIN


@pytest.mark.parametrize(("game_name", "seats", "pairs"), KINDS,
                         ids=[f"{g}-{n}{'-pairs' if p else ''}" for g, n, p in KINDS])
def test_no_tiles_overlap_no_arm_crosses_no_board_grows_tall_placed_tiles_never_move(
        game_name, seats, pairs):
    games = 0
    # The moves' seeds run on across the kinds, as they did when this was one test.
    first = KINDS.index((game_name, seats, pairs)) * GAMES_PER_KIND
    for seed, (kind, game) in enumerate(random_games(game_name, seats, pairs), start=first):
        games += 1
        seen: dict[Any, tuple[int, int, int, int, bool]] = {}
        checked: dict[str, tuple[Placed, ...]] = {}  # each side's tiles as last checked
        previous = None
        for view in boards_of(game, seed):
            if previous is not None and previous.hand_number != view.hand_number:
                check_board(kind, previous)  # the fullest board of the hand
                seen, checked = {}, {}
            _, arms = layout(view)
            for side, placed in arms.items():
                if checked.get(side) is placed:
                    continue  # the very tiles checked after an earlier move of the hand
                checked[side] = placed
                for p in placed:
                    where = (p.x, p.y, p.a, p.b, p.vertical)
                    assert seen.setdefault(p.tile, where) == where, (kind, seed, p.tile)
            previous = view
        if previous is not None:
            check_board(kind, previous)
    assert games == GAMES_PER_KIND


def test_the_layouts_are_tried_on_over_a_thousand_games():
    assert len(KINDS) * GAMES_PER_KIND >= 1000


def test_the_check_sees_an_overlap_and_a_crossing():
    assert overlapping([(0, 0, 80, 40), (70, 30, 150, 70)]) is not None
    assert overlapping([(0, 0, 80, 40), (80, 0, 160, 40)]) is None
    assert segments_cross((0, 0), (10, 10), (0, 10), (10, 0))
    assert not segments_cross((0, 0), (10, 0), (0, 5), (10, 5))
    assert not paths_apart([(0, 0), (10, 10)], [(0, 10), (10, 0)])
    assert not paths_apart([(0, 0), (10, 0)], [(10, 0), (20, 0)])  # touching counts
    assert paths_apart([(0, 0), (10, 0)], [(11, 0), (20, 0)])


def test_replay_frames_share_one_frame_so_no_tile_moves():
    record = traditional_record()
    theme = get_theme("table")
    frames = replay_frames(record, theme)
    assert len({f.size for f in frames}) == 1
    # Every frame is drawn in the union of all frames: the hand's first tile (unringed
    # from the third frame on) keeps its exact pixels to the last frame.
    views = [replayed(record, n).view(None) for n in range(len(record["moves"]) + 1)]
    fit = functools.reduce(Frame.union, (traditional_render.frame(v, theme) for v in views))
    anchor = traditional_render.lay_line(views[-1]).anchor
    assert anchor is not None
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - fit.box[1]
    x0, y0, x1, y1 = box(anchor, traditional_render.UNIT)
    region = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    crops = {f.crop(region).tobytes() for f in frames[2:]}
    assert len(crops) == 1
    assert frames[0].crop(region).tobytes() not in crops  # the board was empty there
