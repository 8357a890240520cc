"""The Traditional game, RULES.md section 1: one test (or a few) per rule and option."""

from collections import Counter

import pytest

from engine.deals import LineDeal, deal_from_seed
from engine.errors import IllegalMove, RecordError
from engine.records import ReplayError, replay
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional import (
    TraditionalGame,
    TraditionalOptions,
    hand_goats,
    hand_places,
    is_lopsided,
    opening_tile,
)

NAMES = ("A", "B", "C", "D")
FULL_SET = full_set(6)


def record_of(hands, stock=(), moves=(), *, nxt=None, **options):
    deal = {"hands": [list(h) for h in hands], "stock": list(stock)}
    if nxt is not None:
        deal["next"] = nxt
    return {"game": "traditional", "options": options, "players": list(NAMES[:len(hands)]),
            "deal": deal, "moves": list(moves)}


def game_of(hands, stock=(), moves=(), *, nxt=None, **options) -> TraditionalGame:
    game = replay(record_of(hands, stock, moves, nxt=nxt, **options))
    assert isinstance(game, TraditionalGame)
    return game


def legal(game):
    return [str(m) for m in game.legal_moves()]


def tiles(*texts):
    return [Tile.parse(t) for t in texts]


def raw_deals(seed, players, hand_size=7):
    """The deals a seed's stream yields, before any lopsided redeal."""
    rng = SeededRandom(seed)
    while True:
        yield deal_from_seed(rng, FULL_SET, players, hand_size)


def lopsided_count(deal, limit):
    return sum(is_lopsided(h, limit) for h in deal.hands)


def find_seed(players, predicate, limit=20000):
    for seed in range(limit):
        if predicate(next(raw_deals(seed, players))):
            return seed
    raise AssertionError("no such seed in range")  # pragma: no cover


# -- the deal ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_size_default_is_7_and_the_rest_is_the_stock(players):
    game = TraditionalGame(NAMES[:players], seed=31)
    assert [len(h) for h in game.hands] == [7] * players
    assert game.stock_size == 28 - 7 * players
    every = [t for h in game.hands for t in h] + game.stock
    assert Counter(every) == Counter(FULL_SET)


@pytest.mark.parametrize("hand_size", [5, 6, 7])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hand_size_option_5_to_7(players, hand_size):
    game = TraditionalGame(NAMES[:players], TraditionalOptions(hand_size=hand_size), seed=8)
    assert [len(h) for h in game.hands] == [hand_size] * players
    assert game.stock_size == 28 - hand_size * players


def test_hand_size_4_players_7_tiles_leaves_no_stock():
    game = TraditionalGame(NAMES, seed=3)
    assert game.stock_size == 0 and game.stock == []


@pytest.mark.parametrize("bad", [4, 8, 0])
def test_hand_size_out_of_range_is_a_record_error(bad):
    with pytest.raises(RecordError, match="hand_size"):
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1,
                "options": {"hand_size": bad}})


def test_hand_size_of_an_explicit_deal_is_taken_from_it():
    game = game_of([["6-6", "1-0", "2-0"], ["3-3"]], ["5-5"], hand_size=5)
    assert [len(h) for h in game.hands] == [3, 1]
    assert game.stock_size == 1


def test_stock_is_drawn_in_listed_order():
    game = game_of([["6-6", "1-0"], ["5-4", "3-2"]], ["4-4", "2-1", "6-1"], ["6-6", "draw"])
    assert Tile.of(4, 4) in game.hands[1]
    game.play("draw")
    assert Tile.of(2, 1) in game.hands[1]
    assert game.stock_size == 1


# -- lopsided hands ----------------------------------------------------------------

def test_lopsided_hand_is_lopsided_suit_or_more_tiles_of_one_suit():
    five_sixes = tiles("6-6", "6-5", "6-4", "6-3", "6-2", "1-0", "2-1")
    four_sixes = tiles("6-6", "6-5", "6-4", "6-3", "5-5", "1-0", "2-1")
    assert is_lopsided(five_sixes, 5)
    assert not is_lopsided(four_sixes, 5)  # 6-6 counts once for its suit
    assert is_lopsided(four_sixes, 4)
    assert not is_lopsided(five_sixes, 6)


def test_lopsided_two_or_more_hands_are_redealt_from_the_seed():
    seed = find_seed(4, lambda d: lopsided_count(d, 5) >= 2)
    stream = raw_deals(seed, 4)
    first = next(stream)
    expected = next(d for d in stream if lopsided_count(d, 5) < 2)
    game = TraditionalGame(NAMES, seed=seed)
    assert [sorted(h) for h in game.hands] != [sorted(h) for h in first.hands]
    assert [sorted(h) for h in game.hands] == [sorted(h) for h in expected.hands]
    assert sum(is_lopsided(h, 5) for h in game.hands) < 2


def test_lopsided_one_hand_plays_on():
    seed = find_seed(3, lambda d: lopsided_count(d, 5) == 1)
    first = next(raw_deals(seed, 3))
    game = TraditionalGame(NAMES[:3], seed=seed)
    assert [sorted(h) for h in game.hands] == [sorted(h) for h in first.hands]
    assert game.stock == list(first.stock)


def test_lopsided_explicit_deal_is_never_redealt():
    hands = [["6-6", "6-5", "6-4", "6-3", "6-2"], ["5-5", "5-4", "5-3", "5-2", "5-1"]]
    game = game_of(hands, ["0-0"])
    assert [[str(t) for t in h] for h in game.hands] == hands
    assert game.stock == [Tile.of(0, 0)]


def test_lopsided_suit_option_changes_what_is_redealt():
    seed = find_seed(4, lambda d: lopsided_count(d, 4) >= 2 and lopsided_count(d, 5) == 0)
    first = next(raw_deals(seed, 4))
    kept = TraditionalGame(NAMES, seed=seed)
    assert [sorted(h) for h in kept.hands] == [sorted(h) for h in first.hands]
    redealt = TraditionalGame(NAMES, TraditionalOptions(lopsided_suit=4), seed=seed)
    assert [sorted(h) for h in redealt.hands] != [sorted(h) for h in first.hands]
    assert sum(is_lopsided(h, 4) for h in redealt.hands) < 2


@pytest.mark.parametrize("bad", [3, 8])
def test_lopsided_suit_out_of_range_is_a_record_error(bad):
    with pytest.raises(RecordError, match="lopsided_suit"):
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1,
                "options": {"lopsided_suit": bad}})


# -- the lead ----------------------------------------------------------------------

def test_lead_is_the_highest_double():
    game = game_of([["6-5", "5-5"], ["6-4", "3-3"], ["2-2", "6-3"]])
    assert game.to_move == 0
    assert legal(game) == ["5-5"]


def test_lead_highest_double_even_if_it_is_0_0():
    game = game_of([["6-5", "6-4"], ["0-0", "5-4"]])
    assert game.to_move == 1 and legal(game) == ["0-0"]


def test_lead_without_doubles_is_the_heaviest_tile_by_pips():
    game = game_of([["6-4", "2-1"], ["6-5", "1-0"], ["5-3"]])
    assert game.to_move == 1 and legal(game) == ["6-5"]


def test_lead_heaviest_tile_on_equal_pips_has_the_larger_high_half():
    game = game_of([["5-4", "2-1"], ["6-3", "1-0"]])
    assert game.to_move == 1 and legal(game) == ["6-3"]
    assert opening_tile([tiles("4-1"), tiles("3-2")]) == (0, Tile.of(4, 1))
    assert opening_tile([tiles("3-2"), tiles("5-0", "1-1")]) == (1, Tile.of(1, 1))


def test_lead_with_nobody_holding_a_tile_is_an_error():
    with pytest.raises(ValueError, match="nobody holds a tile"):
        opening_tile([[], []])


def test_lead_must_be_the_chosen_tile_and_not_a_draw_or_pass():
    game = game_of([["6-6", "6-5"], ["5-5", "1-0"]], ["2-2"])
    with pytest.raises(IllegalMove, match="the lead must be 6-6"):
        game.play("6-5")
    for word in ("draw", "pass"):
        with pytest.raises(IllegalMove, match="lead this hand"):
            game.play(word)
    game_no_double = game_of([["6-4"], ["6-5"]])
    with pytest.raises(IllegalMove, match="heaviest tile"):
        game_no_double.play("6-4")


def test_lead_not_a_double_lies_with_its_larger_number_at_L():
    game = game_of([["6-3", "1-0"], ["3-1", "5-2"]], moves=["3:6"])
    assert (game.line.left, game.line.right) == (6, 3)
    assert legal(game) == ["3-1 R"]
    game.play("3-1")
    assert game.moves == ["6-3", "3-1 R"]
    assert (game.line.left, game.line.right) == (6, 1)
    assert game.summary()["line"] == ["6-3", "3-1"]
    assert len(game.line) == 2


def test_lead_winner_leads_any_tile_in_later_hands():
    nxt = [{"hands": [["4-1", "1-0", "3-2"], ["6-6", "5-5"]], "stock": []}]
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"],
                   nxt=nxt, target=100, lead="winner")
    assert game.scores == [4, 0] and game.hand_number == 2
    assert game.to_move == 0  # A won, although B holds the highest double
    assert legal(game) == ["4-1", "3-2", "1-0"]
    game.play("1-0")
    assert (game.line.left, game.line.right) == (1, 0)


def test_lead_winner_after_a_hand_without_winner_highest_double_leads_again():
    first = [["6-6", "6-0", "5-4"], ["6-2", "5-3"], ["4-4"]]
    nxt = [{"hands": [["1-0", "2-1"], ["4-4", "3-1"], ["2-2", "5-0"]], "stock": []}]
    game = game_of(first, moves=["6-6", "6-2 L", "pass", "6-0 R"], nxt=nxt,
                   target=100, lead="winner", fish_winner="lowest")
    assert game.results[0].winner == -1
    assert game.to_move == 1 and legal(game) == ["4-4"]


def test_lead_default_rule_applies_to_every_hand_of_a_match():
    nxt = [{"hands": [["4-1", "1-0", "3-2"], ["6-6", "5-5"]], "stock": []}]
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 R", "6-5"],
                   nxt=nxt, target=100)
    assert game.to_move == 1 and legal(game) == ["6-6"]


# -- play --------------------------------------------------------------------------

def test_turns_go_to_the_left_in_seat_order():
    game = game_of([["6-6", "1-0"], ["6-5", "2-0"], ["6-4", "3-0"], ["6-3", "4-0"]])
    assert game.to_move == 0
    game.play("6-6")
    assert game.to_move == 1
    game.play("6-5 L")
    assert game.to_move == 2
    game.play("6-4")
    assert game.to_move == 3
    game.play("4-0")
    assert game.to_move == 0


def test_must_play_a_tile_that_fits_and_cannot_draw_or_pass():
    game = game_of([["6-6", "1-0"], ["6-2", "3-3"]], ["5-5"], ["6-6"])
    assert legal(game) == ["6-2 L", "6-2 R"]
    with pytest.raises(IllegalMove, match="cannot draw: you hold a tile that fits"):
        game.play("draw")
    with pytest.raises(IllegalMove, match="cannot pass"):
        game.play("pass")
    assert game.stock_size == 1 and game.to_move == 1


def test_draw_until_playable_each_draw_a_move_turn_does_not_pass():
    game = game_of([["6-6", "1-0"], ["5-4", "3-2"]], ["4-4", "2-1", "6-1", "2-0"], ["6-6"])
    assert legal(game) == ["draw"]
    game.play("draw")
    assert game.to_move == 1 and game.stock_size == 3
    assert legal(game) == ["draw"]
    game.play("draw")
    assert game.to_move == 1 and legal(game) == ["draw"]
    game.play("draw")
    assert game.to_move == 1
    assert legal(game) == ["6-1 L", "6-1 R"]  # the drawn tile that fits, and nothing else
    with pytest.raises(IllegalMove):
        game.play("draw")
    game.play("6-1 R")
    assert game.to_move == 0
    # the drawn tiles that did not fit stay in the hand
    assert sorted(game.hands[1]) == sorted(tiles("5-4", "3-2", "4-4", "2-1"))
    assert game.moves == ["6-6", "draw", "draw", "draw", "6-1 R"]


def test_pass_only_with_empty_stock_and_nothing_fits():
    game = game_of([["6-6", "6-1", "1-1"], ["5-4", "3-2"]], ["4-4"], ["6-6"])
    with pytest.raises(IllegalMove, match="cannot pass while the stock has tiles"):
        game.play("pass")
    game.play("draw")
    assert game.stock_size == 0
    assert legal(game) == ["pass"]
    with pytest.raises(IllegalMove, match="stock is empty"):
        game.play("draw")
    game.play("pass")
    assert game.to_move == 0


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


# -- options and records -----------------------------------------------------------

@pytest.mark.parametrize(("options", "words"), [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"target": "101"}, "option 'target' must be int"),
    ({"target": True}, "option 'target' must be int"),
    ({"target": 1.5}, "must be int"),
    ({"lead": 1}, "option 'lead' must be str"),
    ({"lead": "loser"}, "lead must be one of"),
    ({"fish_winner": "highest"}, "fish_winner must be one of"),
    ({"target": -1}, "target must be from"),
    ({"lone_blank": -3}, "lone_blank must be from"),
    ({"hand_size": 9}, "hand_size must be from 5 to 7"),
])
def test_options_unknown_bad_type_or_out_of_range_are_record_errors(options, words):
    with pytest.raises(RecordError, match=words):
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1, "options": options})


def test_options_must_be_an_object():
    with pytest.raises(RecordError, match="`options` must be an object"):
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1, "options": [1]})


def test_options_null_means_defaults():
    game = replay({"game": "traditional", "players": ["A", "B"], "seed": 1, "options": None})
    assert game.options == TraditionalOptions()


def test_options_recorded_only_when_not_default():
    options = TraditionalOptions(target=50, lead="winner")
    game = TraditionalGame(["A", "B"], options, seed=4)
    assert game.record()["options"] == {"lead": "winner", "target": 50}
    assert TraditionalGame(["A", "B"], seed=4).record()["options"] == {}


@pytest.mark.parametrize(("change", "words"), [
    ({"deal": None, "seed": None}, "needs a `deal` or a `seed`"),
    ({"deal": {"hands": [["6-6"], ["6-6"]], "stock": []}}, "more than once: 6-6"),
    ({"deal": {"hands": [["6-6"], ["5-5"]], "stock": ["5-5"]}}, "more than once: 5-5"),
    ({"deal": {"hands": [["7-0"], ["5-5"]], "stock": []}}, "outside the set: 7-0"),
    ({"deal": {"hands": [["6-6"], ["5-5"], ["4-4"]], "stock": []}},
     "one hand for each of the 2 players"),
    ({"deal": {"hands": [["6-6"]], "stock": []}}, "one hand for each of the 2 players"),
    ({"deal": {"hands": [["6-6"], ["x-y"]], "stock": []}}, r"deal.hands\[1\]: 'x-y'"),
    ({"deal": {"hands": [["6-6"], "5-5"]}}, r"deal.hands\[1\] must be a list"),
    ({"deal": {"hands": [["6-6"], ["5-5"]], "stock": "4-4"}}, "deal.stock must be a list"),
    ({"deal": ["6-6"]}, "`deal` must be an object"),
    ({"deal": {"hands": [["6-6"], ["5-5"]], "next": {}}}, "`deal.next` must be a list"),
    ({"deal": {"hands": [["6-6"], ["5-5"]], "next": [{"hands": [["6-6"]]}]}},
     "one hand for each"),
    ({"seed": "12"}, "`seed` must be an integer"),
    ({"seed": True}, "`seed` must be an integer"),
    ({"players": ["A"]}, "2-4 players, not 1"),
    ({"players": ["A", "B", "C", "D", "E"]}, "2-4 players, not 5"),
    ({"players": ["A", "A"]}, "distinct"),
    ({"players": "AB"}, "`players` must be a list"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"moves": "6-6"}, "`moves` must be a list"),
])
def test_bad_records_give_clear_errors(change, words):
    record = {"game": "traditional", "players": ["A", "B"], "seed": 1, "moves": []}
    record.update(change)
    record = {k: v for k, v in record.items() if v is not None}
    with pytest.raises(RecordError, match=words):
        replay(record)


def test_bad_record_not_an_object():
    with pytest.raises(RecordError, match="a record is a JSON object"):
        replay(["traditional"])  # type: ignore[arg-type]


def test_bad_record_move_not_a_string():
    with pytest.raises(ReplayError) as info:
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1, "moves": [6]})
    assert info.value.index == 0 and "string" in info.value.error
    assert "move 0" in str(info.value)


def test_bad_record_move_that_is_no_move_names_it():
    with pytest.raises(ReplayError) as info:
        replay({"game": "traditional", "players": ["A", "B"], "seed": 1, "moves": ["six"]})
    assert info.value.move == "six" and "'six' is not a move" in info.value.error


def test_explicit_deal_need_not_use_every_tile():
    game = game_of([["6-6"], ["5-5"]])
    assert game.stock_size == 0 and sum(map(len, game.hands)) == 2


def test_game_constructor_checks_players_and_deal():
    with pytest.raises(ValueError, match="2-4 players"):
        TraditionalGame(["A"], seed=1)
    with pytest.raises(ValueError, match="give a deal or a seed"):
        TraditionalGame(["A", "B"])
    with pytest.raises(ValueError, match="distinct"):
        TraditionalGame(["A", "A"], seed=1)


def test_record_round_trip_of_an_explicit_match():
    nxt = [{"hands": [["5-5", "5-0"], ["4-4", "3-3", "2-1"]], "stock": ["1-1"]}]
    game = game_of([["6-6", "6-5"], ["6-1", "2-2"]], moves=["6-6", "6-1 r", "[6|5]"],
                   nxt=nxt, target=10)
    record = game.record()
    assert record["deal"]["next"] == nxt
    assert record["moves"] == ["6-6", "6-1 R", "6-5 L"]
    assert "seed" not in record
    again = replay(record)
    assert again.summary() == game.summary()


def test_record_of_a_seeded_game_keeps_its_deals_and_the_seed():
    game = TraditionalGame(["A", "B", "C"], TraditionalOptions(target=500), seed=77)
    rng = SeededRandom(5)
    while game.hand_number < 3 and not game.is_over():
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    record = game.record()
    assert record["seed"] == 77
    assert record["deal"] == game.dealt[0].to_json(game.dealt[1:])
    assert len(record["deal"]["next"]) == game.hand_number - 1
    assert replay(record).summary() == game.summary()
    del record["seed"]  # the deals alone replay it, without this engine's shuffle
    assert replay(record).summary() == game.summary()
    assert LineDeal((), ()).to_json() == {"hands": [], "stock": []}


def test_reading_a_record_of_a_seeded_game_goes_on_as_the_seeded_game():
    # A record holding the seed's own deals and the seed deals later hands as the seeded
    # game does: its deals take their places in the seed's stream (engine.deals.SeedStream).
    game = TraditionalGame(["A", "B"], TraditionalOptions(target=60), seed=31)
    rng = SeededRandom(2)
    first_hand = [tuple(h) for h in game.hands]
    while game.hand_number == 1:
        moves = game.legal_moves()
        game.play(moves[rng.below(len(moves))])
    record = game.record()
    record["deal"].pop("next")  # only the first hand's deal, as a table stores it
    again = replay(record)
    assert again.hands == game.hands and again.stock == game.stock
    assert [tuple(h) for h in again.hands] != first_hand


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
