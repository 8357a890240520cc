"""Chosen partners at a table played in pairs (seats 1 and 3 against 2 and 4): where its
lobby's people sit, and in what order its game starts.

A person in such a lobby may choose whom to partner ("Partner with …"): the pair is kept
in the table's settings (`TableSettings.partners`, user ids two by two, the newest
last). The lobby's stored seats stay in the order people sat down; `arranged` says where
each sits: every chosen pair both of whom are seated on the two seats of one pair, the
others in the order they sat down on the seats left. The lobby message shows that, and
the game starts in it (`LobbyActions.start`). The two who chose take the pair of seats
the one of them who sat down first would have had; someone joining later moves nobody.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.registry import game_spec
from storage.models import Seat
from tables.errors import TableError
from tables.holds import Hold
from tables.live import LiveTable

TEAMS = ((0, 2), (1, 3))  # the seats of each pair, partners opposite


def plays_in_pairs(table: LiveTable) -> bool:
    """Whether `table` is played in two pairs, partners opposite (the game's spec says so
    for its options, at the seat count it plays pairs at)."""
    spec = game_spec(table.game_kind)
    return table.settings.seats == spec.pairs_seats and spec.in_pairs(table.row.options)


def chosen_pairs(partners: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs of a settings' `partners` (user ids two by two), oldest first."""
    return [(partners[i], partners[i + 1]) for i in range(0, len(partners) - 1, 2)]


def partner_of(table: LiveTable, user_id: int) -> int | None:
    """The partner `user_id` chose, or was chosen by, of those seated at `table` now."""
    for a, b in chosen_pairs(table.settings.partners):
        other = b if a == user_id else a if b == user_id else None
        if other is not None and table.seat_of(other) is not None:
            return other
    return None


def with_pair(partners: Sequence[int], a: int, b: int) -> tuple[int, ...]:
    """`partners` with `a` and `b` a pair, newest: any pair either was in before is gone."""
    kept = [p for p in chosen_pairs(partners) if a not in p and b not in p]
    return tuple(user for pair in (*kept, (a, b)) for user in pair)


def arranged(seats: Sequence[Seat], partners: Sequence[int], count: int) -> list[int | None]:
    """Where `seats` (in the order people sat down) sit at a table of `count` seats in
    pairs: for each seat of the table, the index in `seats` of who sits there (None: a
    free seat). Each chosen pair (of `partners`) both of whom are seated takes the seats
    of one pair, the pair of seats of its member who sat down first when it is free;
    everyone else sits in order on the seats left."""
    plain: list[int | None] = [*range(len(seats))]
    if count != len(TEAMS) * 2 or not partners:
        return [*plain, *[None] * (count - len(seats))]
    index = {s.user_id: i for i, s in enumerate(seats) if s.user_id is not None}
    slots: list[int | None] = [None] * count
    free = [0, 1]  # the pairs of seats not taken by a chosen pair
    pairs = [(index[a], index[b]) for a, b in chosen_pairs(partners)
             if a in index and b in index]
    for first, second in sorted(tuple(sorted(p)) for p in pairs)[:len(TEAMS)]:
        team = first % 2 if first % 2 in free else free[0]
        free.remove(team)
        slots[TEAMS[team][0]], slots[TEAMS[team][1]] = first, second
    placed = set(slots)
    rest = iter(i for i in range(len(seats)) if i not in placed)
    for position in range(count):
        if slots[position] is None:
            slots[position] = next(rest, None)
    return slots


def start_order(table: LiveTable, seats: list[Seat],
                holds: list[Hold]) -> tuple[list[Seat], list[Hold]]:
    """The seats `table` starts with (`seats`: its seated people and AIs, then any seat
    held for an absent invited person, with their `holds`) in the order it plays them:
    as given unless the table is played in pairs and someone chose a partner there."""
    if not table.settings.partners or not plays_in_pairs(table):
        return seats, holds
    order = [i for i in arranged(seats, table.settings.partners, table.settings.seats)
             if i is not None]
    where = {old: new for new, old in enumerate(order)}
    return [seats[i] for i in order], [(where[s], user, until) for s, user, until in holds]


def check_choice(table: LiveTable, user_id: int, partner: int) -> None:
    """Raises TableError unless `user_id` may choose to partner `partner` at `table`: a
    lobby played in pairs, `partner` a person seated there other than themselves, who has
    not chosen (or been chosen by) someone else seated."""
    if not plays_in_pairs(table):
        raise TableError("error.partner.no_pairs")
    if partner == user_id:
        raise TableError("error.partner.self")
    if table.seat_of(partner) is None:
        raise TableError("error.partner.not_seated")
    theirs = partner_of(table, partner)
    if theirs is not None and theirs != user_id:
        raise TableError("error.partner.taken")


def lobby_seating(table: LiveTable) -> list[int | None]:
    """Who sits on each seat of `table`'s lobby as it would start now: the index into its
    seats (None: free), chosen partners opposite at a table in pairs (`arranged`)."""
    partners = table.settings.partners if plays_in_pairs(table) else ()
    return arranged(table.seats, partners, table.settings.seats)


def lobby_seat(table: LiveTable, user_id: int) -> int | None:
    """The seat (0-based) `user_id` has in `table`'s lobby as it would start now."""
    seat = table.seat_of(user_id)
    return None if seat is None else lobby_seating(table).index(seat)
