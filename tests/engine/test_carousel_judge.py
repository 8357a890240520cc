"""The Carousel hard search's judge plays for the pair: in a pairs match a partner's
points are the seat's own, and the opponents' count against both partners."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.ai.policy import JUDGE
from engine.rng import SeededRandom

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def scoring_moves(pairs: bool) -> Iterator[tuple[CarouselGame, int, Any]]:
    """(game, seat, mark before the move) after each random move that scored without
    ending the first hand, over 40 seeded 4-player hands."""
    for seed in range(40):
        game = CarouselGame(NAMES, CarouselOptions(pairs=pairs), seed=seed)
        rng = SeededRandom(seed)
        while game.outcome() is None and not game.results:
            seat = game.to_move
            mark = JUDGE.mark(game)
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
            if game.outcome() is not None or game.results:
                break
            if game.side_scores != mark[1]:
                yield game, seat, mark


def test_a_partners_points_are_worth_as_much_as_ones_own_in_pairs() -> None:
    scored_by: set[int] = set()
    for game, seat, mark in scoring_moves(pairs=True):
        scored_by.add(seat)
        partner, opponent = (seat + 2) % 4, (seat + 1) % 4
        # The scorer and the partner value the points alike; the other pair loses them.
        assert JUDGE.reward(game, partner, mark) == JUDGE.reward(game, seat, mark) > 0.5
        assert JUDGE.reward(game, opponent, mark) < 0.5
    assert scored_by == {0, 1, 2, 3}


def test_without_pairs_each_seat_plays_for_itself() -> None:
    checked = 0
    for game, seat, mark in scoring_moves(pairs=False):
        checked += 1
        assert JUDGE.reward(game, seat, mark) > 0.5
        assert JUDGE.reward(game, (seat + 2) % 4, mark) < 0.5
    assert checked > 10
