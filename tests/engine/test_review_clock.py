"""Big Clock's review (engine/review/clock.py): the last winnable position of a small
constructed deal, and the move that lost it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import choose
from engine.records import new_game, replay
from engine.review import last_winnable, review, winnable
from engine.rng import SeededRandom

# Hours 1-4 home from the deal; 6-5 at hour 5, 4-3 at hour 6. The first draw, 5-4, may go
# onto either; onto hour 6 it buries the 4-3 that must later make room for 6-6, and the
# deal is lost; onto hour 5 it is won by WINNING_LINE.
DEAL = {"hours": ["1-1", "2-2", "3-3", "4-4", "6-5", "4-3"], "stock": ["5-4", "6-2", "6-6", "5-5"]}
WINNING_LINE = ["place 5", "draw", "discard", "draw", "move 5 6", "move 5 6", "place 6",
                "draw", "place 5"]


def _record(moves: list[str], deal: dict[str, Any] = DEAL) -> dict[str, Any]:
    return {"game": "clock", "options": {"set": 6}, "players": ["P"], "deal": deal,
            "moves": moves}


def test_the_last_winnable_position_and_the_move_that_lost_it() -> None:
    record = _record(["draw", "place 6", "resign"])
    result = review(record, seed=1)
    clock = result.clock
    assert clock is not None and not clock.won and clock.exact
    assert clock.last_winnable == 1 and clock.losing_move == "place 6"
    assert clock.winnable_at_start is True and result.decisions == ()
    # The position it names can be won (by a line found by hand), the next one cannot.
    assert replay(_record(["draw", *WINNING_LINE])).outcome() is not None
    assert replay(_record(["draw", *WINNING_LINE])).summary()["reason"] == "won"
    lost = new_game(_record([]))
    for move in ("draw", "place 6"):
        lost.play(move)
    assert winnable(lost) == (False, winnable(lost)[1])


def test_a_won_deal_has_no_losing_move() -> None:
    clock = last_winnable(_record(["draw", *WINNING_LINE]))
    assert clock.won and clock.last_winnable is None and clock.losing_move is None
    assert clock.winners == (0,)


def test_a_deal_no_play_wins_is_reported_so() -> None:
    # 6-6 under nothing but 5-5 at hour 6: hour 6's 5-5 is stuck in trouble for good.
    deal = {"hours": ["1-1", "2-2", "3-3", "4-4", "6-6", "5-5"], "stock": ["6-2"]}
    game = new_game(_record([], deal))
    moves = []
    while game.outcome() is None:
        move = str(game.legal_moves()[0]) if game.legal_moves() else "resign"
        game.play(move)
        moves.append(move)
    clock = last_winnable(_record(moves, deal))
    assert not clock.won and clock.last_winnable is None and clock.winnable_at_start is False


def test_an_undecided_search_says_it_is_not_exact() -> None:
    clock = last_winnable(_record(["draw", "place 6", "resign"]), limit=1)
    assert not clock.exact and clock.last_winnable is None and clock.winnable_at_start is None
    assert winnable(new_game(_record([])), limit=1)[0] is None
    spent = last_winnable(_record(["draw", "place 6", "resign"]), limit=1, total=1)
    assert not spent.exact and spent.nodes == 1 and spent.winnable_at_start is None


def test_a_seeded_deal_played_badly_names_its_losing_move() -> None:
    # A double-6 deal the normal level loses: the position the review names is winnable
    # and every later one is not.
    game = new_game({"game": "clock", "options": {"set": 6}, "players": ["P"], "seed": 5,
                     "moves": []})
    rng = SeededRandom(5)
    while game.outcome() is None:
        game.play(choose("normal", game.view(0), rng))
    record = game.record()
    clock = last_winnable(record)
    assert not clock.won and clock.exact and clock.nodes > 0
    positions = [new_game(record)]
    for move in record["moves"]:
        positions.append(positions[-1].copy())
        positions[-1].play(move)
    assert clock.last_winnable is not None and clock.last_winnable < len(record["moves"])
    assert winnable(positions[clock.last_winnable])[0] is True
    assert clock.losing_move == record["moves"][clock.last_winnable]
    assert all(winnable(p)[0] is False for p in positions[clock.last_winnable + 1:])


def test_an_unfinished_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="finished"):
        last_winnable(_record(["draw"]))
