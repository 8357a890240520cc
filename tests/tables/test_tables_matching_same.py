"""The faster queue matcher (tables/matching.py) seats exactly whom the one it replaced
seated (tests/tables/matching_reference.py), table for table, over random queues: solos
and parties, several games, rated or not, Carousel pairs, AI waits over or not, people
queued twice and people who cannot be reached."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from tables import matching
from tests.tables import matching_reference as reference

QUEUES = 2_000
GAMES = ("traditional", "carousel", "mexican")


def _queue(rng: random.Random) -> tuple[list[dict[str, Any]], float, frozenset[int]]:
    """A random queue (each wish's fields), the time it is matched at, and who cannot
    be reached."""
    people = rng.randint(1, 40)
    wishes: list[dict[str, Any]] = []
    party = 0
    while len(wishes) < rng.randint(0, 60):
        game = rng.choice(GAMES)
        variant = matching.PAIRS if game == "carousel" and rng.random() < 0.3 else ""
        members = 1 if rng.random() < 0.7 else rng.randint(2, 3)
        party_id = None
        if members > 1:
            party += 1
            party_id = party
        # Carousel pairs is a game of four seats (tables.queue takes no other).
        def counts(variant: str) -> frozenset[int]:
            return (frozenset({4}) if variant else
                    frozenset(rng.sample((2, 3, 4), rng.randint(1, 3))))

        seats = counts(variant)
        for _ in range(members):
            wishes.append({
                "entry_id": len(wishes) + 1, "user_id": rng.randint(1, people), "game": game,
                "seats": seats if rng.random() < 0.8 else counts(variant),
                "longest_turn": rng.choice((3600, 12 * 3600, 86400)),
                "rated": rng.random() < 0.5, "since": float(rng.randint(0, 50)),
                "ai_after": rng.choice((None, None, 10.0, 40.0, 80.0)),
                "party": party_id, "variant": variant})
    rng.shuffle(wishes)
    away = frozenset(rng.sample(range(1, people + 1), rng.randint(0, min(3, people))))
    return wishes, float(rng.choice((0, 30, 60, 100))), away


def _reachable(away: frozenset[int]) -> Callable[[int], bool]:
    return lambda user: user not in away


def _plain(found: list[Any]) -> list[tuple[Any, ...]]:
    return [dataclasses.astuple(table) for table in found]


@pytest.mark.parametrize("block", range(4))
def test_the_faster_matcher_seats_whom_the_old_one_seated(block: int) -> None:
    rng = random.Random(24_000 + block)
    tables = 0
    for _ in range(QUEUES // 4):
        fields, now, away = _queue(rng)
        new = matching.match([matching.Wish(**f) for f in fields], now,
                             reachable=_reachable(away))
        old = reference.match([reference.Wish(**f) for f in fields], now,
                              reachable=_reachable(away))
        assert _plain(new) == _plain(old), fields
        tables += len(new)
    assert tables > 500  # the queues do make tables (not only empty answers)


def test_the_bench_queue_of_ten_thousand_is_matched_the_same() -> None:
    rng = random.Random(3)
    fields = [{"entry_id": i, "user_id": i, "game": rng.choice(GAMES),
               "seats": frozenset(rng.sample((2, 3, 4), rng.choice((1, 2)))),
               "longest_turn": 86400, "rated": rng.random() < 0.5, "since": float(i)}
              for i in range(10_000)]
    new = matching.match([matching.Wish(**f) for f in fields], 10_000.0)
    old = reference.match([reference.Wish(**f) for f in fields], 10_000.0)
    assert _plain(new) == _plain(old) and len(new) > 3_000
