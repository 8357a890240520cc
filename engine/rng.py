"""Deterministic shuffles from an integer seed.

The same seed must give the same deal on every machine and Python version, so
we do not use `random` (its algorithms are not promised across versions) but a
small, fully specified generator: SplitMix64 feeding a Fisher-Yates shuffle
with rejection sampling (no modulo bias).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class SeededRandom:
    """SplitMix64: tiny, well-mixed, and identical everywhere Python runs."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def copy(self) -> SeededRandom:
        """A generator that will give the same numbers as this one from here on."""
        twin = SeededRandom(0)
        twin._state = self._state
        return twin

    def skip(self) -> None:
        """Spend one number, as `below(1)` does (whose answer is always 0), for less."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMIT[n] if n < _LIMITS else (1 << 64) - ((1 << 64) % n)
        while True:
            # `next64`, inlined (the search calls this for every move).
            state = self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with `items` in shuffled order (Fisher-Yates)."""
        result = list(items)
        state = self._state
        for i in range(len(result) - 1, 0, -1):
            n = i + 1
            limit = _LIMIT[n] if n < _LIMITS else (1 << 64) - ((1 << 64) % n)
            while True:  # `below(n)`, inlined
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            result[i], result[j] = result[j], result[i]
        self._state = state
        return result


# `below`'s rejection limits for small n, made once.
_LIMITS = 256
_LIMIT = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, _LIMITS)]
