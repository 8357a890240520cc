"""How a Partnership hand is scored and who leads the next one (RULES.md section 5).

Seats 0 and 2 are pair 0, seats 1 and 3 pair 1; partners sit opposite.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Game

PAIRS = ((0, 2), (1, 3))  # each pair's seats, lower seat first


def pair_of(seat: int) -> int:
    """The pair (0 or 1) that `seat` plays for."""
    return seat % 2


def partner(seat: int) -> int:
    """The seat opposite `seat`: its partner."""
    return (seat + 2) % 4


def pair_counts(counts: Sequence[int]) -> tuple[int, int]:
    """Each pair's pips: the sum of its two seats' counts."""
    return counts[0] + counts[2], counts[1] + counts[3]


def blocked_winner(counts: Sequence[int]) -> int | None:
    """The pair that wins a blocked hand (the lower count), None for a tie."""
    mine, theirs = pair_counts(counts)
    if mine == theirs:
        return None
    return 0 if mine < theirs else 1


def hand_points(counts: Sequence[int], winner: int, scoring: str) -> int:
    """What pair `winner` scores for the pips left (`counts` per seat): those of all four
    hands with scoring "all", only the losing pair's with "opponents" (no bonus here)."""
    pips = pair_counts(counts)
    if scoring == "opponents":
        return pips[1 - winner]
    return pips[0] + pips[1]


def next_leader(reason: str, *, ender: int, leader: int, winner: int | None) -> int:
    """Who leads the next hand: the player who went out (`reason` "domino", `ender` the
    seat that laid the last tile); after a blocked hand (`ender` its blocker) the blocker
    when its pair won, this hand's `leader` again on a tie, else the seat after the
    blocker."""
    if reason == "domino":
        return ender
    if winner is None:
        return leader
    return ender if pair_of(ender) == winner else (ender + 1) % 4


def result_figures(game: Game[Any]) -> list[dict[str, int]]:
    """Each seat's figures of a finished match (`engine.figures`): `hands`, the hands it
    took."""
    return [{"hands": game.finished_hands} for _ in game.players]
