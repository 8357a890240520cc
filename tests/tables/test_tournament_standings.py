"""Standings (tables/tournament/standings.py) against a count done by hand, and each
tiebreak shown deciding."""

from __future__ import annotations

import pytest

from tables.tournament.model import Entrant, Round, TableResult
from tables.tournament.standings import BYE_POINTS, place_points, points, standings

A, B, C, D, E, F = range(1, 7)
WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)  # places of seat 1 and seat 2


def two(a: int, b: int, places: tuple[int, int], sa: float, sb: float) -> TableResult:
    return TableResult((a, b), places, (sa, sb))


def hand_counted() -> tuple[list[Entrant], list[Round]]:
    """Six entrants (A seed 1 ... F seed 6), 2 seats, three rounds; F withdraws before
    round 3, so E, who would have met F, has a bye."""
    entrants = [Entrant(who, who, active=who != F) for who in (A, B, C, D, E, F)]
    rounds = [
        Round(1, (two(A, D, WIN, 10, 4), two(B, E, DRAW, 6, 6), two(C, F, LOSS, 3, 9))),
        Round(2, (two(A, F, WIN, 8, 7), two(B, C, LOSS, 2, 5), two(D, E, WIN, 7, 1))),
        Round(3, (two(A, B, LOSS, 5, 6), two(C, D, DRAW, 4, 4)), byes=(E,)),
    ]
    return entrants, rounds


def test_standings_match_a_count_by_hand() -> None:
    entrants, rounds = hand_counted()
    table = standings(entrants, rounds)
    # points (win 1, draw 0.5, loss 0, bye 1):
    #   A 1 + 1 + 0 = 2; B 0.5 + 0 + 1 = 1.5; C 0 + 1 + 0.5 = 1.5; D 0 + 1 + 0.5 = 1.5;
    #   E 0.5 + 0 + bye 1 = 1.5; F 1 + 0 = 1 (withdrawn: no third game)
    assert {s.entrant: s.points for s in table} == {A: 2, B: 1.5, C: 1.5, D: 1.5, E: 1.5,
                                                    F: 1}
    # Buchholz, the opponents' final points (a bye adds nothing):
    #   A: D 1.5 + F 1 + B 1.5 = 4; B: E 1.5 + C 1.5 + A 2 = 5; C: F 1 + B 1.5 + D 1.5 = 4;
    #   D: A 2 + E 1.5 + C 1.5 = 5; E: B 1.5 + D 1.5 = 3; F: C 1.5 + A 2 = 3.5
    assert {s.entrant: s.buchholz for s in table} == {A: 4, B: 5, C: 4, D: 5, E: 3, F: 3.5}
    # game points: A 10 + 8 + 5 = 23; B 6 + 2 + 6 = 14; C 3 + 5 + 4 = 12;
    #   D 4 + 7 + 4 = 15; E 6 + 1 = 7; F 9 + 7 = 16
    assert {s.entrant: s.game_points for s in table} == {A: 23, B: 14, C: 12, D: 15, E: 7,
                                                         F: 16}
    # order: A (2); on 1.5, B and D (Buchholz 5) before C (4) before E (3), and D before B
    # on game points (15 > 14); F (1) last. Nobody is left tied, so head to head is 0.
    assert [s.entrant for s in table] == [A, D, B, C, E, F]
    assert [s.place for s in table] == [1, 2, 3, 4, 5, 6]
    assert all(s.head_to_head == 0 for s in table)
    assert {s.entrant: (s.played, s.byes) for s in table} == {
        A: (3, 0), B: (3, 0), C: (3, 0), D: (3, 0), E: (2, 1), F: (2, 0)}
    assert [s.active for s in table] == [True] * 5 + [False]


def test_buchholz_decides() -> None:
    """In the hand count C and E are level on points (1.5); C's opponents scored more."""
    entrants, rounds = hand_counted()
    table = {s.entrant: s for s in standings(entrants, rounds)}
    assert table[C].points == table[E].points and table[C].buchholz > table[E].buchholz
    assert table[C].place < table[E].place


def test_game_points_decide() -> None:
    """B (seed 2) and D (seed 4) are level on points and Buchholz; D has more game
    points, and less is better when the score is a count to keep low."""
    entrants, rounds = hand_counted()
    table = {s.entrant: s for s in standings(entrants, rounds)}
    assert (table[B].points, table[B].buchholz) == (table[D].points, table[D].buchholz)
    assert table[D].place < table[B].place
    low = {s.entrant: s for s in standings(entrants, rounds, lower_is_better=True)}
    assert low[B].place < low[D].place


def four_all_play_all() -> tuple[list[Entrant], list[Round]]:
    """Seeds 1-4 (ids 0-3), no match scores. Round 1: 0 beats 1, 2 beats 3; round 2:
    0 beats 2, 3 beats 1; round 3: 3 beats 0, 1 beats 2."""
    entrants = [Entrant(i, i + 1) for i in range(4)]
    rounds = [
        Round(1, (TableResult((0, 1), WIN), TableResult((2, 3), WIN))),
        Round(2, (TableResult((0, 2), WIN), TableResult((1, 3), LOSS))),
        Round(3, (TableResult((0, 3), LOSS), TableResult((1, 2), WIN))),
    ]
    return entrants, rounds


def test_head_to_head_decides() -> None:
    """0 and 3 both have 2 points and Buchholz 4 (0: 1 + 1 + 2; 3: 1 + 1 + 2), no game
    points; 3 beat 0, so seed 4 goes above seed 1. Likewise 1 (beat 2) above 2."""
    entrants, rounds = four_all_play_all()
    table = standings(entrants, rounds)
    assert [(s.entrant, s.points, s.buchholz, s.head_to_head) for s in table] == [
        (3, 2.0, 4.0, 1), (0, 2.0, 4.0, -1), (1, 1.0, 5.0, 1), (2, 1.0, 5.0, -1)]


def test_seed_decides_last() -> None:
    """Four players each beating one and losing to another in a cycle: all level on
    points (1), Buchholz (2), game points and head to head (0), so the seeds decide."""
    entrants = [Entrant(i, 4 - i) for i in range(4)]  # id 3 is seed 1
    rounds = [Round(1, (TableResult((0, 1), WIN), TableResult((2, 3), WIN))),
              Round(2, (TableResult((0, 3), LOSS), TableResult((1, 2), WIN)))]
    table = standings(entrants, rounds)
    assert {(s.points, s.buchholz, s.game_points, s.head_to_head) for s in table} == {
        (1.0, 2.0, 0.0, 0)}
    assert [s.entrant for s in table] == [3, 2, 1, 0]


def test_points_by_place_at_bigger_tables_and_pairs() -> None:
    four = TableResult((1, 2, 3, 4), (1, 2, 3, 4))
    assert place_points(four) == pytest.approx((1, 2 / 3, 1 / 3, 0))
    tied = TableResult((1, 2, 3, 4), (1, 1, 3, 4))  # two first: (1 + 2/3) / 2 each
    assert place_points(tied) == pytest.approx((5 / 6, 5 / 6, 1 / 3, 0))
    pairs = TableResult((1, 2, 3, 4), (2, 1, 2, 1), teams=True)
    assert place_points(pairs) == (0, 1, 0, 1)
    assert points([Round(1, (four,), byes=(9,))])[9] == BYE_POINTS
