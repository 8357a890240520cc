"""tables/near_match.py: who is asked whether another seat count would do, and for which."""

from __future__ import annotations

from tables.matching import Wish
from tables.near_match import MOST_WAITING, near_offers


def wish(entry: int, seats: set[int], *, game: str = "traditional",
         party: int | None = None) -> Wish:
    return Wish(entry_id=entry, user_id=100 + entry, game=game, seats=frozenset(seats),
                longest_turn=3600, rated=True, since=float(entry), party=party)


def counts(_wish: Wish) -> range:
    return range(2, 5)


def offers(wishes: list[Wish], asked: set[int] | None = None) -> list[tuple[int, int]]:
    return near_offers(wishes, 100.0, counts=counts, reachable=lambda _user: True,
                       asked=asked or set())


def test_one_waiting_for_four_is_asked_about_three_when_two_wait_for_three() -> None:
    waiting = [wish(1, {4}), wish(2, {3}), wish(3, {3})]
    assert offers(waiting) == [(1, 3)]
    assert offers(waiting, asked={1}) == []  # once an entry


def test_nobody_is_asked_when_no_other_count_would_seat_them_now() -> None:
    assert offers([wish(1, {4}), wish(2, {3})]) == []  # two people make no table of 3
    assert offers([wish(1, {4}), wish(2, {3}, game="carousel"),
                   wish(3, {3}, game="carousel")]) == []  # another game's people


def test_the_nearest_count_is_offered_first() -> None:
    # Ann asked for 5: 4 would not seat her (nobody else accepts 4), 3 would, with Bob
    # and Cy, and so would 2, with Bob: 3 is asked, the nearer. Cy would sit at 2 with Bob.
    waiting = [wish(1, {5}), wish(2, {2, 3}), wish(3, {3})]
    assert offers(waiting) == [(1, 3), (3, 2)]


def test_a_party_and_a_long_queue_are_never_asked() -> None:
    assert offers([wish(1, {4}, party=7), wish(2, {3}), wish(3, {3})]) == []
    crowd = [wish(1, {4}), wish(2, {3}), wish(3, {3})] + [
        wish(10 + n, {2}, game="traditional") for n in range(MOST_WAITING)]
    assert (1, 3) not in offers(crowd)
