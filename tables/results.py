"""Turning a finished game into the rows storage keeps."""

from __future__ import annotations

from typing import Any

from engine.game import places_by
from engine.registry import game_spec
from storage.models import SeatResult
from tables.live import LiveTable


def seat_results(table: LiveTable) -> list[SeatResult]:
    """One result per seat: place, points, team (pairs) and the figures the game's spec
    declares (`engine.figures`: Traditional's goat...). Resigners come last.

    The places come from the engine's outcome, or, for a game that ended before its
    outcome (a resignation ended it), from the scores so far. Every seat whose player
    resigned (`LiveTable.resigners`: an AI may have played it to the end) shares the
    last place; the others keep their order among themselves.
    """
    game = table.game
    assert game is not None
    outcome = game.outcome()
    n = len(table.seats)
    pairs = game_spec(table.game_kind).in_pairs(table.row.options)
    if outcome is not None:
        places, scores = list(outcome.places), list(outcome.scores)
    else:
        scores = [game.score_of(s) for s in range(n)]
        places = list(places_by(scores, lower_is_better=False))
    figures = game_spec(table.game_kind).figures.of(game)
    out = set(table.resigners())
    if out:
        kept = sorted(places[s] for s in range(n) if s not in out)
        places = [n - len(out) + 1 if s in out else kept.index(places[s]) + 1 for s in range(n)]
    return [
        SeatResult(seat=s, place=places[s], points=scores[s],
                   team=(s % 2) if pairs else None, figures=figures[s])
        for s in range(n)
    ]


def solitaire_result(table: LiveTable, now: float) -> dict[str, Any]:
    """The keyword arguments of `Storage.record_solitaire_result` for a finished solitaire."""
    game = table.game
    assert game is not None
    outcome = game.outcome()
    return {
        "table_id": table.id,
        "user_id": table.host_id,
        "game": table.game_kind,
        "guild_id": table.guild_id,
        "won": bool(outcome and outcome.winners),
        "figures": game_spec(table.game_kind).figures.of(game)[0],
        "duration": max(0.0, now - table.row.created_at),
    }
