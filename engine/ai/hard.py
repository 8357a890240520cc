"""The hard level of the line games: determinized Monte Carlo search.

Each round samples one determinization of the hidden tiles (consistent with
the view: tiles played, hand sizes, suits a seat is known to lack; see
`engine.ai.determinize`), builds the game in the current position, and plays
every legal move on a copy of it followed by a playout to the end of the hand
(each seat picks a random legal move, a tile play more often than a draw).
The move with the best mean reward is chosen; ties go to the earlier move of
`view.legal_moves`.

The search stops after `budget.playouts` playouts (whole rounds) or when
`budget.seconds` have passed, whichever comes first. Only the playout count
depends on nothing but the seed, so a move is deterministic for a given seed
as long as the time cap is not reached (the default cap is generous).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.ai.determinize import knowledge, position
from engine.rng import SeededRandom


@dataclass(frozen=True, slots=True)
class Budget:
    """How much search one move may use: at most `playouts` playouts, and never
    (much) more than `seconds` of wall-clock time (checked between rounds)."""

    playouts: int = 600
    seconds: float = 1.0

    def __post_init__(self) -> None:
        if self.playouts < 1 or self.seconds <= 0:
            raise ValueError("a budget needs at least one playout and some time")


DEFAULT_BUDGET = Budget()
MAX_PLAYOUT_MOVES = 2000  # a guard only: a hand ends long before


def choose_hard(view: Any, rng: SeededRandom, budget: Budget = DEFAULT_BUDGET) -> Any:
    """The move of `view.legal_moves` that did best over the playouts.

    Reads only the view. With one legal move it is returned at once. Raises
    ValueError for a view without a hand (a spectator).
    """
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    start = time.perf_counter()
    known = knowledge(view)
    me = view.seat
    totals = [0.0] * len(moves)
    done = 0
    while done < budget.playouts:
        if done and time.perf_counter() - start >= budget.seconds:
            break
        root = position(view, known, rng)
        for k, move in enumerate(moves):
            game = root.copy()
            mark = _mark(game)
            game.play(move)
            totals[k] += playout(game, me, rng, mark)
        done += len(moves)
    best = max(range(len(moves)), key=lambda k: (totals[k], -k))
    return moves[best]


def _mark(game: Any) -> tuple[int, list[int]]:
    # Where the hand stands before a move: the hand (number of results, or the
    # Carousel's hand number) and the scores, so that the move's own effect counts.
    if game.kind == "carousel":
        return game.hand_number, list(game.side_scores)
    return len(game.results), []


def playout(game: Any, me: int, rng: SeededRandom, mark: tuple[int, list[int]]) -> float:
    """Play random legal moves to the end of the hand that `mark` (taken before the move
    being judged) names; `me`'s reward in [0, 1]."""
    if game.kind == "carousel":
        return _carousel_playout(game, me, rng, mark)
    hands = mark[0]
    for _ in range(MAX_PLAYOUT_MOVES):
        if game.outcome() is not None or len(game.results) != hands:
            break
        game.play(_pick(game.legal_moves(), rng))
    result = game.results[hands] if len(game.results) > hands else None
    if result is None:
        return 0.5
    return 1.0 if result.winner == me else 0.0


def _carousel_playout(game: Any, me: int, rng: SeededRandom,
                      mark: tuple[int, list[int]]) -> float:
    number, before = mark
    side = game.side_of(me)
    for _ in range(MAX_PLAYOUT_MOVES):
        if game.outcome() is not None or game.hand_number != number:
            break
        game.play(_pick(game.legal_moves(), rng))
    outcome = game.outcome()
    if outcome is not None:
        return 1.0 if any(game.side_of(w) == side for w in outcome.winners) else 0.0
    gains = [now - then for now, then in zip(game.side_scores, before, strict=True)]
    mine: int = gains[side]
    theirs: int = max(g for i, g in enumerate(gains) if i != side) if len(gains) > 1 else 0
    return min(1.0, max(0.0, 0.5 + (mine - theirs) / 40))


def _pick(moves: list[Any], rng: SeededRandom) -> Any:
    # A random move; with must_play off a draw beside tile plays is taken only 1 time in 8.
    if len(moves) > 1 and moves[-1].kind == "draw" and rng.below(8):
        return moves[rng.below(len(moves) - 1)]
    return moves[rng.below(len(moves))]
