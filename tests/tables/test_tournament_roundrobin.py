"""Round robin (tables/tournament/roundrobin.py): Berger tables, schedules for bigger
tables, walkovers, late entrants, fields refused."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournament import roundrobin
from tables.tournament.formats import Plan, next_pairing, rounds_total
from tables.tournament.model import Entrant, FormatRefused, History, Pairing, table_sizes
from tests.tables.tournament_sim import play


def pairings(schedule: roundrobin.Schedule) -> list[Pairing]:
    return [Pairing(tables, byes) for tables, byes in schedule]


@pytest.mark.parametrize("n", range(2, 17))
def test_berger_every_pair_meets_exactly_once_and_odd_fields_a_bye_each(n: int) -> None:
    rounds = pairings(roundrobin.berger(n))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n) == roundrobin.rounds_needed(n, 2)
    history = History.of(rounds)
    assert all(history.times_met(a, b) == 1 for a in range(n) for b in range(a + 1, n))
    for r in rounds:
        assert sorted(r.seated()) == list(range(n))
        assert len(r.byes) == n % 2
    assert sorted(history.byes.elements()) == (list(range(n)) if n % 2 else [])


def test_berger_seed_one_alternates_seats() -> None:
    first = [next(t for t in tables if 0 in t) for tables, _ in roundrobin.berger(6)]
    assert [t.index(0) for t in first] == [0, 1, 0, 1, 0]


SHAPES = [(5, 3, 3, False), (8, 3, 3, False), (7, 4, 4, True), (8, 4, 4, True),
          (10, 4, 2, False), (7, 5, 5, False), (7, 6, 3, False)]
# the fields of SHAPES the whole-tournament test below plays (their schedules are cached)
PLAYED = {(3, 3, False): (5, 8), (4, 4, True): (7, 8), (4, 2, False): (10,)}


@pytest.mark.parametrize(("n", "seats", "low", "teams"), SHAPES)
def test_bigger_tables_every_pair_meets_within_a_few_rounds_of_the_bound(
        n: int, seats: int, low: int, teams: bool) -> None:
    schedule = roundrobin.schedule(n, seats, low, teams)
    rounds = pairings(schedule)
    sizes, byes = table_sizes(n, seats, low)
    for r in rounds:
        assert sorted(r.seated()) == list(range(n))
        assert sorted((len(t) for t in r.tables), reverse=True) == sizes
        assert len(r.byes) == byes
    bound = roundrobin.lower_bound(n, seats, low)
    assert bound <= len(rounds) <= bound + roundrobin.EXTRA_ROUNDS
    assert roundrobin.spread(schedule)[0] >= 1  # everyone meets everyone
    had = Counter(History.of(rounds).byes)
    counts = [had[p] for p in range(n)]
    assert max(counts) - min(counts) <= 1  # byes shared out
    if teams:
        history = History.of([Pairing(t, b, True) for t, b in schedule])
        assert max(c for p in history.partnered.values() for c in p.values()) == 1


@pytest.mark.parametrize(("n", "seats", "teams"), [(9, 3, False), (16, 4, False),
                                                   (16, 4, True)])
def test_reading_nine_at_three_and_sixteen_at_four_are_perfect_schedules(
        n: int, seats: int, teams: bool) -> None:
    """The affine planes: k + 1 rounds (the bound: n - 1 others, k - 1 a round), every
    pair exactly once; in pairs nobody partners anyone twice."""
    schedule = roundrobin.schedule(n, seats, None, teams)
    assert len(schedule) == seats + 1 == roundrobin.lower_bound(n, seats)
    assert roundrobin.spread(schedule) == (1, 1)
    assert all(sorted(Pairing(t, b).seated()) == list(range(n)) for t, b in schedule)


def test_the_schedule_is_the_same_in_every_process() -> None:
    # built again, not read from the cache
    assert roundrobin.schedule.__wrapped__(5, 3, 3) == roundrobin.schedule(5, 3, 3)


def test_too_many_entrants_are_refused_with_a_key() -> None:
    with pytest.raises(FormatRefused) as caught:
        rounds_total(Plan("roundrobin", 2, 1), 17)
    assert caught.value.key == "tournament.roundrobin_too_many"
    assert caught.value.values == {"most": 16, "count": 17}
    assert isinstance(caught.value, ValueError) and "at most 16" in str(caught.value)
    with pytest.raises(FormatRefused):
        next_pairing(Plan("roundrobin", 4, 1), [Entrant(i, i + 1) for i in range(3)], [])


def test_a_withdrawn_entrants_games_are_walkovers() -> None:
    plan = Plan("roundrobin", 2, 1)
    entrants = [Entrant(i, i + 1) for i in range(4)]
    first = next_pairing(plan, entrants, [])
    assert first is not None
    played = [play(first, 1, random.Random(0))]
    gone = [Entrant(e.id, e.seed, active=e.id != 3) for e in entrants]
    second = next_pairing(plan, gone, played)
    assert second is not None and 3 not in second.seated()
    opponent = next(b if a == 3 else a for a, b in roundrobin.berger(4)[1][0] if 3 in (a, b))
    assert second.byes == (opponent,)


def test_at_bigger_tables_the_others_play_on_while_they_make_a_table() -> None:
    plan = Plan("roundrobin", 4, 1, min_seats=3)
    entrants = [Entrant(i, i + 1, active=i != 0) for i in range(8)]
    pairing = next_pairing(plan, entrants, [])  # 0 withdrew before: not in the field
    assert pairing is not None and sorted(pairing.seated()) == list(range(1, 8))
    played = [play(pairing, 1, random.Random(0))]
    gone = [Entrant(e.id, e.seed, active=e.id not in (0, 1)) for e in entrants]
    nxt = next_pairing(plan, gone, played)
    assert nxt is not None and 1 not in nxt.seated() and len(nxt.seated()) == 6
    assert all(len(t) >= 3 for t in nxt.tables)


def test_a_late_entrant_is_not_paired() -> None:
    plan = Plan("roundrobin", 2, 1)
    entrants = [Entrant(i, i + 1) for i in range(4)]
    first = next_pairing(plan, entrants, [])
    assert first is not None
    later = [*entrants, Entrant(9, 5)]
    second = next_pairing(plan, later, [play(first, 1, random.Random(0))])
    assert second is not None and 9 not in second.seated()


@settings(max_examples=20, deadline=None)
@given(n=st.integers(2, 16), shape=st.sampled_from([(2, 2, False), (3, 3, False),
                                                    (4, 4, True), (4, 2, False)]),
       seed=st.integers(0, 999), withdraw=st.sampled_from([0.0, 0.15]))
def test_a_whole_round_robin_seats_the_active_field_and_repeats_nobody_at_two_seats(
        n: int, shape: tuple[int, int, bool], seed: int, withdraw: float) -> None:
    seats, low, teams = shape
    if seats > 2:  # only the searches the tests above made (a search takes 0.1-0.3 s)
        n = PLAYED[shape][n % len(PLAYED[shape])]
    plan = Plan("roundrobin", seats, 1, min_seats=low, teams=teams)
    rng = random.Random(seed)
    entrants = [Entrant(i, i + 1) for i in range(n)]
    total = rounds_total(plan, n)
    played = []
    while (pairing := next_pairing(plan, entrants, played)) is not None:
        active = {e.id for e in entrants if e.active}
        seated = pairing.seated()
        assert len(seated) == len(set(seated)) and set(seated) == active
        assert all(low <= len(t) <= seats for t in pairing.tables)
        played.append(play(pairing, len(played) + 1, rng))
        entrants = [Entrant(e.id, e.seed, active=e.active and rng.random() >= withdraw)
                    for e in entrants]
    assert len(played) == total
    history = History.of([r.pairing() for r in played])
    if seats == 2:
        assert all(c == 1 for met in history.met.values() for c in met.values())
        assert max(history.byes.values(), default=0) <= 1 or withdraw


def test_reading_six_at_exactly_three_need_four_rounds_and_one_pair_always_meets() -> None:
    """3 rounds cannot seat everyone with everyone (each meets 2 a round, 5 to meet, and
    the split of round 1 leaves no third round that works), and of all 4-round schedules
    where everyone meets, each has a pair that shares a table every round."""
    schedule = roundrobin.schedule(6, 3, 3)
    assert roundrobin.lower_bound(6, 3, 3) == 3
    assert len(schedule) == 4 and roundrobin.spread(schedule) == (1, 4)
