"""The Carousel (RULES.md section 2): one test per rule and option, the golden records,
and the readings of unclear rules (tests named `test_reading_...`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.carousel import CarouselGame, CarouselOptions, round_pips
from engine.carousel.scoring import Score, blocked_scores, domino_score
from engine.deals import LineDeal
from engine.errors import IllegalMove, NotationError, RecordError
from engine.fives import Spinner
from engine.moves import LineMove
from engine.records import new_game, replay
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "carousel"


# -- helpers ------------------------------------------------------------------------
def carousel_record(hands: list[str], stock: str = "", *, first: int | None = None,
                    later: list[dict[str, Any]] | None = None, moves: list[str] | None = None,
                    seed: int | None = None, **options: Any) -> dict[str, Any]:
    """A record from hands written "5-5 5-0" and a stock in draw order."""
    deal: dict[str, Any] = {"hands": [h.split() for h in hands], "stock": stock.split()}
    if first is not None:
        deal["first"] = first
    if later:
        deal["next"] = later
    record: dict[str, Any] = {"game": "carousel", "players": NAMES[:len(hands)],
                              "options": options, "deal": deal, "moves": moves or []}
    if seed is not None:
        record["seed"] = seed
    return record


def make(hands: list[str], stock: str = "", **kwargs: Any) -> CarouselGame:
    game = new_game(carousel_record(hands, stock, **kwargs))
    assert isinstance(game, CarouselGame)
    return game


def play_all(game: CarouselGame, moves: str) -> None:
    for move in moves.split(","):
        game.play(move.strip())


def legal(game: CarouselGame) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def reason(game: CarouselGame, move: str) -> str | None:
    """The reason's English (its catalog text), or None for a legal move."""
    found = game.illegal_reason(game.parse_move(move))
    return None if found is None else str(found)


def last_event(game: CarouselGame) -> tuple[str | None, int, str]:
    event = game.events[-1]
    return (None if event.seat is None else NAMES[event.seat]), event.points, str(event.reason)


def english(score: Score) -> tuple[int | None, int, str]:
    """A score with its reason in English (as the record writes it)."""
    return score[0], score[1], str(score[2])


# -- options ------------------------------------------------------------------------------
def test_options_defaults() -> None:
    options = CarouselOptions()
    assert (options.set, options.hand_size, options.pairs, options.spinner_first,
            options.must_play, options.keep_in_stock, options.tile_bonus, options.blocked,
            options.target, options.exact_finish) == (0, 7, False, True, True, False, False,
                                                     "difference", 61, True)


@pytest.mark.parametrize("bad", [{"target": 10}, {"target": 251}, {"set": 7}, {"blocked": "x"},
                                 {"hand_size": 0}, {"colour": 1}, {"pairs": 1}])
def test_bad_options_are_record_errors(bad: dict[str, Any]) -> None:
    with pytest.raises(RecordError):
        new_game({"game": "carousel", "players": NAMES[:2], "seed": 1, "options": bad})


def test_target_11_and_250_allowed_and_recorded_when_not_default() -> None:
    for target in (11, 250):
        game = new_game({"game": "carousel", "players": NAMES[:5], "seed": 1,
                         "options": {"target": target}})
        assert game.record()["options"] == {"target": target}
    assert new_game({"game": "carousel", "players": NAMES[:2], "seed": 1}).record()["options"] == {}


def test_set_by_player_count() -> None:
    assert CarouselOptions().set_top(2) == 6
    assert CarouselOptions().set_top(4) == 6
    assert CarouselOptions().set_top(5) == 9
    assert CarouselOptions().set_top(7) == 9
    assert CarouselOptions(set=12).set_top(2) == 12
    with pytest.raises(RecordError, match="outside the set"):
        make(["7-7", "1-0"])
    game = make(["7-7", "1-0", "2-0", "3-0", "4-0"])
    assert legal(game) == ["7-7"]
    assert make(["12-12", "1-0"], set=12).legal_moves() == [LineMove.put(Tile(12, 12))]


def test_seeded_deal_uses_hand_size_and_the_set() -> None:
    game = new_game({"game": "carousel", "players": NAMES[:5], "seed": 3,
                     "options": {"hand_size": 5}})
    assert isinstance(game, CarouselGame)
    assert [len(h) for h in game.hands] == [5] * 5
    assert game.stock_size == 55 - 25
    tiles = [t for h in game.hands for t in h] + game.stock
    assert sorted(tiles) == sorted(full_set(9))


def test_hand_size_too_big_for_the_set() -> None:
    with pytest.raises(RecordError, match="need more than 28"):
        new_game({"game": "carousel", "players": NAMES[:5], "seed": 1, "options": {"set": 6}})


def test_reading_hand_size_checked_even_with_an_explicit_deal() -> None:
    # Later hands may come from the seed stream, so the size must fit the set.
    with pytest.raises(RecordError):
        make(["6-6", "1-0", "2-0", "3-0", "4-0"], set=6)


def test_pairs_need_four_players() -> None:
    with pytest.raises(RecordError, match="4 players"):
        make(["6-6", "1-0", "2-0"], pairs=True)
    with pytest.raises(ValueError, match="4 players"):
        CarouselGame(NAMES[:2], CarouselOptions(pairs=True), seed=1)


def test_players_2_to_7() -> None:
    with pytest.raises(RecordError):
        new_game({"game": "carousel", "players": NAMES[:1], "seed": 1})
    with pytest.raises(RecordError):
        new_game({"game": "carousel", "players": [*NAMES, "Hal"], "seed": 1})
    with pytest.raises(ValueError, match="2-7"):
        CarouselGame(NAMES[:1], seed=1)
    assert new_game({"game": "carousel", "players": NAMES, "seed": 1}).to_move is not None


def test_record_needs_deal_or_seed_and_nonempty_hands() -> None:
    with pytest.raises(RecordError, match="deal"):
        new_game({"game": "carousel", "players": NAMES[:2]})
    with pytest.raises(ValueError, match="deal or a seed"):
        CarouselGame(NAMES[:2])
    with pytest.raises(RecordError, match="at least one tile"):
        make(["6-6", ""])


# -- opening ---------------------------------------------------------------------------
def test_opening_must_be_a_double() -> None:
    game = make(["6-6 6-5 3-3", "3-0 1-0"])
    assert legal(game) == ["6-6", "3-3"]
    assert reason(game, "6-5") == "it is not a double: the opening must be a double"
    assert reason(game, "2-2") == "you do not hold 2-2"
    assert reason(game, "6-6 L") == "the opening tile takes no end"
    assert reason(game, "draw") == "you must open with a double (6-6)"
    assert reason(game, "pass") == "you must open with a double (6-6)"
    game.play("3-3")
    assert game.layout is not None and game.layout.tile == Tile(3, 3)
    assert game.moves == ["3-3"]


def test_reading_opening_ignores_must_play_off() -> None:
    # "whatever must_play says": holding a double, the opener may not draw instead.
    game = make(["6-6", "1-0"], "2-0 3-0", must_play=False)
    assert legal(game) == ["6-6"]
    assert reason(game, "draw") is not None


def test_opener_without_double_draws_until_a_double() -> None:
    game = make(["6-5", "1-0"], "2-0 3-1 4-4 5-0")
    assert legal(game) == ["draw"]
    assert reason(game, "pass") is not None
    assert reason(game, "5-5") == "you do not hold 5-5"
    play_all(game, "draw, draw")
    assert legal(game) == ["draw"]
    game.play("draw")
    assert legal(game) == ["4-4"]
    game.play("4-4")
    assert game.opener == 0 and game.turn == 1


def test_opening_passes_on_when_nothing_may_be_drawn() -> None:
    game = make(["6-5", "1-0 2-2 2-1", "3-0"], "5-0")
    game.play("draw")
    assert legal(game) == ["pass"]
    assert reason(game, "draw") == "the stock is empty"
    game.play("pass")
    assert game.to_move == 1
    assert legal(game) == ["2-2"]
    game.play("2-2")
    assert game.opener == 1


def test_reading_redeal_after_every_player_passed_the_opening() -> None:
    later = [{"hands": [["1-0"], ["5-5"], ["2-0"]], "stock": []}]
    game = make(["6-5", "1-0", "3-0"], first=1, later=later)
    play_all(game, "pass, pass")
    assert game.hand_number == 1 and game.to_move == 0
    game.play("pass")
    # The same hand again, offered to the same first seat.
    assert game.hand_number == 1
    assert game.to_move == 1
    assert game.hands == [[Tile(1, 0)], [Tile(5, 5)], [Tile(2, 0)]]
    assert game.history == []


def test_redeal_without_next_deal_comes_from_seed_stream() -> None:
    game = make(["6-5", "1-0"], seed=9)
    play_all(game, "pass, pass")
    rng = SeededRandom(9)  # an explicit first deal draws nothing from the stream
    tiles = rng.shuffled(full_set(6))
    assert game.hands == [sorted(tiles[:7], reverse=True), sorted(tiles[7:14], reverse=True)]
    assert game.to_move == 0


def test_reading_explicit_deal_without_seed_continues_from_seed_0() -> None:
    game = make(["6-5", "1-0"])
    play_all(game, "pass, pass")
    tiles = SeededRandom(0).shuffled(full_set(6))
    assert game.hands[0] == sorted(tiles[:7], reverse=True)


def test_first_opener_from_seed() -> None:
    for seed in range(5):
        game = CarouselGame(NAMES[:4], seed=seed)
        rng = SeededRandom(seed)
        tiles = rng.shuffled(full_set(6))
        assert game.turn == rng.below(4)
        assert game.hands[0] == sorted(tiles[:7], reverse=True)


def test_first_opener_from_deal_first_default_0() -> None:
    assert make(["6-6", "5-5", "4-4"]).to_move == 0
    assert make(["6-6", "5-5", "4-4"], first=2).to_move == 2
    with pytest.raises(RecordError):
        make(["6-6", "5-5"], first=2)


def test_later_hands_go_left_of_the_previous_opener() -> None:
    # Ann is offered first but has no double; Bob opens, so hand 2 goes to Cy.
    later = [{"hands": [["6-6"], ["5-5"], ["4-4"]], "stock": []},
             {"hands": [["6-6"], ["5-5"], ["4-4"]], "stock": [], "first": 0}]
    game = make(["6-5", "1-1", "3-0"], later=later)
    play_all(game, "pass, 1-1")
    # Nobody holds a 1: blocked at once.
    assert game.hand_number == 2 and game.to_move == 2
    game.play("4-4")
    # A domino ends hand 2; its `first` overrides the rotation.
    assert game.hand_number == 3 and game.to_move == 0


# -- the spinner -------------------------------------------------------------------------
def test_spinner_first_only_free_sides() -> None:
    game = make(["5-5 5-4 0-0", "5-0 5-1 0-2"])
    play_all(game, "5-5, 5-0 L")
    assert legal(game) == ["5-4 R", "5-4 U", "5-4 D"]
    assert reason(game, "0-0 L") == ("L is not open yet: until all four sides of the spinner "
                                    "hold a tile, play on a free side (R 5, U 5, D 5)")
    assert reason(game, "0-0") == "0-0 fits no open end (R 5, U 5, D 5)"
    assert reason(game, "5-4") == "5-4 fits more than one end (R, U, D): name the end"
    with pytest.raises(NotationError):
        game.play("5-4 X")


def test_spinner_first_off_every_side_is_an_end() -> None:
    game = make(["5-5 0-0 0-3", "5-0 5-1 1-2"], spinner_first=False)
    play_all(game, "5-5, 5-0 L")
    assert legal(game) == ["3-0 L", "0-0 L"]
    game.play("0-0")  # the only end that accepts it: resolved to L
    assert game.moves[-1] == "0-0 L"
    assert legal(game) == ["5-1 R", "5-1 U", "5-1 D"]


def test_four_arms_after_all_sides_covered() -> None:
    game = make(["5-5 5-1 5-3 6-0", "5-0 5-2 1-6 4-4"])
    play_all(game, "5-5, 5-0 L, 5-1 R, 5-2 U, 5-3 D")
    assert game.layout is not None
    assert game.layout.ends == [0, 1, 2, 3]
    assert legal(game) == ["6-1 R"]
    game.play("6-1")
    assert game.moves[-1] == "6-1 R"
    assert legal(game) == ["6-0 L", "6-0 R"]
    assert reason(game, "6-0") == "6-0 fits more than one end (L, R): name the end"
    assert reason(game, "6-0 U") == "6-0 does not fit the U end (L 0, R 6, U 2, D 3)"


def test_later_doubles_are_not_spinners() -> None:
    game = make(["5-5 5-1 5-3 1-1 6-6", "5-0 5-2 1-6 1-4 0-0"], "2-2 3-3")
    play_all(game, "5-5, 5-0 L, 5-1 R, 5-2 U, 5-3 D, 0-0 L, 1-1 R")
    # The double on R opens no new sides: still four ends.
    assert game.layout is not None and game.layout.ends == [0, 1, 2, 3]
    assert legal(game) == ["6-1 R", "4-1 R"]
    assert game.count() == 0 + 0 + 1 + 1 + 2 + 3


def test_double_on_arm_lies_as_one_tile_with_one_outer_number() -> None:
    spinner = Spinner(Tile(6, 6), 0, True)
    spinner.place(Tile(6, 6 - 2), "L", 1)
    spinner.place(Tile(4, 4), "L", 0)
    assert spinner.ends[0] == 4
    assert [(t.inner, t.outer) for t in spinner.arms[0]] == [(6, 4), (4, 4)]
    other = spinner.copy()
    other.place(Tile(4, 1), "L", 1)
    assert spinner.ends[0] == 4 and len(spinner.arms[0]) == 2


# -- the open-end count ---------------------------------------------------------------------
def test_count_spinner_alone_counts_both_halves() -> None:
    game = make(["5-5 1-0", "2-0"], "6-6 4-4")
    game.play("5-5")
    assert game.count() == 10
    assert last_event(game) == ("Ann", 2, "ends 5+5 = 10 -> 2 points")
    assert game.scores == (2, 0)


def test_count_rules_example_5_0_on_l() -> None:
    game = make(["5-5 1-0", "5-0 2-0"], "6-6 4-4")
    play_all(game, "5-5, 5-0 L")
    assert game.count() == 10
    assert last_event(game) == ("Bob", 2, "ends 5+5+0 = 10 -> 2 points")


def test_count_spinner_counts_while_l_or_r_free_even_with_u_and_d_covered() -> None:
    game = make(["5-5 5-2 1-0", "5-0 5-3 2-0"], "6-6 4-4")
    play_all(game, "5-5, 5-0 U, 5-2 D, 5-3 L")
    # R is still free: the spinner counts 5+5; U 0, D 2, L 3.
    assert game.count() == 5 + 5 + 3 + 0 + 2
    assert last_event(game) == ("Bob", 3, "ends 5+5+3+0+2 = 15 -> 3 points")


def test_count_spinner_counts_nothing_once_l_and_r_covered() -> None:
    game = make(["5-5 5-4 1-0", "5-0 5-1 2-0"], "6-6 4-4")
    play_all(game, "5-5, 5-0 L, 5-4 R")
    assert game.count() == 4
    game.play("5-1 U")
    assert game.count() == 5
    assert last_event(game) == ("Bob", 1, "ends 0+4+1 = 5 -> 1 point")


def test_count_double_at_arm_end_counts_both_halves() -> None:
    game = make(["5-5 5-4 6-5 0-0 6-1", "5-0 5-1 4-4 3-2"], "6-6 3-3")
    play_all(game, "5-5, 5-0 L, 5-4 R, 5-1 U, 6-5 D, 4-4 R")
    assert game.count() == 0 + 4 + 4 + 1 + 6
    assert last_event(game) == ("Bob", 3, "ends 0+4+4+1+6 = 15 -> 3 points")
    game.play("0-0 L")
    assert game.count() == 0 + 0 + 8 + 1 + 6


def test_count_not_a_multiple_of_5_scores_nothing_and_zero_scores_nothing() -> None:
    game = make(["0-0 1-0", "2-0 3-3"])
    game.play("0-0")
    assert game.count() == 0
    assert game.events == []
    game.play("2-0 L")
    assert game.count() == 2
    assert game.events == []


def test_tile_bonus() -> None:
    game = make(["5-5 6-4 1-0", "5-0 3-3"], "6-6 2-2", tile_bonus=True)
    game.play("5-5")
    assert last_event(game) == ("Ann", 3, "ends 5+5 = 10 -> 2 points; tile bonus 5-5 -> 1 point "
                                          "= 3 points")
    game.play("5-0 L")
    assert game.scores == (3, 3)
    game2 = make(["0-0 1-0", "2-0 3-3"], tile_bonus=True)
    game2.play("0-0")
    assert game2.events == []
    game3 = make(["1-1 1-0", "4-1 3-3"], "6-6 2-2", tile_bonus=True)
    play_all(game3, "1-1, 4-1 L")  # count 1+1+4 = 6, tile 4-1 has 5 pips
    assert last_event(game3) == ("Bob", 1, "tile bonus 4-1 -> 1 point")


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


# -- views, records, summary -------------------------------------------------------------------
def test_view_hides_other_hands_and_the_stock() -> None:
    game = make(["5-5 1-0", "5-0 2-0"], "6-6 4-4")
    game.play("5-5")
    view = game.view(0)
    assert view.hand == (Tile(1, 0),)
    assert view.legal_moves == ()
    assert view.hand_sizes == (1, 2)
    assert view.stock_size == 2 and view.stock_drawable == 2
    assert "5-0" not in view.text() and "6-6" not in view.text()
    spectator = game.view(None)
    assert spectator.hand is None and spectator.legal_moves == ()
    mover = game.view(1)
    assert [str(m) for m in mover.legal_moves] == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert "Your moves: 5-0 L" in mover.text()


def test_view_shows_layout_count_history_and_scoring() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3")
    play_all(game, "5-5, 5-0 L")
    view = game.view(None)
    assert view.spinner == Tile(5, 5) and view.spinner_seat == 0
    assert [(t.tile, t.inner, t.outer, t.seat) for t in view.arms["L"]] == [(Tile(5, 0), 5, 0, 1)]
    assert view.arms["R"] == () and view.ends == {"L": 0, "R": 5, "U": 5, "D": 5}
    assert view.playable_sides == ("R", "U", "D")
    assert view.count == 10 and view.count_parts == (5, 5, 0)
    assert view.history == ((0, "5-5"), (1, "5-0 L"))
    assert view.last_move == (1, "5-0 L")
    assert [(e.seat, e.points, str(e.reason)) for e in view.scoring] == [
        (0, 2, "ends 5+5 = 10 -> 2 points"), (1, 2, "ends 5+5+0 = 10 -> 2 points")]
    text = view.text()
    assert "Open-end count: 5+5+0 = 10" in text
    assert "Bob +2: ends 5+5+0 = 10 -> 2 points" in text
    assert "L: [5|0]" in text and "R: (free)" in text


def test_view_text_before_opening_and_after_the_match() -> None:
    game = make(["5-5", "6-5"], "1-0", target=11, pairs=False)
    text = game.view(0).text()
    assert "No spinner yet" in text and "Your moves: 5-5" in text
    game.side_scores = [9, 0]
    game.play("5-5")
    assert "Match over (won): Ann won" in game.view(None).text()
    pairs = make(["5-5", "1-0", "2-0", "3-0"], pairs=True)
    assert "pairs Ann+Cy vs Bob+Dee" in pairs.view(None).text()
    bust = make(["5-5 1-0", "2-0"], target=11)
    bust.side_scores = [10, 0]
    bust.play("5-5")
    assert "(not recorded: past the target 11)" in bust.view(None).text()
    tie = make(["6-6 2-0", "1-1", "3-0"])
    tie.play("6-6")  # blocked: Ann and Bob tie with 2 pips
    assert "Score: nobody +0: blocked: Ann, Bob tie" in tie.view(None).text()


def test_draw_is_public_without_its_tile() -> None:
    game = make(["6-6 1-0", "2-0 3-1"], "4-0 6-2")
    play_all(game, "6-6, draw")
    assert game.view(0).history[-1] == (1, "draw")
    assert game.moves[-1] == "draw"


def test_record_replays_to_the_same_state() -> None:
    game = make(["5-5 5-4 6-5 6-2", "5-0 5-1 4-4 3-2 6-3"], first=0,
                later=[{"hands": [["1-1"], ["2-2"]], "stock": ["3-3"], "first": 1}], seed=4)
    play_all(game, "5-5, 5-0 L, 5-4 R, 5-1 U, 6-5, 4-4 R, 6-2 D")
    record = game.record()
    assert record["moves"][1] == "5-0 L" and record["seed"] == 4
    assert record["deal"]["next"] == [{"hands": [["1-1"], ["2-2"]], "stock": ["3-3"],
                                       "first": 1}]
    assert replay(json.loads(json.dumps(record))).summary() == game.summary()


def test_seeded_record_holds_its_deals_with_the_seed() -> None:
    game = CarouselGame(NAMES[:3], CarouselOptions(tile_bonus=True, target=21), seed=12)
    while game.moves.__len__() < 120 and not game.is_over():
        game.play(game.legal_moves()[-1])
    assert game.hand_number > 1  # so that later deals are written too
    record = game.record()
    assert record["seed"] == 12 and record["options"] == {"tile_bonus": True, "target": 21}
    assert len(record["deal"]["next"]) == len(game.dealt) - 1
    assert record["deal"]["first"] == game.dealt[0].first
    assert replay(record).summary() == game.summary()
    # The deals alone replay it, without this engine's shuffle.
    assert replay({k: v for k, v in record.items() if k != "seed"}).summary() == game.summary()


def test_summary_keys_and_legal_move_notation() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3")
    summary = game.summary()
    assert summary["legal_moves"] == ["5-5"]
    game.play("5-5")
    summary = game.summary()
    assert {"game", "finished", "winner", "reason", "scores", "hands", "to_move",
            "legal_moves", "count", "hand_number", "stock", "scoring"} <= summary.keys()
    assert summary["legal_moves"] == ["5-0 L", "5-0 R", "5-0 U", "5-0 D"]
    assert summary["hands"] == {"Ann": ["5-4", "1-0"], "Bob": ["5-0", "2-0"]}
    assert summary["winner"] is None and summary["reason"] is None
    assert summary["count"] == 10 and summary["spinner"] == "5-5"


def test_copy_is_independent() -> None:
    game = make(["5-5 5-4 1-0", "5-0 2-0"], "3-3 4-4")
    game.play("5-5")
    other = game.copy()
    other.play("5-0 L")
    other.play("5-4 R")
    assert game.moves == ["5-5"] and game.scores == (2, 0)
    assert game.layout is not None and game.layout.arms[0] == []
    assert other.summary() != game.summary()
    assert game.copy().summary() == game.summary()


def test_constructor_with_deal_objects() -> None:
    deal = LineDeal(((Tile(6, 6),), (Tile(1, 0),)), ())
    game = CarouselGame(NAMES[:2], deal=deal)
    assert game.record()["deal"] == {"hands": [["6-6"], ["1-0"]], "stock": []}
    assert "seed" not in game.record()


# -- golden records ---------------------------------------------------------------------------
GOLDEN_FILES = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def test_golden_records_exist() -> None:
    assert len(GOLDEN_FILES) >= 7


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_record(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_suffix(".expected.json").read_text(encoding="utf-8"))
    game = replay(record)
    assert game.summary() == expected
    # The record the game writes replays to the same state too.
    assert replay(game.record()).summary() == expected


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
