"""Mexican Train's computer players: the normal level's run, dumps and doubles; the hard
level's judge, sampler, search and budget (on a virtual clock: deterministic)."""

from __future__ import annotations

import pytest

from engine.ai import Budget, choose
from engine.deals import LineDeal
from engine.mexican import (
    JUDGE,
    MexicanGame,
    MexicanMove,
    MexicanOptions,
    MexicanView,
    Sampler,
    own_run,
)
from engine.mexican.ai import search
from engine.mexican.hidden import unseen_tiles
from engine.rng import SeededRandom
from engine.tiles import Tile, parse_tiles


def game(hands: list[list[str]], stock: list[str], **options: int) -> MexicanGame:
    deal = LineDeal(tuple(tuple(parse_tiles(h)) for h in hands), tuple(parse_tiles(stock)))
    return MexicanGame(("Ann", "Bob", "Cy")[:len(hands)],
                       MexicanOptions(**{"set": 9, **options}), deal=deal)


def test_the_run_is_the_longest_chain_from_the_trains_end() -> None:
    hand = tuple(parse_tiles(["9-4", "4-2", "2-2", "2-7", "9-8", "6-6"]))
    assert [str(t) for t in own_run(hand, 9)] == ["9-4", "4-2", "2-2", "7-2"]
    assert own_run(hand, 5) == []


def test_normal_keeps_its_run_and_lays_the_heaviest_tile_it_cannot_keep() -> None:
    g = game([["9-4", "4-2", "9-8", "9-1"], ["9-3", "3-3", "1-0"]], ["5-5"])
    move = choose("normal", g.view(0), SeededRandom(0))
    assert str(move) == "9-8 M"  # 9-4 4-2 is the run; 9-8 the heaviest of the rest


def test_normal_takes_its_marker_off_with_its_run() -> None:
    g = game([["9-4", "4-2", "9-8"], ["9-3", "3-3"]], ["5-5"])
    assert str(choose("normal", g.view(0), SeededRandom(0))) == "9-8 M"
    g.markers[0] = True  # as after a pass: Ann's train is open to everyone
    assert str(choose("normal", g.view(0), SeededRandom(0))) == "9-4 T1"


def test_normal_satisfies_a_double_with_a_tile_outside_its_run() -> None:
    g = game([["9-5", "5-5", "8-8"], ["9-2", "5-3", "5-2", "5-0"]], ["4-4"])
    g.play("9-5 M")
    g.play("9-2 T2")
    g.play("5-5 M")
    g.play("draw")  # Ann cannot satisfy her double: 4-4 does not either
    g.play("pass")
    view = g.view(1)
    assert [str(m) for m in view.legal_moves] == ["5-3 M", "5-2 M", "5-0 M"]
    # Bob's run from 2 is 5-2 5-3: the 5-0 satisfies the double and keeps it.
    assert str(choose("normal", view, SeededRandom(0))) == "5-0 M"


def test_normal_lays_a_double_it_can_satisfy() -> None:
    g = game([["9-6", "6-6", "6-1", "9-8", "8-0"], ["9-2", "2-0"]], ["4-4"])
    g.play("9-6 M")
    g.play("9-2 T2")
    view = g.view(0)
    # Ann's run from 9: 9-8 8-0; 6-6 on M is followed by 6-1 at once.
    assert str(choose("normal", view, SeededRandom(0))) == "6-6 M"


def test_the_judge_rewards_fewer_points_than_the_others() -> None:
    g = game([["9-4", "4-1"], ["9-3", "8-8"]], [], rounds=1)
    mark = JUDGE.mark(g)
    for move in ["9-4 T1", "9-3 T2", "4-1"]:
        g.play(move)
    assert JUDGE.reward(g, 0, mark) > 0.5 > JUDGE.reward(g, 1, mark)
    assert 0.0 <= JUDGE.reward(g, 1, mark) <= 1.0


def test_the_sampler_deals_only_unseen_tiles_at_the_public_sizes() -> None:
    g = MexicanGame(("A", "B", "C", "D"), seed=3)
    for _ in range(9):
        g.play(g.legal_moves()[0])
    seat = g.to_move
    assert seat is not None
    view = g.view(seat)
    unseen = set(unseen_tiles(view))
    assert Tile.of(12, 12) not in unseen and not unseen & set(view.hand or ())
    sampler = Sampler(view)
    rng = SeededRandom(1)
    for _ in range(10):
        sampled = sampler.sample(rng)
        assert sampled.view(seat) == view
        assert all(set(h) <= unseen for s, h in enumerate(sampled.hands) if s != seat)
        sampled.play(sampled.legal_moves()[0])  # and plays on


def test_hard_plays_a_whole_round_at_a_small_budget() -> None:
    g = MexicanGame(("A", "B", "C"), MexicanOptions(rounds=1, set=9), seed=8)
    rng = SeededRandom(2)
    while (seat := g.to_move) is not None:
        view = g.view(seat)
        move = choose("hard" if seat == 0 else "normal", view, rng, Budget(playouts=8))
        assert move in view.legal_moves
        g.play(move)
    assert g.is_over()


class Clock:
    """A virtual clock for the search's wall guard: `step` seconds pass at each reading."""

    def __init__(self, step: float = 0.0) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


def a_view(seed: int = 4, moves: int = 6) -> MexicanView:
    g = MexicanGame(("A", "B", "C", "D"), MexicanOptions(rounds=1, set=9), seed=seed)
    rng = SeededRandom(seed)
    for _ in range(moves):
        legal = g.legal_moves()
        g.play(legal[rng.below(len(legal))])
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    seat = g.to_move
    assert seat is not None
    return g.view(seat)


def test_hard_is_deterministic_for_a_seed_on_a_virtual_clock() -> None:
    view = a_view()
    budget = Budget(playouts=300, seconds=0.9, clock=Clock())
    moves = {str(choose("hard", view, SeededRandom(5), budget)) for _ in range(3)}
    assert len(moves) == 1 and MexicanMove.parse(moves.pop()) in view.legal_moves


def test_hards_wall_guard_stops_the_search_between_rounds() -> None:
    view = a_view()
    slow = Clock(step=0.5)  # 0.5 s a reading: the guard of 0.9 s ends the second round
    choose("hard", view, SeededRandom(5), Budget(playouts=10**6, seconds=0.9, clock=slow))
    assert slow.readings == 3  # the start, after round 1 (0.5 s), after round 2 (1.0 s)


def test_hard_given_no_budget_uses_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    own = Clock(step=1.0)
    monkeypatch.setattr(search, "HARD_BUDGET", Budget(playouts=10**6, seconds=0.9, clock=own))
    move = choose("hard", a_view(), SeededRandom(5))
    assert own.readings == 2  # its own guard was read: one round only
    assert search.HARD_BUDGET.playouts > 1  # (the patched one)
    assert move in a_view().legal_moves


def test_hards_own_budget_is_a_thousand_playouts_within_a_second() -> None:
    assert search.HARD_BUDGET.playouts == 1000 and search.HARD_BUDGET.seconds < 1.0


def test_hard_goes_out_when_it_can() -> None:
    # The Mexican train ends in 4; Ann holds 4-4 and 4-1: the double, then 4-1 on it,
    # ends the round with 0 for her; 4-1 first leaves her the 4-4 at least a turn.
    g = game([["4-4", "4-1"], ["8-3", "7-2", "6-1"]], ["5-5", "3-3", "2-2"], rounds=1)
    g.trains[2], g.ends[2] = [Tile.of(9, 4)], 4
    view = g.view(0)
    assert [str(m) for m in view.legal_moves] == ["4-4 M", "4-1 M"]
    budget = Budget(playouts=200, seconds=0.9, clock=Clock())
    assert str(choose("hard", view, SeededRandom(1), budget)) == "4-4 M"
