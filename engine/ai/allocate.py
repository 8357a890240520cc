"""Successive halving over the candidate moves: a determinized search that spends its
playouts on the moves still in contention, for any game.

`halving(count, sample, evaluate, rng, budget)` chooses among `count` moves (by index).
The budget's `playouts` are split into equal shares, one per round of halving (one
round for two moves, two for three or four, three for five to eight, ...). In a round,
each root dealt by `sample(rng)` (a determinization: one hidden deal consistent with
the view) is evaluated for every surviving move, so the moves still compared meet the
same deals (the differences between them are measured on common deals, which halves
the noise a flat search pays for); when the round's share is spent, the better half of
the field by mean reward over every playout so far goes on (ties: the earlier move).
The last round spends whatever is left, so the playouts add up to `budget.playouts`
exactly (when it is at least `count`; with fewer, one round evaluates each move once).

Anytime: the clock (`budget.clock`) is read after each root, and once `budget.seconds`
have passed the best survivor so far is returned (at least one root is always
evaluated). An `evaluate` whose playouts are long may also read the clock itself and
raise `OutOfTime` at the cap: the root it was on is dropped (every survivor meets the
same roots) and the best survivor so far is returned (move 0 when no root was
finished). Only `rng` decides anything else, so the choice is deterministic for a seed
as long as the time cap is not reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from engine.rng import SeededRandom

R = TypeVar("R")


class OutOfTime(Exception):
    """Raised by an `evaluate` that stopped its playout at the budget's time cap."""


class Budget(Protocol):
    """What the halving reads of a search's budget (`engine.ai.hard.Budget`, which
    imports this module, so it is named here by its shape)."""

    @property
    def playouts(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def clock(self) -> Callable[[], float]: ...


def halving(count: int, sample: Callable[[SeededRandom], R],
            evaluate: Callable[[R, int, SeededRandom], float], rng: SeededRandom,
            budget: Budget, *, spent: list[int] | None = None) -> int:
    """The index in [0, count) of the move with the best mean reward among the last
    survivors (see the module docstring).

    `sample(rng)` returns a root (it is not changed: `evaluate` must play on a copy);
    `evaluate(root, k, rng)` plays move `k` on a copy of `root` and returns its reward
    (more is better), or raises `OutOfTime`. `spent`, when given, gets the number of
    playouts counted appended (for tests and benches; a dropped root's are not). Raises
    ValueError when `count` is below 1.
    """
    if count < 1:
        raise ValueError("there is no move to choose from")
    if count == 1:
        return 0
    totals = [0.0] * count
    played = [0] * count
    alive = list(range(count))
    rounds = (count - 1).bit_length()  # ceil(log2(count)): halvings down to one move
    left = max(budget.playouts, count)
    clock = budget.clock
    start = clock()
    done = 0
    for round_no in range(rounds):
        last = round_no == rounds - 1
        share = left if last else left // (rounds - round_no)
        # The last round rounds up: its final root is evaluated for the leaders only.
        roots = -(-share // len(alive)) if last else share // len(alive)
        for _ in range(max(roots, 1)):
            width = min(len(alive), left) if done else len(alive)
            if width <= 0:
                break
            root = sample(rng)
            try:
                rewards = [evaluate(root, k, rng) for k in alive[:width]]
            except OutOfTime:
                return _finish(_ranked(alive, totals, played), spent, done)
            for k, reward in zip(alive[:width], rewards, strict=True):
                totals[k] += reward
                played[k] += 1
            left -= width
            done += width
            if clock() - start >= budget.seconds:
                return _finish(_ranked(alive, totals, played), spent, done)
        alive = _ranked(alive, totals, played)
        if not last:
            alive = alive[:(len(alive) + 1) // 2]
    return _finish(alive, spent, done)


def _ranked(alive: list[int], totals: list[float], played: list[int]) -> list[int]:
    # Best mean first; a move never played (cut off by the clock) last; ties: earlier move.
    return sorted(alive, key=lambda k: (-(totals[k] / played[k]) if played[k] else 1.0, k))


def _finish(ranked: list[int], spent: list[int] | None, done: int) -> int:
    if spent is not None:
        spent.append(done)
    return ranked[0]
