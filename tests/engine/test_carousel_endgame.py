"""The Carousel's exact endgame (engine.carousel.ai.endgame), against brute force.

Seeded random positions near a hand's end (2 and 3 players, pairs; a stock of 0-2
tiles; with `must_play` off a draw is a choice, with `keep_in_stock` some stock is never
drawn, a low target wins the match mid-hand): the solver's value of every move in every
consistent deal equals a plain minimax (no memo, no pruning; a draw the mean over the
tiles it may bring; the end rewarded as `Round.reward`); the moves chosen are those of
best mean value; the choice reads only the view; the budget's clock is kept; a move
that wins the match at once is found where the play scoring most overshoots the target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from engine.ai.exact import played
from engine.ai.hard import Budget
from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.ai.endgame import Solver, choose_exact
from engine.carousel.ai.rollout import DRAW, Round, move_of
from engine.carousel.ai.search import choose_hard
from engine.carousel.hidden import Sampler
from engine.carousel.tables import points
from engine.carousel.view import CarouselView
from engine.hidden import deals
from engine.rng import SeededRandom

BIG = Budget(playouts=4000, seconds=600.0)
OPTIONS = (CarouselOptions(), CarouselOptions(hand_size=4, must_play=False),
           CarouselOptions(hand_size=5, keep_in_stock=True, target=21),
           CarouselOptions(pairs=True, target=25))


def positions(players: int, options: CarouselOptions, seeds: range,
              held: int) -> Iterator[CarouselView]:
    """Seeded games played at random until at most `held` tiles are in the hands and
    the stock together (2 at most in the stock), at a choice of the seat to move, after
    the opening (a seed whose first hand never gets there: none)."""
    for seed in seeds:
        game = CarouselGame([f"P{i}" for i in range(players)], options, seed=seed)
        rng = SeededRandom(seed)
        while game.to_move is not None and game.hand_number == 1:
            view = game.view(game.to_move)
            if (view.spinner is not None and sum(view.hand_sizes) + view.stock_size <= held
                    and view.stock_size <= 2 and len(view.legal_moves) > 1):
                yield view
                break
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])


def brute(game: Round, me: int, before: list[int]) -> float:
    """`me`'s paranoid value by plain minimax; a draw: the mean over the stock's tiles."""
    if game.turn < 0:
        return game.reward(me, before)
    values = [drawn(game, me, before) if move == DRAW else brute(played(game, move), me,
                                                                    before)
              for move in game.legal_moves()]
    return max(values) if game.turn == me else min(values)


def drawn(game: Round, me: int, before: list[int]) -> float:
    rest = list(game.stock[game.pos:])
    values = []
    for i, tile in enumerate(rest):
        child = game.copy()
        child.stock = [*game.stock[:game.pos], tile, *rest[:i], *rest[i + 1:]]
        child.play(DRAW)
        values.append(brute(child, me, before))
    return sum(values) / len(values)


def cases() -> Iterator[CarouselView]:
    for players, options, held in ((2, OPTIONS[0], 7), (2, OPTIONS[1], 7),
                                   (2, OPTIONS[2], 7), (3, OPTIONS[1], 7),
                                   (4, OPTIONS[3], 8)):
        yield from positions(players, options, range(30), held)


CASES = list(cases())


def sides(view: CarouselView) -> int:
    return 2 if view.options.pairs else len(view.players)


def test_the_cases_cover_what_they_should() -> None:
    assert len(CASES) >= 30
    assert {len(v.players) for v in CASES} == {2, 3, 4}
    assert {v.stock_size for v in CASES} >= {0, 1, 2}
    assert any(DRAW in [move_of(m) for m in v.legal_moves] for v in CASES)  # a choice


def test_the_solver_values_equal_plain_minimax_and_the_choice_is_best() -> None:
    for view in CASES:
        sampler = Sampler(view)
        me = view.seat
        assert me is not None
        before = list(view.scores[:sides(view)])
        solver = Solver(me, before)  # one memo for every deal and move
        roots = [move_of(m) for m in view.legal_moves]
        means = [0.0] * len(roots)
        dealt = list(deals(sampler))
        for hands, stock in dealt:
            base = Round.of_view(view, hands, stock, sampler.options)
            for k, move in enumerate(roots):
                exact = drawn(base, me, before) if move == DRAW else brute(
                    played(base, move), me, before)
                assert solver.root(base, move) == pytest.approx(exact)
                means[k] += exact / len(dealt)
        best = choose_exact(view, sampler, BIG, SeededRandom(3), sides=3)[0]
        assert best is not None
        assert all(means[k] == pytest.approx(max(means)) for k in best)
        assert all(means[k] < max(means) - 1e-9 for k in range(len(roots)) if k not in best) \
            or means[best[0]] == pytest.approx(1.0)


def test_it_applies_to_two_sides_only_unless_told() -> None:
    three = [v for v in CASES if sides(v) == 3]
    assert three
    for view in three:
        assert choose_exact(view, Sampler(view), BIG, SeededRandom(1)) == (None, None)
    two = [v for v in CASES if sides(v) == 2]
    assert all(choose_exact(v, Sampler(v), BIG, SeededRandom(1))[0] for v in two)


def test_the_choice_reads_only_the_view() -> None:
    checked = 0
    for view in CASES[::3]:
        if sides(view) > 2:
            continue
        used: list[str] = []
        chosen = choose_hard(view, SeededRandom(9), BIG, used=used)
        assert used[0] in ("exact", "tied")
        sampler = Sampler(view)
        for k in range(2):  # the hidden tiles dealt again, consistently with the view
            other = sampler.sample(SeededRandom(100 + k))
            twin = other.view(view.to_move)
            assert twin.hand == view.hand and twin.legal_moves == view.legal_moves
            assert twin.hand_sizes == view.hand_sizes and twin.history == view.history
            assert choose_hard(twin, SeededRandom(9), BIG) == chosen
            checked += 1
    assert checked >= 20


def ticking(step: float) -> tuple[Callable[[], float], list[float]]:
    """A virtual clock that moves on `step` a reading, and its readings."""
    readings: list[float] = []

    def clock() -> float:
        readings.append(len(readings) * step)
        return readings[-1]

    return clock, readings


def test_the_clock_is_kept() -> None:
    # Pairs with many deals: a few clock readings are the whole budget.
    view = next(v for v in positions(4, CarouselOptions(pairs=True), range(40), 9)
                if len(list(deals(Sampler(v)))) > 20)
    sampler = Sampler(view)
    clock, readings = ticking(1.0)
    budget = Budget(playouts=2400, seconds=4.0, clock=clock)
    assert choose_exact(view, sampler, budget, SeededRandom(1))[0] is not None
    assert readings[-1] == readings[0] + budget.seconds  # it stopped at the deadline
    clock, untimed = ticking(0.0)
    assert choose_exact(view, sampler, Budget(playouts=2400, seconds=1.0, clock=clock),
                        SeededRandom(1))[0] is not None
    assert len(untimed) > len(readings)  # the deadline cut the work short
    for seconds in (1.0, 4.0, 30.0):
        clock, readings = ticking(1.0)
        move = choose_hard(view, SeededRandom(1), Budget(playouts=2400, seconds=seconds,
                                                         clock=clock))
        assert move in view.legal_moves
        # Past the deadline: choose_hard's reading, the halving's start and one root.
        assert readings[-1] - readings[0] <= seconds + 3
    # A position too big for the solver: not one reading of the clock more than before.
    view = next(v for v in positions(4, CarouselOptions(pairs=True), range(1), 24))
    clock, readings = ticking(1.0)
    assert choose_exact(view, Sampler(view), Budget(clock=clock), SeededRandom(1)) == (None,
                                                                                      None)
    assert readings == []


def scored(view: CarouselView) -> list[int]:
    """For each legal move: the points it scores at once (hidden tiles play no part)."""
    hands, stock = Sampler(view).deal(SeededRandom(0))
    base = Round.of_view(view, hands, stock, view.options)
    return [points(base.after(move_of(m))) if m.tile is not None else 0
            for m in view.legal_moves]


def test_a_win_in_one_is_found() -> None:
    # The seat's score set so that a small play reaches the target exactly while the
    # play scoring most overshoots it, and is refused (exact_finish). Another move may
    # win in every deal later, but only if the seat guesses the deal right: the
    # win at once is the sure one.
    found = 0
    for view in positions(2, CarouselOptions(), range(300), 10):
        gains = scored(view)
        small = min((g for g in gains if g), default=0)
        if not small or max(gains) == small:
            continue
        scores = [10, 10]
        scores[view.seat or 0] = 61 - small
        near = replace(view, scores=tuple(scores))
        used: list[str] = []
        move = choose_hard(near, SeededRandom(1), Budget(playouts=600), used=used)
        assert used == ["exact"] and gains[view.legal_moves.index(move)] == small
        found += 1
    assert found >= 3
