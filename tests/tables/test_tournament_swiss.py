"""Swiss pairing (tables/tournament/swiss.py): properties over simulated tournaments."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournament.model import Entrant, History, Pairing, table_sizes
from tables.tournament.swiss import swiss_round
from tests.tables import tournament_sim

SEATS = st.sampled_from([(2, 2, False), (3, 2, False), (4, 2, False), (4, 4, True),
                         (4, 3, False), (6, 3, False), (8, 2, False), (5, 5, False)])


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 40), shape=SEATS, rounds=st.integers(1, 4), seed=st.integers(0, 99),
       withdraw=st.sampled_from([0.0, 0.05]))
def test_every_active_entrant_is_seated_once_or_has_a_bye(
        n: int, shape: tuple[int, int, bool], rounds: int, seed: int, withdraw: float) -> None:
    seats, low, teams = shape
    for step in tournament_sim.swiss(n, seats, rounds, seed, teams=teams, min_seats=low,
                                     withdraw=withdraw):
        active = sorted(e.id for e in step.entrants if e.active)
        seated = step.pairing.seated()
        assert sorted(seated) == active
        sizes, byes = table_sizes(len(active), seats, low)
        assert sorted((len(t) for t in step.pairing.tables), reverse=True) == sizes
        assert len(step.pairing.byes) == byes
        assert all(low <= len(t) <= seats for t in step.pairing.tables)


EXACT = st.sampled_from([(2, 2, False), (3, 3, False), (4, 4, True), (5, 5, False)])


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 24), shape=EXACT, seed=st.integers(0, 99))
def test_byes_are_fair(n: int, shape: tuple[int, int, bool], seed: int) -> None:
    """Nobody gets a second bye while an active entrant has none (nor, in general, more
    byes than anyone active without one this round); games of exactly k seats, where a
    field that k does not divide has byes every round."""
    seats, low, teams = shape
    for step in tournament_sim.swiss(n, seats, 5, seed, teams=teams, min_seats=low):
        byes = set(step.pairing.byes)
        others = [e.id for e in step.entrants if e.active and e.id not in byes]
        fewest = min((step.history.byes[p] for p in others), default=math.inf)
        assert all(step.history.byes[b] <= fewest for b in byes)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(16, 90), seed=st.integers(0, 999))
def test_no_repeat_opponents_in_the_first_rounds_at_two_seats(n: int, seed: int) -> None:
    """log2(n) + 1 rounds, well inside the n/2 rounds over which a repeat-free round
    always exists (Dirac: who has not met whom then holds a perfect matching)."""
    rounds = int(math.log2(n)) + 1
    assert rounds <= guaranteed_rounds(n - n % 2, 2)
    steps = list(tournament_sim.swiss(n, 2, rounds, seed))
    assert [s.repeats for s in steps] == [0] * rounds


def guaranteed_rounds(n: int, seats: int) -> int:
    """Rounds over which a repeat-free seating always exists, whatever came before: before
    round R everyone has met at most (seats - 1)(R - 1) others, and by Hajnal and
    Szemeredi the graph of who has not met splits into tables of `seats` strangers while
    each has at least (1 - 1/seats) n of them (`seats` dividing n)."""
    return 1 + ((n - 1) - (seats - 1) * n // seats) // (seats - 1)


@settings(max_examples=20, deadline=None)
@given(tables=st.integers(4, 25), seed=st.integers(0, 999), teams=st.booleans())
def test_no_repeat_opponents_nor_partners_where_always_avoidable_at_four_seats(
        tables: int, seed: int, teams: bool) -> None:
    n = 4 * tables
    rounds = guaranteed_rounds(n, 4)
    steps = list(tournament_sim.swiss(n, 4, rounds, seed, teams=teams))
    assert [s.repeats for s in steps] == [0] * rounds
    assert [s.partner_repeats for s in steps] == [0] * rounds


def test_seven_rounds_of_sixty_four_at_four_seats_repeat_nobody() -> None:
    """The bench's field: 64 at tables of four over seven rounds (each meets 21 of 63),
    beyond the guarantee above; none repeats for these seeds."""
    for seed in range(3):
        steps = list(tournament_sim.swiss(64, 4, 7, seed, teams=seed == 1))
        assert sum(s.repeats + s.partner_repeats for s in steps) == 0


@settings(max_examples=20, deadline=None)
@given(tables=st.integers(2, 12), seed=st.integers(0, 999))
def test_partners_rotate_even_when_opponents_must_repeat(tables: int, seed: int) -> None:
    """In a pairs game over three rounds nobody partners the same person twice: each
    round a fresh partner is always possible (three splits of any table)."""
    for step in tournament_sim.swiss(4 * tables, 4, 3, seed, teams=True):
        assert step.partner_repeats == 0
        for t in step.pairing.tables:
            partners = {frozenset((t[0], t[2])), frozenset((t[1], t[3]))}
            assert len(partners) == 2 and all(len(p) == 2 for p in partners)


def test_first_round_pairs_top_half_against_bottom_half() -> None:
    entrants = [Entrant(i, i + 1) for i in range(8)]
    pairing = swiss_round(entrants, {}, [])
    assert pairing.tables == ((0, 4), (1, 5), (2, 6), (3, 7))


def test_points_decide_the_groups() -> None:
    entrants = [Entrant(i, i + 1) for i in range(8)]
    points = {0: 1.0, 5: 1.0, 2: 1.0, 7: 1.0}
    pairing = swiss_round(entrants, points, [])
    for a, b in pairing.tables:
        assert points.get(a, 0.0) == points.get(b, 0.0)


def test_withdrawn_entrants_are_not_paired() -> None:
    entrants = [Entrant(i, i + 1, active=i != 2) for i in range(6)]
    pairing = swiss_round(entrants, {}, [])
    assert 2 not in pairing.seated() and sorted(pairing.seated()) == [0, 1, 3, 4, 5]
    assert len(pairing.byes) == 1


def test_a_bye_goes_to_the_lowest_ranked_without_one() -> None:
    entrants = [Entrant(i, i + 1) for i in range(5)]
    assert swiss_round(entrants, {}, []).byes == (4,)
    past = [Pairing(((0, 1), (2, 3)), (4,))]
    assert swiss_round(entrants, {}, past).byes == (3,)


def test_reading_an_odd_score_group_floats_its_lowest_down() -> None:
    """Three on 1 point, three on 0: the lowest of the top three meets the top of the
    others; the rest pair within their group."""
    entrants = [Entrant(i, i + 1) for i in range(6)]
    points = {0: 1.0, 1: 1.0, 2: 1.0}
    pairing = swiss_round(entrants, points, [])
    assert pairing.tables == ((0, 1), (2, 3), (4, 5))
    # when the floater has met the best of the group below, it takes the next
    past = [Pairing(((2, 3), (0, 4), (1, 5)))]
    assert swiss_round(entrants, points, past).tables == ((0, 1), (2, 4), (3, 5))


def test_reading_tables_are_the_fewest_with_sizes_within_one_larger_first() -> None:
    assert table_sizes(10, 4) == ([4, 4], 2)  # at exactly 4 seats: two tables, 2 byes
    assert table_sizes(10, 4, 2) == ([4, 3, 3], 0)
    assert table_sizes(9, 8, 2) == ([5, 4], 0)
    assert table_sizes(7, 3, 3) == ([3, 3], 1)
    assert table_sizes(3, 4, 4) == ([], 3)
    entrants = [Entrant(i, i + 1) for i in range(10)]
    pairing = swiss_round(entrants, {}, [], seats=4, min_seats=2)
    assert [len(t) for t in pairing.tables] == [4, 3, 3]
    assert set(pairing.tables[0]) == {0, 1, 2, 3}


def test_reading_pairs_split_balances_the_sides() -> None:
    """With no partnership history, the table's 1st & 4th partner against 2nd & 3rd;
    1st sits in seat 1, so seats (1st, 2nd, 4th, 3rd)."""
    entrants = [Entrant(i, i + 1) for i in range(4)]
    assert swiss_round(entrants, {}, [], seats=4, teams=True).tables == ((0, 1, 3, 2),)
    past = [Pairing(((0, 1, 3, 2),), teams=True)]
    # 0 & 3 and 1 & 2 partnered: the next split pairs 0 & 2 against 1 & 3
    nxt = swiss_round(entrants, {}, past, seats=4, teams=True).tables[0]
    assert nxt == (0, 1, 2, 3)
    history = History.of([*past, Pairing((nxt,), teams=True)])
    assert max(max(c.values()) for c in history.partnered.values()) == 1
