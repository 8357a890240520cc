"""Big Clock's review: the last position from which the deal could still be won.

Once the game is over its stock order is known, so from any position the rest of the
game is a deterministic puzzle: `winnable` searches it exactly (depth first over every
legal move, `resign` and the losing `discard` of a drawn double left out, each position
met once: positions are keyed by the piles, the stock's position and the waiting
tile), up to `NODE_LIMIT` positions; beyond that it answers None (undecided). Rearranging while
a double is in trouble makes the graph large early in a deal (double-6 deals are often
undecided before their last dozen moves; see docs/review.md), so the review spends at
most `TOTAL_LIMIT` positions in all.

`last_winnable(record)` walks the game's positions from the end back to the start and
stops at the first (latest) one that is winnable: the move played there is the move
that lost the deal. A won game has none; a deal that no play could win has none either
(`winnable_at_start` False). A position left undecided by the search is passed over and
the review says it is not `exact`: the answer is then the last position *proven*
winnable (a later one may have been winnable too).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from engine.records import new_game

NODE_LIMIT = 5_000  # positions one search may visit before it gives up (undecided)
TOTAL_LIMIT = 50_000  # positions a whole review may visit: the earlier ones are then left
# undecided (a double-6 search that has not ended by 5,000 positions seldom ends by 20,000,
# and each 5,000 costs about 0.3 s of CPU)


@dataclass(frozen=True, slots=True)
class ClockReview:
    """`won`: the deal was won. `last_winnable`: the number of moves played (0 = the
    deal as laid out) at the last position from which it could still be won, None when
    won or never winnable; `losing_move` the move played there (record notation);
    `winnable_at_start` whether the deal could be won at all (None: undecided);
    `exact` whether every position searched was decided; `nodes` positions visited
    in all; `winners` (0,) when won, else ()."""

    won: bool
    last_winnable: int | None
    losing_move: str | None
    winnable_at_start: bool | None
    exact: bool
    nodes: int
    winners: tuple[int, ...]


def _key(game: Any) -> Hashable:
    return (tuple(tuple(pile) for pile in game.piles), game.stock_pos, game.drawn)


def winnable(game: Any, limit: int = NODE_LIMIT) -> tuple[bool | None, int]:
    """Whether some sequence of moves from `game` (a ClockGame, not changed) wins it,
    and how many positions were visited: True, False, or None when `limit` positions
    were visited without an answer."""
    seen: set[Hashable] = set()
    stack = [game]
    while stack:
        node = stack.pop()
        outcome = node.outcome()
        if outcome is not None:
            if outcome.reason == "won":
                return True, len(seen)
            continue
        key = _key(node)
        if key in seen:
            continue
        if len(seen) >= limit:
            return None, len(seen)
        seen.add(key)
        # Reversed, so that the first legal move (a draw, a place by hour) is tried first.
        for move in reversed(node.legal_moves()):
            if move.kind == "discard" and node.drawn is not None and node.drawn.is_double:
                continue  # giving up a double loses at once
            child = node.copy()
            child.play(move)
            stack.append(child)
    return False, len(seen)


def last_winnable(record: dict[str, Any], limit: int = NODE_LIMIT,
                  total: int = TOTAL_LIMIT) -> ClockReview:
    """The review of a finished Big Clock record (see the module docstring). Raises
    RecordError or ReplayError for a bad record, ValueError for an unfinished game."""
    game = new_game(record)
    moves: list[str] = list(record.get("moves", []))
    positions = [game.copy()]
    for text in moves:
        game.play(text)
        positions.append(game.copy())
    outcome = game.outcome()
    if outcome is None:
        raise ValueError("only a finished game can be reviewed")
    if outcome.reason == "won":
        return ClockReview(True, None, None, True, True, 0, (0,))
    nodes, exact = 0, True
    answer: bool | None = False
    for ply in range(len(moves), -1, -1):
        if nodes >= total:
            return ClockReview(False, None, None, None, False, nodes, ())
        answer, visited = winnable(positions[ply], limit)
        nodes += visited
        if answer is None:
            exact = False
        elif answer:
            return ClockReview(False, ply, moves[ply] if ply < len(moves) else None,
                               True, exact, nodes, ())
    return ClockReview(False, None, None, answer, exact, nodes, ())
