"""Mexican Train's board in words for the table message and the turn DM: one line per
train with its owner, its marker, its last tiles and its open end (the rest is the line
games' message)."""

from __future__ import annotations

from catalog import t
from cogs.table.presentation import Presentation
from engine.mexican import MexicanView
from engine.notation import piece_text

SHOWN = 6  # a train's last tiles written out; the others are counted


def mexican_text(view: MexicanView) -> list[str]:
    """Every train of a `MexicanView` in words, the waiting double named."""
    n = len(view.players)
    lines = [t("mexican.table_engine", tile=piece_text(view.engine.high, view.engine.low),
               round=view.round, rounds=view.rounds)]
    for index, train in enumerate(view.trains):
        number = view.engine.high
        pieces = []
        for tile in train:
            outer = tile.other(number)
            pieces.append(piece_text(number, outer))
            number = outer
        hidden = len(pieces) - SHOWN
        tiles = " ".join(pieces[-SHOWN:]) if pieces else "·"
        if hidden > 0:
            tiles = f"(+{hidden}) {tiles}"
        name = t("mexican.the_mexican_train") if index == n else t(
            "mexican.train_of", name=view.players[index], train=view.train_name(index))
        marker = index < n and view.markers[index]
        lines.append(t("mexican.table_train_open" if marker else "mexican.table_train",
                       train=name, tiles=tiles, end=view.ends[index]))
    if view.waiting is not None:
        double = view.trains[view.waiting][-1]
        lines.append(t("mexican.table_waiting", tile=piece_text(double.high, double.low)))
    return lines


PRESENTATION = Presentation(board_text=mexican_text)
