"""Mexican Train's table message in words: every train, its marker, the waiting double."""

from __future__ import annotations

from catalog.reader import reading
from cogs.table.games.mexican import mexican_text
from cogs.table.presentation import presentation
from engine.deals import LineDeal
from engine.mexican import MexicanGame, MexicanOptions
from engine.tiles import parse_tiles


def test_every_train_is_written_with_its_marker_and_the_waiting_double() -> None:
    hands = (tuple(parse_tiles(["9-5", "5-5", "8-8"])), tuple(parse_tiles(["9-2", "5-0"])))
    game = MexicanGame(("Ann", "Bob"), MexicanOptions(set=9),
                       deal=LineDeal(hands, tuple(parse_tiles(["4-4", "3-3"]))))
    for move in ["9-5 T1", "9-2 M", "5-5 T1", "draw", "pass"]:
        game.play(move)
    with reading("en"):
        lines = mexican_text(game.view(None))
    assert lines == ["Round 1 of 10 · engine [9|9]",
                     "Ann's train (T1) (marker: open): [9|5] [5|5] → 5",
                     "Bob's train (T2): · → 9",
                     "the Mexican train (M): [9|2] → 2",
                     "The double [5|5] waits to be satisfied."]
    assert presentation("mexican").board_text is mexican_text
