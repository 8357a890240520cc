"""Successive halving (`engine.ai.allocate`): it spends exactly its playouts, keeps to its
time under a virtual clock, finds the best move and is deterministic for a seed."""

from __future__ import annotations

import pytest

from engine.ai import Budget, choose
from engine.ai.allocate import OutOfTime, halving
from engine.carousel import CarouselGame
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame


def noisy(means: list[float], calls: list[int] | None = None):
    """An `evaluate` whose move k is worth 1 with probability means[k] (the root ignored)."""

    def evaluate(root: int, k: int, rng: SeededRandom) -> float:
        if calls is not None:
            calls.append(k)
        return 1.0 if rng.below(1000) < 1000 * means[k] else 0.0

    return evaluate


def roots(rng: SeededRandom) -> int:
    return rng.below(100)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 7, 8, 9, 16, 23])
@pytest.mark.parametrize("playouts", [1, 2, 7, 25, 100, 199, 600])
def test_it_spends_exactly_the_budgets_playouts(count, playouts):
    calls: list[int] = []
    spent: list[int] = []
    means = [0.1 * (k % 7) for k in range(count)]
    choice = halving(count, roots, noisy(means, calls), SeededRandom(count), Budget(
        playouts=playouts, seconds=1e9), spent=spent)
    assert 0 <= choice < count
    assert len(calls) == spent[0] == max(playouts, count)
    assert set(calls) == set(range(count))  # every move is tried at least once


def test_the_close_moves_get_most_of_the_playouts():
    calls: list[int] = []
    means = [0.1, 0.2, 0.55, 0.6, 0.15, 0.1, 0.05, 0.3]
    choice = halving(8, roots, noisy(means, calls), SeededRandom(1), Budget(playouts=600))
    assert choice == 3
    assert calls.count(3) > 3 * calls.count(6)  # a hopeless move is dropped early


def test_it_finds_the_best_move_more_often_than_a_flat_split():
    means = [0.40, 0.45, 0.50, 0.52, 0.30, 0.35, 0.44, 0.48, 0.38, 0.20]
    right = sum(halving(len(means), roots, noisy(means), SeededRandom(seed),
                        Budget(playouts=400)) == 3 for seed in range(200))
    flat = 0
    for seed in range(200):  # the same 400 playouts, 40 for each move
        rng = SeededRandom(seed)
        totals = [sum(noisy(means)(0, k, rng) for _ in range(40)) for k in range(len(means))]
        flat += max(range(len(means)), key=lambda k: (totals[k], -k)) == 3
    assert right > flat


class Ticks:
    """A virtual clock: each reading is `step` seconds after the one before."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_it_keeps_to_its_time_under_a_virtual_clock():
    calls: list[int] = []
    spent: list[int] = []
    clock = Ticks(0.25)  # a quarter of a second a root
    budget = Budget(playouts=10**6, seconds=1.0, clock=clock)
    choice = halving(5, roots, noisy([0.1, 0.9, 0.2, 0.3, 0.4], calls), SeededRandom(2),
                     budget, spent=spent)
    assert choice == 1  # the best so far
    assert len(calls) == spent[0] == 5 * 4  # four roots of five moves, then the clock
    assert clock.now == 1.25


def test_the_first_root_is_always_evaluated():
    calls: list[int] = []
    budget = Budget(playouts=100, seconds=1e-9, clock=Ticks(1.0))
    halving(4, roots, noisy([0.5] * 4, calls), SeededRandom(0), budget)
    assert sorted(calls) == [0, 1, 2, 3]


def test_a_root_cut_by_the_time_cap_is_dropped_and_the_best_so_far_chosen():
    # Move 2 wins every root; the evaluation of the fourth root's third move runs out of
    # time, so that root counts for no move, and the search ends at once.
    calls: list[int] = []

    def evaluate(root: int, k: int, rng: SeededRandom) -> float:
        calls.append(k)
        if len(calls) == 3 * 5 + 3:
            raise OutOfTime
        return 1.0 if k == 2 else 0.0

    spent: list[int] = []
    assert halving(5, roots, evaluate, SeededRandom(3), Budget(playouts=10**6),
                   spent=spent) == 2
    assert spent == [3 * 5] and len(calls) == 3 * 5 + 3


def test_without_a_finished_root_the_first_move_is_chosen():
    def evaluate(root: int, k: int, rng: SeededRandom) -> float:
        if k == 1:
            raise OutOfTime
        return 1.0 if k == 3 else 0.0

    spent: list[int] = []
    assert halving(4, roots, evaluate, SeededRandom(0), Budget(playouts=100),
                   spent=spent) == 0
    assert spent == [0]


def test_it_is_deterministic_for_a_seed():
    means = [0.5, 0.52, 0.49, 0.51, 0.5]
    picks = {halving(5, roots, noisy(means), SeededRandom(7), Budget(playouts=90))
             for _ in range(3)}
    assert len(picks) == 1


def test_one_move_needs_no_search_and_none_is_refused():
    assert halving(1, roots, noisy([0.5]), SeededRandom(0), Budget()) == 0
    with pytest.raises(ValueError):
        halving(0, roots, noisy([]), SeededRandom(0), Budget())


def test_the_hard_level_stops_on_its_virtual_clock():
    game = TraditionalGame(["A", "B", "C", "D"], seed=3)
    rng = SeededRandom(3)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    seat = game.to_move
    assert seat is not None
    clock = Ticks(0.25)
    choose("hard", game.view(seat), rng, Budget(playouts=10**9, seconds=1.0, clock=clock))
    assert clock.now == 1.25  # the start, then four roots


def test_the_carousel_hard_level_on_its_kernel_stops_on_its_virtual_clock():
    # The tables' budget (2,400 playouts) would take far longer than these readings.
    game = CarouselGame(["A", "B", "C", "D"], seed=5)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    seat = game.to_move
    assert seat is not None
    clock = Ticks(0.25)
    move = choose("hard", game.view(seat), SeededRandom(5),
                  Budget(playouts=10**9, seconds=1.0, clock=clock))
    assert move in game.legal_moves()
    assert 1.0 <= clock.now <= 1.0 + 0.25 * len(game.legal_moves())  # one round past it
