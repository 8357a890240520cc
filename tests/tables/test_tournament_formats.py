"""The formats' one door (tables/tournament/formats.py): rounds, pairings and scoring for
every format, solitaire duplicates included."""

from __future__ import annotations

import random

import pytest

from tables.tournament.formats import (
    FORMATS,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    Plan,
    next_pairing,
    round_of,
    round_seed,
    rounds_total,
    takes_late_entries,
)
from tables.tournament.model import Entrant, FormatRefused, Round, TableResult
from tests.tables.tournament_sim import play


def field(n: int) -> list[Entrant]:
    return [Entrant(i, i + 1) for i in range(n)]


def test_plans_refuse_what_cannot_be_played() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        Plan("ladder", 2, 3)
    with pytest.raises(ValueError, match="at least one round"):
        Plan(SWISS, 2, 0)
    with pytest.raises(ValueError, match="advance"):
        Plan(KNOCKOUT, 4, 1, advance=4)


def test_rounds_total_for_each_format() -> None:
    assert rounds_total(Plan(SWISS, 2, 5), 40) == 5
    assert rounds_total(Plan(ROUND_ROBIN, 2, 1), 8) == 7
    assert rounds_total(Plan(ROUND_ROBIN, 2, 1), 7) == 7
    assert rounds_total(Plan(ROUND_ROBIN, 3, 1), 9) == 4
    assert rounds_total(Plan(KNOCKOUT, 2, 1), 9) == 4
    assert rounds_total(Plan(KNOCKOUT, 4, 1, advance=2), 16) == 3


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_solitaire_plays_one_seat_tables_of_the_same_deal_in_every_format(
        fmt: str) -> None:
    plan = Plan(fmt, 1, 2, solitaire=True)
    entrants = field(6)
    total = rounds_total(plan, 6)
    assert total == (3 if fmt == KNOCKOUT else 2)  # a knockout halves the field: 6, 3, 2
    rounds: list[Round] = []
    while (pairing := next_pairing(plan, entrants, rounds)) is not None:
        assert all(len(t) == 1 for t in pairing.tables)
        scores = [TableResult(t, (1,), (float(t[0] % 4),)) for t in pairing.tables]
        rounds.append(round_of(plan, len(rounds) + 1, scores))
    assert len(rounds) == total
    if fmt == KNOCKOUT:
        assert [len(r.tables[0].seats) for r in rounds] == [6, 3, 2]
    first = rounds[0].tables[0]
    # one table ranked by hours home, more first: 3 (ids 3), 2 (2), 1 (1, 5), 0 (0, 4)
    assert dict(zip(first.seats, first.places, strict=True)) == {
        0: 5, 1: 3, 2: 2, 3: 1, 4: 5, 5: 3}


def test_a_solitaire_round_of_one_is_a_bye() -> None:
    plan = Plan(SWISS, 1, 2, solitaire=True)
    played = round_of(plan, 1, [TableResult((7,), (1,), (3.0,))])
    assert played.tables == () and played.byes == (7,)


def test_round_seeds_are_stable_and_differ() -> None:
    assert round_seed(1, 1) == round_seed(1, 1)
    seeds = {round_seed(t, r) for t in range(1, 5) for r in range(1, 8)}
    assert len(seeds) == 28 and all(0 <= s < 2**63 for s in seeds)


def test_late_entries() -> None:
    assert takes_late_entries(Plan(SWISS, 2, 3))
    assert not takes_late_entries(Plan(ROUND_ROBIN, 2, 1))
    assert not takes_late_entries(Plan(KNOCKOUT, 2, 1))
    assert takes_late_entries(Plan(ROUND_ROBIN, 1, 3, solitaire=True))
    assert not takes_late_entries(Plan(KNOCKOUT, 1, 3, solitaire=True))


def test_a_swiss_stops_after_its_rounds_and_pairs_a_late_entrant() -> None:
    plan = Plan(SWISS, 2, 2)
    entrants = field(4)
    rng = random.Random(1)
    first = next_pairing(plan, entrants, [])
    assert first is not None
    rounds = [play(first, 1, rng)]
    entrants.append(Entrant(9, 5))
    second = next_pairing(plan, entrants, rounds)
    assert second is not None and 9 in second.seated()
    rounds.append(play(second, 2, rng))
    assert next_pairing(plan, entrants, rounds) is None


def test_pairs_knockouts_are_refused_at_pairing_too() -> None:
    with pytest.raises(FormatRefused):
        next_pairing(Plan(KNOCKOUT, 4, 1, teams=True), field(8), [])


def test_a_round_robin_ends_after_its_schedule() -> None:
    plan = Plan(ROUND_ROBIN, 2, 99)  # the host's number does not count here
    entrants = field(5)
    rng = random.Random(2)
    rounds: list[Round] = []
    while (pairing := next_pairing(plan, entrants, rounds)) is not None:
        rounds.append(play(pairing, len(rounds) + 1, rng))
    assert len(rounds) == 5 == rounds_total(plan, 5)
