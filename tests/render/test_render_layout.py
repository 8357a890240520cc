"""Layouts: tiles never overlap, neighbours show matching numbers, wide lines wrap."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.carousel import CarouselGame
from engine.traditional import TraditionalGame
from render import layout
from render.games import carousel as carousel_render
from render.games import traditional as traditional_render
from render.games.traditional import full_line_view, long_traditional_record
from render.layout import Link, lay_chain
from render.samples import PLAYERS, autoplay, replayed


def boxes(placed, unit):
    return [(p.x, p.y, p.x + p.size(unit)[0], p.y + p.size(unit)[1]) for p in placed]


def assert_apart(rects):
    for a, b in itertools.combinations(rects, 2):
        overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0
        assert not overlap, (a, b)


@pytest.mark.parametrize("view", [full_line_view(),
                                  replayed(long_traditional_record(), 10**6).view(None)])
def test_the_line_snakes_without_overlaps(view):
    chain = traditional_render.lay_line(view)
    assert len(chain.tiles) == len(view.line)
    assert_apart(boxes(chain.tiles, traditional_render.UNIT))
    rows = {p.y + p.size(traditional_render.UNIT)[1] // 2 for p in chain.tiles}
    assert len(rows) > 1  # it wrapped
    width = max(b[2] for b in boxes(chain.tiles, traditional_render.UNIT))
    assert width <= 1600 - 2 * 20


def test_numbers_touch_their_match_along_a_strip():
    links = [Link(p.tile, p.left, p.right) for p in full_line_view().line]
    chain = lay_chain(links, origin=(0, 0), d=(1, 0), n=(0, 1), start=0, near=0, far=500,
                      unit=40, gap=4, pitch=100, label=20)
    for p, link in zip(chain.tiles, links, strict=True):
        assert {p.a, p.b} == {link.inner, link.outer}
        if link.inner != link.outer:
            left_to_right = round((p.y + p.size(40)[1] / 2) / 100) % 2 == 0
            assert (p.a, p.b) == ((link.inner, link.outer) if left_to_right
                                  else (link.outer, link.inner))
    assert len(chain.joints) == len({p.y for p in chain.tiles if not p.vertical}) - 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_carousel_arms_never_meet(seed):
    game = CarouselGame(PLAYERS[:7], seed=seed)
    autoplay(game, seed, hand_only=True, max_moves=10**4)
    # Take the busiest layout of the first hand: replay to one move before the next deal.
    record = game.record()
    for cut in range(len(record["moves"]), 0, -1):
        view = replayed(record, cut).view(None)
        if view.hand_number == 1 and view.spinner is not None:
            break
    chains = carousel_render.lay_arms(view)
    unit = carousel_render.UNIT
    placed = [p for c in chains.values() for p in c.tiles]
    assert len(placed) == sum(len(view.arms[s]) for s in "LRUD")
    spinner = (-unit // 2, -unit, unit // 2, unit)
    assert_apart([*boxes(placed, unit), spinner])


def _cold(lay, view):  # type: ignore[no-untyped-def]
    """`lay(view)` with every remembered chain forgotten first: laid from nothing."""
    for cached in (layout._laid, carousel_render._arm, carousel_render._laying):
        cached.cache_clear()
    return lay(view)


@pytest.mark.parametrize(("game", "lay"), [
    (lambda seed: CarouselGame(PLAYERS[:7], seed=seed), carousel_render.lay_arms),
    (lambda seed: TraditionalGame(PLAYERS[:4], seed=seed), traditional_render.lay_line)],
    ids=["carousel", "traditional"])
def test_a_board_laid_after_every_move_is_the_board_laid_afresh(game, lay):
    # Chains are remembered and grown a tile at a time: what a board laid after each move
    # of two matches (each hand's line laid from nothing again) gets must be what laying
    # it from nothing gets, badges' ends included.
    views = []
    for seed in (3, 4):
        played, rng = game(seed), random.Random(seed)
        while played.to_move is not None:
            played.play(rng.choice(played.legal_moves()))
            views.append(played.view(None))
    views = [v for v in views if getattr(v, "spinner", True) is not None]
    assert len(views) > 40
    warm = [lay(v) for v in views]  # in order, each from the one before
    assert warm == [_cold(lay, v) for v in views]
