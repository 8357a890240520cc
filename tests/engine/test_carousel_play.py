"""The Carousel (RULES.md section 2), in play: turns, the end of a hand and the match."""

from __future__ import annotations

import pytest

from engine.carousel import round_pips
from engine.carousel.scoring import blocked_scores, domino_score
from engine.errors import IllegalMove
from engine.moves import LineMove
from engine.tiles import Tile
from tests.engine.test_carousel import NAMES, english, last_event, legal, make, play_all, reason


# -- turns ---------------------------------------------------------------------------------
def test_must_play_forbids_drawing_and_passing_with_a_fitting_tile() -> None:
    game = make(["5-5 1-0", "5-0 2-0"], "3-0")
    game.play("5-5")
    assert legal(game) == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert reason(game, "draw") == "you cannot draw: you hold a tile that fits (5-0)"
    assert reason(game, "pass") == "you cannot pass: you hold a tile that fits (5-0)"
    assert reason(game, "1-0") == "you do not hold 1-0"


def test_must_play_off_may_draw_instead_but_never_pass() -> None:
    game = make(["5-5 1-0", "5-0 2-0"], "3-0", must_play=False)
    game.play("5-5")
    assert legal(game) == ["5-0 L", "5-0 R", "5-0 U", "5-0 D", "draw"]
    assert reason(game, "pass") is not None
    game.play("draw")
    assert legal(game) == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert reason(game, "draw") == "the stock is empty"


def test_draw_until_playable_then_play() -> None:
    game = make(["6-6 1-0", "2-0 3-1"], "4-0 3-3 6-2 1-1")
    game.play("6-6")
    assert legal(game) == ["draw"]
    assert reason(game, "pass") == "you cannot pass while you may draw: draw"
    play_all(game, "draw, draw")
    assert legal(game) == ["draw"]
    game.play("draw")
    assert legal(game) == ["6-2 L", "6-2 R", "6-2 U", "6-2 D"]
    assert game.to_move == 1
    assert game.stock_size == 1


def test_pass_with_empty_stock() -> None:
    game = make(["6-6 6-1 1-0", "2-0 6-3", "3-1 5-4"])
    play_all(game, "6-6, 6-3 L")
    assert legal(game) == ["pass"]
    assert reason(game, "draw") == "the stock is empty"
    game.play("pass")
    assert game.to_move == 0


def test_keep_in_stock_two_players_keeps_two() -> None:
    game = make(["6-6 6-5 1-0", "2-0 3-1"], "4-0 4-1 4-2", keep_in_stock=True)
    game.play("6-6")
    assert game.drawable == 1
    game.play("draw")
    assert game.stock_size == 2 and game.drawable == 0
    assert legal(game) == ["pass"]
    assert reason(game, "draw") == "nothing more may be drawn: the last 2 stay in the stock"


def test_keep_in_stock_three_players_keeps_one() -> None:
    game = make(["6-6 6-5 1-0", "2-0", "3-1"], "4-0 4-1", keep_in_stock=True)
    assert game.drawable == 1
    game.play("6-6")
    game.play("draw")
    assert game.stock_size == 1 and legal(game) == ["pass"]


def test_reading_keep_in_stock_counts_from_the_hand_start() -> None:
    # A stock smaller than the reserve: nothing may ever be drawn this hand.
    game = make(["6-5", "1-0 2-2"], "4-4", keep_in_stock=True)
    assert game.drawable == 0
    assert legal(game) == ["pass"]


def test_end_may_be_left_out_only_when_one_end_accepts() -> None:
    game = make(["6-6 6-1", "6-0 2-0"])
    game.play("6-6")
    assert reason(game, "6-0") == "6-0 fits more than one end (L, R, U, D): name the end"
    assert game.play("6-0 d") == LineMove.put(Tile(6, 0), "D")


def test_game_over_rejects_every_move() -> None:
    game = make(["5-5", "6-6 6-5 6-4"], target=11, later=[
        {"hands": [["6-3", "6-2", "1-0"], ["6-6", "6-5", "0-0"]], "stock": []}])
    game.play("5-5")
    assert game.scores == (9, 0)
    play_all(game, "6-6, 6-3 L")  # 12+3 = 15 -> 3: 12 passes 11, not recorded
    assert game.scores == (9, 0)
    assert game.events[-1].recorded is False
    assert not game.is_over()
    play_all(game, "6-5 R, 6-2 U")  # 3+5+2 = 10 -> 2: exactly 11
    assert game.scores == (11, 0) and game.is_over()
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("draw")


# -- end of a hand ------------------------------------------------------------------------
@pytest.mark.parametrize(("pips", "points"), [(0, 0), (2, 0), (3, 1), (7, 1), (8, 2), (12, 2),
                                              (13, 3), (33, 7)])
def test_rounding(pips: int, points: int) -> None:
    assert round_pips(pips) == points


def test_domino_scores_rounded_opponents_pips() -> None:
    game = make(["5-5 5-1", "5-0 1-1", "6-6 6-4"])
    play_all(game, "5-5, 5-0 L, pass, 5-1 R")
    # Opponents: Bob 1-1 = 2, Cy 6-6 6-4 = 22; 24 -> 5.
    assert str(game.events[-1].reason) == "domino: opponents' pips 24 -> 5 points"
    assert game.scores == (2 + 5, 2, 0)
    assert game.results == ["domino"]
    assert game.hand_number == 2


def test_domino_rounding_to_zero_is_noted() -> None:
    game = make(["2-2", "1-0"])
    game.play("2-2")
    assert last_event(game) == ("Ann", 0, "domino: opponents' pips 1 -> 0 points")
    assert game.scores == (0, 0)


def test_pairs_domino_subtracts_partner_never_below_zero() -> None:
    assert english(domino_score([0, 5, 30, 5], 0, True)) == (
        0, 0, "domino: opponents' pips 10 - partner's 30 = 0 -> 0 points")
    assert domino_score([0, 12, 10, 8], 0, True)[1] == 2
    assert domino_score([0, 12, 10, 8], 0, False)[1] == 6


def test_pairs_scores_go_to_the_pair() -> None:
    game = make(["5-5 5-0", "5-1 6-6", "2-2 3-3", "5-3 4-4"], pairs=True)
    play_all(game, "5-5, 5-1 L, pass, 5-3 R, 5-0 U")
    assert game.scores == (4, 0, 4, 0)
    assert game.side_scores == [4, 0]


def test_blocked_right_after_the_move_that_made_it() -> None:
    game = make(["6-6 1-0", "2-1 3-0", "4-0 2-2"])
    game.play("6-6")
    assert game.results == ["blocked"]
    assert last_event(game) == ("Ann", 2, "blocked: fewest pips 1; opponents' pips 6+8 - 2x1 "
                                          "= 12 -> 2 points")


def test_blocked_by_a_draw_of_the_last_tile() -> None:
    game = make(["6-6 1-0", "2-1"], "3-0")
    game.play("6-6")
    game.play("draw")
    # Nothing more to draw and nobody can play: Ann 1 pip, Bob 6.
    assert game.results == ["blocked"]
    assert last_event(game) == ("Ann", 1, "blocked: fewest pips 1; opponents' pips 6 - 1x1 = 5 "
                                          "-> 1 point")


def test_blocked_sum() -> None:
    assert list(map(english, blocked_scores([1, 6, 8], False, "sum", NAMES))) == [
        (0, 3, "blocked: fewest pips 1; opponents' pips 6+8 = 14 -> 3 points")]


def test_blocked_tie_difference_nobody_scores_partners_included() -> None:
    assert list(map(english, blocked_scores([2, 9, 2, 9], True, "difference", NAMES))) == [
        (None, 0, "blocked: Ann, Cy tie for the fewest pips (2): nobody scores")]


def test_reading_blocked_sum_tie_rounds_then_divides_per_tied_player() -> None:
    # Not tied: 13 + 11 = 24 -> 5 points, / 2 tied = 2 each, in seat order.
    scores = blocked_scores([13, 2, 2, 11], False, "sum", NAMES)
    assert [(s, p) for s, p, _ in scores] == [(1, 2), (2, 2)]


def test_reading_blocked_sum_tie_with_pairs_counts_only_opponents_not_tied() -> None:
    # Ann and Bob tie; Ann's opponents not tied: Dee (11); Bob's: Cy (13).
    scores = blocked_scores([2, 2, 13, 11], True, "sum", NAMES)
    assert [(s, p) for s, p, _ in scores] == [(0, 1), (1, 1)]


def test_blocked_pairs_difference_partner_plays_no_part() -> None:
    # Dee fewest (2): opponents Ann 10 and Cy 4: (10-2)+(4-2) = 10 -> 2.
    assert blocked_scores([10, 3, 4, 2], True, "difference", NAMES)[0][:2] == (3, 2)


# -- the match -----------------------------------------------------------------------------
def test_match_won_at_once_mid_hand_by_a_play() -> None:
    game = make(["5-5 1-0", "2-0"], target=11)
    game.side_scores = [9, 0]
    game.play("5-5")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "won" and outcome.winners == (0,)
    assert outcome.scores == (11, 0) and outcome.places == (1, 2)
    assert game.to_move is None and game.legal_moves() == []
    assert reason(game, "1-0") == "the game is over"
    assert game.summary()["winner"] == "Ann"


def test_last_tile_play_score_first_and_domino_not_added_when_it_wins() -> None:
    game = make(["5-5", "6-6 6-5"], target=11)
    game.side_scores = [9, 0]
    game.play("5-5")
    assert game.summary()["reason"] == "won"
    assert game.scores == (11, 0)
    assert [str(e.reason) for e in game.events] == ["ends 5+5 = 10 -> 2 points"]


def test_match_won_by_domino_score() -> None:
    game = make(["5-5 1-0", "5-1 6-6 6-5"], target=11, spinner_first=False)
    play_all(game, "5-5, 5-1 L, 1-0 L")  # Ann 2, then 5+5+0 = 10: 4; domino 23 -> 5: 9
    assert game.scores == (9, 0) and not game.is_over()
    game3 = make(["5-5 1-0", "5-1 6-6 6-5"], target=11, spinner_first=False)
    game3.side_scores = [2, 0]
    play_all(game3, "5-5, 5-1 L, 1-0 L")  # Ann 4, 6; domino 5 -> 11
    assert game3.summary()["reason"] == "domino" and game3.summary()["winner"] == "Ann"


def test_exact_finish_off_passing_the_target_wins() -> None:
    game = make(["5-5 1-0", "2-0"], target=11, exact_finish=False)
    game.side_scores = [10, 0]
    game.play("5-5")
    assert game.is_over() and game.scores == (12, 0)


def test_exact_finish_bust_on_a_domino_score_ends_the_hand() -> None:
    game = make(["5-5 1-0", "5-1 6-6 6-5"], target=11, spinner_first=False)
    game.side_scores = [3, 0]
    play_all(game, "5-5, 5-1 L, 1-0 L")  # Ann 5, 7; domino +5 = 12 > 11: not recorded
    assert game.scores == (7, 0) and game.hand_number == 2 and not game.is_over()
    assert game.events[-1].recorded is False


def test_pairs_match_winner_is_the_pair() -> None:
    game = make(["5-5 5-0", "5-1 6-6", "2-2 3-3", "5-3 4-4"], pairs=True, target=11)
    game.side_scores = [0, 9]
    play_all(game, "5-5, 5-1 L, pass, 5-3 R, 5-0 U")
    assert not game.is_over()
    game.side_scores = [9, 0]
    assert game.summary()["scores"] == {"Ann": 9, "Bob": 0, "Cy": 9, "Dee": 0}
    game2 = make(["5-5 5-0", "5-1 6-6", "2-2 3-3", "5-3 4-4"], pairs=True, target=11)
    game2.side_scores = [0, 10]
    play_all(game2, "5-5, 5-1 L, pass, 5-3 R, 5-0 U")  # Ann: 2 + 2
    assert not game2.is_over()
    game3 = make(["5-5", "5-1 6-6", "2-2", "5-3"], pairs=True, target=11)
    game3.side_scores = [0, 0]
    game3.side_scores[0] = 9
    game3.play("5-5")
    assert game3.summary()["winner"] == "Ann+Cy"
    outcome = game3.outcome()
    assert outcome is not None and outcome.winners == (0, 2) and outcome.places == (1, 3, 1, 3)


def test_an_end_letter_that_is_no_side() -> None:
    game = make(["6-6 6-1", "6-0 2-0"])
    game.play("6-6")
    assert str(game.illegal_reason(LineMove.put(Tile(6, 0), "X"))) == (
        "there is no end X: the ends are L, R, U and D")


def test_match_won_by_a_blocked_score() -> None:
    game = make(["6-6 1-0", "2-1 3-0", "4-0 2-2"], target=11)
    game.side_scores = [9, 0, 0]
    game.play("6-6")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "blocked" and outcome.winners == (0,)
    assert game.summary()["winner"] == "Ann" and game.summary()["hand_number"] == 1
