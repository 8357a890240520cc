"""The Carousel (RULES.md section 2): one test per rule and option, and the readings of
unclear rules (tests named `test_reading_...`). Here the options, the opening, the spinner
and the open-end count, and the helpers of test_carousel_play (turns, the end of a hand,
the match) and test_carousel_records (views, records, the golden records)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.carousel import CarouselGame, CarouselOptions
from engine.carousel.scoring import Score
from engine.errors import NotationError, RecordError
from engine.fives import Spinner
from engine.moves import LineMove
from engine.records import new_game
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
