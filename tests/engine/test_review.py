"""The computer's review (engine/review, docs/review.md): planted blunders flagged, forced
moves never judged, verdicts from the seat's view only, determinism by seed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import choose
from engine.carousel import CarouselGame, CarouselOptions
from engine.game import Game
from engine.mexican import MexicanGame, MexicanOptions
from engine.records import new_game
from engine.registry import game_spec
from engine.review import START_SAMPLES, Grade, review, rules_of
from engine.review.core import costliest, turning_point
from engine.review.value import Evaluator, sides
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame


def _normal_game(game: Any, seed: int, plant: tuple[int, int] | None = None) -> Any:
    """`game` played to its end by the normal level (at ply `plant[0]` the legal move of
    index `plant[1]` instead)."""
    rng = SeededRandom(seed)
    while (seat := game.to_move) is not None:
        if plant is not None and len(game.moves) == plant[0]:
            game.play(game.legal_moves()[plant[1]])
            continue
        game.play(choose("normal", game.view(seat), rng))
    return game


def _evaluator(game: Game[Any], seed: int, played: int = 0) -> Evaluator:
    seat = game.to_move
    assert seat is not None
    rules = rules_of(game.kind)
    return Evaluator(game.view(seat), game.options, played,  # type: ignore[attr-defined]
                     side_of=sides(len(game.players), False),
                     sign=1.0 if rules.higher_is_better else -1.0, seed=seed)


def _find_plant(seed: int) -> tuple[dict[str, Any], int, float] | None:
    """A two-player Traditional record with a planted move that an independent 128-sample
    valuation puts at least 12 points below the best (a loss the
    review's 128 samples can tell from noise: docs/review.md, noise): (record, ply, its loss)."""
    game = TraditionalGame(["A", "B"], seed=seed)
    rng = SeededRandom(seed)
    while (seat := game.to_move) is not None:
        legal = game.legal_moves()
        if seat == 0 and len(legal) > 1:
            evaluator = _evaluator(game, 99_999 + seed)
            evaluator.add(128)
            means = evaluator.estimate().means
            worst = min(range(len(means)), key=lambda k: means[k])
            if max(means) - means[worst] >= 12:
                ply = len(game.moves)
                played = TraditionalGame(["A", "B"], seed=seed)
                return (_normal_game(played, seed, (ply, worst)).record(), ply,
                        max(means) - means[worst])
        game.play(str(choose("normal", game.view(seat), rng)))
    return None


def test_a_planted_blunder_is_flagged() -> None:
    flagged = 0
    plants = [p for p in map(_find_plant, range(1, 8)) if p is not None][:3]
    assert len(plants) == 3
    for record, ply, _ in plants:
        result = review(record, seed=7, seats={0})
        decision = result.decision_at(ply)
        assert decision is not None and decision.seat == 0
        assert decision.played == record["moves"][ply] and decision.best != decision.played
        flagged += decision.grade is not Grade.GOOD
        assert decision.loss > 2 * decision.stderr or decision.samples == 128
        assert ply in result.costliest[0] or decision.grade is Grade.GOOD
    assert flagged == 3


def test_a_forced_move_is_never_judged() -> None:
    # Three players with a stock: draws and passes come up, and lone plays.
    record = _normal_game(TraditionalGame(["A", "B", "C"], seed=11), 11).record()
    result = review(record, seed=1, budget=START_SAMPLES)
    game = new_game(record)
    choices = set()
    lone = 0
    for ply, text in enumerate(record["moves"]):
        legal = game.legal_moves()
        if len(legal) > 1:
            choices.add(ply)
        else:
            lone += 1
        game.play(text)
    assert lone > 0
    assert {d.ply for d in result.decisions} == choices
    assert all(d.candidates > 1 and d.samples == START_SAMPLES for d in result.decisions)
    assert all(d.played not in ("draw", "pass") for d in result.decisions)


@pytest.mark.parametrize("kind", ["traditional", "mexican", "carousel"])
def test_the_verdict_reads_only_the_seats_view(kind: str) -> None:
    # The hidden tiles of the other seats dealt again, consistently with the seat's view
    # (the game's own sampler): the same estimate, to the last digit.
    if kind == "traditional":
        game: Game[Any] = TraditionalGame(["A", "B", "C"], seed=5)
    elif kind == "mexican":
        game = MexicanGame(["A", "B", "C", "D"], MexicanOptions(rounds=1, set=9), seed=5)
    else:
        game = CarouselGame(["A", "B", "C", "D"], CarouselOptions(pairs=True), seed=5)
    rng = SeededRandom(5)
    checked = 0
    while checked < 2 and game.to_move is not None:
        seat = game.to_move
        if len(game.legal_moves()) > 1 and len(game.moves) > 2:
            view = game.view(seat)
            other = game_spec(kind).sampler(view).sample(SeededRandom(checked + 50))
            assert other.view(seat) == view
            hidden = [game.view(s).hand for s in range(len(game.players)) if s != seat]
            assert hidden != [other.view(s).hand for s in range(len(game.players))
                              if s != seat]
            first, second = _evaluator(game, 3), _evaluator(other, 3)
            first.add(4)
            second.add(4)
            assert first.estimate() == second.estimate()
            checked += 1
        game.play(choose("normal", game.view(seat), rng))
    assert checked == 2


def test_the_same_seed_gives_the_same_review_and_another_seed_other_samples() -> None:
    record = _normal_game(TraditionalGame(["A", "B"], seed=21), 21).record()
    first, again = review(record, seed=4, budget=32), review(record, seed=4, budget=32)
    assert first == again
    other = review(record, seed=5, budget=32)
    assert [d.ply for d in other.decisions] == [d.ply for d in first.decisions]
    assert [d.value_played for d in other.decisions] != [d.value_played for d in first.decisions]


def test_mexican_counts_fewer_points_as_better_and_reviews_a_round() -> None:
    record = _normal_game(MexicanGame(["A", "B", "C", "D"], MexicanOptions(rounds=1, set=9),
                                      seed=8), 8).record()
    result = review(record, seed=2, budget=START_SAMPLES)
    assert result.decisions and result.winners
    assert all(d.value_best >= d.value_played and d.loss >= 0 for d in result.decisions)
    # The winner of the round (fewest pips) valued its own position well above the others'.
    winner = result.winners[0]
    mine = [d.value_best for d in result.decisions if d.seat == winner]
    theirs = [d.value_best for d in result.decisions if d.seat != winner]
    assert sum(mine) / len(mine) > sum(theirs) / len(theirs)


def test_grades_need_the_threshold_and_two_standard_errors() -> None:
    rules = rules_of("traditional")
    assert rules.grade(rules.inaccuracy, 0.1) is Grade.INACCURACY
    assert rules.grade(rules.mistake, 0.1) is Grade.MISTAKE
    assert rules.grade(rules.blunder + 1, 0.1) is Grade.BLUNDER
    assert rules.grade(rules.blunder + 1, (rules.blunder + 1) / 2) is Grade.GOOD
    assert rules.grade(rules.inaccuracy - 0.01, 0.0) is Grade.GOOD
    assert rules.grade(rules.blunder + 1, 0.1, chance_lost=0.0) is Grade.GOOD
    assert rules.grade(rules.blunder + 1, 0.1, chance_lost=0.01) is Grade.BLUNDER
    assert rules.sure(0.0, 0.0) and rules.sure(30.0, 1.0) and not rules.sure(3.0, 1.0)
    with pytest.raises(KeyError):
        rules_of("clock")


def test_turning_point_prefers_the_losers_costliest_move() -> None:
    record = _normal_game(TraditionalGame(["A", "B"], seed=21), 21).record()
    result = review(record, seed=4, budget=32)
    decisions = list(result.decisions)
    losers = [d for d in decisions if d.seat not in result.winners]
    if any(d.loss > 0 for d in losers):
        assert result.turning_point == max(losers, key=lambda d: (d.loss, -d.ply)).ply
    assert turning_point([], (0,), (0, 1)) is None
    assert costliest([], 2) == ((), ())
    assert result.decision_at(-1) is None


def test_bad_requests_are_refused() -> None:
    game = TraditionalGame(["A", "B"], seed=3)
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="finished"):
        review(game.record(), seed=1)
    with pytest.raises(ValueError, match="budget"):
        review(game.record(), seed=1, budget=8)
