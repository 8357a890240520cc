"""Partnership Dominó's board in words for the table message and the turn DM: the line
(as Traditional's), then the two pairs, partners opposite, with each pair's match score
(the rest is the line games' message)."""

from __future__ import annotations

from catalog import t
from cogs.common.escape import shown
from cogs.table.line_message import line_text
from cogs.table.presentation import Presentation
from engine.partnership import PAIRS, PartnershipView


def partnership_text(view: PartnershipView) -> list[str]:
    """The line and its ends, then "Pairs: Ann + Cy 40 · Bob + Dee 12"."""
    pairs = [t("table.pair", names=" + ".join(shown(view.players[s]) for s in seats),
               score=view.pair_scores[pair]) for pair, seats in enumerate(PAIRS)]
    return [*line_text(view), t("table.pairs", first=pairs[0], second=pairs[1])]


PRESENTATION = Presentation(board_text=partnership_text)
