"""Turning a finished game into the rows storage keeps."""

from __future__ import annotations

from typing import Any

from storage.models import SeatResult
from tables.live import LiveTable


def seat_results(table: LiveTable) -> list[SeatResult]:
    """One result per seat: place, points, goat, team (pairs). A resigner comes last.

    When a player resigned, the others keep their order by score (a finished
    game's places otherwise come from the engine's outcome).
    """
    game = table.game
    assert game is not None
    outcome = game.outcome()
    n = len(table.seats)
    pairs = bool(table.row.options.get("pairs"))
    scores: list[int] = list(getattr(game, "scores", [0] * n))
    if outcome is not None and table.resigned is None:
        places = list(outcome.places)
        goats = set(outcome.goats)
        scores = list(outcome.scores)
    else:
        others = [s for s in range(n) if s != table.resigned]
        ordered = sorted((scores[s] for s in others), reverse=True)
        places = [n if s == table.resigned else ordered.index(scores[s]) + 1 for s in range(n)]
        goats = set()
    return [
        SeatResult(seat=s, place=places[s], points=scores[s], goat=s in goats,
                   team=(s % 2) if pairs else None)
        for s in range(n)
    ]


def solitaire_result(table: LiveTable, now: float) -> dict[str, Any]:
    """The keyword arguments of `Storage.record_solitaire_result` for a finished clock."""
    game = table.game
    assert game is not None
    summary = game.summary()
    outcome = game.outcome()
    return {
        "table_id": table.id,
        "user_id": table.host_id,
        "guild_id": table.guild_id,
        "won": bool(outcome and outcome.winners),
        "discards": len(summary.get("discards", [])),
        "hours_home": len(summary.get("home", [])),
        "duration": max(0.0, now - table.row.created_at),
    }
