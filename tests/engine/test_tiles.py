"""Tiles, sets and notation (RULES.md "Common terms")."""

import pytest

from engine.errors import NotationError
from engine.moves import LineMove
from engine.tiles import Tile, full_set, parse_tiles, pip_total


@pytest.mark.parametrize("text", ["6-0", "0-6", "0:6", "6:0", "6|0", "[6|0]", "[0|6]",
                                  " 6 - 0 ", "[ 0 | 6 ]", "\t6-0\n"])
def test_notation_accepts_every_written_form(text):
    assert Tile.parse(text) == Tile.of(6, 0)


@pytest.mark.parametrize(("text", "canonical"), [("0-6", "6-0"), ("10:12", "12-10"),
                                                 ("5|5", "5-5"), ("[3|4]", "4-3")])
def test_notation_canonical_form_puts_larger_number_first(text, canonical):
    tile = Tile.parse(text)
    assert str(tile) == canonical
    assert Tile.parse(str(tile)) == tile


@pytest.mark.parametrize("text", ["", "6", "6-", "-6", "6-0-1", "a-b", "6/0", "6 0", "13-0",
                                  "6-99", "draw", "six-zero", "[6-0", "6|0]", "[6|0]]",
                                  "\u0666-\u0660"])
def test_notation_rejects_bad_text_naming_it(text):
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert repr(text) in str(info.value)


def test_parse_tiles_names_the_first_bad_one():
    assert parse_tiles(["6-0", "1:1"]) == [Tile.of(6, 0), Tile.of(1, 1)]
    with pytest.raises(NotationError, match="'x'"):
        parse_tiles(["6-0", "x", "y"])


def test_tile_is_stored_high_first_and_validated():
    assert Tile.of(0, 6) is Tile.of(6, 0)  # one shared object per tile
    assert Tile.of(2, 5).high == 5 and Tile.of(2, 5).low == 2
    with pytest.raises(ValueError, match="not a tile"):
        Tile(0, 6)
    with pytest.raises(ValueError, match="not a tile"):
        Tile(13, 0)
    assert repr(Tile.of(3, 1)) == "Tile(3-1)"


def test_tile_pips_double_suit_and_other_half():
    tile = Tile.of(6, 2)
    assert tile.pips == 8
    assert not tile.is_double and Tile.of(4, 4).is_double
    assert tile.has(6) and tile.has(2) and not tile.has(3)
    assert tile.other(6) == 2 and tile.other(2) == 6
    assert Tile.of(4, 4).other(4) == 4
    with pytest.raises(ValueError, match="does not show 3"):
        tile.other(3)


def test_tile_order_is_by_high_then_low():
    assert sorted([Tile.of(5, 5), Tile.of(6, 0), Tile.of(5, 4)]) == [
        Tile.of(5, 4), Tile.of(5, 5), Tile.of(6, 0)]


@pytest.mark.parametrize(("top", "size"), [(6, 28), (9, 55), (12, 91)])
def test_full_set_sizes(top, size):
    tiles = full_set(top)
    assert len(tiles) == size == len(set(tiles))
    assert all(t.high <= top for t in tiles)
    assert tiles[:3] == (Tile.of(0, 0), Tile.of(1, 0), Tile.of(1, 1))


def test_full_set_rejects_unknown_sets():
    with pytest.raises(ValueError, match="double-7"):
        full_set(7)


def test_pip_total():
    assert pip_total([Tile.of(6, 6), Tile.of(1, 0)]) == 13
    assert pip_total(()) == 0
    assert pip_total(full_set(6)) == 168


@pytest.mark.parametrize(("text", "expected"), [
    ("draw", LineMove.draw()), ("DRAW", LineMove.draw()), (" Pass ", LineMove.pass_()),
    ("6-6", LineMove.put(Tile.of(6, 6))),
    ("6-0 L", LineMove.put(Tile.of(6, 0), "L")),
    ("[0|6] r", LineMove.put(Tile.of(6, 0), "R")),
    (" 0:6   l ", LineMove.put(Tile.of(6, 0), "L")),
    ("5-5 u", LineMove.put(Tile.of(5, 5), "U")),
])
def test_move_notation_keywords_and_end_in_any_case(text, expected):
    assert LineMove.parse(text) == expected


@pytest.mark.parametrize("text", ["drw", "6-0 X", "6-0 LL", "L", "", "pass 6-0", "7 L"])
def test_move_notation_rejects_bad_text_naming_it(text):
    with pytest.raises(NotationError) as info:
        LineMove.parse(text)
    assert repr(text) in str(info.value)


def test_move_str_is_record_notation():
    assert str(LineMove.parse("[0|6] r")) == "6-0 R"
    assert str(LineMove.parse("0:6")) == "6-0"
    assert str(LineMove.parse("DRAW")) == "draw"
    assert str(LineMove.parse("pass")) == "pass"
