"""Nothing in a board picture shows a hidden hand.

Proved from the views, not by eye: a seat's view (which holds its hand and its
legal moves) gives exactly the bytes and alt text of the spectator's view of the
same moment, even when the hand and legal moves are replaced by objects that
fail on any use; and the alt text names no tile of any hand.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from engine.game import Game
from render import render_board
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import traditional_record
from render.samples import replayed


class Poison:
    """Stands in for a hidden hand: any use of it fails the test."""

    def _fail(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the board picture used a hidden hand or the legal moves")

    __iter__ = __len__ = __bool__ = __getitem__ = __contains__ = __hash__ = _fail
    __eq__ = __str__ = __repr__ = __format__ = _fail  # type: ignore[assignment]


def moments() -> list[tuple[str, Game]]:
    out = []
    for name, record in {"traditional": traditional_record(seed=4, players=4),
                         "carousel": carousel_record(players=5, seed=2),
                         "clock": clock_record(seed=3)}.items():
        total = len(record["moves"])
        for moves in sorted({0, 1, 2, total // 3, total // 2, total - 1}):
            out.append((f"{name}-{moves}", replayed(record, moves)))
    return out


MOMENTS = moments()


@pytest.mark.parametrize(("name", "game"), MOMENTS, ids=[n for n, _ in MOMENTS])
def test_a_seats_view_draws_exactly_the_public_board(name, game):
    public = render_board(game.view(None))
    seats = range(len(game.players))
    for seat in seats:
        view = game.view(seat)
        assert render_board(view) == public
        changes: dict[str, Any] = {"legal_moves": Poison()}
        if "hand" in {field.name for field in dataclasses.fields(view)}:  # it holds a hand
            changes["hand"] = Poison()
        assert render_board(dataclasses.replace(view, **changes)) == public


@pytest.mark.parametrize(("name", "game"), MOMENTS, ids=[n for n, _ in MOMENTS])
def test_the_alt_text_names_no_tile_of_a_hidden_hand(name, game):
    if game.kind == "clock":
        return  # Big Clock hides only the order of the stock
    seat = game.to_move if game.to_move is not None else 0
    alt = render_board(game.view(seat)).alt
    for other in range(len(game.players)):
        hand = game.view(other).hand
        assert hand is not None
        for tile in hand:
            assert not re.search(rf"(?<![\d-]){tile.high}-{tile.low}(?![\d-])", alt), (tile, alt)
