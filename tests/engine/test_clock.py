"""Big Clock (RULES.md section 3): one test per rule, and one per pinned reading; its views,
summaries and records are in test_clock_records."""

from __future__ import annotations

import pytest

from engine.clock import ClockDeal, ClockGame, ClockMove, ClockOptions, clock_tiles
from engine.errors import IllegalMove, NotationError
from engine.options import options_to_dict
from engine.rng import SeededRandom
from engine.tiles import Tile

# Double-6 layouts used below (hour 1 first). "in trouble" = a double at another hour.
QUIET = "5-2 6-3 4-1 4-4 6-5 6-2"  # 4 home, no double in trouble
TROUBLE = "2-1 6-3 4-1 4-4 3-3 6-5"  # 3-3 lies at hour 5; 4-1 blocks hour 3
TWO_TROUBLES = "2-1 6-3 4-1 4-4 3-3 5-5"  # 3-3 at hour 5, 5-5 at hour 6
LOCKED = "5-2 6-3 4-1 4-4 5-5 6-6"  # no top shares a number with another
FREEABLE = "2-1 6-3 4-1 4-4 6-5 6-2"  # 4-1 can leave hour 3 for hour 1


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def game(hours: str, stock: str = "", moves: tuple[str, ...] = (), top: int = 6) -> ClockGame:
    g = ClockGame(("Ann",), ClockOptions(top), deal=ClockDeal(tiles(hours), tiles(stock)))
    for move in moves:
        g.play(move)
    return g


def reason(g: ClockGame, text: str) -> str | None:
    """The reason's English (its catalog text), or None for a legal move."""
    found = g.illegal_reason(ClockMove.parse(text))
    return None if found is None else str(found)


def moves(g: ClockGame) -> list[str]:
    return [str(m) for m in g.legal_moves()]


# -- sets, options and the deal ------------------------------------------------------------
@pytest.mark.parametrize(("top", "stock"), [(12, 78), (9, 45), (6, 21)])
def test_sets_have_n_hours_and_the_rest_of_the_set_without_0_0_as_stock(top: int,
                                                                         stock: int) -> None:
    g = ClockGame(("Ann",), ClockOptions(top), seed=5)
    assert g.hours == top and g.stock_size == stock
    assert len(g.view(0).tops) == top
    assert Tile(0, 0) not in clock_tiles(top) and len(clock_tiles(top)) == stock + top


def test_default_set_is_double_12_and_options_record_only_non_defaults() -> None:
    assert ClockOptions().set == 12
    assert options_to_dict(ClockOptions()) == {}
    assert ClockGame(seed=1).record()["options"] == {}
    assert ClockGame(seed=1, options=ClockOptions(9)).record()["options"] == {"set": 9}


def test_options_reject_other_sets() -> None:
    with pytest.raises(ValueError, match="set must be one of 6, 9, 12"):
        ClockOptions(7)


@pytest.mark.parametrize("top", [6, 9, 12])
def test_seed_deals_hour_n_first_then_1_to_n_minus_1(top: int) -> None:
    shuffled = SeededRandom(42).shuffled(clock_tiles(top))
    g = ClockGame(("Ann",), ClockOptions(top), seed=42)
    assert g.top(top) == shuffled[0]
    assert [g.top(h) for h in range(1, top)] == shuffled[1:top]
    assert g.stock == shuffled[top:]


def test_explicit_deal_is_played_as_given() -> None:
    g = game(QUIET, "5-1 3-0")
    assert [str(g.top(h)) for h in range(1, 7)] == QUIET.split()
    assert g.stock_size == 2
    g.play("draw")
    assert g.drawn == Tile(5, 1)


# -- moves in record notation -----------------------------------------------------------
@pytest.mark.parametrize(("text", "written"), [
    ("draw", "draw"), ("DRAW", "draw"), (" Discard ", "discard"), ("Resign", "resign"),
    ("place 3", "place 3"), ("PLACE  11", "place 11"), ("move 4 12", "move 4 12"),
    ("Move 4   1", "move 4 1"),
])
def test_move_notation_reads_any_case_and_round_trips(text: str, written: str) -> None:
    move = ClockMove.parse(text)
    assert str(move) == written
    assert ClockMove.parse(str(move)) == move


@pytest.mark.parametrize("text", ["place", "move 4", "fly 3", "place x", "place -1", "", "6-6"])
def test_move_notation_errors_name_the_text(text: str) -> None:
    with pytest.raises(NotationError, match="is not a clock move") as info:
        ClockMove.parse(text)
    assert repr(text) in str(info.value)


def test_move_constructors() -> None:
    assert ClockMove.draw() == ClockMove("draw")
    assert ClockMove.place(3) == ClockMove("place", 3)
    assert ClockMove.move(4, 12) == ClockMove("move", 4, 12)
    assert ClockMove.discard() == ClockMove("discard")
    assert ClockMove.resign() == ClockMove("resign")


# -- drawing and placing ------------------------------------------------------------------
def test_drawn_non_double_goes_on_a_matching_top_that_is_not_a_double() -> None:
    g = game(QUIET, "5-1", ("draw",))
    assert moves(g) == ["place 1", "place 3", "place 5"]
    assert reason(g, "place 2") == "5-1 shares no number with the top of hour 2 (6-3)"
    g.play("place 3")
    assert g.top(3) == Tile(5, 1) and g.drawn is None and g.piles[3] == list(tiles("4-1 5-1"))


def test_nothing_may_be_laid_on_a_double() -> None:
    g = game(TROUBLE, "5-3", ("draw",))
    assert reason(g, "place 5") == "nothing may be laid on a double"
    assert "place 5" not in moves(g)


def test_any_tile_may_be_placed_on_an_empty_hour() -> None:
    g = game(TROUBLE, "6-0", ("move 3 1", "draw"))
    assert g.top(3) is None
    assert reason(g, "place 3") is None


def test_drawn_double_goes_home_on_a_top_sharing_its_number() -> None:
    g = game(QUIET, "5-5", ("draw",))
    assert moves(g) == ["place 5"]
    g.play("place 5")
    assert g.home_hours() == [4, 5]


def test_drawn_double_goes_only_to_its_own_hour() -> None:
    g = game(QUIET, "2-2 5-5", ("draw",))
    assert reason(g, "place 1") == "a double goes only to its own hour"
    assert reason(g, "place 2") == "2-2 shares no number with the top of hour 2 (6-3)"
    assert moves(g)[0:1] != ["place 1"]


def test_home_pile_is_closed_for_placing_and_moving() -> None:
    g = game(TWO_TROUBLES, "4-2", ("draw",))
    assert reason(g, "place 4") == "hour 4 is home: its pile is closed"
    assert reason(g, "move 4 1") == "hour 4 is home: its pile is closed"
    assert reason(g, "move 1 4") == "hour 4 is home: its pile is closed"


def test_draw_needs_no_waiting_tile_and_a_stock() -> None:
    g = game(QUIET, "3-1", ("draw",))
    assert reason(g, "draw") == "deal with the drawn tile 3-1 first"
    g = game("2-1 6-2 5-4 4-4 3-3 6-6")  # no stock, but rearranging keeps the game going
    assert reason(g, "draw") == "the stock is empty"


def test_place_and_discard_need_a_drawn_tile() -> None:
    g = game(QUIET, "3-1")
    assert reason(g, "place 1") == "draw first: no tile is waiting"
    assert reason(g, "discard") == "draw first: no tile is waiting"
    assert moves(g) == ["draw"]


def test_hours_outside_the_clock_are_refused() -> None:
    g = game(TROUBLE, "5-1", ("draw",))
    assert reason(g, "place 7") == "there is no hour 7 on a 6-hour clock"
    assert reason(g, "place 0") == "there is no hour 0 on a 6-hour clock"
    assert reason(g, "move 1 9") == "there is no hour 9 on a 6-hour clock"


# -- discarding -----------------------------------------------------------------------------
def test_non_double_is_discarded_only_when_it_has_no_place() -> None:
    g = game(QUIET, "5-1")
    g.play("draw")
    assert reason(g, "discard") == "you may discard 5-1 only when it has no place"
    g = game("5-2 6-2 4-1 4-4 6-5 5-1", "3-0 3-2", ("draw",))
    assert moves(g) == ["discard"]
    g.play("discard")
    assert g.discards == [Tile(3, 0)] and g.drawn is None and not g.is_over()
    assert g.view(0).discards == (Tile(3, 0),)


def test_discarding_a_drawn_double_in_trouble_gives_the_game_up() -> None:
    g = game(FREEABLE, "3-3 1-0", ("draw",))
    assert moves(g)[-1] == "discard"
    g.play("discard")
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "lost" and outcome.winners == ()
    assert g.discards == [Tile(3, 3)]
    assert g.summary()["reason"] == "lost" and g.summary()["winner"] is None


# -- trouble and rearranging --------------------------------------------------------------
def test_rearranging_only_while_a_double_is_in_trouble() -> None:
    g = game(QUIET, "5-1", ("draw",))
    assert reason(g, "move 1 3") == "you may rearrange only while a double is in trouble"
    assert g.in_trouble() == []


def test_rearranging_moves_any_open_top_onto_an_accepting_hour() -> None:
    g = game(TROUBLE, "6-0")
    assert g.in_trouble() == [(Tile(3, 3), 5)]
    assert moves(g) == ["draw", "move 1 3", "move 2 6", "move 3 1", "move 6 2"]
    assert reason(g, "move 2 1") == "6-3 shares no number with the top of hour 1 (2-1)"


def test_a_double_moves_only_onto_its_own_hour_and_goes_home() -> None:
    g = game(TWO_TROUBLES, "6-0")
    assert reason(g, "move 5 1") == "a double goes only to its own hour"
    assert reason(g, "move 5 3") == "3-3 shares no number with the top of hour 3 (4-1)"
    g.play("move 3 1")
    g.play("move 5 3")
    assert g.home_hours() == [3, 4]
    assert reason(g, "move 3 2") == "hour 3 is home: its pile is closed"
    g.play("move 6 5")
    assert g.home_hours() == [3, 4, 5]


def test_moving_a_pile_s_only_tile_leaves_an_empty_hour() -> None:
    g = game(TROUBLE, "6-0", ("move 3 1",))
    assert g.top(3) is None and g.view(0).heights[2] == 0 and g.view(0).heights[0] == 2
    assert reason(g, "move 3 2") == "hour 3 is empty: there is nothing to move"
    assert reason(g, "move 1 1") == "a tile must move to another hour"


def test_rearranging_ends_when_no_double_is_in_trouble() -> None:
    g = game(TROUBLE, "6-0", ("move 3 1", "move 5 3"))
    assert g.in_trouble() == []
    assert moves(g) == ["draw"]
    assert reason(g, "move 1 5") == "you may rearrange only while a double is in trouble"


# -- the end ---------------------------------------------------------------------------------
def test_won_the_moment_every_hour_is_home() -> None:
    g = game("1-0 2-0 3-0 4-0 5-0 6-0", "1-1 2-2 3-3 4-4 5-5 6-6")
    for hour in range(1, 7):
        assert not g.is_over()
        g.play("draw")
        g.play(f"place {hour}")
    outcome = g.outcome()
    assert outcome is not None
    assert (outcome.reason, outcome.winners, outcome.places, outcome.scores) == (
        "won", (0,), (1,), (6,))
    summary = g.summary()
    assert summary["winner"] == "Ann" and summary["to_move"] is None
    assert summary["legal_moves"] == [] and g.to_move is None
    assert reason(g, "draw") == "the game is over"


def test_lost_with_an_empty_stock_and_a_double_in_trouble_that_cannot_be_helped() -> None:
    g = game("5-2 6-3 4-1 4-4 3-3 6-6", "2-0", ("draw",))
    assert not g.is_over()  # the drawn tile may still change something
    g.play("place 1")
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "lost" and outcome.scores == (2,)


def test_resign_is_allowed_at_any_time() -> None:
    for prefix in ((), ("draw",)):
        g = game(TROUBLE, "6-0", prefix)
        assert reason(g, "resign") is None
        g.play("resign")
        assert g.summary()["reason"] == "resigned"
        assert g.summary()["finished"] is True


def test_resign_is_never_listed() -> None:
    assert "resign" not in moves(game(TROUBLE, "6-0"))
    assert "resign" not in game(TROUBLE, "6-0").summary()["legal_moves"]


def test_moves_after_the_end_are_illegal() -> None:
    g = game(TROUBLE, "6-0", ("resign",))
    with pytest.raises(IllegalMove, match="the game is over"):
        g.play("draw")
    assert g.legal_moves() == []


# -- pinned readings ------------------------------------------------------------------------
def test_reading_draw_allowed_while_dealt_double_in_trouble() -> None:
    g = game(TROUBLE, "6-0")
    assert "draw" in moves(g)
    g.play("draw")
    assert g.drawn == Tile(6, 0)


def test_reading_draw_not_allowed_while_drawn_tile_waits() -> None:
    g = game(TROUBLE, "6-0 5-0", ("draw",))
    assert "draw" not in moves(g)
    assert reason(g, "draw") == "deal with the drawn tile 6-0 first"


def test_reading_rearranging_allowed_while_drawn_tile_waits_if_a_double_is_in_trouble() -> None:
    g = game(TROUBLE, "6-0", ("draw",))
    assert "move 3 1" in moves(g)
    g.play("move 3 1")
    assert g.drawn == Tile(6, 0)


def test_reading_drawn_double_that_cannot_go_home_is_in_trouble_and_opens_rearranging() -> None:
    g = game(FREEABLE, "3-3", ("draw",))
    assert g.in_trouble() == [(Tile(3, 3), "drawn")]
    assert moves(g) == ["move 1 3", "move 1 6", "move 2 5", "move 2 6", "move 3 1", "move 5 2",
                        "move 5 6", "move 6 1", "move 6 2", "move 6 5", "discard"]
    g.play("move 3 1")  # hour 3 is empty now, so 3-3 can go home: trouble is over
    assert g.in_trouble() == []
    assert moves(g) == ["place 3"]
    g.play("place 3")
    assert g.home_hours() == [3, 4]


def test_reading_double_dealt_on_its_own_hour_is_home_from_the_start() -> None:
    g = game(QUIET, "5-1")
    assert g.home_hours() == [4]
    assert g.summary()["scores"] == {"Ann": 1}
    assert reason(g, "move 4 1") == "you may rearrange only while a double is in trouble"


def test_reading_deal_with_every_double_home_is_won_at_once() -> None:
    g = game("1-1 2-2 3-3 4-4 5-5 6-6", "6-1")
    assert g.summary()["reason"] == "won" and g.to_move is None


def test_reading_emptied_hour_accepts_any_tile() -> None:
    g = game(TROUBLE, "6-0", ("move 3 1", "draw"))
    assert "place 3" in moves(g)  # 6-0 shares nothing with 3, but the hour is empty


def test_reading_discard_of_a_double_that_can_go_home_is_illegal() -> None:
    g = game(QUIET, "5-5", ("draw",))
    assert reason(g, "discard") == "5-5 can go home to hour 5: place it there"


def test_reading_drawn_double_without_rearranging_loses_at_once() -> None:
    g = game(LOCKED, "3-3 2-0", ("draw",))
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "lost"
    assert g.drawn == Tile(3, 3) and g.summary()["hands"] == {"Ann": ["3-3"]}


def test_reading_dealt_double_in_trouble_without_rearranging_waits_for_the_stock() -> None:
    g = game("5-2 6-3 4-1 4-4 3-3 6-6", "2-0")
    assert not g.is_over() and moves(g) == ["draw"]


def test_reading_empty_stock_no_trouble_not_all_home_is_lost_and_needs_a_partial_deal() -> None:
    # With the full set this cannot happen (tests/engine/test_clock_properties.py checks it):
    # every double is home, in trouble, or still in the stock. A partial deal can leave a
    # double out, and then nothing can change: the game is lost.
    g = game(LOCKED)
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "lost" and outcome.scores == (3,)


def test_reading_rearranging_that_cannot_help_keeps_the_game_going() -> None:
    # The stock is empty and 3-3 is stuck, but 2-1 can still move: the rules end the game
    # only when no rearranging move exists, so the player plays on (or resigns).
    g = game("2-1 6-2 5-4 4-4 3-3 6-6")
    assert not g.is_over()
    assert moves(g) == ["move 1 2", "move 2 1"]
