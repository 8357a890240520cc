"""Standings: points by place at each table, then tiebreaks in a fixed order.

**Points** (`place_points`): at a table of k seats, place p scores (k - p) / (k - 1): at 2
seats a win 1, a loss 0; at 4 seats 1, 2/3, 1/3, 0. Players tied for a place share the
average of the places they cover (a 2-seat draw: 0.5 each; two tied first of four:
(1 + 2/3) / 2 each). A pairs table is scored as a 2-seat game between the sides: both
winners 1, both losers 0, a drawn hand 0.5 each. **A bye** scores `BYE_POINTS` (a win's
points) and counts as no game for the tiebreaks. **A withdrawn entrant** is paired no more;
their past results stand, for them and for their opponents' tiebreaks.

**Order** (`standings`): points, then
1. Buchholz: over the tables a player played, the average final points of their opponents
   at that table, summed (at 2 seats the classic sum of opponents' points; in a pairs game
   the opponents are the other side);
2. game points: the sum of the player's match scores, more first, or fewer first for a
   game whose score is a count to keep low (`lower_is_better`, e.g. pips held);
3. head to head among the players still tied: at each table two or more of them shared,
   +1 for each of them placed behind, -1 for each placed ahead; more first;
4. seed (the higher seed first), so no two players share a place.
Points are summed as floats and compared rounded to 9 decimals (thirds do not add up
exactly).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from tables.tournament.model import Entrant, Round, TableResult

BYE_POINTS = 1.0  # a bye scores as a win
DIGITS = 9  # points are compared rounded to this many decimals


@dataclass(frozen=True)
class Standing:
    """One line of the standings: `place` 1 first (no ties: the last tiebreak is seed)."""

    place: int
    entrant: int
    points: float
    buchholz: float
    game_points: float
    head_to_head: int
    seed: int
    played: int
    byes: int
    active: bool


def place_points(table: TableResult) -> tuple[float, ...]:
    """Each seat's points at a finished table, as the module says."""
    if table.teams:
        sides = (table.places[0], table.places[1])
        side_points = _shared((1 + (sides[0] > sides[1]), 1 + (sides[1] > sides[0])), 2)
        return tuple(side_points[i % 2] for i in range(4))
    return _shared(table.places, len(table.seats))


def _shared(places: Sequence[int], k: int) -> tuple[float, ...]:
    """(k - p) / (k - 1) for competition places, ties sharing the places they cover."""
    out = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        covered = range(place, place + tied)
        out.append(sum((k - p) / (k - 1) for p in covered) / tied)
    return tuple(out)


def points(rounds: Sequence[Round]) -> dict[int, float]:
    """Every entrant's points over the played `rounds` (byes included)."""
    total: dict[int, float] = defaultdict(float)
    for played in rounds:
        for table in played.tables:
            for who, got in zip(table.seats, place_points(table), strict=True):
                total[who] += got
        for who in played.byes:
            total[who] += BYE_POINTS
    return {who: round(p, DIGITS) for who, p in total.items()}


def opponents(table: TableResult, seat: int) -> list[int]:
    """The seats that play against `seat` at `table` (in a pairs game the other side)."""
    if table.teams:
        return [i for i in range(4) if i % 2 != seat % 2]
    return [i for i in range(len(table.seats)) if i != seat]


def standings(entrants: Sequence[Entrant], rounds: Sequence[Round], *,
              lower_is_better: bool = False) -> list[Standing]:
    """The standings of every entrant (withdrawn ones too) after the played `rounds`."""
    total = points(rounds)
    buchholz: dict[int, float] = defaultdict(float)
    game: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    for r in rounds:
        for table in r.tables:
            for seat, who in enumerate(table.seats):
                against = [table.seats[i] for i in opponents(table, seat)]
                buchholz[who] += sum(total.get(o, 0.0) for o in against) / len(against)
                if table.scores:
                    game[who] += table.scores[seat]
                played[who] += 1
        for who in r.byes:
            byes[who] += 1
    sign = -1.0 if lower_is_better else 1.0

    def key(e: Entrant) -> tuple[float, float, float]:
        return (-total.get(e.id, 0.0), -round(buchholz[e.id], DIGITS),
                -sign * round(game[e.id], DIGITS))

    order = sorted(entrants, key=lambda e: (key(e), e.seed))
    h2h: dict[int, int] = {}
    start = 0
    while start < len(order):  # head to head within each run tied on the keys above
        end = start
        while end < len(order) and key(order[end]) == key(order[start]):
            end += 1
        group = order[start:end]
        h2h.update(_head_to_head({e.id for e in group}, rounds))
        order[start:end] = sorted(group, key=lambda e: (-h2h[e.id], e.seed))
        start = end
    return [Standing(i + 1, e.id, total.get(e.id, 0.0), round(buchholz[e.id], DIGITS),
                     round(game[e.id], DIGITS), h2h[e.id], e.seed, played[e.id], byes[e.id],
                     e.active) for i, e in enumerate(order)]


def _head_to_head(group: set[int], rounds: Sequence[Round]) -> dict[int, int]:
    """Each of `group`'s count of the group's players placed behind less those ahead,
    at the tables two or more of them shared."""
    score = dict.fromkeys(group, 0)
    if len(group) < 2:
        return score
    for r in rounds:
        for table in r.tables:
            here = [i for i, who in enumerate(table.seats) if who in group]
            for i in here:
                for j in here:
                    if table.places[i] < table.places[j]:
                        score[table.seats[i]] += 1
                    elif table.places[i] > table.places[j]:
                        score[table.seats[i]] -= 1
    return score
