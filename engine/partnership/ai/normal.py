"""Partnership Dominó's normal level: a greedy player that reads the passes.

Each tile it may lay is scored from the view alone:
- going out wins the hand: it is always chosen;
- the tile's pips (heavy tiles are points for the other pair if the hand blocks or they
  go out), 6 more for a double (a double fits one number only: it is hard to place late);
- 2 for each tile left in the hand that fits the new ends (keep something to play);
- 8 when the next player, an opponent, is known to lack both new ends (it must pass),
  6 less when the partner is (the partner would pass);
- a lead prefers the suit the hand holds most of (3 a tile of the suit), its double first.
Passes are forced. Ties break at random.
"""

from __future__ import annotations

from typing import Any

from engine.hidden import Lacks
from engine.moves import LineMove
from engine.partnership.game import PartnershipGame
from engine.partnership.hidden import constraints
from engine.partnership.scoring import pair_of, partner
from engine.partnership.view import PartnershipView
from engine.rng import SeededRandom
from engine.tiles import Tile


def new_ends(ends: tuple[int, int] | None, move: LineMove) -> tuple[int, int]:
    """The line's open numbers (L, R) after `move` (a tile laid) on a line with `ends`."""
    tile = move.tile
    assert tile is not None
    if ends is None:
        return tile.high, tile.low
    left, right = ends
    if move.end == "L":
        return tile.other(left), right
    return left, tile.other(right)


def _lead_score(hand: tuple[Tile, ...], tile: Tile) -> float:
    suits = [sum(1 for t in hand if t.has(n)) for n in (tile.high, tile.low)]
    return 3.0 * max(suits) + tile.pips / 2 + (4.0 if tile.is_double else 0.0)


def score_move(view: PartnershipView, lacks: list[Lacks], move: LineMove) -> float:
    """The greedy value of laying `move` (see the module docstring)."""
    hand = view.hand or ()
    tile = move.tile
    assert tile is not None and view.seat is not None
    if len(hand) == 1:
        return 1000.0
    if view.ends is None:
        return _lead_score(hand, tile)
    left, right = new_ends(view.ends, move)
    score = tile.pips + (6.0 if tile.is_double else 0.0)
    rest = [t for t in hand if t != tile]
    score += 2.0 * sum(1 for t in rest if t.has(left) or t.has(right))
    after = (view.seat + 1) % 4
    ends = {left, right}
    if ends <= lacks[after].numbers:
        score += 8.0
    if ends <= lacks[partner(view.seat)].numbers:
        score -= 6.0
    return score


def choose_normal(view: PartnershipView, rng: SeededRandom) -> LineMove:
    """The greedy move of `view.legal_moves` (see the module docstring)."""
    moves = view.legal_moves
    plays = [m for m in moves if m.tile is not None]
    if len(plays) <= 1:
        return moves[0]
    lacks = constraints(view)
    scored = [(score_move(view, lacks, m), m) for m in plays]
    best = max(score for score, _ in scored)
    top = [m for score, m in scored if score == best]
    return top[rng.below(len(top))]


def normal(view: PartnershipView, rng: SeededRandom, budget: Any, options: Any) -> LineMove:
    """The normal level as a policy (`engine.ai.simple.Policy`)."""
    return choose_normal(view, rng)


class Judge:
    """The generic hard search's view of a hand (`engine.ai.hard.HandJudge`): the points
    the seat's pair scored in it against the other pair's, in [0, 1]."""

    def mark(self, game: PartnershipGame) -> int:
        return len(game.results)

    def reward(self, game: PartnershipGame, me: int, mark: int) -> float:
        if len(game.results) <= mark:
            return 0.5  # the playout was cut short
        return hand_reward(game.results[mark].winner, game.results[mark].points, pair_of(me))


def hand_reward(winner: int | None, points: int, pair: int) -> float:
    """A hand's worth to `pair`: above 0.5 when it won (more for more points), below when
    it lost, 0.5 for a tie."""
    if winner is None:
        return 0.5
    margin = 0.4 * min(points, 100) / 100
    return 0.6 + margin if winner == pair else 0.4 - margin


JUDGE = Judge()
