"""Soft inference on hidden hands: how likely each opponent's observed plays were.

Model of play (assumed, not learnt): a player who could lay several tiles picks
one with probability proportional to exp(score / TEMPERATURE), the score being
the normal policy's main preference: in Traditional the tile's pips (heaviest
first), in Carousel the points the placement scores at once plus pips / 100.
Each placement a tile has is one candidate. The hand a player held at a past
play is known from a deal only when the player has not drawn since (then it is
the deal's hand plus the tiles it laid later), so only such plays are used;
plays on an empty board (the lead, the opening) are not modelled.

A deal's likelihood is the product over those plays of the chosen candidate's
probability. It factorises into per-play sums over the tiles of the deal's
hand, so `Events` precomputes each unseen tile's weight per play once per view
and a deal costs one sum per play. `WeightedPool` turns a sampler of deals into
importance resampling: each call adds `GROW` fresh deals to a pool and returns
one drawn by likelihood. The switch `ENABLED` is off: measured against the unweighted
sampler (bench/README.md, "Inference"), the weighting has shown no gain in strength.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import Tile

ENABLED = False  # off: measured, no gain in strength shown (bench/README.md, "Inference")
TEMPERATURE = 2.0
GROW = 2  # fresh deals added to the pool per sample


class ScoringBoard(Protocol):
    """A board rebuilt from the history that scores a tile's placements now."""

    def scores(self, tile: Tile) -> list[float]:
        """The model's score of each legal placement of `tile` now (empty: it does not fit)."""

    def lay(self, move: LineMove, seat: int) -> None:
        """Lay a played tile, as the history shows it."""


@dataclass(frozen=True, slots=True)
class Play:
    """One modelled play: `seat` chose a candidate worth `chosen`; `known` is the summed
    weight of candidates from tiles known held then; `weight[tile]` an unseen tile's."""

    seat: int
    chosen: float
    known: float
    weight: dict[Tile, float]


def _weight(scores: list[float]) -> float:
    return sum(math.exp(s / TEMPERATURE) for s in scores)


def plays(view: Any, unseen: Sequence[Tile], board: ScoringBoard) -> list[Play]:
    """The view's modelled plays (see the module docstring), in history order."""
    history = view.history
    out: list[Play] = []
    started = False
    for i, (seat, text) in enumerate(history):
        if text in ("draw", "pass"):
            continue
        move = LineMove.parse(text)
        assert move.tile is not None
        later = history[i + 1:]
        if (started and seat != view.seat
                and not any(s == seat and t == "draw" for s, t in later)):
            held = [LineMove.parse(t).tile for s, t in later
                    if s == seat and t not in ("draw", "pass")]
            mine = board.scores(move.tile)
            chosen = max(mine) if mine else 0.0
            known = _weight(mine) + sum(_weight(board.scores(t)) for t in held if t is not None)
            out.append(Play(seat, math.exp(chosen / TEMPERATURE), known,
                            {t: _weight(board.scores(t)) for t in unseen}))
        board.lay(move, seat)
        started = True
    return out


def likelihood(hands: Sequence[Sequence[Tile]], events: Sequence[Play]) -> float:
    """The deal's likelihood under the model: the product of each play's probability."""
    p = 1.0
    for e in events:
        w = e.weight
        p *= e.chosen / (e.known + sum(w.get(t, 0.0) for t in hands[e.seat]))
    return p


class WeightedPool:
    """Importance resampling over deals from `deal(rng)` -> (hands, stock)."""

    def __init__(self, deal: Callable[[SeededRandom], Any], events: Sequence[Play]) -> None:
        self.deal, self.events = deal, events
        self.pool: list[Any] = []
        self.weights: list[float] = []
        self.total = 0.0

    def sample(self, rng: SeededRandom) -> Any:
        """One deal of the pool, drawn by likelihood (uniform if every weight is 0)."""
        for _ in range(GROW):
            dealt = self.deal(rng)
            w = likelihood(dealt[0], self.events)
            self.pool.append(dealt)
            self.weights.append(w)
            self.total += w
        if self.total <= 0:
            return self.pool[rng.below(len(self.pool))]
        x = (rng.next64() / 2.0**64) * self.total
        for dealt, w in zip(self.pool, self.weights, strict=True):
            x -= w
            if x < 0:
                return dealt
        return self.pool[-1]
