"""One tile notation for people (engine/notation.py), read back by the parsers."""

from __future__ import annotations

import pytest

from engine.clock.view import ClockMove
from engine.moves import LineMove
from engine.notation import move_text, tile_text, tiles_in
from engine.tiles import Tile


def test_a_tile_is_shown_higher_half_first_and_parses_back() -> None:
    assert tile_text(Tile.of(4, 6)) == "[6|4]" == tile_text("4-6")
    assert Tile.parse(tile_text(Tile.of(12, 0))) == Tile.of(12, 0)


@pytest.mark.parametrize(("record", "shown"), [
    ("6-4 L", "[6|4] L"), ("3-5", "[5|3]"), ("draw", "draw"), ("pass", "pass"),
    ("place 4", "→ 4"), ("move 9 11", "9 → 11"), ("discard", "discard"),
])
def test_moves_are_shown_in_the_one_notation(record: str, shown: str) -> None:
    assert move_text(record) == shown


def test_a_shown_line_move_parses_back() -> None:
    assert str(LineMove.parse(move_text("6-4 L"))) == "6-4 L"
    assert str(ClockMove.parse("move 9 11")) == "move 9 11"


def test_only_tiles_inside_a_text_change() -> None:
    assert tiles_in("tile bonus 5-0 -> 1 point; 10 - 2") == "tile bonus [5|0] -> 1 point; 10 - 2"


def test_a_display_gives_the_notation_words_in_its_own_words() -> None:
    say = {"draw": "из базара", "pass": "пас", "discard": "сброс", "resign": "сдаться",
           "L": "Л", "R": "П", "U": "В", "D": "Н"}.__getitem__
    assert move_text("6-4 L", say) == "[6|4] Л" and move_text("2-1 D", say) == "[2|1] Н"
    assert move_text("draw", say) == "из базара" and move_text("pass", say) == "пас"
    assert move_text("discard", say) == "сброс" and move_text("resign", say) == "сдаться"
    # what has no word keeps the notation: an opening tile, Big Clock's arrows
    assert move_text("5-5", say) == "[5|5]" and move_text("move 9 11", say) == "9 → 11"
    assert move_text("6-4 L") == "[6|4] L"  # without words: the notation as written
