"""bench/rewards.py, the Carousel searches rewarded otherwise than the shipped one
(issue 27's measures of what each part of the reward is worth): the selfish round's
seats' own points must add up to their pair's and a partner's points must count for
nothing; the match's chance must sum to 1 over the sides and favour the side nearer
the target, more so near the end; the mean gain must read every other side; every
variant must play legal moves."""

from __future__ import annotations

import pytest

from bench.rewards import REWARDS, SelfishRound, choose_rewarded, match_chance, mean_gain
from engine.ai.hard import Budget
from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.ai.playout import finish
from engine.carousel.ai.rollout import Round
from engine.rng import SeededRandom


def test_own_points_add_up_to_the_pairs() -> None:
    options = CarouselOptions(pairs=True, target=25)
    scored = 0
    for seed in range(60):
        game = CarouselGame(["A", "B", "C", "D"], options, seed=seed)
        base = Round.of_game(game)
        played = SelfishRound.of(base.copy())
        finish(played, SeededRandom(seed))
        for side in (0, 1):
            gain = played.scores[side] - base.scores[side]
            assert played.own[side] + played.own[side + 2] == gain
            scored += gain
        for seat in range(4):  # the partner's points count for nothing
            pair = Round.reward(played, seat, base.scores)
            if played.won < 0 and played.own[(seat + 2) % 4] > 0:
                assert played.reward(seat, base.scores) < pair
            elif played.own[(seat + 2) % 4] == 0:
                assert played.reward(seat, base.scores) == pair
    assert scored > 0  # the hands did score


def _round(scores: list[int]) -> Round:
    game = Round.of_game(CarouselGame(["A", "B", "C", "D"], seed=1))
    game.scores = scores
    return game


def test_the_match_chance_favours_the_side_nearer_the_target_more_near_the_end() -> None:
    even = [match_chance(_round([0, 0, 0, 0]), seat) for seat in range(4)]
    assert even == pytest.approx([0.25] * 4)
    early = [match_chance(_round([10, 0, 0, 0]), seat) for seat in range(4)]
    late = [match_chance(_round([58, 48, 48, 48]), seat) for seat in range(4)]
    for chances in (early, late):
        assert sum(chances) == pytest.approx(1.0)
        assert chances[0] > 0.25 > chances[1] == pytest.approx(chances[3])
    assert late[0] > early[0]  # the same 10 points' lead counts for more near 61
    won = _round([61, 48, 48, 48])
    won.won = 0
    assert [match_chance(won, seat) for seat in range(4)] == [1.0, 0.0, 0.0, 0.0]


def test_the_mean_gain_reads_every_other_side() -> None:
    before = [0, 0, 0, 0]
    # The best other side's gain is 6 in both; only the mean tells them apart.
    assert mean_gain(_round([6, 6, 0, 0]), 0, before) > mean_gain(_round([6, 6, 6, 0]), 0,
                                                                   before)
    assert mean_gain(_round([6, 6, 6, 6]), 0, before) == 0.5


@pytest.mark.parametrize("level", sorted(REWARDS))
def test_every_variant_plays_a_legal_move(level: str) -> None:
    pairs = level == "hardselfish"
    game = CarouselGame(["A", "B", "C", "D"], CarouselOptions(pairs=pairs), seed=3)
    for _ in range(12):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        move = choose_rewarded(level, view, SeededRandom(seat),
                               Budget(playouts=40, seconds=5.0))
        assert move in view.legal_moves
        game.play(move)
