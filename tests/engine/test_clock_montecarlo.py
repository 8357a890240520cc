"""The hard Big Clock level's playouts (engine.clock.montecarlo): it reads only the view,
keeps its budget, and leaves the planner alone where there is nothing to choose."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.ai.hard import Budget
from engine.clock import ClockGame, ClockOptions
from engine.clock import montecarlo as mc
from engine.clock.hidden import Sampler
from engine.clock.hint import hint_at
from engine.clock.planner import WEIGHTS_BY_SET, Unseen, position_of, to_clock_move
from engine.clock.planner import hard_move as planner_move
from engine.rng import SeededRandom

SMALL = Budget(playouts=24, seconds=600.0, clock=lambda: 0.0)  # never the time cap


class Ticking:
    """A virtual clock: each reading is `tick` seconds after the last."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.readings = 0.0, tick, 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


def choice_points(top: int, seeds: range) -> Iterator[ClockGame]:
    """Games (played by the planner) at positions where the search has a choice."""
    for seed in seeds:
        g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
        while not g.is_over():
            board, drawn, _, unseen = position_of(g.view(0))
            if len(mc.candidates(board, drawn, WEIGHTS_BY_SET[top], Unseen(unseen))) > 2:
                yield g.copy()
            g.play(planner_move(g.view(0), give_up=True))


def test_two_positions_that_look_the_same_get_the_same_move() -> None:
    g = next(choice_points(6, range(20)))
    view = g.view(0)
    one, two = (Sampler(view).sample(SeededRandom(s)) for s in (1, 2))
    assert one.stock[one.stock_pos:] != two.stock[two.stock_pos:]  # the stocks differ
    assert one.view(0) == two.view(0) == view
    moves = [mc.Searcher(WEIGHTS_BY_SET[6]).decide(*position_of(h.view(0)), budget=SMALL)
             for h in (one, two, g)]
    assert moves[0] == moves[1] == moves[2]


def test_the_choice_depends_on_the_position_not_on_what_was_searched_before() -> None:
    # One position from each of three deals (along one game, a plan chosen earlier is
    # followed on: that is remembered, not searched).
    games = [next(choice_points(6, range(seed, 20))) for seed in (0, 5, 10)]
    fresh = [mc.Searcher(WEIGHTS_BY_SET[6]).decide(*position_of(g.view(0)), budget=SMALL)
             for g in games]
    shared = mc.Searcher(WEIGHTS_BY_SET[6])
    assert [shared.decide(*position_of(g.view(0)), budget=SMALL) for g in games] == fresh


@pytest.mark.parametrize("top", [6, 12])
def test_the_playouts_stop_when_the_time_is_up(top: int) -> None:
    g = next(choice_points(top, range(20)))
    board, drawn, _, unseen = position_of(g.view(0))
    options = mc.candidates(board, drawn, WEIGHTS_BY_SET[top], Unseen(unseen))
    spent: list[int] = []
    clock = Ticking(0.3)  # every sampled stock takes 0.3 s of the virtual clock
    k = mc.choose(board, drawn, unseen, options, w=WEIGHTS_BY_SET[top],
                  budget=Budget(playouts=10_000, seconds=1.0, clock=clock), spent=spent)
    assert 0 <= k < len(options)
    # The start (0.3), then a reading after each stock: the fourth (1.5) is 1.2 s on.
    assert clock.readings == 5 and spent == [4 * len(options)]


def test_without_the_time_cap_the_playouts_are_the_budget_s() -> None:
    g = next(choice_points(6, range(20)))
    board, drawn, _, unseen = position_of(g.view(0))
    options = mc.candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen))
    spent: list[int] = []
    mc.choose(board, drawn, unseen, options, w=WEIGHTS_BY_SET[6], budget=SMALL, spent=spent)
    assert spent == [SMALL.playouts]


def test_the_planner_s_choice_comes_first_and_no_choice_means_no_search() -> None:
    for g in [next(choice_points(12, range(seed, seed + 5))) for seed in (0, 7, 14)]:
        view = g.view(0)
        board, drawn, _, unseen = position_of(view)
        options = mc.candidates(board, drawn, WEIGHTS_BY_SET[12], Unseen(unseen))
        first = mc.Searcher(WEIGHTS_BY_SET[12]).base.decide(board, drawn,
                                                                  view.stock_size, unseen)
        path, last = options[0]
        assert first[0] == (last if not path else (3, *path[0]))
    quiet = ClockGame(("Ann",), ClockOptions(6), seed=0)
    board, drawn, _, unseen = position_of(quiet.view(0))
    assert mc.candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen)) == []  # a draw


def test_a_playout_ends_in_a_win_or_a_loss_s_small_credit() -> None:
    for seed in range(5):
        g = ClockGame(("Ann",), ClockOptions(6), seed=seed)
        board, drawn, _, unseen = position_of(g.view(0))
        reward = mc.playout(mc.Policy(WEIGHTS_BY_SET[6]), board, drawn,
                            SeededRandom(seed).shuffled(unseen))
        assert reward == 1.0 or 0.0 <= reward <= mc.HOME_CREDIT


def test_the_hard_hint_searches_with_the_level_s_own_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mc, "DEFAULT_PLAYOUTS", 1)  # the suite turns the search off
    monkeypatch.setattr(mc, "PLAYOUTS_BY_SET", {6: 12})
    monkeypatch.setattr(mc, "_SEARCHERS", {})
    g = next(choice_points(6, range(20)))
    move = hint_at("hard", g)
    assert move in g.legal_moves()
    expected = mc.Searcher(WEIGHTS_BY_SET[6]).decide(
        *position_of(g.view(0)), budget=Budget(playouts=12, seconds=600.0))
    assert move == to_clock_move(expected[0])


def test_a_decision_whose_candidates_took_its_time_is_the_planner_s() -> None:
    g = next(choice_points(6, range(20)))
    position = position_of(g.view(0))
    late = Budget(playouts=10_000, seconds=1.0, clock=Ticking(2.0))  # 2 s a reading
    planner = mc.Searcher(WEIGHTS_BY_SET[6]).base.decide(*position)
    assert mc.Searcher(WEIGHTS_BY_SET[6]).decide(*position, budget=late) == planner
