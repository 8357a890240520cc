"""The Big Clock hint: each step of its policy, and that following it always ends."""

from __future__ import annotations

import pytest

from engine.clock import ClockGame, ClockMove, ClockOptions
from engine.clock.hint import hint
from tests.engine.test_clock import FREEABLE, QUIET, TROUBLE, game


def suggested(g: ClockGame) -> str:
    move = hint(g.view(0))
    assert str(move) == str(hint(g))  # a game is read through its player's view
    return str(move)


def test_hint_refuses_a_finished_game() -> None:
    g = game(TROUBLE, "6-0", ("resign",))
    with pytest.raises(ValueError, match="the game is over"):
        hint(g)


def test_hint_brings_a_dealt_double_home_as_soon_as_it_can() -> None:
    assert suggested(game(TROUBLE, "6-0", ("move 3 1",))) == "move 5 3"


def test_hint_frees_the_hour_a_dealt_double_waits_for_before_drawing() -> None:
    assert suggested(game(TROUBLE, "6-0")) == "move 3 1"


def test_hint_draws_when_nothing_needs_doing() -> None:
    assert suggested(game(QUIET, "6-0")) == "draw"


def test_hint_sends_a_drawn_double_home() -> None:
    assert suggested(game(QUIET, "5-5", ("draw",))) == "place 5"


def test_hint_makes_room_for_a_drawn_double() -> None:
    g = game(FREEABLE, "3-3", ("draw",))
    assert suggested(g) == "move 3 1"
    g.play("move 3 1")
    assert suggested(g) == "place 3"


def test_hint_follows_a_double_blocking_the_drawn_double() -> None:
    # 3-3 is drawn; hour 3 holds 5-5, whose own hour is blocked by 4-1.
    g = game("2-1 6-2 5-5 4-4 4-1 6-6", "3-3", ("draw",))
    assert suggested(g) == "move 5 1"
    g.play("move 5 1")
    assert suggested(g) == "move 3 5"
    g.play("move 3 5")
    assert suggested(g) == "place 3"


def test_hint_gives_up_a_drawn_double_it_cannot_help() -> None:
    # 5-4 on hour 3 has nowhere to go; only 2-1 and 3-1 could move, which does not help.
    g = game("2-1 6-2 5-4 4-4 3-1 6-6", "3-3", ("draw",))
    assert not g.is_over()
    assert suggested(g) == "discard"


def test_hint_prefers_the_hour_whose_number_the_tile_shows() -> None:
    # 5-1 fits hours 1, 3 and 5; on hour 1 it makes the hour ready for 1-1.
    assert suggested(game(QUIET, "5-1", ("draw",))) == "place 1"
    # 6-4 fits hours 2, 3, 5 and 6; only hour 6 keeps showing its own number.
    assert suggested(game(QUIET, "6-4", ("draw",))) == "place 6"


def test_hint_never_buries_a_top_showing_its_hour_when_it_has_a_choice() -> None:
    # 6-1 fits hour 2 (6-3), hour 3 (2-1) and hour 5 (6-5, ready for 5-5).
    assert suggested(game("5-2 6-3 2-1 4-4 6-5 3-2", "6-1", ("draw",))) == "place 2"
    # 5-3 may go on 6-5: it still shows 5, so hour 5 stays ready (and 5-3 shows no 1 or 2).
    assert suggested(game(QUIET, "5-3", ("draw",))) == "place 5"


def test_hint_discards_a_tile_without_a_place() -> None:
    assert suggested(game("5-2 6-2 4-1 4-4 6-5 5-1", "3-0", ("draw",))) == "discard"


def test_hint_resigns_when_nothing_helps() -> None:
    g = game("2-1 6-2 5-4 4-4 3-3 6-6")
    assert not g.is_over()
    assert suggested(g) == "resign"


@pytest.mark.parametrize("top", [6, 9, 12])
def test_following_the_hint_always_ends_with_legal_moves(top: int) -> None:
    for seed in range(40):
        g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
        for _ in range(2000):
            if g.is_over():
                break
            move = hint(g)
            assert move == ClockMove.resign() or move in g.legal_moves()
            g.play(move)
        assert g.is_over()
