"""The hard Big Clock level's playouts (engine.clock.ai.montecarlo): it reads only the view,
keeps its budget, and leaves the planner alone where there is nothing to choose."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import islice

import pytest

from engine.ai.allocate import OutOfTime
from engine.ai.hard import Budget
from engine.clock import ClockGame, ClockOptions
from engine.clock.ai import macros
from engine.clock.ai import montecarlo as mc
from engine.clock.ai.hint import hint_at
from engine.clock.ai.macros import candidates
from engine.clock.ai.planner import (
    PLACE,
    WEIGHTS_BY_SET,
    Policy,
    Unseen,
    position_of,
    to_clock_move,
)
from engine.clock.ai.planner import hard_move as planner_move
from engine.clock.ai.policy import POLICIES
from engine.clock.board import HIGH, IS_DOUBLE, accepts, misplaced
from engine.clock.hidden import Sampler
from engine.clock.view import ClockMove
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
            if len(candidates(board, drawn, WEIGHTS_BY_SET[top], Unseen(unseen))) > 2:
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
    options = candidates(board, drawn, WEIGHTS_BY_SET[top], Unseen(unseen))
    spent: list[int] = []
    tick = 1 / 1024  # about a millisecond a reading (exact in binary: no rounding)
    clock = Ticking(tick)
    k = mc.choose(board, drawn, unseen, options, w=WEIGHTS_BY_SET[top],
                  budget=Budget(playouts=10_000, seconds=2.0, clock=clock), spent=spent)
    assert 0 <= k < len(options)
    # The playouts read the clock before each move: the first reading at or past the
    # cap (the start, one tick, + 2 s) stops the search, the stock it was on dropped.
    assert clock.now == tick + 2.0
    assert spent[0] > 0 and spent[0] % len(options) == 0


def test_without_the_time_cap_the_playouts_are_the_budget_s() -> None:
    g = next(choice_points(6, range(20)))
    board, drawn, _, unseen = position_of(g.view(0))
    options = candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen))
    spent: list[int] = []
    mc.choose(board, drawn, unseen, options, w=WEIGHTS_BY_SET[6], budget=SMALL, spent=spent)
    assert spent == [SMALL.playouts]


def test_the_planner_s_choice_comes_first_and_no_choice_means_no_search() -> None:
    for g in [next(choice_points(12, range(seed, seed + 5))) for seed in (0, 7, 14)]:
        view = g.view(0)
        board, drawn, _, unseen = position_of(view)
        options = candidates(board, drawn, WEIGHTS_BY_SET[12], Unseen(unseen))
        first = mc.Searcher(WEIGHTS_BY_SET[12]).base.decide(board, drawn,
                                                                  view.stock_size, unseen)
        path, last = options[0]
        assert first[0] == (last if not path else (3, *path[0]))
    quiet = ClockGame(("Ann",), ClockOptions(6), seed=0)
    board, drawn, _, unseen = position_of(quiet.view(0))
    assert candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen)) == []  # a draw


def test_a_double_that_can_go_home_while_another_lies_misplaced_is_a_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Going home at once (the planner's move) comes first; the others rearrange first,
    # each a legal line in the rules engine that ends with the double home.
    seen = 0
    for seed in range(40):
        g = ClockGame(("Ann",), ClockOptions(6), seed=seed)
        while not g.is_over():
            board, drawn, _, unseen = position_of(g.view(0))
            if (drawn >= 0 and IS_DOUBLE[drawn] and accepts(board, HIGH[drawn], drawn)
                    and misplaced(board)):
                d = HIGH[drawn]
                options = candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen))
                assert options[0] == ((), (PLACE, d))
                for path, last in options[1:]:
                    assert path and last == (PLACE, d)
                    line = g.copy()
                    for a, b in path:
                        line.play(ClockMove.move(a, b))
                    line.play(ClockMove.place(d))
                    assert line.is_home(d)
                seen += len(options) > 1
                with monkeypatch.context() as patched:
                    patched.setattr(macros, "HOME_REARRANGE", False)
                    assert candidates(board, drawn, WEIGHTS_BY_SET[6], Unseen(unseen)) == []
            g.play(planner_move(g.view(0), give_up=True))
    assert seen >= 5


def test_a_playout_ends_in_a_win_or_a_loss_s_small_credit() -> None:
    for seed in range(5):
        g = ClockGame(("Ann",), ClockOptions(6), seed=seed)
        board, drawn, _, unseen = position_of(g.view(0))
        reward = mc.playout(Policy(WEIGHTS_BY_SET[6]), board, drawn,
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


TICK = 1 / 1024


def on_virtual_clock(monkeypatch: pytest.MonkeyPatch, hours: int) -> tuple[Ticking, Budget]:
    """The level's own budget for the set (the Hint's, and the computer player's unless
    it has its own) read on a virtual clock that the playouts would take seconds of;
    the searchers start afresh. Returns the clock and the Hint's budget."""
    clock = Ticking(TICK)
    monkeypatch.setattr(mc, "DEFAULT_PLAYOUTS", 1)  # the suite turns the search off
    budget = mc.default_budget(hours)
    assert budget is not None
    monkeypatch.setattr(mc, "default_budget", lambda hours: replace(budget, clock=clock))
    monkeypatch.setattr(mc, "_SEARCHERS", {})
    return clock, budget


def searched_position(top: int) -> ClockGame:
    """A choice point where the level searches (late enough in the stock for its set)."""
    rules = mc.RULES_BY_SET.get(top, mc.Rules())
    return next(g for g in choice_points(top, range(40))
                if rules.late is None or g.view(0).stock_size <= rules.late)


def test_the_hard_hint_on_double_9_stops_at_the_level_s_time_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The level's own budget (300 playouts, DEFAULT_SECONDS): the Hint answers at the
    # cap, not after the playouts.
    clock, _ = on_virtual_clock(monkeypatch, 9)
    g = searched_position(9)
    move = hint_at("hard", g)
    assert move in g.legal_moves()
    # The decision's first reading (one tick), its cap, and the reading that met it.
    assert clock.now == pytest.approx(TICK + mc.DEFAULT_SECONDS, abs=2 * TICK)


@pytest.mark.parametrize("top", [6, 12])
def test_a_computer_player_thinks_longer_than_the_hint(
        monkeypatch: pytest.MonkeyPatch, top: int) -> None:
    # On double-6 and double-12 the Hint stops at its cap; a computer player at its own,
    # still under a second.
    g = searched_position(top)
    clock, hint_budget = on_virtual_clock(monkeypatch, top)
    assert hint_at("hard", g) in g.legal_moves()
    assert clock.now == pytest.approx(TICK + mc.DEFAULT_SECONDS, abs=2 * TICK)
    clock.now = 0.0
    monkeypatch.setattr(mc, "_SEARCHERS", {})
    player = mc.player_budget(top)
    assert player is not None and mc.DEFAULT_SECONDS < player.seconds < 1.0
    assert player.playouts > hint_budget.playouts
    assert POLICIES["hard"](g.view(0), SeededRandom(0), None, None) in g.legal_moves()
    assert clock.now == pytest.approx(TICK + player.seconds, abs=2 * TICK)


def test_a_decision_whose_candidates_took_its_time_is_the_planner_s() -> None:
    g = next(choice_points(6, range(20)))
    position = position_of(g.view(0))
    late = Budget(playouts=10_000, seconds=1.0, clock=Ticking(2.0))  # 2 s a reading
    planner = mc.Searcher(WEIGHTS_BY_SET[6]).base.decide(*position)
    assert mc.Searcher(WEIGHTS_BY_SET[6]).decide(*position, budget=late) == planner


def _counting(sample_rewards: dict[int, list[float]]) -> tuple[
        Callable[[SeededRandom], list[int]], Callable[[list[int], int], float]]:
    """A sample that numbers the stocks (0, 1, ...) and an evaluation that reads choice
    k's reward on stock i from `sample_rewards[k][i]` (0.0 past its end)."""
    drawn = [0]

    def sample(rng: SeededRandom) -> list[int]:
        drawn[0] += 1
        return [drawn[0] - 1]

    def evaluate(stock: list[int], k: int) -> float:
        rewards = sample_rewards.get(k, [])
        return rewards[stock[0]] if stock[0] < len(rewards) else 0.0

    return sample, evaluate


def test_the_paired_rule_keeps_the_planner_s_choice_when_the_evidence_is_tied() -> None:
    # Every choice wins on the same stocks: no gain, whatever the margin.
    same = [1.0, 0.0, 1.0, 1.0] * 10
    for lead in (0.0, 1.0):
        sample, evaluate = _counting({0: same, 1: same, 2: same})
        assert mc.paired(3, sample, evaluate, SeededRandom(1), SMALL, lead=lead) == 0
    # Choice 2 wins on the two stocks choice 0 loses, and loses on one it wins: a gain of 1.
    better = [1.0, 1.0, 0.0, 1.0, 1.0] + [1.0, 0.0, 1.0, 1.0] * 10
    base = [1.0, 0.0, 1.0, 0.0, 1.0] + [1.0, 0.0, 1.0, 1.0] * 10
    for lead, chosen in [(2.0, 0), (1.0, 2)]:
        sample, evaluate = _counting({0: base, 1: base, 2: better})
        assert mc.paired(3, sample, evaluate, SeededRandom(1), SMALL, lead=lead) == chosen


def test_the_paired_rule_follows_a_clearly_better_choice_and_keeps_its_budget() -> None:
    sample, evaluate = _counting({3: [1.0] * 100})
    spent: list[int] = []
    assert mc.paired(5, sample, evaluate, SeededRandom(1), SMALL, lead=3.0,
                     spent=spent) == 3
    assert SMALL.playouts <= spent[0] <= SMALL.playouts + 5  # whole samples
    clock = Ticking(0.3)
    spent.clear()
    mc.paired(5, sample, evaluate, SeededRandom(1),
              Budget(playouts=10_000, seconds=1.0, clock=clock), lead=3.0, spent=spent)
    assert spent == [4 * 5]  # four samples of all five choices, then the time is up


def test_the_paired_rule_drops_a_sample_cut_by_the_time_cap() -> None:
    sample, counted = _counting({3: [1.0] * 100})
    calls = [0]

    def evaluate(stock: list[int], k: int) -> float:
        calls[0] += 1
        if calls[0] == 2 * 5 + 2:  # the third stock's second choice
            raise OutOfTime
        return counted(stock, k)

    spent: list[int] = []
    assert mc.paired(5, sample, evaluate, SeededRandom(1), SMALL, lead=1.0,
                     spent=spent) == 3
    assert spent == [2 * 5] and calls[0] == 2 * 5 + 2
    calls[0] = -10**6  # no cut: the budget's samples
    assert mc.paired(5, sample, evaluate, SeededRandom(1), SMALL, lead=30.0) == 0


def test_a_late_search_leaves_the_planner_alone_while_the_stock_is_long(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The first choice point where the search deviates from the planner.
    monkeypatch.setattr(mc, "RULES_BY_SET", {})  # searched at every choice
    for g in islice(choice_points(12, range(20)), 40):
        position = position_of(g.view(0))
        searched = mc.Searcher(WEIGHTS_BY_SET[12]).decide(*position, budget=SMALL)
        planner = mc.Searcher(WEIGHTS_BY_SET[12]).base.decide(*position)
        if searched != planner:
            break
    else:
        pytest.fail("the search follows the planner at the first 40 choice points")
    stock = position[2]
    monkeypatch.setattr(mc, "RULES_BY_SET", {12: mc.Rules(late=stock - 1)})
    assert mc.Searcher(WEIGHTS_BY_SET[12]).decide(*position, budget=SMALL) == planner
    monkeypatch.setattr(mc, "RULES_BY_SET", {12: mc.Rules(late=stock)})
    assert mc.Searcher(WEIGHTS_BY_SET[12]).decide(*position, budget=SMALL) == searched


@pytest.mark.parametrize(("hours", "stock"), [(9, 45), (12, 78)])
def test_double_9_and_12_search_late_only_with_rollouts_that_search_before_placing(
        hours: int, stock: int) -> None:
    # `stock`: the tiles left to draw after the deal (the set less 0-0 and the hours').
    rules = mc.RULES_BY_SET[hours]
    assert rules.late is not None and rules.late < stock and rules.rollout is not None
    assert mc.PLAYOUTS_BY_SET[hours] > 0
    assert mc.default_budget(hours) is None  # the suite's switch: the planner alone
