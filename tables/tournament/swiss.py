"""Swiss pairing: every round, players of equal points play each other, no one twice.

Written by hand, not taken from PyPI: an earlier look found `cardarena-tournament-core`
greedy (repeat opponents and three byes in small fields) and `pairing-core` at 47.8 s of
CPU for one round of 1,001 players; neither seats 3-8 players or rotates partners.

The ranking: active entrants by points (most first), then seed (the higher rated first).

**Byes** (an odd field at 2 seats; at bigger tables only when the field cannot be seated,
see `model.table_sizes`): to the lowest-ranked players among those with the fewest byes so
far, so nobody gets a second bye while an active entrant has none.

**2 seats** (`_two_seats`): score groups from the top. Players floated down from the group
above are paired first, each with the best-ranked of the group they have not met. If the
rest is odd, its lowest player floats down. The rest are ordered as the Dutch system pairs
them, top half against bottom half (1 v n/2+1, 2 v n/2+2, ...), and paired greedily: the
first unpaired player takes the first later one in that order they have not met; one who
has met everyone left floats down. Whoever is left after the last group is paired in rank
order. Then a bounded repair: each repeated pair (a, b) is swapped with the nearest pair
(c, d) in rank for which (a, c) + (b, d) or (a, d) + (b, c) are both new; nearer pairs are
tried first, so the points stay close. Each repair is one scan of the pairs, O(n); a
first-rounds field has none to do, so a round of 1,000 takes milliseconds.

**3-8 seats** (`_tables`): the table sizes from `table_sizes` (larger tables to the top of
the ranking). Tables are filled in rank order: the best-ranked unseated player opens a
table, then each seat takes, of the next `WINDOW` unseated players in rank, the one with
the fewest earlier meetings with those already at the table (earlier in rank on a tie;
when all of them have met someone there, every unseated player is looked at), so a table
holds one score group where it can. Then a bounded repair: for a table with a repeat, each
of its players is tried against each player of the `REACH` tables either side and the swap
that lowers the two tables' cost most is made; at most `PASSES` passes. What that leaves
goes to a bounded min-conflicts search: up to `STEPS` times (fewer in a big field: `BUDGET`
swaps weighed in all), a player of a table with a cost (seeded choice) makes the best swap
with anyone at any table, even one that gains nothing, except with players moved in the
last `TABU` steps; the best seating seen stays. So a field where a repeat-free round is
easy to find gets one; a small field late in a long Swiss may keep a few repeats (a
repeat-free round may not exist there, given the rounds before).
A table's cost is the pairs at it that met before (x 1,000) plus, in a pairs game, the
repeated partnerships of its best arrangement. **Partners** (pairs games: 4 seats, 1 & 3
against 2 & 4): of the three ways to split the four into two sides, the one whose
partnerships repeat least (of those tied, 1st & 4th against 2nd & 3rd of the table's
ranking first, which balances the sides), seated so the best-ranked sits first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tables.tournament.model import Entrant, History, Pairing, ranked, table_sizes

WINDOW = 24  # candidates looked at for each seat of a 3-8 seat table
REACH = 6  # tables either side a repair swap looks at
PASSES = 4  # repair passes over the tables at most
STEPS = 300  # min-conflicts steps at most, once single swaps are stuck
BUDGET = 60_000  # swaps weighed in all, so a big field's search stays bounded too
TABU = 6  # players moved this recently are not moved again
REPEAT = 1000  # the cost of two players meeting again, against 1 for a repeated partnership


def swiss_round(entrants: Sequence[Entrant], points: dict[int, float], past: Sequence[Pairing],
                *, seats: int = 2, min_seats: int | None = None,
                teams: bool = False) -> Pairing:
    """The next Swiss round of the active `entrants`, given their `points` so far and the
    seatings `past`: tables of `seats` (at least `min_seats`, default `seats`), byes as
    the module says. `teams` (4 seats only): a pairs game, partners rotated.
    Raises ValueError for a bad table size or `teams` at other than 4 seats."""
    if teams and (seats != 4 or (min_seats or 4) != 4):
        raise ValueError("a pairs game seats exactly four")
    order = [e.id for e in ranked(entrants, points)]
    history = History.of(past)
    sizes, bye_count = table_sizes(len(order), seats, min_seats)
    byes = pick_byes(order, bye_count, history)
    playing = [p for p in order if p not in set(byes)]
    tables: list[tuple[int, ...]]
    if seats == 2:
        tables = list(_two_seats(playing, points, history))
    else:
        tables = _tables(playing, sizes, history, teams)
    return Pairing(tuple(tables), tuple(byes), teams)


def pick_byes(order: Sequence[int], count: int, history: History) -> list[int]:
    """`count` byes for the players in rank `order`: the lowest-ranked of those with the
    fewest byes so far (in rank order)."""
    if count <= 0:
        return []
    position = {p: i for i, p in enumerate(order)}
    chosen = sorted(order, key=lambda p: (history.byes[p], -position[p]))[:count]
    return sorted(chosen, key=position.__getitem__)


def _two_seats(order: list[int], points: dict[int, float],
               history: History) -> list[tuple[int, int]]:
    """The 2-seat pairs of the players in rank `order` (an even count)."""
    groups: list[list[int]] = []
    for p in order:
        # rounded: points by place are thirds, sevenths..., summed in floating point
        if groups and round(points.get(groups[-1][0], 0.0) - points.get(p, 0.0), 9) == 0:
            groups[-1].append(p)
        else:
            groups.append([p])
    pairs: list[tuple[int, int]] = []
    floating: list[int] = []
    for group in groups:
        pool = list(group)
        down, floating = floating, []
        for p in down:  # floaters first, each against the best of the group not yet met
            mate = next((q for q in pool if not history.times_met(p, q)), None)
            if mate is None:
                floating.append(p)
            else:
                pairs.append((p, mate))
                pool.remove(mate)
        if len(pool) % 2:
            floating.append(pool.pop())
        half = len(pool) // 2
        dutch = [p for pair in zip(pool[:half], pool[half:], strict=True) for p in pair]
        left = dutch
        while left:
            first, rest = left[0], left[1:]
            mate = next((i for i, q in enumerate(rest) if not history.times_met(first, q)),
                        None)
            if mate is None:
                floating.append(first)  # met everyone left here: tries the group below
                left = rest
            else:
                pairs.append((first, rest[mate]))
                left = rest[:mate] + rest[mate + 1:]
        floating.sort(key={p: i for i, p in enumerate(order)}.__getitem__)
    pairs.extend(zip(floating[0::2], floating[1::2], strict=True))
    _repair_pairs(pairs, history)
    return pairs


def _repair_pairs(pairs: list[tuple[int, int]], history: History) -> None:
    """Swap partners between each repeated pair and the nearest pair that makes both new
    (in place; a repeat no swap mends stays)."""
    for i in range(len(pairs)):
        a, b = pairs[i]
        if not history.times_met(a, b):
            continue
        for distance in range(1, len(pairs)):
            done = False
            for j in (i + distance, i - distance):
                if not 0 <= j < len(pairs):
                    continue
                c, d = pairs[j]
                for x, y in ((c, d), (d, c)):
                    if not history.times_met(a, x) and not history.times_met(b, y):
                        pairs[i], pairs[j] = (a, x), (b, y)
                        done = True
                        break
                if done:
                    break
            if done:
                break


def _tables(order: list[int], sizes: list[int], history: History,
            teams: bool) -> list[tuple[int, ...]]:
    """Tables of `sizes` for the players in rank `order` (as many as the sizes seat)."""
    left = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = _fewest_met(left, table, history, WINDOW)
            if best[0]:  # everyone near has met someone here: look further down
                best = _fewest_met(left, table, history, len(left))
            table.append(left.pop(best[1]))
        tables.append(table)
    _repair_tables(tables, history, teams)
    position = {p: i for i, p in enumerate(order)}
    return [arrange_pairs(table, history, position) if teams else
            tuple(sorted(table, key=position.__getitem__)) for table in tables]


def _fewest_met(left: list[int], table: list[int], history: History,
                window: int) -> tuple[int, int]:
    """(meetings, index) of the first of `left[:window]` who has met those at `table`
    the fewest times."""
    return min((sum(history.times_met(p, q) for q in table), i)
               for i, p in enumerate(left[:window]))


def table_cost(table: Sequence[int], history: History, teams: bool) -> int:
    """Pairs at `table` who met before (x REPEAT), plus, in a pairs game, the repeated
    partnerships of its best split into sides."""
    cost = 0
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            cost += REPEAT * history.times_met(a, b)
    if teams and len(table) == 4:
        cost += min(_split_cost(split, table, history) for split in SPLITS)
    return cost


SPLITS = ((0, 3, 1, 2), (0, 2, 1, 3), (0, 1, 2, 3))  # (a, b) partners, (c, d) partners


def _split_cost(split: tuple[int, int, int, int], table: Sequence[int],
                history: History) -> int:
    a, b, c, d = (table[i] for i in split)
    return history.times_partnered(a, b) + history.times_partnered(c, d)


def _repair_tables(tables: list[list[int]], history: History, teams: bool) -> None:
    """Swap players between nearby tables while that lowers their cost (in place): up to
    PASSES passes within REACH tables, then one pass over every table."""
    costs = [table_cost(t, history, teams) for t in tables]
    for turn in range(PASSES):
        if not _repair_pass(tables, costs, history, teams, REACH) and turn < PASSES - 1:
            break
    if any(costs):
        _min_conflicts(tables, costs, history, teams)


def _min_conflicts(tables: list[list[int]], costs: list[int], history: History,
                   teams: bool) -> None:
    """What single best swaps cannot mend: a bounded min-conflicts search (in place).
    Each step takes a player of a table with a cost and makes the best swap with anyone
    at any table, even one that gains nothing, never moving a player moved in the last
    TABU steps; after STEPS steps (or none left to mend) the best seating seen stays."""
    rng = random.Random(len(tables))  # the same field seats the same way
    best_total, best = sum(costs), [list(t) for t in tables]
    recent: list[int] = []
    met = history.times_met
    seated = sum(len(t) for t in tables)
    for _ in range(min(STEPS, BUDGET // max(seated, 1))):
        bad = [i for i, c in enumerate(costs) if c]
        if not bad:
            break
        i = rng.choice(bad)
        table = tables[i]
        x = rng.choice([k for k in range(len(table)) if table[k] not in recent] or [0])
        move: tuple[int, int, int, int, int] | None = None  # gain, j, y, ci, cj
        for j, other in enumerate(tables):
            if j == i:
                continue
            for y, p in enumerate(other):
                if p in recent:
                    continue
                if teams:
                    ci = table_cost([*table[:x], p, *table[x + 1:]], history, teams)
                    cj = table_cost([*other[:y], table[x], *other[y + 1:]], history, teams)
                else:  # only the pairs of the two moved players change
                    ci = costs[i] + REPEAT * sum(met(p, q) - met(table[x], q)
                                                 for q in table if q != table[x])
                    cj = costs[j] + REPEAT * sum(met(table[x], q) - met(p, q)
                                                 for q in other if q != p)
                gain = costs[i] + costs[j] - ci - cj
                if move is None or gain > move[0]:
                    move = (gain, j, y, ci, cj)
        if move is None:
            break
        _, j, y, ci, cj = move
        recent = [*recent, table[x], tables[j][y]][-TABU:]
        table[x], tables[j][y] = tables[j][y], table[x]
        costs[i], costs[j] = ci, cj
        if sum(costs) < best_total:
            best_total, best = sum(costs), [list(t) for t in tables]
    tables[:] = best
    costs[:] = [table_cost(t, history, teams) for t in tables]


def _repair_pass(tables: list[list[int]], costs: list[int], history: History, teams: bool,
                 reach: int) -> bool:
    """One pass of the best swap for each table with a cost; whether any was made."""
    improved = False
    for i, table in enumerate(tables):
        if not costs[i]:
            continue
        best: tuple[int, int, int, int, int, int] | None = None  # gain, j, x, y, ci, cj
        for j in range(max(0, i - reach), min(len(tables), i + reach + 1)):
            if j == i:
                continue
            other = tables[j]
            for x in range(len(table)):
                for y in range(len(other)):
                    mine = [*table[:x], other[y], *table[x + 1:]]
                    theirs = [*other[:y], table[x], *other[y + 1:]]
                    ci = table_cost(mine, history, teams)
                    cj = table_cost(theirs, history, teams)
                    gain = costs[i] + costs[j] - ci - cj
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, j, x, y, ci, cj)
        if best is not None:
            _, j, x, y, ci, cj = best
            table[x], tables[j][y] = tables[j][y], table[x]
            costs[i], costs[j] = ci, cj
            improved = True
    return improved


def arrange_pairs(table: Sequence[int], history: History,
                  position: dict[int, int]) -> tuple[int, ...]:
    """A pairs table in seat order: the split with the fewest repeated partnerships
    (the first such of SPLITS, players in rank order), the best-ranked player first."""
    players = sorted(table, key=position.__getitem__)
    split = min(SPLITS, key=lambda s: _split_cost(s, players, history))
    a, b, c, d = (players[i] for i in split)
    return (a, c, b, d)  # seats 1 & 3 are a & b, seats 2 & 4 are c & d
