"""The Traditional game, RULES.md section 1: one test (or a few) per rule and option. Here
the deal, lopsided hands, the lead and play, and the helpers of test_traditional_play (the
ends, the end of a hand, the match, the readings pinned in the code) and
test_traditional_records (options and records)."""

from collections import Counter

import pytest

from engine.deals import deal_from_seed
from engine.errors import IllegalMove, RecordError
from engine.records import replay
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional import (
    TraditionalGame,
    TraditionalOptions,
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
