"""bench/selfish.py, the Carousel search that does not play for its partner (issue 27's
measure of what playing for the pair is worth): its seats' own points must add up to
their pair's, hand after hand, a partner's points must count for nothing in its
reward, and it must play legal moves."""

from __future__ import annotations

from bench.selfish import SelfishRound, choose_selfish
from engine.ai.hard import Budget
from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.playout import finish
from engine.carousel.rollout import Round
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


def test_selfish_search_plays_a_legal_move() -> None:
    game = CarouselGame(["A", "B", "C", "D"], CarouselOptions(pairs=True), seed=3)
    for _ in range(12):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        move = choose_selfish(view, SeededRandom(seat), Budget(playouts=40, seconds=5.0))
        assert move in view.legal_moves
        game.play(move)
