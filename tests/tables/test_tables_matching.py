"""The pickup queue's matching, pure: who is seated with whom, at what table."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from tables.matching import PAIRS, Wish, match

NOW = 1_000_000.0
_ids = itertools.count(1)


def wish(user: int, seats: set[int] | int = 4, *, game: str = "traditional",
         turn: int = 86400, rated: bool = True, since: float = 0.0,
         ai_after: float | None = None, party: int | None = None,
         variant: str = "") -> Wish:
    counts = frozenset({seats} if isinstance(seats, int) else seats)
    return Wish(next(_ids), user, game, counts, turn, rated, since or float(user),
                ai_after, party, variant)


def test_four_people_wanting_four_seats_are_seated_oldest_first() -> None:
    wishes = [wish(u, 4, since=10.0 - u) for u in (1, 2, 3, 4)]
    [table] = match(wishes, NOW)
    assert table.seating == (4, 3, 2, 1)
    assert sorted(table.entries) == sorted(w.entry_id for w in wishes)


def test_three_cannot_fill_four_and_wait() -> None:
    assert match([wish(u, 4) for u in (1, 2, 3)], NOW) == []


def test_reading_a_queue_opens_a_table_as_soon_as_its_seats_can_be_filled() -> None:
    """Three people who each accept 3 or 4 seats are seated at three at once."""
    [table] = match([wish(u, {3, 4}) for u in (1, 2, 3)], NOW)
    assert table.seating == (1, 2, 3)
    [four] = match([wish(u, {3, 4}) for u in (1, 2, 3, 4)], NOW)
    assert len(four.seating) == 4  # the most seats that everyone accepts


def test_only_the_same_game_rated_or_not_and_variant_sit_together() -> None:
    mixed = [wish(1, 2), wish(2, 2, game="carousel"), wish(3, 2, rated=False),
             wish(4, 2, variant=PAIRS)]
    assert match(mixed, NOW) == []
    [table] = match([*mixed, wish(5, 2, rated=False)], NOW)
    assert table.seating == (3, 5) and not table.rated


def test_the_turn_time_is_the_shortest_longest_turn_accepted() -> None:
    [table] = match([wish(1, 2, turn=86400), wish(2, 2, turn=12 * 3600)], NOW)
    assert table.turn_seconds == 12 * 3600


def test_a_party_is_seated_whole_and_never_split() -> None:
    party = [wish(1, 4, party=7), wish(2, 4, party=7), wish(3, 4, party=7)]
    # The oldest solo first, then the party that fits beside them.
    assert match([*party, wish(4, 4, since=0.5), wish(5, 4)], NOW)[0].seating == (4, 1, 2, 3)
    [table] = match([*party, wish(4, 4)], NOW)
    assert set(table.seating) == {1, 2, 3, 4}
    # Two parties of three cannot share four seats: both wait.
    other = [wish(u, 4, party=8) for u in (5, 6, 7)]
    assert match([*party, *other], NOW) == []


def test_a_party_member_who_cannot_be_reached_holds_the_party_and_a_solo_is_passed_over() -> None:
    wishes = [wish(1, 2, party=9), wish(2, 2, party=9), wish(3, 2), wish(4, 2)]
    [table] = match(wishes, NOW, reachable=lambda user: user != 2)
    assert table.seating == (3, 4)
    [only] = match([wish(1, 2), wish(2, 2), wish(3, 2)], NOW, reachable=lambda u: u != 1)
    assert only.seating == (2, 3)


def test_nobody_is_seated_twice_and_their_older_wish_comes_first() -> None:
    wishes = [wish(1, 2, game="carousel", since=1.0), wish(1, 2, game="traditional", since=5.0),
              wish(2, 2, game="carousel", since=2.0), wish(3, 2, game="traditional", since=3.0)]
    [table] = match(wishes, NOW)
    assert table.game == "carousel" and table.seating == (1, 2)


def test_ai_seats_fill_a_table_once_everyone_at_it_has_waited_as_chosen() -> None:
    waiting = [wish(1, 4, ai_after=NOW + 60), wish(2, 4, ai_after=NOW + 30), wish(3, 4)]
    assert match(waiting, NOW + 29) == []
    [table] = match(waiting, NOW + 60)
    # Both who accept AI seats, the older first; the one who never does is not put there.
    assert table.seating == (1, 2, None, None)
    # Before the older one's wait is over, the other's own wait seats them with AIs alone.
    [alone] = match(waiting, NOW + 59)
    assert alone.seating == (2, None, None, None)


def test_carousel_pairs_seat_partners_opposite() -> None:
    wishes = [wish(1, 4, game="carousel", variant=PAIRS, party=3),
              wish(2, 4, game="carousel", variant=PAIRS, party=3),
              wish(5, 4, game="carousel", variant=PAIRS),
              wish(6, 4, game="carousel", variant=PAIRS)]
    [table] = match(wishes, NOW)
    a, c, b, d = table.seating
    assert {a, b} == {1, 2} and {c, d} == {5, 6}


def test_many_waiting_make_many_tables_in_one_pass() -> None:
    wishes = [wish(u, {2, 3, 4}, game=("traditional", "carousel")[u % 2]) for u in range(1, 1001)]
    tables = match(wishes, NOW)
    seated = [u for t in tables for u in t.seating]
    assert len(seated) == len(set(seated)) == 1000
    assert all(len(t.seating) == 4 for t in tables)


def test_parties_that_can_never_combine_cost_a_pass_near_linear_time() -> None:
    """Issue 51: 10,000 entries as parties of two wanting three seats took 1.9 s of CPU
    (each party looked at every other); now a pass looks only at units that fit."""
    wishes = [wish(user, 3, party=user // 2, since=float(user)) for user in range(8000)]
    best = min(_cpu(lambda: match(wishes, NOW)) for _ in range(3))
    assert match(wishes, NOW) == []  # two and two is never three
    assert best < 0.3, f"{best * 1000:.0f} ms"  # 0.9 s before, at this size


def _cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start
