"""The tournaments block of /domino stats (issue 49): its words from the catalog, shown only
for a player in a tournament (cogs/stats/stats_views.py; the figures are
tests/tables/test_tournament_record.py's)."""

from __future__ import annotations

from typing import Any

from discord import ui

from catalog.reader import reading
from cogs.stats.stats_views import stats_layout, tournaments_text
from tables.tournament.reading import TournamentRecord


def texts(view: ui.LayoutView) -> list[str]:
    return [item.content for item in view.walk_children() if isinstance(item, ui.TextDisplay)]


def containers(view: ui.LayoutView) -> list[Any]:
    return [item for item in view.children if isinstance(item, ui.Container)]


def test_a_player_in_no_tournament_sees_no_tournament_block() -> None:
    assert tournaments_text(TournamentRecord()) is None
    view = stats_layout("Ann", "this server", [], {}, record=TournamentRecord())
    assert len(containers(view)) == 1 and "Tournaments" not in "\n".join(texts(view))


def test_played_won_best_place_and_in_progress_are_shown() -> None:
    record = TournamentRecord(played=3, wins=1, best=1, best_of=8, ongoing=2)
    view = stats_layout("Ann", "this server", [], {}, record=record)
    assert len(containers(view)) == 2
    block = texts(view)[-1]
    assert block.splitlines() == ["### Tournaments",
                                  "Played: 3 · won: 1 · best place: 1st of 8",
                                  "In progress now: 2"]
    only_running = tournaments_text(TournamentRecord(ongoing=1))
    assert only_running == "### Tournaments\nIn progress now: 1"


def test_the_block_is_in_the_readers_language() -> None:
    record = TournamentRecord(played=2, wins=0, best=3, best_of=16)
    with reading("ru"):
        text = tournaments_text(record)
    assert text is not None and text.startswith("### Турниры")
    assert "Сыграно: 2" in text and "16" in text
