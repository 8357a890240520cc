"""The Traditional game's exact endgame (engine.traditional.ai.endgame), against brute force.

Seeded random positions near a hand's end (2-4 players, a stock of 0-2 tiles, some
with `fish_winner = lowest`): the deals enumerated are exactly those a plain
assignment of the unseen tiles finds consistent with the view; the solver's value of
every move equals a plain minimax (no memo, no pruning; a draw the mean over the
tiles it may bring); the move chosen is never worse in mean value than another; the
choice reads only the view; the budget's clock is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

import pytest

from engine.ai.hard import Budget
from engine.rng import SeededRandom
from engine.tiles import Tile
from engine.traditional import TraditionalGame, TraditionalOptions
from engine.traditional.ai.endgame import Solver, choose_exact, deals
from engine.traditional.ai.rollout import DRAW, Round, move_of
from engine.traditional.ai.search import choose_hard
from engine.traditional.hidden import Sampler
from engine.traditional.view import TraditionalView

OPTIONS = (TraditionalOptions(), TraditionalOptions(hand_size=5, fish_winner="lowest"))
BIG = Budget(playouts=2000, seconds=600.0)


def positions(players: int, options: TraditionalOptions, seeds: range,
              held: int) -> Iterator[TraditionalView]:
    """Seeded games played at random until at most `held` tiles are in the hands and 2
    in the stock, at a choice of the seat to move (a seed that never gets there: none)."""
    for seed in seeds:
        game = TraditionalGame([f"P{i}" for i in range(players)], options, seed=seed)
        rng = SeededRandom(seed)
        while game.to_move is not None:
            view = game.view(game.to_move)
            if (sum(view.hand_sizes) <= held and view.stock_size <= 2
                    and len(view.legal_moves) > 1):
                yield view
                break
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])


def brute(game: Round, me: int) -> float:
    """`me`'s paranoid value by plain minimax; a draw: the mean over the stock's tiles."""
    if game.turn < 0:
        return 1.0 if game.winner == me else 0.0
    moves = game.legal_moves()
    if moves == [DRAW]:
        rest = list(game.stock[game.pos:])
        values = []
        for i, tile in enumerate(rest):
            child = game.copy()
            child.stock, child.pos = [tile, *rest[:i], *rest[i + 1:]], 0
            child.play(DRAW)
            values.append(brute(child, me))
        return sum(values) / len(values)
    values = []
    for move in moves:
        child = game.copy()
        child.play(move)
        values.append(brute(child, me))
    return max(values) if game.turn == me else min(values)


Canon = tuple[tuple[frozenset[Tile], ...], frozenset[Tile]]


def plain_deals(view: TraditionalView) -> set[Canon]:
    """Every assignment of the unseen tiles to the other hands (at their sizes) and the
    stock that the sampler's lacks allow, tile by tile."""
    sampler = Sampler(view)
    seats = [s for s in range(len(view.players)) if s != view.seat]
    found: set[Canon] = set()
    for labels in product([*seats, -1], repeat=len(sampler.unseen)):
        if any(labels.count(s) != view.hand_sizes[s] for s in seats):
            continue
        if labels.count(-1) != view.stock_size:
            continue
        if all(s < 0 or sampler.lacks[s].allows(t) for t, s in zip(sampler.unseen, labels,
                                                                      strict=True)):
            hands = tuple(frozenset(view.hand or ()) if s == view.seat else
                          frozenset(t for t, x in zip(sampler.unseen, labels, strict=True)
                                    if x == s) for s in range(len(view.players)))
            found.add((hands, frozenset(t for t, x in zip(sampler.unseen, labels, strict=True)
                                        if x < 0)))
    return found


def cases() -> Iterator[TraditionalView]:
    for players, held in ((2, 8), (3, 8), (4, 9)):
        for options in OPTIONS:
            yield from positions(players, options, range(10), held)


CASES = list(cases())


def test_the_cases_cover_what_they_should() -> None:
    assert len(CASES) >= 20
    assert {len(v.players) for v in CASES} == {2, 3, 4}
    assert {v.stock_size for v in CASES} >= {0, 1, 2}


def test_the_deals_are_every_consistent_assignment_once() -> None:
    for view in CASES:
        listed = [(tuple(frozenset(h) for h in hands), frozenset(stock))
                  for hands, stock in deals(Sampler(view))]
        assert len(listed) == len(set(listed))
        assert set(listed) == plain_deals(view)


def test_the_solver_values_equal_plain_minimax_and_the_choice_is_best() -> None:
    for view in CASES:
        sampler = Sampler(view)
        me = view.seat
        assert me is not None
        solver = Solver(me, sampler.options)  # one memo for every deal and move
        roots = [move_of(m) for m in view.legal_moves]
        means = [0.0] * len(roots)
        dealt = list(deals(sampler))
        for hands, stock in dealt:
            base = Round.of_view(view, hands, stock, sampler.options)
            for k, move in enumerate(roots):
                game = base.copy()
                game.play(move)
                exact = brute(game, me)
                assert solver.value(game.copy()) == pytest.approx(exact)
                means[k] += exact / len(dealt)
        best = choose_exact(view, sampler, BIG, SeededRandom(3))[0]
        assert best is not None
        assert all(means[k] == pytest.approx(max(means)) for k in best)
        assert all(means[k] < max(means) - 1e-9 for k in range(len(roots)) if k not in best) \
            or means[best[0]] == pytest.approx(1.0)


def test_the_choice_reads_only_the_view() -> None:
    checked = 0
    for view in CASES[::2]:
        chosen = choose_hard(view, SeededRandom(9), BIG)
        sampler = Sampler(view)
        for k in range(3):  # the hidden tiles dealt again, consistently with the view
            other = sampler.sample(SeededRandom(100 + k))
            twin = other.view(view.to_move)
            assert twin.hand == view.hand and twin.legal_moves == view.legal_moves
            assert twin.hand_sizes == view.hand_sizes and twin.history == view.history
            assert choose_hard(twin, SeededRandom(9), BIG) == chosen
            checked += 1
    assert checked >= 30


def ticking(step: float) -> tuple[Callable[[], float], list[float]]:
    """A virtual clock that moves on `step` a reading, and its readings."""
    readings: list[float] = []

    def clock() -> float:
        readings.append(len(readings) * step)
        return readings[-1]

    return clock, readings


def test_the_clock_is_kept() -> None:
    # A 4-player position with many deals: a few clock readings are the whole budget.
    view = next(v for v in positions(4, OPTIONS[0], range(40), 11) if v.stock_size == 0)
    sampler = Sampler(view)
    assert len(list(deals(sampler))) > 20
    clock, readings = ticking(1.0)
    budget = Budget(playouts=600, seconds=4.0, clock=clock)
    assert choose_exact(view, sampler, budget, SeededRandom(1))[0] is not None
    assert readings[-1] == readings[0] + budget.seconds  # it stopped at the deadline
    clock, untimed = ticking(0.0)
    assert choose_exact(view, sampler, Budget(playouts=600, seconds=1.0, clock=clock),
                        SeededRandom(1))[0] is not None
    assert len(untimed) > len(readings)  # the deadline cut the work short
    for seconds in (1.0, 4.0, 30.0):
        clock, readings = ticking(1.0)
        move = choose_hard(view, SeededRandom(1), Budget(playouts=600, seconds=seconds,
                                                         clock=clock))
        assert move in view.legal_moves
        # Past the deadline: choose_hard's reading, the halving's start and one root.
        assert readings[-1] - readings[0] <= seconds + 3
    # A position too big for the solver: not one reading of the clock more than before.
    view = next(v for v in positions(4, OPTIONS[0], range(1), 28))
    clock, readings = ticking(1.0)
    assert choose_exact(view, Sampler(view), Budget(clock=clock), SeededRandom(1)) == (None,
                                                                                      None)
    assert readings == []


def test_the_endgame_works_as_at_600_playouts_whatever_the_sampling_budget() -> None:
    # A position the solver takes on at 2,400 playouts (more deals x moves than 600
    # allow) is left to the sampling at a sampling budget of 2,400: the solver's work
    # is bounded as at 600 (EXACT_PLAYOUTS), so its time does not grow with the playouts.
    def solvable(view: TraditionalView, playouts: int) -> bool:
        budget = Budget(playouts=playouts, seconds=600.0)
        return choose_exact(view, Sampler(view), budget, SeededRandom(1))[1] is not None

    view = next(positions(3, OPTIONS[0], range(204, 205), 14))  # found by a scan of seeds
    assert solvable(view, 2400) and not solvable(view, 600)
    used: list[str] = []
    choose_hard(view, SeededRandom(1), Budget(playouts=2400, seconds=600.0), used=used)
    assert used == ["sampled"]
