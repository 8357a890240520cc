"""The Traditional game's computer players by level (`POLICIES`): easy (random), normal
(greedy, here) and hard (`engine.traditional.ai.search`: the generic search on this game's
fast playouts, rewarding a hand as `JUDGE` does; `engine.ai.hard` with `JUDGE` is the
same search on the rules engine, kept for the bench's `hardflat`/`hardrandom`).

The normal level:
Doubles first (they fit only one number), then the play that leaves the most
tiles of the hand able to follow the new ends (keeping the suits it holds many
of), then the heaviest tile: score = pips / 6 + 3 for a double + 1 per
remaining tile that fits an end afterwards. Draw or pass only when nothing
fits. Ties break at random. It reads only the view.
"""

from __future__ import annotations

from typing import Any

from engine.ai.hard import Budget
from engine.ai.simple import Policy, easy
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile
from engine.traditional.ai.search import hard
from engine.traditional.game import TraditionalGame
from engine.traditional.view import TraditionalView


def choose_normal(view: TraditionalView, rng: SeededRandom) -> LineMove:
    """The greedy move of `view.legal_moves` (see the module docstring)."""
    moves = view.legal_moves
    plays = [m for m in moves if m.tile is not None]
    if not plays:
        return moves[0]
    hand = list(view.hand or ())
    scored = [(_score(view, hand, m), m) for m in plays]
    best = max(score for score, _ in scored)
    top = [m for score, m in scored if score == best]
    return top[rng.below(len(top))]


def _score(view: TraditionalView, hand: list[Tile], move: Any) -> float:
    tile: Tile = move.tile
    score = tile.pips / 6 + (3.0 if tile.is_double else 0.0)
    if view.ends is None:
        return score
    left, right = view.ends
    shown = right if move.end == "L" else left  # the end this play leaves alone
    touched = left if move.end == "L" else right
    outer = tile.other(touched)
    rest = [t for t in hand if t != tile]
    # Each remaining tile that can follow the new ends is worth a point.
    follow = sum(1 for t in rest if t.has(outer) or t.has(shown))
    return score + follow


def _normal(view: TraditionalView, rng: SeededRandom, budget: Budget, options: Any) -> LineMove:
    return choose_normal(view, rng)


class Judge:
    """The hard search's view of a hand (`engine.ai.hard.HandJudge`): it is won or not."""

    def mark(self, game: TraditionalGame) -> int:
        return len(game.results)

    def reward(self, game: TraditionalGame, me: int, mark: int) -> float:
        # 1 for winning the hand, 0 for losing it, 0.5 when the playout was cut short.
        if len(game.results) <= mark:
            return 0.5
        return 1.0 if game.results[mark].winner == me else 0.0


JUDGE = Judge()
POLICIES: dict[str, Policy] = {"easy": easy, "normal": _normal, "hard": hard}
