"""Single elimination (tables/tournament/knockout.py) through formats.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.tournament import knockout
from tables.tournament.formats import Plan, next_pairing, round_of, rounds_total
from tables.tournament.model import Entrant, FormatRefused, Pairing, Round, TableResult
from tables.tournament.standings import standings as core_standings
from tests.tables.tournament_sim import play


def field(n: int) -> list[Entrant]:
    return [Entrant(i, i + 1) for i in range(n)]  # id i is seed i + 1


def favourites(pairing: Pairing, number: int) -> Round:
    """Every table won in seed order (the lowest id first)."""
    tables = []
    for seats in pairing.tables:
        order = sorted(seats)
        tables.append(TableResult(seats, tuple(order.index(p) + 1 for p in seats)))
    return Round(number, tuple(tables), pairing.byes)


def run(plan: Plan, entrants: list[Entrant]) -> list[Pairing]:
    rounds: list[Round] = []
    seen = []
    while (pairing := next_pairing(plan, entrants, rounds)) is not None:
        seen.append(pairing)
        rounds.append(favourites(pairing, len(rounds) + 1))
    return seen


def test_bracket_order() -> None:
    assert knockout.bracket(2) == [1, 2]
    assert knockout.bracket(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_a_two_seat_bracket_of_eight() -> None:
    plan = Plan("knockout", 2, 1)
    assert rounds_total(plan, 8) == 3
    seen = run(plan, field(8))
    assert [p.tables for p in seen] == [((0, 7), (3, 4), (1, 6), (2, 5)),
                                        ((0, 3), (1, 2)), ((0, 1),)]
    assert all(not p.byes for p in seen)


def test_a_two_seat_bracket_of_six_gives_seeds_one_and_two_a_bye() -> None:
    plan = Plan("knockout", 2, 1)
    assert rounds_total(plan, 6) == 3
    seen = run(plan, field(6))
    assert seen[0].tables == ((3, 4), (2, 5)) and seen[0].byes == (0, 1)
    assert [p.tables for p in seen[1:]] == [((0, 3), (1, 2)), ((0, 1),)]


def test_an_upset_goes_on_and_the_loser_is_not_paired_again() -> None:
    plan = Plan("knockout", 2, 1)
    entrants = field(4)
    first = next_pairing(plan, entrants, [])
    assert first is not None and first.tables == ((0, 3), (1, 2))
    upset = Round(1, (TableResult((0, 3), (2, 1)), TableResult((1, 2), (1, 1))))
    final = next_pairing(plan, entrants, [upset])
    # seed 4 beat seed 1; a draw sends the better seed (2) through
    assert final is not None and final.tables == ((1, 3),)


def test_four_tables_of_four_with_two_through_then_two_tables_then_a_final() -> None:
    plan = Plan("knockout", 4, 1, advance=2)
    assert rounds_total(plan, 16) == 3
    seen = run(plan, field(16))
    assert [[len(t) for t in p.tables] for p in seen] == [[4, 4, 4, 4], [4, 4], [4]]
    # snake seeding: table 1 holds seeds 1, 8, 9, 16
    assert seen[0].tables[0] == (0, 7, 8, 15)
    assert set(seen[1].seated()) == set(range(8))
    assert seen[2].tables == ((0, 1, 2, 3),)


def test_reading_a_tie_at_the_cut_goes_to_the_better_seed() -> None:
    plan = Plan("knockout", 4, 1, advance=2)
    entrants = field(8)
    first = next_pairing(plan, entrants, [])
    assert first is not None and first.tables == ((0, 3, 4, 7), (1, 2, 5, 6))
    # table 1: seed 8 first, seeds 4 and 5 tied second; table 2 in order
    played = Round(1, (TableResult((0, 3, 4, 7), (4, 2, 2, 1)),
                       TableResult((1, 2, 5, 6), (1, 2, 3, 4))))
    final = next_pairing(plan, entrants, [played])
    # table 1 by (place, seed): 7, then 3 (seed 4) before 4 (seed 5), then 0
    assert final is not None and final.tables == ((1, 2, 3, 7),)


def test_byes_go_to_the_top_seeds_when_a_game_seats_exactly_four() -> None:
    plan = Plan("knockout", 4, 1)
    assert rounds_total(plan, 10) == 2
    first = next_pairing(plan, field(10), [])
    assert first is not None and first.byes == (0, 1)
    assert sorted(len(t) for t in first.tables) == [4, 4]


def test_a_withdrawn_opponent_is_a_walkover() -> None:
    plan = Plan("knockout", 2, 1)
    entrants = [Entrant(i, i + 1, active=i != 3) for i in range(4)]
    rounds = [Round(1, (TableResult((0, 3), (1, 2)), TableResult((1, 2), (1, 2))))]
    final = next_pairing(plan, entrants, rounds)
    assert final is not None and final.tables == ((0, 1),)
    semis = next_pairing(plan, entrants, [])
    assert semis is not None and semis.tables == ((1, 2),) and semis.byes == (0,)


def test_late_entrants_are_not_paired_and_one_left_ends_it() -> None:
    plan = Plan("knockout", 2, 1)
    rounds = [Round(1, (TableResult((0, 1), (1, 2)),))]  # a field of two: the final
    assert next_pairing(plan, field(4), rounds) is None


def test_refused_plans() -> None:
    with pytest.raises(FormatRefused) as caught:
        rounds_total(Plan("knockout", 4, 1, teams=True), 16)
    assert caught.value.key == "tournament.knockout_pairs"
    with pytest.raises(FormatRefused) as caught:
        rounds_total(Plan("knockout", 4, 1, advance=1), 5)  # 1 table + 1 bye: 2 left
    assert caught.value.key == "tournament.knockout_no_final"
    assert rounds_total(Plan("knockout", 4, 1, min_seats=2, advance=1), 5) == 2


def test_a_solitaire_knockout_sends_the_better_half_on() -> None:
    plan = Plan("knockout", 1, 1, solitaire=True)
    entrants = field(5)
    assert rounds_total(plan, 5) == 3
    rounds: list[Round] = []
    left = []
    while (pairing := next_pairing(plan, entrants, rounds)) is not None:
        left.append(len(pairing.tables))
        tables = [TableResult(t, (1,), (float(t[0]),)) for t in pairing.tables]
        rounds.append(round_of(plan, len(rounds) + 1, tables))  # the highest id scores most
    assert left == [5, 3, 2]
    assert rounds[-1].tables[0].places == (2, 1)


SHAPES = st.sampled_from([(2, 2, 1), (3, 3, 1), (4, 4, 2), (4, 2, 1), (4, 2, 3), (6, 3, 2),
                          (8, 2, 4), (5, 5, 2)])


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 70), shape=SHAPES, seed=st.integers(0, 999))
def test_the_eliminated_are_never_paired_again_and_it_ends_as_planned(
        n: int, shape: tuple[int, int, int], seed: int) -> None:
    seats, low, advance = shape
    plan = Plan("knockout", seats, 1, min_seats=low, advance=advance)
    try:
        total = rounds_total(plan, n)
    except FormatRefused:
        return
    rng = random.Random(seed)
    entrants = field(n)
    rounds: list[Round] = []
    still = {e.id for e in entrants}
    while (pairing := next_pairing(plan, entrants, rounds)) is not None:
        seated = pairing.seated()
        assert len(seated) == len(set(seated)) and set(seated) == still
        assert all(low <= len(t) <= seats for t in pairing.tables)
        played = play(pairing, len(rounds) + 1, rng)
        rounds.append(played)
        still = knockout.advancers(played, {e.id: e.seed for e in entrants}, advance)
    assert len(rounds) == total
    last = rounds[-1]
    assert len(last.tables) == 1 and not last.byes
    assert len(last.tables[0].seats) <= seats


def test_reading_a_knockouts_places_follow_the_bracket() -> None:
    # 16 at tables of 4, 2 going on. Seed 1 (id 0) wins rounds 1 and 2 and is second in
    # the final; id 5 is second twice and wins the final: fewer points (2 1/3 against
    # 2 2/3, tied with id 1), yet the champion. The places follow the bracket: the
    # final's order, then those out in round 2 (by their place there), then round 1's.
    plan = Plan("knockout", seats=4, rounds=1, advance=2)
    entrants = field(16)
    rounds: list[Round] = []
    for number in (1, 2, 3):
        pairing = next_pairing(plan, entrants, rounds)
        assert pairing is not None
        tables = []
        for seats in pairing.tables:
            order = sorted(seats)  # seed order, but id 5 second where it sits
            if number == 3:
                order = [5, 0, 1, 3]  # the final: id 5 wins it, seed 1 second
            elif 5 in seats:
                order.remove(5)
                order.insert(1, 5)
            tables.append(TableResult(seats, tuple(order.index(p) + 1 for p in seats)))
        rounds.append(round_of(plan, number, tables, pairing.byes))
    assert next_pairing(plan, entrants, rounds) is None
    assert sorted(rounds[2].tables[0].seats) == [0, 1, 3, 5]
    lines = core_standings(entrants, rounds)
    by_points = [line.entrant for line in lines]
    assert by_points.index(0) < by_points.index(5)  # the points alone would put seed 1 first
    seated = {p: r.number for r in rounds for t in r.tables for p in t.seats}
    placed = knockout.bracket_places(lines, rounds, seated, advance=2)
    assert [line.place for line in placed] == list(range(1, 17))
    assert [line.entrant for line in placed][:4] == [5, 0, 1, 3]
    out_in_two = {p for t in rounds[1].tables for p in t.seats} - {0, 1, 3, 5}
    assert {line.entrant for line in placed[4:8]} == out_in_two
    thirds = [p for t in rounds[1].tables
              for p, place in zip(t.seats, t.places, strict=True) if place == 3]
    assert {line.entrant for line in placed[4:6]} == set(thirds)
    # The points are the standings' own: only the order changed.
    assert sorted((x.entrant, x.points) for x in placed) == sorted(
        (x.entrant, x.points) for x in lines)


def test_a_knockout_in_play_places_those_still_playing_between_the_cut() -> None:
    plan = Plan("knockout", seats=4, rounds=1, advance=2)
    entrants = field(8)
    pairing = next_pairing(plan, entrants, [])
    assert pairing is not None and len(pairing.tables) == 2
    done, playing = pairing.tables
    one = Round(1, (TableResult(done, (1, 2, 3, 4)),))  # the other table still plays
    seated = {p: 1 for seats in pairing.tables for p in seats}
    placed = knockout.bracket_places(core_standings(entrants, [one]), [one], seated, 2)
    assert [x.entrant for x in placed[:2]] == list(done[:2])
    assert {x.entrant for x in placed[2:6]} == set(playing)
    assert [x.entrant for x in placed[6:]] == list(done[2:])
