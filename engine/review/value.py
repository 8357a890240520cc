"""The value of every candidate move at one decision, from the deciding seat's view only.

`Evaluator(view, options, ...)` values each of `view.legal_moves`. A *sample* is one
determinization: the game's own sampler of hidden information (`GameSpec.sampler`, the
one its hard search deals roots from) deals the tiles the seat cannot see, consistently
with its view; then every candidate is played on a copy of that same deal and the hand
is played out by the game's normal level at every seat (`GameSpec.policies["normal"]`,
each seat choosing from its own view of the sampled game) or, where the hard search has
a playout policy of its own (the judge's `pick`: the Carousel's greedy playouts, 50x
cheaper than its normal level, which tries every reply), by that, with the same playout
random numbers for every candidate (common random numbers: the candidates differ only
by the move, so the paired difference is far less noisy than either value).

A candidate's value on a sample is the hand's points for the seat's side: the side's
gain in match score from before the move to the end of the hand, less the mean gain of
the other sides, negated where fewer points are better (`ReviewRules.higher_is_better`).
Its `chance` is the hard search's own reward for the same playout (`GameSpec.judge`: the
hand or match won, in [0, 1]), reported beside.

The estimate (`Estimate`): the best candidate by mean value (ties: the earlier move),
the loss (best mean less the played move's) and the standard error of that difference,
paired over the samples: stdev(d_i) / sqrt(n), d_i = v_best,i - v_played,i.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.registry import game_spec
from engine.rng import SeededRandom

MAX_PLAYOUT_MOVES = 2000  # a guard only: a hand ends long before
_MIX = 0x9E3779B97F4A7C15


def mix(*parts: int) -> int:
    """A 64-bit seed from integers: a decision's and a sample's seeds are derived, so an
    analysis is deterministic for its seed and independent of the order of work."""
    value = 0x243F6A8885A308D3
    for part in parts:
        value = ((value ^ (part & 0xFFFFFFFFFFFFFFFF)) * _MIX + 0x632BE59BD9B4E019) % 2**64
        value ^= value >> 29
    return value


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the samples so far say: per candidate (in `view.legal_moves` order) the mean
    value in points and the mean judge reward; `best` its index, `loss` and `stderr` of
    the played move against it (0 and 0 when the played move is best), `samples` n."""

    means: tuple[float, ...]
    chances: tuple[float, ...]
    best: int
    loss: float
    stderr: float
    samples: int


def sides(players: int, pairs: bool) -> tuple[int, ...]:
    """Each seat's side: its pair (seat % 2) when played in pairs, else itself."""
    return tuple(seat % 2 if pairs else seat for seat in range(players))


class Evaluator:
    """The candidates of one decision, valued on a growing list of shared samples.

    `view` is the deciding seat's view, `options` the table's, `played` the index of
    the move played in `view.legal_moves`; `side_of` gives each seat's side; `sign` is
    +1 where more points are better, -1 where fewer are. `seed` fixes every sample.
    Raises ValueError for a spectator's view.
    """

    def __init__(self, view: Any, options: Any, played: int, *, side_of: Sequence[int],
                 sign: float, seed: int) -> None:
        spec = game_spec(view.game)
        self.view = view
        self.options = options
        self.moves = list(view.legal_moves)
        self.played = played
        self.side_of = tuple(side_of)
        self.sign = sign
        self.seed = seed
        self.sampler = spec.sampler(view, options)
        self.judge = spec.judge
        self.policy = spec.policies["normal"]
        self.pick = getattr(self.judge, "pick", None)
        self.values: list[list[float]] = [[] for _ in self.moves]
        self.rewards: list[list[float]] = [[] for _ in self.moves]

    @property
    def samples(self) -> int:
        return len(self.values[0])

    def add(self, count: int) -> None:
        """Value every candidate on `count` more samples (sample i always the same deal
        and playout random numbers for a given seed)."""
        for i in range(self.samples, self.samples + count):
            root = self.sampler.sample(SeededRandom(mix(self.seed, i, 1)))
            for k in range(len(self.moves)):
                value, reward = self._value(root, k, SeededRandom(mix(self.seed, i, 2)))
                self.values[k].append(value)
                self.rewards[k].append(reward)

    def _value(self, root: Any, k: int, rng: SeededRandom) -> tuple[float, float]:
        game = root.copy()
        me = self.view.seat
        mark = self.judge.mark(game)
        before = [game.score_of(s) for s in range(len(game.players))]
        hands = game.finished_hands
        game.play(self.moves[k])
        for _ in range(MAX_PLAYOUT_MOVES):
            if game.outcome() is not None or game.finished_hands != hands:
                break
            seat = game.to_move
            legal = game.legal_moves()
            if len(legal) == 1:
                game.play(legal[0])
                continue
            if self.pick is not None:
                game.play(self.pick(game, legal, rng))
            else:
                game.play(self.policy(game.view(seat), rng, None, self.options))
        gains: dict[int, float] = {}
        for seat, side in enumerate(self.side_of):
            gains.setdefault(side, game.score_of(seat) - before[seat])
        mine = self.side_of[me]
        others = [g for side, g in gains.items() if side != mine]
        spread = gains[mine] - (sum(others) / len(others) if others else 0.0)
        return self.sign * spread, float(self.judge.reward(game, me, mark))

    def estimate(self) -> Estimate:
        """The estimate from the samples so far (at least one must have been added)."""
        n = self.samples
        means = tuple(sum(v) / n for v in self.values)
        chances = tuple(sum(r) / n for r in self.rewards)
        best = max(range(len(means)), key=lambda k: (means[k], -k))
        if best == self.played:
            return Estimate(means, chances, best, 0.0, 0.0, n)
        diffs = [b - p for b, p in zip(self.values[best], self.values[self.played],
                                       strict=True)]
        loss = sum(diffs) / n
        var = sum((d - loss) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        return Estimate(means, chances, best, loss, math.sqrt(var / n), n)
