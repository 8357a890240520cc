"""The pickup queue's matching: which waiting people to seat together, and at what table.

Pure: the waiting wishes in, the tables to open out. People wanting the same game, rated
or not, and the same variant (Carousel pairs) are compatible when one seat count is
accepted by all of them; a party (friends who queued together) is seated whole or not at
all. The oldest wish is served first: its table is the largest it accepts that enough
compatible people waiting can fill at once, or, once everyone at it has waited as long
as they chose, one filled by AI seats. The table's turn time is the shortest of the
longest turn times its people accept.

A table opens as soon as its seats can be filled: three people who each accept "3 or 4"
are seated at a 3-seat table at once rather than waiting for a fourth
(`test_reading_a_queue_opens_a_table_as_soon_as_its_seats_can_be_filled`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

PAIRS = "pairs"  # the variant of four seats in two pairs, partners opposite


@dataclass(frozen=True)
class Wish:
    """One person's queue entry: what they accept. `party` groups friends who queued
    together (each member has a wish with the same party id); `ai_after` is when they
    accept AI seats filling their table (None: never); `since` when they queued."""

    entry_id: int
    user_id: int
    game: str
    seats: frozenset[int]
    longest_turn: int
    rated: bool
    since: float
    ai_after: float | None = None
    party: int | None = None
    variant: str = ""


@dataclass(frozen=True)
class Match:
    """A table to open: `seating` gives each seat's person in seat order (None: an AI),
    `entries` the wishes it fulfils, `turn_seconds` its turn time."""

    game: str
    rated: bool
    variant: str
    seating: tuple[int | None, ...]
    entries: tuple[int, ...]
    turn_seconds: int


Key = tuple[str, bool, str]  # game, rated, variant: who may sit together at all

# A unit (a solo wish, or a whole party's wishes: seated together or not at all) is a
# plain tuple, its fields by these indexes: one pass over 10,000 waiting entries makes
# 10,000 of them, and a tuple costs a tenth of an object's making
# (test_tables_matching_same.py holds the pass to the one it replaced).
_SINCE, _ORDER, _KEY, _SIZE, _USERS, _KINDS, _AI_AFTER, _ENTRIES, _TURN = range(9)
# (since, order, key, size, users, (key, seat count) of each count it accepts, largest
# first, ai_after, entries, shortest turn)
_Unit = tuple[Any, ...]


Kind = tuple[Key, int]  # who may sit together, and at how many seats


def _kinds(key: Key, seats: frozenset[int]) -> tuple[Key, tuple[Kind, ...]]:
    """`key`, and the tables of it with `seats`, the largest first."""
    return key, tuple((key, count) for count in sorted(seats, reverse=True))


def _units(wishes: Iterable[Wish], reachable: Callable[[int], bool]) -> list[_Unit]:
    """The waiting units, oldest first (then by their first entry, then as found)."""
    units: list[_Unit] = []
    parties: dict[int, list[Wish]] = {}
    made: dict[tuple[str, bool, str, frozenset[int]], tuple[Key, tuple[Kind, ...]]] = {}
    for wish in wishes:
        if wish.party is None:
            if reachable(wish.user_id):
                wanted = (wish.game, wish.rated, wish.variant, wish.seats)
                found = made.get(wanted)
                if found is None:
                    found = made[wanted] = _kinds(wanted[:3], wish.seats)
                units.append(((wish.since, wish.entry_id), len(units), found[0], 1,
                              (wish.user_id,), found[1], wish.ai_after, (wish.entry_id,),
                              wish.longest_turn))
        else:
            parties.setdefault(wish.party, []).append(wish)
    for members in parties.values():
        users = tuple([w.user_id for w in members])
        if not all(map(reachable, users)):
            continue  # a party waits whole: one who cannot be reached holds it back
        first = members[0]
        seats = frozenset.intersection(*[w.seats for w in members])
        waits = [w.ai_after for w in members]
        ai_after = None if None in waits else max(w or 0.0 for w in waits)
        wanted = (first.game, first.rated, first.variant, seats)
        found = made.get(wanted)
        if found is None:
            found = made[wanted] = _kinds(wanted[:3], seats)
        units.append(((min([w.since for w in members]), first.entry_id), len(units),
                      found[0], len(members), users, found[1], ai_after,
                      tuple([w.entry_id for w in members]),
                      min([w.longest_turn for w in members])))
    units.sort()  # (since, first entry), then the order found: never further
    return units


def match(wishes: Iterable[Wish], now: float, *,
          reachable: Callable[[int], bool] = lambda _user: True) -> list[Match]:
    """Every table the waiting `wishes` make now, oldest wish first; nobody is seated
    twice (a person queued for two games gets the table that forms first for their older
    wish). Someone for whom `reachable` is false (left the server, cannot be told) is
    passed over."""
    return _Matcher(_units(wishes, reachable), now).run()


class _Matcher:
    """One pass over the waiting units, oldest first, with queues per (kind, seats) and
    unit size (a solo, a party of two or three): each a list of unit indexes, oldest
    first, and the start of its part still waiting. Filling a table looks only at the
    units that fit its free seats, so units that never fit (parties of three for four
    seats) cost nothing: a pass is near linear for any mix of solos and parties."""

    def __init__(self, units: list[_Unit], now: float) -> None:
        self.units, self.now = units, now
        self.queues: dict[Kind, dict[int, list[int]]] = {}
        self.heads: dict[tuple[Kind, int], int] = {}
        self.people: dict[Kind, int] = {}  # still waiting for it
        queues, people = self.queues, self.people
        for index, unit in enumerate(units):
            size = unit[_SIZE]
            for kind in unit[_KINDS]:
                sizes = queues.get(kind)
                if sizes is None:
                    queues[kind], people[kind] = {size: [index]}, size
                    self.heads[kind, size] = 0
                    continue
                queue = sizes.get(size)
                if queue is None:
                    sizes[size] = [index]
                    self.heads[kind, size] = 0
                else:
                    queue.append(index)
                people[kind] += size
        self.used = bytearray(len(units))
        self.seated: set[int] = set()

    def run(self) -> list[Match]:
        found = []
        used, seated, units, people = self.used, self.seated, self.units, self.people
        for index, unit in enumerate(units):
            if used[index]:
                continue
            users = unit[_USERS]
            if (users[0] in seated) if unit[_SIZE] == 1 else not seated.isdisjoint(users):
                continue
            table = self._fill(index, unit)
            if table is None:
                continue
            chosen, ai_seats = table
            for member in chosen:
                used[member] = 1
                other = units[member]
                seated.update(other[_USERS])
                size = other[_SIZE]
                for kind in other[_KINDS]:
                    people[kind] -= size
            found.append(_seat(unit[_KEY], [units[m] for m in chosen], ai_seats))
        return found

    def _fill(self, index: int, unit: _Unit) -> tuple[list[int], int] | None:
        """The units seated with `unit` (`units[index]`) and the AI seats beside them: the
        largest table it accepts that people can fill now, else (once its wait for AI is
        over) the one with the most people; None when it must wait."""
        size, people = unit[_SIZE], self.people
        for kind in unit[_KINDS]:
            if people[kind] >= kind[1]:
                chosen, room = self._pack(index, kind, ai=False)
                if room == 0:
                    return chosen, 0
        ai_after = unit[_AI_AFTER]
        if ai_after is None or ai_after > self.now:
            return None
        best: tuple[list[int], int] | None = None
        count_of_best = 0
        for kind in unit[_KINDS]:
            count = kind[1]
            if size > count:
                continue
            chosen, ai_seats = self._pack(index, kind, ai=True)
            if best is None or count - ai_seats > count_of_best - best[1]:
                best, count_of_best = (chosen, ai_seats), count
        return best

    def _pack(self, index: int, kind: Kind, *, ai: bool) -> tuple[list[int], int]:
        """`units[index]` and the oldest other units waiting for its `kind` of table that
        fit in its seats (nobody seated yet; with `ai`, only those whose wait for AI seats
        is over), and how many of the seats they leave free."""
        used, units, seated, now = self.used, self.units, self.seated, self.now
        chosen, room = [index], kind[1] - units[index][_SIZE]
        # Of each size that fits, where its queue's next candidate is (the units seated at
        # an earlier table are passed for good); the oldest candidate of all is taken
        # next, as one walk in age order over every queue would take it.
        at: dict[int, int] = {}
        for size, queue in self.queues[kind].items():
            head, end = self.heads[kind, size], len(queue)
            while head < end and used[queue[head]]:
                head += 1
            self.heads[kind, size] = head
            at[size] = head
        while room > 0:
            best = best_size = -1
            for size, queue in self.queues[kind].items():
                if size > room:
                    continue
                position, end = at[size], len(queue)
                while position < end:
                    other = queue[position]
                    unit = units[other]
                    if (other == index or used[other] or not seated.isdisjoint(unit[_USERS])
                            or (ai and (unit[_AI_AFTER] is None or unit[_AI_AFTER] > now))):
                        position += 1
                        continue
                    break
                at[size] = position
                if position < end and (best < 0 or queue[position] < best):
                    best, best_size = queue[position], size
            if best < 0:
                break
            chosen.append(best)
            at[best_size] += 1
            room -= best_size
        return chosen, room


def _seat(key: Key, chosen: Sequence[_Unit], ai_seats: int) -> Match:
    game, rated, variant = key
    if variant == PAIRS:
        seating = _pairs(chosen, ai_seats)
    else:
        seating = tuple([user for unit in chosen for user in unit[_USERS]] + [None] * ai_seats)
    return Match(game=game, rated=rated, variant=variant, seating=seating,
                 entries=tuple([entry for unit in chosen for entry in unit[_ENTRIES]]),
                 turn_seconds=min([unit[_TURN] for unit in chosen]))


def _pairs(chosen: Sequence[_Unit], ai_seats: int) -> tuple[int | None, ...]:
    """Four seats, partners opposite (0 with 2, 1 with 3): a party of two is a pair; the
    others (and AI seats) make the other pair."""
    teams: list[list[int | None]] = [list(unit[_USERS]) for unit in chosen
                                     if unit[_SIZE] == 2]
    rest: list[int | None] = [user for unit in chosen if unit[_SIZE] != 2
                              for user in unit[_USERS]]
    rest.extend([None] * ai_seats)
    while len(teams) < 2:
        teams.append([rest.pop(0), rest.pop(0)])
    (a, b), (c, d) = teams[0], teams[1]
    return (a, c, b, d)
