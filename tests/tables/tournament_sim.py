"""Simulated tournaments for the tournament tests and bench/bench_tournament.py: seeded
random results at every table, fed back into the next round's pairing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from tables.tournament.model import Entrant, History, Pairing, Round, TableResult
from tables.tournament.standings import points
from tables.tournament.swiss import swiss_round


def play(pairing: Pairing, number: int, rng: random.Random) -> Round:
    """Random results for `pairing`: places shuffled, a tie now and then."""
    results = []
    for seats in pairing.tables:
        places: tuple[int, ...]
        if pairing.teams:
            first = rng.randrange(3)  # 0: seats 1 & 3 won, 1: seats 2 & 4, 2: a draw
            places = ((1, 2, 1, 2), (2, 1, 2, 1), (1, 1, 1, 1))[first]
        else:
            order = list(range(len(seats)))
            rng.shuffle(order)
            places_list = [0] * len(seats)
            for place, seat in enumerate(order):
                places_list[seat] = place + 1
            if rng.random() < 0.1:  # the first two tie
                second = order[1]
                places_list[second] = 1
            places = tuple(places_list)
        scores = tuple(float(rng.randrange(100)) for _ in seats)
        results.append(TableResult(seats, places, scores, pairing.teams))
    return Round(number, tuple(results), pairing.byes)


@dataclass
class Step:
    """One round of a simulated Swiss: the entrants then, the pairing, its repeats."""

    entrants: list[Entrant]
    history: History
    pairing: Pairing
    repeats: int  # pairs seated together who had met before
    partner_repeats: int


def swiss(n: int, seats: int, rounds: int, seed: int, *, teams: bool = False,
          min_seats: int | None = None, withdraw: float = 0.0) -> Iterator[Step]:
    """A Swiss of `n` entrants (seed order = id + 1) over `rounds` random rounds; before
    each round an active entrant withdraws with probability `withdraw`."""
    rng = random.Random(seed)
    entrants = [Entrant(i, i + 1, rating=1500.0 - i) for i in range(n)]
    played: list[Round] = []
    for number in range(1, rounds + 1):
        entrants = [Entrant(e.id, e.seed, e.rating, e.active and rng.random() >= withdraw)
                    for e in entrants]
        past = [r.pairing() for r in played]
        history = History.of(past)
        pairing = swiss_round(entrants, points(played), past, seats=seats,
                              min_seats=min_seats, teams=teams)
        repeats = sum(history.times_met(a, b) for t in pairing.tables
                      for i, a in enumerate(t) for b in t[i + 1:])
        partner_repeats = sum(history.times_partnered(t[0], t[2])
                              + history.times_partnered(t[1], t[3])
                              for t in pairing.tables) if teams else 0
        yield Step(entrants, history, pairing, repeats, partner_repeats)
        played.append(play(pairing, number, rng))
