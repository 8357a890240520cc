"""Mexican Train's rules (RULES.md section 4), case by case on hand-built positions; its
notation, records, options and words are in test_mexican_records."""

from __future__ import annotations

import pytest

from engine.deals import LineDeal
from engine.errors import IllegalMove
from engine.mexican import MexicanGame, MexicanOptions, engine_of
from engine.tiles import Tile, parse_tiles

NAMES = ("Ann", "Bob", "Cy")


def deal(hands: list[list[str]], stock: list[str] = ()) -> LineDeal:  # type: ignore[assignment]
    return LineDeal(tuple(tuple(parse_tiles(h)) for h in hands), tuple(parse_tiles(list(stock))))


def game(hands: list[list[str]], stock: list[str] = (), *, players: int | None = None,
         **options: int) -> MexicanGame:  # type: ignore[assignment]
    names = NAMES[:len(hands)] if players is None else tuple(f"P{i}" for i in range(players))
    return MexicanGame(names, MexicanOptions(**{"set": 9, **options}), deal=deal(hands, stock))


def moves(g: MexicanGame) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def reason(g: MexicanGame, move: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        g.play(move)
    return caught.value.reason.key


# -- rounds, engines, deals --------------------------------------------------------------
def test_each_round_has_its_engine_and_begins_one_seat_further() -> None:
    assert [str(engine_of(12, r)) for r in (1, 2, 13)] == ["12-12", "11-11", "0-0"]
    g = MexicanGame(NAMES, seed=5)
    for expected_round in range(1, 4):
        assert g.round == expected_round and g.turn == (expected_round - 1) % 3
        assert g.engine == engine_of(12, expected_round)
        tiles = [t for h in g.hands for t in h] + g.stock
        assert g.engine not in tiles and len(tiles) == 90
        while g.round == expected_round:
            g.play(g.legal_moves()[0])


@pytest.mark.parametrize(("players", "top", "size"), [
    (2, 12, 15), (4, 12, 15), (5, 12, 12), (6, 12, 12), (7, 12, 10), (8, 12, 10),
    (2, 9, 10), (4, 9, 10), (5, 9, 8), (6, 9, 8), (7, 9, 6), (8, 9, 6)])
def test_the_default_hand_size_follows_the_table(players: int, top: int, size: int) -> None:
    g = MexicanGame([f"P{i}" for i in range(players)], MexicanOptions(set=top), seed=1)
    assert [len(h) for h in g.hands] == [size] * players
    assert g.stock_size == len(g.stock) == (top + 1) * (top + 2) // 2 - 1 - size * players


def test_an_explicit_deal_is_played_as_given() -> None:
    g = game([["9-3"], ["8-1", "7-2", "6-0"]], ["5-5"])
    assert [len(h) for h in g.hands] == [1, 3] and g.stock_size == 1


# -- trains ---------------------------------------------------------------------------------
def test_a_train_starts_with_the_engines_number_and_follows_its_open_end() -> None:
    g = game([["9-3", "3-1", "8-2"], ["9-5", "4-2", "0-0"]], ["6-6"])
    assert moves(g) == ["9-3 T1", "9-3 M"]
    assert reason(g, "8-2 T1") == "illegal.mexican_refuses"
    g.play("9-3 T1")
    g.play("9-5 M")
    assert moves(g) == ["3-1 T1"]  # T1 ends in 3; M in 5; Bob's train is closed
    assert g.summary()["trains"] == {"T1": ["9-3"], "T2": [], "M": ["9-5"]}


def test_a_closed_train_takes_only_its_owner_a_marker_opens_it_to_everyone() -> None:
    g = game([["9-4", "8-8"], ["4-1", "9-3", "1-0"]], ["7-7", "6-6"])
    g.play("9-4 T1")
    assert reason(g, "4-1 T1") == "illegal.mexican_closed"
    g.play("9-3 T2")
    g.play("draw")  # Ann: nothing fits, and 7-7 does not either
    assert moves(g) == ["pass"]
    g.play("pass")
    assert g.markers == [True, False] and g.summary()["open"] == ["T1"]
    assert moves(g) == ["4-1 T1"]
    g.play("4-1 T1")
    assert g.trains[0][-1] == Tile.of(4, 1) and g.markers[0]  # only its owner takes it off


def test_laying_on_ones_own_train_takes_its_marker_off() -> None:
    g = game([["8-8", "4-1"], ["9-4", "2-2"]], ["7-7"])
    g.play("draw")
    g.play("pass")
    assert g.markers == [True, False]
    assert moves(g) == ["9-4 T1", "9-4 T2", "9-4 M"]
    g.play("9-4 T1")
    assert g.markers == [True, False]  # another's tile leaves the marker on
    g.play("4-1 T1")
    assert g.markers == [False, False]


def test_the_mexican_train_is_open_to_anyone_any_turn() -> None:
    g = game([["9-4", "1-1"], ["9-2", "2-1"]], [])
    g.play("9-4 M")
    assert moves(g) == ["9-2 T2"]
    g.play("9-2 T2")
    assert reason(g, "1-1 M") == "illegal.mexican_refuses"


def test_an_open_train_with_no_tile_may_be_started_by_anyone() -> None:
    g = game([["8-8", "7-7"], ["9-2", "9-1", "5-5"]], [])
    g.play("pass")  # Ann cannot play and the stock is empty
    assert moves(g) == ["9-2 T1", "9-2 T2", "9-2 M", "9-1 T1", "9-1 T2", "9-1 M"]


# -- drawing and passing -----------------------------------------------------------------
def test_a_player_who_can_play_must_play() -> None:
    g = game([["9-4", "8-8"], ["9-3"]], ["7-7"])
    assert reason(g, "draw") == "illegal.draw_while_fits"
    assert reason(g, "pass") == "illegal.pass_while_fits"


def test_one_draw_a_turn_then_play_the_drawn_tile_or_pass() -> None:
    g = game([["8-8", "7-7"], ["9-3", "3-2"]], ["9-1", "6-6"])
    assert moves(g) == ["draw"]
    assert reason(g, "pass") == "illegal.pass_may_draw"
    g.play("draw")
    assert moves(g) == ["9-1 T1", "9-1 M"]  # the drawn tile fits: play it
    assert reason(g, "pass") == "illegal.pass_while_fits"
    g.play("9-1 M")
    g.play("9-3 T2")
    g.play("draw")  # 6-6 fits nowhere
    assert g.drew and reason(g, "draw") == "illegal.mexican_drawn"
    assert moves(g) == ["pass"]


def test_with_the_stock_empty_a_player_who_cannot_play_passes_at_once() -> None:
    g = game([["8-8"], ["9-3", "3-2"]], [])
    assert moves(g) == ["pass"]
    assert reason(g, "draw") == "illegal.stock_empty_pass"
    assert g.forced_move() == "pass"
    g.play("pass")
    assert g.markers == [True, False] and g.turn == 1


# -- doubles --------------------------------------------------------------------------------
def test_a_double_is_satisfied_before_anything_else_by_its_layer_first() -> None:
    g = game([["9-5", "5-5", "5-1", "8-8"], ["9-2", "5-0", "2-0"]], ["4-4", "3-3"])
    g.play("9-5 T1")
    g.play("9-2 M")
    g.play("5-5 T1")
    assert g.turn == 0 and g.summary()["waiting"] == "T1"
    assert moves(g) == ["5-1 T1"]
    assert reason(g, "8-8 M") == "illegal.mexican_double_waits"
    g.play("5-1")  # a tile for the waiting double needs no train
    assert g.waiting is None and g.turn == 1 and g.moves[-1] == "5-1 T1"


def test_a_double_waits_for_everyone_in_turn_and_a_pass_marks_the_passers_train() -> None:
    g = game([["9-5", "5-5", "8-8"], ["9-2", "5-0", "2-1"], ["9-7", "7-4"]], ["4-4", "3-3"])
    g.play("9-5 T1")
    g.play("9-2 T2")
    g.play("9-7 T3")
    g.play("5-5 T1")
    assert moves(g) == ["draw"]  # the layer cannot satisfy it: draws for it
    g.play("draw")
    assert moves(g) == ["pass"]
    g.play("pass")
    assert g.markers == [True, False, False] and g.turn == 1 and g.waiting == 0
    assert moves(g) == ["5-0 T1"]  # Bob must satisfy it, on Ann's train
    assert reason(g, "2-1 T2") == "illegal.mexican_double_waits"
    assert reason(g, "2-1 T1") == "illegal.mexican_not_satisfying"
    g.play("5-0 T1")
    assert g.waiting is None and g.turn == 2 and g.markers == [True, False, False]


def test_the_layer_may_draw_for_a_double_it_drew_this_turn() -> None:
    g = game([["9-4", "8-8"], ["9-3", "3-0"]], ["4-4", "7-7", "6-6"])
    g.play("9-4 T1")
    g.play("9-3 T2")
    g.play("draw")  # 4-4 fits Ann's train
    assert moves(g) == ["4-4 T1"]
    g.play("4-4 T1")
    assert g.turn == 0 and not g.drew and moves(g) == ["draw"]
    g.play("draw")  # 7-7 does not satisfy it
    g.play("pass")
    assert g.markers == [True, False] and g.turn == 1 and g.summary()["waiting"] == "T1"
    assert moves(g) == ["draw"]  # Bob holds no 4: draws for it
    view = g.view(0)
    assert view.waiting == 0 and view.markers == (True, False) and view.legal_moves == ()


def test_going_out_with_a_double_ends_the_round_at_once() -> None:
    g = game([["9-5", "5-5"], ["9-2", "2-0"]], [], rounds=1)
    g.play("9-5 T1")
    g.play("9-2 M")
    g.play("5-5 T1")
    assert g.is_over() and g.outcome().reason == "domino"  # type: ignore[union-attr]
    assert g.summary()["waiting"] is None and g.totals == [0, 2]


# -- the end of a round --------------------------------------------------------------
def test_a_round_is_blocked_right_after_the_pass_that_makes_it_so() -> None:
    g = game([["9-1", "8-8"], ["7-7", "6-6"]], [], rounds=1)
    g.play("9-1 T1")
    g.play("pass")  # Bob: T2 open
    g.play("pass")  # Ann: T1 open too: nobody holds a 1 or a 9
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "blocked"
    assert g.totals == [16, 26] and outcome.winners == (0,)


def test_the_draw_of_the_last_tile_may_block_the_round() -> None:
    g = game([["9-1", "8-8"], ["7-7"]], ["6-6"], rounds=1)
    g.play("9-1 T1")
    g.play("draw")  # Bob draws the last tile: still no pass, Ann passes first...
    assert not g.is_over()  # ... Ann's train has no marker yet
    g.play("pass")
    g.play("pass")
    assert g.is_over() and g.outcome().reason == "blocked"  # type: ignore[union-attr]


def test_a_draw_blocks_when_every_train_is_open_already() -> None:
    g = game([["9-1", "8-8", "8-7"], ["7-7", "9-0"]], ["6-6", "5-5"], rounds=1)
    g.play("9-1 T1")
    g.play("9-0 T2")
    g.play("draw")  # Ann draws 6-6: nothing fits (1, 0, 9)
    g.play("pass")
    g.play("draw")  # Bob draws 5-5, the stock's last: nothing fits
    g.play("pass")
    assert g.is_over() and g.outcome().reason == "blocked"  # type: ignore[union-attr]


def test_scores_add_up_and_the_lowest_total_wins() -> None:
    g = MexicanGame(("Ann", "Bob"), MexicanOptions(set=9, rounds=2),
                    deal=deal([["9-3", "3-1"], ["9-5", "4-2"]], ["8-8", "2-0"]),
                    next_deals=[deal([["8-1", "1-0"], ["6-6", "8-6"]], ["5-4", "0-0"])])
    for move in ["9-3 T1", "9-5 M", "3-1", "8-6 T2", "8-1 M", "6-6"]:
        g.play(move)
    outcome = g.outcome()
    assert outcome is not None and outcome.scores == (1, 6) and outcome.winners == (0,)
    assert outcome.places == (1, 2) and g.finished_hands == 2
    first = g.hand_summary(0)
    assert first.winners == (0,) and first.points == (0, 6) and first.scores == (0, 6)
    assert first.tiles == ((), ("4-2",))
    with pytest.raises(IndexError):
        g.hand_summary(2)


def test_a_shared_lowest_total_has_no_single_winner() -> None:
    g = game([["9-1", "2-1"], ["9-8", "0-0"], ["9-7", "6-6"]], [], rounds=1)
    for move in ["9-1 T1", "9-8 T2", "9-7 M", "2-1"]:
        g.play(move)
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == () and outcome.places == (1, 1, 3)


def test_the_blank_double_counts_its_option() -> None:
    g = game([["9-1", "2-1"], ["9-8", "0-0"], ["9-7", "6-6"]], [], rounds=1, blank_double=50)
    for move in ["9-1 T1", "9-8 T2", "9-7 M", "2-1"]:
        g.play(move)
    assert g.totals == [0, 50, 12]


def test_a_blocked_rounds_summary_names_the_fewest_points_alone() -> None:
    g = game([["9-1", "8-8"], ["7-7", "6-6"]], [], rounds=1)
    for move in ["9-1 T1", "pass", "pass"]:
        g.play(move)
    assert g.hand_summary(0).winners == (0,) and g.hand_summary(0).reason == "blocked"
