"""The Traditional game (RULES.md section 1) in play: the ends, the end of a hand, the match."""

import pytest

from engine.errors import IllegalMove
from engine.records import ReplayError, replay
from engine.traditional import TraditionalGame, TraditionalOptions, hand_goats, hand_places
from tests.engine.test_traditional import game_of, legal, record_of

# -- ends --------------------------------------------------------------------------

def test_end_may_be_omitted_when_exactly_one_end_accepts():
    game = game_of([["6-6", "6-3"], ["6-5", "5-1"]], moves=["6-6", "6-5 L"])
    assert legal(game) == ["6-3 R"]
    game.play("6-3")
    assert game.moves[-1] == "6-3 R"


def test_end_required_when_both_ends_show_the_same_number():
    game = game_of([["6-6", "5-5"], ["6-1", "2-2"]], moves=["6-6"])
    assert legal(game) == ["6-1 L", "6-1 R"]
    with pytest.raises(IllegalMove, match="fits both ends: say 6-1 L or 6-1 R"):
        game.play("6-1")
    game.play("6-1 l")
    assert game.moves == ["6-6", "6-1 L"]
    assert (game.line.left, game.line.right) == (1, 6)


def test_end_required_when_a_tile_fits_both_ends_with_different_numbers():
    game = game_of([["6-6", "6-3", "1-1"], ["6-5", "5-3", "2-2"]],
                   moves=["6-6", "6-5 L", "6-3 R"])
    assert (game.line.left, game.line.right) == (5, 3)
    assert legal(game) == ["5-3 L", "5-3 R"]
    with pytest.raises(IllegalMove, match="fits both ends"):
        game.play("5-3")
    game.play("5-3 R")
    assert (game.line.left, game.line.right) == (5, 5)


def test_end_that_does_not_accept_the_tile_is_illegal():
    game = game_of([["6-3", "1-0"], ["3-1", "5-2"]], moves=["6-3"])
    with pytest.raises(IllegalMove, match="does not fit the L end"):
        game.play("3-1 L")
    with pytest.raises(IllegalMove, match="only the ends L and R"):
        game.play("3-1 U")
    with pytest.raises(IllegalMove, match="fits neither end"):
        game.play("5-2")
    with pytest.raises(IllegalMove, match="you do not hold 1-0"):
        game.play("1-0")


def test_opening_tile_has_no_end():
    game = game_of([["6-6", "1-0"], ["5-4"]])
    with pytest.raises(IllegalMove, match="first tile of a hand takes no end"):
        game.play("6-6 L")
    assert legal(game) == ["6-6"]
    game.play("6-6")
    assert game.moves == ["6-6"]


def test_opening_tile_must_be_held_with_lead_winner():
    nxt = [{"hands": [["4-1", "1-0"], ["6-6", "5-5"]], "stock": []}]
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"],
                   nxt=nxt, target=100, lead="winner")
    with pytest.raises(IllegalMove, match="you do not hold 6-6"):
        game.play("6-6")


# -- the end of a hand -------------------------------------------------------------

def test_domino_last_tile_wins_and_scores_the_others_counts():
    game = game_of([["6-6", "5-0"], ["6-5", "4-3"], ["6-4", "2-2"]],
                   moves=["6-6", "6-5 L", "6-4 R", "5-0"])
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.reason == "domino" and outcome.winners == (0,)
    assert game.results[0].counts == (0, 7, 4)
    assert game.scores == [11, 0, 0]
    assert game.to_move is None and legal(game) == []


def test_fish_ends_the_hand_at_once_after_the_move_that_made_it():
    # After 6-0 nobody can play: the hand ends without C passing first.
    game = game_of([["6-6", "6-0", "5-4"], ["6-2", "3-1"], ["5-5", "4-4"]],
                   moves=["6-6", "6-2 L", "pass", "6-0 R"])
    assert game.is_over() and game.outcome().reason == "fish"
    assert game.to_move is None
    with pytest.raises(IllegalMove, match="game is over"):
        game.play("pass")


def test_fish_winner_maker_is_who_laid_the_last_tile():
    game = game_of([["6-6", "6-0", "5-4"], ["6-2", "3-1"], ["5-5", "4-4"]],
                   moves=["6-6", "6-2 L", "pass", "6-0 R"])
    assert game.outcome().winners == (0,)
    assert game.results[0].counts == (9, 4, 18)
    assert game.scores == [4 + 18 - 9, 0, 0]


def test_fish_winner_lowest_count_wins():
    game = game_of([["6-6", "6-0", "5-4"], ["6-2", "3-1"], ["5-5", "4-4"]],
                   moves=["6-6", "6-2 L", "pass", "6-0 R"], fish_winner="lowest")
    assert game.outcome().winners == (1,)
    assert game.scores == [0, 9 + 18 - 4, 0]
    assert game.summary()["winner"] == "B"


def test_fish_winner_lowest_tie_means_no_winner_and_no_score():
    game = game_of([["6-6", "6-0", "5-4"], ["6-2", "5-3"], ["4-4"]],
                   moves=["6-6", "6-2 L", "pass", "6-0 R"], fish_winner="lowest")
    outcome = game.outcome()
    assert outcome.reason == "fish" and outcome.winners == ()
    assert game.scores == [0, 0, 0]
    assert game.results[0].winner == -1 and game.results[0].points == 0
    assert game.summary()["winner"] is None
    assert outcome.places == (3, 1, 1)


def test_fish_on_a_draw_of_the_last_stock_tile():
    game = game_of([["6-6", "3-3"], ["2-1", "4-0"]], ["5-4"], ["6-6", "draw"])
    assert game.outcome().reason == "fish"
    assert game.stock_size == 0 and game.to_move is None


def test_fish_rule_needs_an_empty_stock():
    # Nobody else could play, but the stock still has tiles: no fish.
    game = game_of([["6-6", "3-3"], ["2-1", "4-0"]], ["5-4", "1-1"], ["6-6", "draw"])
    assert not game.is_over() and legal(game) == ["draw"]


def test_lone_0_0_counts_lone_blank_default_24():
    game = game_of([["6-6", "6-4", "4-1"], ["6-3", "0-0"]],
                   moves=["6-6", "6-3 R", "6-4", "pass", "4-1"])
    assert game.count(1) == 24
    assert game.scores == [24, 0]


def test_lone_0_0_counts_the_lone_blank_option():
    game = game_of([["6-6", "6-4", "4-1"], ["6-3", "0-0"]],
                   moves=["6-6", "6-3 R", "6-4", "pass", "4-1"], lone_blank=50)
    assert game.results[0].counts == (0, 50) and game.scores == [50, 0]


def test_lone_0_0_rule_only_for_a_hand_of_just_0_0():
    assert game_of([["6-6"], ["0-0"]]).count(1) == 24
    assert game_of([["6-6"], ["0-0", "1-0"]]).count(1) == 1
    assert game_of([["6-6"], ["0-0", "1-1"]], lone_blank=7).count(1) == 2
    assert game_of([["6-6"], ["0-0"]], lone_blank=0).count(1) == 0


def test_places_winner_first_then_by_count_lowest_first_ties_shared():
    assert hand_places((0, 5, 5, 9), 0) == (1, 2, 2, 4)
    assert hand_places((12, 3, 7, 3), 0) == (1, 2, 4, 2)  # the winner's own count ignored
    assert hand_places((4, 4, 9), -1) == (1, 1, 3)
    game = game_of([["6-6", "4-0"], ["6-5", "4-1"], ["6-4", "3-2"], ["6-3", "6-2"]],
                   moves=["6-6", "6-5 L", "6-4 R", "pass", "4-0"])
    assert game.results[0].counts == (0, 5, 5, 17)
    assert game.results[0].places == (1, 2, 2, 4)
    assert game.outcome().places == (1, 2, 2, 4)


def test_goats_are_every_player_tied_for_the_highest_count():
    assert hand_goats((0, 9, 4, 9), 0) == (1, 3)
    assert hand_goats((0, 9, 4, 2), 0) == (1,)
    assert hand_goats((7, 7), -1) == (0, 1)
    game = game_of([["6-6", "5-0"], ["6-5", "4-3"], ["6-4", "5-2"], ["4-1", "1-0"]],
                   moves=["6-6", "6-5 L", "6-4 R", "4-1", "5-0"])
    assert game.results[0].counts == (0, 7, 7, 1)
    assert game.results[0].goats == (1, 2)
    assert game.summary()["goats"] == ["B", "C"]


def test_scoring_is_others_counts_minus_own_never_below_0():
    game = game_of([["6-6", "5-5", "4-4"], ["2-1"]], ["3-0"], ["6-6", "draw"])
    assert game.results[0].counts == (18, 6)
    assert game.outcome().winners == (0,) and game.scores == [0, 0]
    positive = game_of([["6-6", "1-1"], ["2-1", "4-0"]], ["5-4"], ["6-6", "draw"])
    assert positive.scores == [3 + 4 + 9 - 2, 0]


# -- the match ---------------------------------------------------------------------

def test_match_target_hands_repeat_and_scores_add():
    nxt = [{"hands": [["5-5", "5-0"], ["4-4", "3-3", "2-1"]], "stock": []}]
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"],
                   nxt=nxt, target=10)
    assert not game.is_over() and game.hand_number == 2
    assert game.scores == [4, 0]
    summary = game.summary()
    assert summary["winner"] is None and summary["reason"] is None
    assert summary["finished"] is False
    assert [str(t) for t in game.hands[0]] == ["5-5", "5-0"]  # deal.next deals hand 2
    for move in ["5-5", "pass", "5-0 L"]:
        game.play(move)
    assert game.is_over() and game.scores == [21, 0]
    assert game.summary()["winner"] == "A" and game.summary()["reason"] == "domino"
    assert game.outcome().places == (1, 2)


def test_match_ends_when_a_score_reaches_the_target_exactly():
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"], target=4)
    assert game.is_over() and game.scores == [4, 0] and game.hand_number == 1


def test_match_target_0_is_a_single_hand():
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"])
    assert game.is_over() and game.hand_number == 1


def test_match_from_a_seed_deals_later_hands_from_the_seed():
    game = TraditionalGame(["A", "B"], TraditionalOptions(target=30), seed=5)
    again = TraditionalGame(["A", "B"], TraditionalOptions(target=30), seed=5)
    seen_hands = 0
    while not game.is_over():
        move = game.legal_moves()[0]
        before = game.hand_number
        game.play(move)
        again.play(str(move))
        if game.hand_number != before:
            seen_hands += 1
            assert game.hands == again.hands  # the same later deals
            assert sum(len(h) for h in game.hands) + game.stock_size == 28
    assert seen_hands >= 1 and max(game.scores) >= 30
    assert game.summary()["winner"] == game.players[game.scores.index(max(game.scores))]


def test_match_hand_without_winner_scores_nothing_and_the_match_goes_on():
    first = [["6-6", "6-0", "5-4"], ["6-2", "5-3"], ["4-4"]]
    nxt = [{"hands": [["1-0"], ["4-4", "3-1"], ["2-2", "5-0"]], "stock": []}]
    game = game_of(first, moves=["6-6", "6-2 L", "pass", "6-0 R"], nxt=nxt,
                   target=10, fish_winner="lowest")
    assert game.scores == [0, 0, 0] and not game.is_over() and game.hand_number == 2


def test_keywords_and_end_in_any_case():
    game = game_of([["6-6", "1-0"], ["5-4", "3-2"]], ["6-1", "4-4", "2-2"],
                   ["6-6", "DrAw", "6-1 r"])
    assert game.moves == ["6-6", "draw", "6-1 R"]
    game.play("1-0 R")
    assert game.is_over()


def test_any_move_after_the_game_is_over_is_illegal():
    record = record_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5", "pass"])
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert (info.value.index, info.value.move) == (3, "pass")
    assert "over" in info.value.error
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"])
    for move in ("2-2", "draw", "pass", "6-6"):
        assert str(game.illegal_reason(game.parse_move(move))) == "the game is over"


# -- readings pinned in the code ---------------------------------------------------

def test_the_goat_is_whoever_holds_the_highest_count_even_the_fish_maker_who_won():
    # RULES.md to the letter: "every player tied for the highest count is a goat",
    # with no exception for the winner. A makes the fish holding the most pips.
    game = game_of([["6-6", "5-5", "4-4"], ["2-1"], ["1-0"]], ["3-0"], ["6-6", "draw"])
    result = game.results[0]
    assert result.winner == 0 and result.counts == (18, 6, 1)
    assert result.goats == (0,)
    assert hand_goats((30, 5, 5), 0) == (0,)
    assert hand_goats((0, 9, 9), 0) == (1, 2)


def test_reading_later_hands_without_next_or_seed_are_dealt_from_seed_0():
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"], target=50)
    assert game.hand_number == 2
    from_seed_0 = TraditionalGame(["A", "B"], seed=0)
    assert game.hands == from_seed_0.hands
    assert game.stock == from_seed_0.stock


def test_reading_later_hands_after_deal_next_runs_out_come_from_the_record_seed():
    game = replay({"game": "traditional", "options": {"target": 50}, "players": ["A", "B"],
                   "seed": 9, "deal": {"hands": [["6-6", "6-5"], ["6-1", "2-2"]], "stock": []},
                   "moves": ["6-6", "6-1 R", "6-5"]})
    assert game.hands == TraditionalGame(["A", "B"], seed=9).hands


def test_reading_fish_on_a_draw_is_won_by_who_laid_the_last_tile():
    game = game_of([["6-6", "3-3"], ["2-1", "4-0"]], ["5-4"], ["6-6", "draw"])
    assert game.outcome().winners == (0,)  # A laid 6-6; B drew the last tile
    assert game.scores == [3 + 4 + 9 - 6, 0]
    # with fish_winner=lowest the lowest count wins instead
    lowest = game_of([["6-6", "3-3"], ["2-1", "4-0"]], ["5-4"], ["6-6", "draw"],
                     fish_winner="lowest")
    assert lowest.outcome().winners == (0,)
    assert lowest.results[0].counts == (6, 16)
    other = game_of([["6-6", "5-5"], ["1-0"]], ["2-0"], ["6-6", "draw"], fish_winner="lowest")
    assert other.outcome().winners == (1,) and other.scores == [0, 10 - 3]
