"""How a Traditional hand is scored (RULES.md section 1): places and goats by count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Game, places_by

NO_WINNER = -1  # the winner of a hand that nobody won


def seats_of(winner: int) -> tuple[int, ...]:
    """The winning seats of a hand: the winner, or none."""
    return () if winner == NO_WINNER else (winner,)


def hand_places(counts: Sequence[int], winner: int) -> tuple[int, ...]:
    """Places of a hand: the winner first, the others by count, lowest first, ties shared."""
    if winner == NO_WINNER:
        return places_by(counts, lower_is_better=True)
    others = sorted([c for s, c in enumerate(counts) if s != winner])
    return tuple([1 if s == winner else 2 + others.index(c) for s, c in enumerate(counts)])


def hand_goats(counts: Sequence[int], winner: int) -> tuple[int, ...]:
    """Every player tied for the highest count (RULES.md to the letter: even a fish's
    maker who won the hand holding the most pips is a goat)."""
    highest = max(counts)
    return tuple([s for s, c in enumerate(counts) if c == highest])


def result_figures(game: Game[Any]) -> list[dict[str, int]]:
    """Each seat's figures of a finished match (`engine.figures`): `goat` 1 for a goat of
    the last hand, else 0 (none when it ended early, by a resignation), and `hands`, the
    hands the match took."""
    last = game.finished_hands - 1
    over = game.outcome() is not None and last >= 0
    goats = set(game.hand_summary(last).goats) if over else set()
    return [{"goat": int(seat in goats), "hands": game.finished_hands}
            for seat in range(len(game.players))]
