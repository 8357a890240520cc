"""The values a tournament's pure core works on: entrants, seatings, results, rounds.

Everything here is a frozen value. An entrant is known by `id` (the person's or an AI
seat's number; the core does not care which). A round is first a `Pairing` (who sits
where, who has a bye) and, once its tables are played, a `Round` (each table's result).

Seat order: a table's `seats` are in seat order (seat 1 first). In a pairs game
(`teams`), seats 1 & 3 are partners against seats 2 & 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


class FormatRefused(ValueError):
    """A format cannot run as asked (a field too large or too small, a pairs game in a
    knockout...): `key` names the reason for the catalog, `values` fill its text; the
    message (for logs) says it in English."""

    def __init__(self, key: str, message: str, **values: int | str) -> None:
        super().__init__(message)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class Entrant:
    """One entrant: `seed` 1 is the strongest at entry (by rating; the host's order breaks
    ties); `active` False once withdrawn (no more pairings; past results stand)."""

    id: int
    seed: int
    rating: float = 0.0
    active: bool = True


@dataclass(frozen=True)
class Pairing:
    """One round's seating: `tables` (entrant ids in seat order) and `byes`."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    teams: bool = False

    def seated(self) -> list[int]:
        """Every entrant of the round: those at tables, then those with a bye."""
        return [p for table in self.tables for p in table] + list(self.byes)


@dataclass(frozen=True)
class TableResult:
    """A finished table: `places[i]` is seat i's place (1 best, equal places a tie, as
    competition ranking: 1, 1, 3); `scores[i]` its game points (the match score, in the
    game's own sense, see `standings.lower_is_better`). In a pairs game (`teams`) partners
    share their side's place: (1, 2, 1, 2) when seats 1 & 3 won."""

    seats: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...] = ()
    teams: bool = False

    def __post_init__(self) -> None:
        if len(self.places) != len(self.seats):
            raise ValueError("a place for every seat")
        if self.scores and len(self.scores) != len(self.seats):
            raise ValueError("a score for every seat, or none")
        if self.teams and len(self.seats) != 4:
            raise ValueError("a pairs table has four seats")


@dataclass(frozen=True)
class Round:
    """A played round: its number (1 first), its tables' results and its byes."""

    number: int
    tables: tuple[TableResult, ...]
    byes: tuple[int, ...] = ()

    def pairing(self) -> Pairing:
        """The seating this round was played at."""
        teams = any(table.teams for table in self.tables)
        return Pairing(tuple(table.seats for table in self.tables), self.byes, teams)


@dataclass
class History:
    """What earlier rounds say about who met whom: `met[a][b]` tables a and b shared,
    `partnered[a][b]` times they were partners, `byes[a]` byes a had."""

    met: dict[int, Counter[int]] = field(default_factory=dict)
    partnered: dict[int, Counter[int]] = field(default_factory=dict)
    byes: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, past: Iterable[Pairing]) -> History:
        """The history of the seatings `past` (in any order)."""
        history = cls()
        for pairing in past:
            for table in pairing.tables:
                for a in table:
                    met = history.met.setdefault(a, Counter())
                    met.update(b for b in table if b != a)
                if pairing.teams and len(table) == 4:
                    for a, b in ((0, 2), (1, 3)):
                        history.partnered.setdefault(table[a], Counter())[table[b]] += 1
                        history.partnered.setdefault(table[b], Counter())[table[a]] += 1
            history.byes.update(pairing.byes)
        return history

    def times_met(self, a: int, b: int) -> int:
        """How many tables a and b shared."""
        met = self.met.get(a)
        return met[b] if met else 0

    def times_partnered(self, a: int, b: int) -> int:
        """How many times a and b were partners."""
        partnered = self.partnered.get(a)
        return partnered[b] if partnered else 0


def table_sizes(count: int, seats: int, min_seats: int | None = None) -> tuple[list[int], int]:
    """How `count` players sit at tables of `seats` (at least `min_seats`, default
    `seats`): (the table sizes, largest first, and how many byes).

    The fewest tables that seat everyone with no table under `min_seats`: with T of them,
    `count % T` tables get one more than the others (so sizes differ by one at most). When
    no such T exists (e.g. 6 players at a game of exactly 4), as many full tables as fit
    and the rest byes. Raises ValueError for seats < 2 or min_seats outside 2..seats.
    """
    low = seats if min_seats is None else min_seats
    if seats < 2 or not 2 <= low <= seats:
        raise ValueError(f"bad table size {low}..{seats}")
    if count < low:
        return [], count
    tables = -(-count // seats)  # the fewest tables that could seat everyone
    if tables * low <= count:
        base, extra = divmod(count, tables)
        return [base + 1] * extra + [base] * (tables - extra), 0
    full = count // seats
    return [seats] * full, count - full * seats


def ranked(entrants: Sequence[Entrant], points: dict[int, float]) -> list[Entrant]:
    """The active entrants by points (most first), then seed."""
    return sorted((e for e in entrants if e.active), key=lambda e: (-points.get(e.id, 0.0),
                                                                    e.seed))
