"""The Traditional game's options and records (RULES.md section 1 and the record format)."""

import pytest

from engine.deals import LineDeal
from engine.errors import RecordError
from engine.records import ReplayError, replay
from engine.rng import SeededRandom
from engine.traditional import TraditionalGame, TraditionalOptions
from tests.engine.test_traditional import game_of

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
