"""engine/review/stored.py: a review as figures and back, its version checked."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.ai import choose
from engine.review import ClockReview, Review, review
from engine.review.stored import from_figures, to_figures
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame


def test_a_review_read_back_from_its_figures_is_the_same_review() -> None:
    game = TraditionalGame(["A", "B"], seed=3)
    rng = SeededRandom(3)
    while (seat := game.to_move) is not None:
        game.play(str(choose("normal", game.view(seat), rng)))
    result = review(game.record(), seed=1, budget=16)
    assert result.decisions
    figures = json.loads(json.dumps(to_figures(result)))
    back = from_figures(figures)
    assert to_figures(back) == figures
    assert [(d.ply, d.seat, d.played, d.best, d.grade) for d in back.decisions] == \
        [(d.ply, d.seat, d.played, d.best, d.grade) for d in result.decisions]
    assert (back.turning_point, back.costliest, back.winners) == \
        (result.turning_point, result.costliest, result.winners)
    assert back.decisions[0].loss == pytest.approx(result.decisions[0].loss, abs=0.005)


def test_a_clock_review_and_another_version() -> None:
    clock = ClockReview(False, 40, "place 3", True, True, 1200, ())
    result = replace(Review("clock", 1, 128, (), None, ((),), ()), clock=clock)
    figures = to_figures(result)
    assert from_figures(figures).clock == clock
    with pytest.raises(ValueError, match="version"):
        from_figures({**figures, "version": 99})
    with pytest.raises(ValueError, match="malformed"):
        from_figures({"version": 1})
