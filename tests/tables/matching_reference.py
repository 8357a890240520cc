"""The queue matcher as it was before it was made faster (tables/matching.py at fedfa6d),
kept as the reference the faster one must agree with (test_tables_matching_same.py)."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

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


class _Unit:
    """A solo wish, or a whole party's wishes: seated together or not at all."""

    __slots__ = ("ai_after", "key", "seats", "since", "size", "users", "wishes")

    def __init__(self, wishes: tuple[Wish, ...], seats: frozenset[int], since: float,
                 ai_after: float | None) -> None:
        self.wishes, self.seats, self.since, self.ai_after = wishes, seats, since, ai_after
        self.size = len(wishes)
        first = wishes[0]
        self.key: Key = (first.game, first.rated, first.variant)
        self.users = frozenset(w.user_id for w in wishes)


def _units(wishes: Iterable[Wish], reachable: Callable[[int], bool]) -> list[_Unit]:
    solos: list[_Unit] = []
    parties: dict[int, list[Wish]] = defaultdict(list)
    for wish in wishes:
        if wish.party is None:
            if reachable(wish.user_id):
                solos.append(_Unit((wish,), wish.seats, wish.since, wish.ai_after))
        else:
            parties[wish.party].append(wish)
    for members in parties.values():
        if not all(reachable(w.user_id) for w in members):
            continue  # a party waits whole: one who cannot be reached holds it back
        seats = frozenset.intersection(*(w.seats for w in members))
        waits = [w.ai_after for w in members]
        ai_after = None if None in waits else max(w for w in waits if w is not None)
        solos.append(_Unit(tuple(members), seats, min(w.since for w in members), ai_after))
    return sorted(solos, key=lambda u: (u.since, u.wishes[0].entry_id))


def match(wishes: Iterable[Wish], now: float, *,
          reachable: Callable[[int], bool] = lambda _user: True) -> list[Match]:
    """Every table the waiting `wishes` make now, oldest wish first; nobody is seated
    twice (a person queued for two games gets the table that forms first for their older
    wish). Someone for whom `reachable` is false (left the server, cannot be told) is
    passed over."""
    return _Matcher(_units(wishes, reachable), now).run()


class _Matcher:
    """One pass over the waiting units, oldest first, with a queue per (kind, seats)."""

    def __init__(self, units: list[_Unit], now: float) -> None:
        self.units, self.now = units, now
        self.queues: dict[tuple[Key, int], deque[int]] = defaultdict(deque)  # oldest first
        self.people: dict[tuple[Key, int], int] = defaultdict(int)  # still waiting for it
        for index, unit in enumerate(units):
            for count in unit.seats:
                self.queues[(unit.key, count)].append(index)
                self.people[(unit.key, count)] += unit.size
        self.used = [False] * len(units)
        self.seated: set[int] = set()

    def run(self) -> list[Match]:
        found = []
        for index, unit in enumerate(self.units):
            if self.used[index] or not self.seated.isdisjoint(unit.users):
                continue
            table = self._fill(index)
            if table is None:
                continue
            chosen, ai_seats = table
            for member in chosen:
                self.used[member] = True
                self.seated.update(self.units[member].users)
                for seats in self.units[member].seats:
                    self.people[(self.units[member].key, seats)] -= self.units[member].size
            found.append(_seat(unit.key, [self.units[m] for m in chosen], ai_seats))
        return found

    def _free(self, other: _Unit) -> bool:
        return self.seated.isdisjoint(other.users)

    def _accepts_ai(self, other: _Unit) -> bool:
        return self._free(other) and other.ai_after is not None and other.ai_after <= self.now

    def _fill(self, index: int) -> tuple[list[int], int] | None:
        """The units seated with `units[index]` and the AI seats beside them: the largest
        table it accepts that people can fill now, else (once its wait for AI is over)
        the one with the most people; None when it must wait."""
        unit = self.units[index]
        for count in sorted(unit.seats, reverse=True):
            if self.people[(unit.key, count)] >= count:
                chosen = self._pack(index, count, self._free)
                if sum(self.units[m].size for m in chosen) == count:
                    return chosen, 0
        if unit.ai_after is None or unit.ai_after > self.now:
            return None
        best: tuple[list[int], int] | None = None
        for count in sorted(unit.seats, reverse=True):
            if unit.size > count:
                continue
            chosen = self._pack(index, count, self._accepts_ai)
            ai_seats = count - sum(self.units[m].size for m in chosen)
            if best is None or count - ai_seats > sum(self.units[m].size for m in best[0]):
                best = (chosen, ai_seats)
        return best

    def _pack(self, index: int, count: int, fits: Callable[[_Unit], bool]) -> list[int]:
        """`units[index]` and the oldest other units waiting for `count` seats (passing
        `fits`) that fit in them."""
        queue = self.queues[(self.units[index].key, count)]
        while queue and self.used[queue[0]]:
            queue.popleft()  # seated at an earlier table: never looked at again
        chosen, room = [index], count - self.units[index].size
        for other in queue:
            if room <= 0:
                break
            unit = self.units[other]
            if other != index and not self.used[other] and unit.size <= room and fits(unit):
                chosen.append(other)
                room -= unit.size
        return chosen


def _seat(key: Key, chosen: Sequence[_Unit], ai_seats: int) -> Match:
    game, rated, variant = key
    wishes = [w for unit in chosen for w in unit.wishes]
    if variant == PAIRS:
        seating = _pairs(chosen, ai_seats)
    else:
        seating = tuple([w.user_id for w in wishes] + [None] * ai_seats)
    return Match(game=game, rated=rated, variant=variant, seating=seating,
                 entries=tuple(w.entry_id for w in wishes),
                 turn_seconds=min(w.longest_turn for w in wishes))


def _pairs(chosen: Sequence[_Unit], ai_seats: int) -> tuple[int | None, ...]:
    """Four seats, partners opposite (0 with 2, 1 with 3): a party of two is a pair; the
    others (and AI seats) make the other pair."""
    teams: list[list[int | None]] = [[w.user_id for w in unit.wishes]
                                     for unit in chosen if unit.size == 2]
    rest: list[int | None] = [w.user_id for unit in chosen if unit.size != 2
                              for w in unit.wishes]
    rest.extend([None] * ai_seats)
    while len(teams) < 2:
        teams.append([rest.pop(0), rest.pop(0)])
    (a, b), (c, d) = teams[0], teams[1]
    return (a, c, b, d)
