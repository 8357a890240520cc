"""Reading records and the lines `python -m engine replay` prints for them."""

import json

import pytest

from engine.deals import LineDeal, read_line_deal
from engine.errors import RecordError
from engine.records import GAME_NAMES, ReplayError, game_class, new_game, replay, replay_file
from engine.tiles import Tile, full_set
from engine.traditional import TraditionalGame

DOMINO = {"game": "traditional", "players": ["A", "B"],
          "deal": {"hands": [["6-6", "6-5"], ["6-1", "2-2"]], "stock": []},
          "moves": ["6-6", "6-1 R", "6-5"]}


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content),
                    encoding="utf-8")
    return path


def test_game_names_and_classes():
    assert GAME_NAMES == ("traditional", "carousel", "clock", "mexican", "partnership")
    assert game_class("traditional") is TraditionalGame
    for bad in ("chess", None, ["traditional"]):
        with pytest.raises(RecordError, match="unknown game"):
            game_class(bad)


def test_new_game_is_before_any_move():
    game = new_game(DOMINO)
    assert game.moves == [] and game.to_move == 0


def test_replay_file_summary_has_the_required_keys(tmp_path):
    line = replay_file(write(tmp_path, "ok.json", DOMINO))
    for key in ("file", "finished", "winner", "reason", "scores", "hands", "to_move",
                "legal_moves"):
        assert key in line
    assert line["file"].endswith("ok.json") and line["winner"] == "A"


def test_replay_file_illegal_move_line(tmp_path):
    record = dict(DOMINO, moves=["6-6", "draw"])
    line = replay_file(write(tmp_path, "bad.json", record))
    assert set(line) == {"file", "error", "index", "move"}
    assert line["index"] == 1 and line["move"] == "draw"
    assert "fits" in line["error"]


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not JSON"),
    ({"game": "traditional", "players": ["A", "B"]}, "bad record: a record needs"),
    ({"game": "traditional", "players": ["A", "B"], "seed": 1, "options": {"x": 1}},
     "bad record: unknown option 'x'"),
    ([1, 2], "bad record: a record is a JSON object"),
])
def test_replay_file_bad_records_say_why(tmp_path, content, words):
    line = replay_file(write(tmp_path, "r.json", content))
    assert set(line) == {"file", "error"}
    assert words in line["error"]


def test_replay_file_missing_or_unreadable_file(tmp_path):
    line = replay_file(tmp_path / "missing.json")
    assert line["error"].startswith("cannot read the file")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    line = replay_file(binary)
    assert set(line) == {"file", "error"} and "UTF-8" in line["error"]


def test_replay_error_is_an_exception_that_carries_the_move():
    with pytest.raises(ReplayError) as info:
        replay(dict(DOMINO, moves=["6-6", "6-1"]))
    error = info.value
    assert (error.index, error.move) == (1, "6-1")
    assert str(error) == "move 1 ('6-1'): 6-1 fits both ends: say 6-1 L or 6-1 R"
    # Python must be able to attach a traceback while it propagates (contextlib does).
    error.__traceback__ = None


def test_explicit_deal_reads_first_and_writes_it_back():
    raw = {"hands": [["6-6"], ["0:5"]], "stock": ["[1|1]"], "first": 1,
           "next": [{"hands": [["2-2"], ["3-3"]]}]}
    deal, later = read_line_deal(raw, full_set(6), 2)
    assert deal == LineDeal(((Tile.of(6, 6),), (Tile.of(5, 0),)), (Tile.of(1, 1),), 1)
    assert later == (LineDeal(((Tile.of(2, 2),), (Tile.of(3, 3),)), ()),)
    assert deal.to_json(later) == {"hands": [["6-6"], ["5-0"]], "stock": ["1-1"], "first": 1,
                                   "next": [{"hands": [["2-2"], ["3-3"]], "stock": []}]}


@pytest.mark.parametrize("first", [2, -1, "0", True])
def test_explicit_deal_first_must_be_a_seat(first):
    with pytest.raises(RecordError, match=r"`deal\.first` must be a seat from 0 to 1"):
        read_line_deal({"hands": [["6-6"], ["5-5"]], "first": first}, full_set(6), 2)
