"""Which end a tile goes to: only a choice when the ends lead to different positions.

`end_choices(game, tile)` plays each legal placement of the tile on a copy and
keeps one per distinct position (`Game.position_key`): after a 3-3 opening,
3-5 on L and on R are the same game mirrored, so there is nothing to ask.
Each choice says what it scores at once (Carousel's open ends), so the player
sees the difference where there is one.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from catalog import Phrase
from engine.game import Game, MoveLike


@dataclass(frozen=True, slots=True)
class EndChoice:
    """One way to play a tile: `move` as recorded ("6-3 L"), its `end` (None for a
    lead or an opening), the `points` it scores for its player at once and the `words`
    that say where it goes ("at L", "on Ann's train": `Game.end_words`)."""

    move: str
    end: str | None
    points: int
    words: Phrase | None = None


def end_choices(game: Game[Any], tile: str) -> list[EndChoice]:
    """The distinct legal placements of `tile` (its record text, e.g. "6-3") for the
    player to move, in the game's order of ends; empty when it cannot be played now.

    A placement leading to the same position as an earlier one is left out, so one
    choice means "no need to ask".
    """
    seat = game.to_move
    if seat is None:
        return []
    before = game.score_of(seat)
    seen: dict[Hashable, EndChoice] = {}
    legal: list[MoveLike] = game.legal_moves()  # read through the contract, any game's moves
    for move in legal:
        if move.tile is None or str(move.tile) != tile:
            continue
        trial = game.copy()
        trial.play(move)
        key = trial.position_key()
        if key not in seen:
            words = game.end_words(move.end, seat) if move.end is not None else None
            seen[key] = EndChoice(str(move), move.end, trial.score_of(seat) - before, words)
    return list(seen.values())
