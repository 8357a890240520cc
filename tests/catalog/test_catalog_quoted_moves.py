"""The Mexican Train moves the help quotes are moves the engine reads (RULES.md section 4,
Notation), and mean what the help says of them (issue 54).

`help.moves` shows `12-5 M` (the Mexican train) and `12-5 T2` (the second seat's train) in
every language; Russian and Ukrainian add that the train letters may be typed in Cyrillic.
"""

from __future__ import annotations

import re

import pytest

from catalog import t
from engine.mexican.moves import MexicanMove, train_index
from engine.tiles import Tile

LANGUAGES = ("en", "ru", "uk", "es", "pt")
PLAYERS = 4
# What each language says the letters M and T may also be typed in.
CYRILLIC = {"ru": "кириллицей", "uk": "кирилицею"}


def quoted_mexican_moves(code: str) -> list[str]:
    """The code-styled moves of `help.moves` that name a train (a tile, then M or Tn)."""
    quoted = re.findall(r"`([^`]+)`", t("help.moves", code))
    return [q for q in quoted if re.fullmatch(r"\d+-\d+ (M|T\d+)", q)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_help_quotes_a_move_on_the_mexican_train_and_one_on_a_seats(code: str) -> None:
    moves = [MexicanMove.parse(text) for text in quoted_mexican_moves(code)]
    assert [(m.kind, m.tile, m.train) for m in moves] == [
        ("play", Tile.parse("12-5"), "M"), ("play", Tile.parse("12-5"), "T2")]
    # M is the shared train; T2 the second seat's (index 1), T1 the first's.
    assert train_index("M", PLAYERS) == PLAYERS
    assert (train_index("T2", PLAYERS), train_index("T1", PLAYERS)) == (1, 0)


@pytest.mark.parametrize("code", sorted(CYRILLIC))
def test_the_cyrillic_letters_the_help_allows_are_read_as_the_latin(code: str) -> None:
    assert CYRILLIC[code] in t("help.moves", code)
    cyrillic = str.maketrans("MT", "\u041c\u0422")  # М, Т
    for text in quoted_mexican_moves(code):
        typed = text.translate(cyrillic)
        assert typed != text and not typed.isascii()
        assert MexicanMove.parse(typed) == MexicanMove.parse(text)
