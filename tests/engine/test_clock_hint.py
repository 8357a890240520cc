"""The Big Clock hint: each step of its policy, and that following it always ends."""

from __future__ import annotations

import pytest

from engine.clock import ClockGame, ClockMove, ClockOptions
from engine.clock.ai.hint import HINT_LEVELS, hint, hint_at
from engine.rng import SeededRandom
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


def test_hint_finds_the_rescue_that_digging_one_top_missed() -> None:
    # 5-4 on hour 3 fits nowhere; but 2-1 may go onto 6-2, and 5-4 into the emptied hour 1.
    g = game("2-1 6-2 5-4 4-4 3-1 6-6", "3-3", ("draw",))
    for expected in ("move 1 2", "move 3 1", "place 3"):
        assert suggested(g) == expected
        g.play(expected)


def loses_at_once(g: ClockGame, move: ClockMove) -> bool:
    """Ground truth from the rules engine: the game is lost right after `move`."""
    after = g.copy()
    after.play(move)
    outcome = after.outcome()
    return outcome is not None and not outcome.winners


def test_the_issue_s_drawn_nine_nine_is_brought_home() -> None:
    # Double-12: 9-9 drawn, 5-4 on hour 9 fits nowhere; `move 10 3` empties hour 10 for it.
    hours = "7-0 8-0 3-1 11-0 12-0 6-2 7-3 8-2 5-4 10-1 11-2 12-3"
    g = game(hours, "9-9 1-1", ("draw",), top=12)
    assert ClockMove.discard() in g.legal_moves()
    for level in HINT_LEVELS:
        assert str(hint_at(level, g)) != "discard"
    for _ in range(3):  # e.g. move 10 3, move 9 10, place 9: the shortest rescue
        g.play(suggested(g))
    assert g.is_home(9)


@pytest.mark.parametrize("level", HINT_LEVELS)
@pytest.mark.parametrize("top", [6, 9, 12])
def test_no_hint_loses_at_once_while_another_move_does_not(level: str, top: int) -> None:
    checked = 0
    for seed in range(6 if level == "hard" else 12):
        g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
        rng = SeededRandom(seed)
        for _ in range(400):  # random rearranging may wander for ever: a cap
            if g.is_over():
                break
            move = hint_at(level, g)
            if loses_at_once(g, move):
                assert all(loses_at_once(g, m) for m in g.legal_moves()), (seed, g.moves)
            else:
                checked += 1
            # Wander off the hint now and then, to reach positions it would avoid.
            legal = g.legal_moves()
            g.play(move if rng.below(4) or not legal else legal[rng.below(len(legal))])
    assert checked > 50


@pytest.mark.parametrize("top", [6, 9, 12])
def test_a_double_is_given_up_only_when_no_move_is_left(top: int) -> None:
    # While any rearranging move exists a drawn double can be rescued (a movable top lets
    # its whole pile follow it, and an emptied hour takes the blocking pile): even the
    # hint that gives up (a computer playing alone) never does so then.
    for seed in range(30):
        g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
        while not g.is_over():
            move = hint(g, give_up=True)
            if move == ClockMove.discard() and g.drawn is not None and g.drawn.is_double:
                assert not any(m.kind == "move" for m in g.legal_moves()), (seed, g.moves)
            g.play(move)


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


def test_reading_a_persons_hint_gives_up_only_when_no_rearranging_can_win() -> None:
    g = game("2-1 6-2 5-4 4-4 3-3 6-6")  # 3-3 at hour 5 can never go home
    assert not g.is_over() and any(m.kind == "move" for m in g.legal_moves())
    # Moves keep the game going, but every board they lead to was searched and none
    # brings 3-3 home: the hint says to give up rather than move tiles to and fro.
    assert suggested(g) == "resign"
    assert str(hint(g, give_up=True)) == "resign"


def test_a_persons_hint_looks_deeper_before_it_lets_a_double_go() -> None:
    # Double-12, seed 1979346392: after 7 of the computer's moves a double is drawn and
    # the quick search (RESCUE_LIMIT boards) finds no way home, so the computer gives it
    # up (a discard, which loses); the person's hint searches further and brings it home.
    g = ClockGame(("Ann",), ClockOptions(12), seed=1979346392)
    for _ in range(7):
        g.play(hint(g, give_up=True))
    drawn = g.drawn
    assert drawn is not None and drawn.is_double
    assert str(hint(g, give_up=True)) == "discard"
    for _ in range(12):
        if g.is_home(drawn.high):
            break
        move = hint(g)
        assert move.kind == "move" or move == ClockMove.place(drawn.high), move
        g.play(move)
    assert g.is_home(drawn.high)


def test_a_search_that_stops_at_its_first_best_goal_finds_the_same_path() -> None:
    # `enough`: every rescue scores 0.0, so the first one found is the answer; the search
    # that goes on to its limit (as it did) must return the very same steps.
    from engine.clock.board import accepts, board_of, search

    compared = 0
    for seed in range(8):
        g = ClockGame(("Ann",), ClockOptions(12), seed=seed)
        while not g.is_over():
            drawn = g.drawn
            if drawn is not None and drawn.is_double:
                board = board_of([(), *g.view(0).piles])
                d, code = drawn.high, drawn.code

                def goal(b: tuple[tuple[int, ...], ...], d: int = d,
                         code: int = code) -> float | None:
                    return 0.0 if accepts(b, d, code) else None

                def open_(b: tuple[tuple[int, ...], ...], d: int = d, code: int = code) -> bool:
                    return not accepts(b, d, code)

                full = search(board, open_, goal, 2000)
                quick = search(board, open_, goal, 2000, enough=0.0)
                assert quick[:2] == full[:2], (seed, g.moves)
                compared += 1
            g.play(hint(g, give_up=True))
    assert compared > 10
