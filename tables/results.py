"""Turning a finished game into the rows storage keeps."""

from __future__ import annotations

from typing import Any

from engine.game import places_by
from storage.models import SeatResult
from tables.live import LiveTable


def seat_results(table: LiveTable) -> list[SeatResult]:
    """One result per seat: place, points, goat, team (pairs). Resigners come last.

    The places come from the engine's outcome, or, for a game that ended before its
    outcome (a resignation ended it), from the scores so far. Every seat whose player
    resigned (`LiveTable.resigners`: an AI may have played it to the end) shares the
    last place; the others keep their order among themselves.
    """
    game = table.game
    assert game is not None
    outcome = game.outcome()
    n = len(table.seats)
    pairs = bool(table.row.options.get("pairs"))
    if outcome is not None:
        places, goats, scores = list(outcome.places), set(outcome.goats), list(outcome.scores)
    else:
        scores = [game.score_of(s) for s in range(n)]
        places, goats = list(places_by(scores, lower_is_better=False)), set()
    out = set(table.resigners())
    if out:
        kept = sorted(places[s] for s in range(n) if s not in out)
        places = [n - len(out) + 1 if s in out else kept.index(places[s]) + 1 for s in range(n)]
    return [
        SeatResult(seat=s, place=places[s], points=scores[s], goat=s in goats,
                   team=(s % 2) if pairs else None)
        for s in range(n)
    ]


def solitaire_result(table: LiveTable, now: float) -> dict[str, Any]:
    """The keyword arguments of `Storage.record_solitaire_result` for a finished solitaire."""
    game = table.game
    assert game is not None
    summary = game.summary()
    outcome = game.outcome()
    return {
        "table_id": table.id,
        "user_id": table.host_id,
        "game": table.game_kind,
        "guild_id": table.guild_id,
        "won": bool(outcome and outcome.winners),
        "discards": len(summary.get("discards", [])),
        "hours_home": len(summary.get("home", [])),
        "duration": max(0.0, now - table.row.created_at),
    }
