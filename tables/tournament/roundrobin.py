"""Round robin: everyone meets everyone, for fields of 2 to `MAX_ENTRANTS`.

**The field** is fixed by the first round: the active entrants then, in seed order. A
late entrant is not paired (`formats.takes_late_entries` says so to the service); a
withdrawn one's remaining games are walkovers: at 2 seats the opponent has a bye, at a
bigger table the others play on if they still make a table (`min_seats`), else they all
have a bye. So the schedule never changes once the tournament has started.

**2 seats** (`berger`): Berger tables by the circle method. Seed 1 holds its place and
the others turn round it one step a round, so every two players meet exactly once in
n - 1 rounds (n even). An odd field adds an empty place: whoever meets it has a bye, each
player exactly one, over n rounds. Seed 1 alternates seat 1 and seat 2, the other tables
keep the order of the circle.

**3-8 seats** (`schedule`): 9 players at tables of 3 and 16 at tables of 4 play the
affine plane of order 3 or 4 (`_affine_plane`): k + 1 rounds, every two exactly once.
Otherwise: a table of k seats lets a player meet k - 1 others a round, so at least
ceil((n - 1) / (k - 1)) rounds are needed for everyone to meet everyone (and at least the
pairs there are over the pairs a round seats; `lower_bound`). From that bound up to
`EXTRA_ROUNDS` more, the first number of rounds for which a seeded min-conflicts search
(`_search`) finds a schedule where every two players meet is the tournament's; failing
that, the last one tried, with the fewest pairs left unmet. Each pair costs the cube of
its meetings and an unmet pair `UNMET`: the meetings add up to the same total whatever the
seating, so the cheapest schedule has every pair met and the counts as even as can be,
and the cube makes one pair meeting often dearer than several meeting twice. The search
repeatedly takes a pair that meets too little (an unmet one first) and moves one of the
two to the other's table in a round, or a pair that meets most and moves one away, by
the best swap (even a worse one: the best schedule seen is kept; recent moves are not
undone for `TABU` moves, and a share `NOISE` of the moves is random). It stops once the
counts are as even as the total allows, after `STEPS`, or `PATIENCE` steps after everyone
has met without a more even schedule. Some fields force a pair to meet every round at the
fewest rounds (6 at tables of exactly 3: 4 rounds, one pair always together, as a
check of all its schedules shows); the bench reports each field's rounds and spread of meetings.
Byes (a field that the tables cannot seat) start in turn from the lowest seed; the search
may move a bye to someone else in the same round while nobody's byes then differ from
anyone's by more than one. In a pairs game (`teams`, 4 seats) each table's partners are
chosen round by round so that nobody partners the same person twice where a fresh split
exists (`swiss.arrange_pairs`).

Everything is deterministic: the same field, seats and rounds give the same schedule in
every process (the search's random numbers are seeded by the shape, and cached).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from tables.tournament.model import Entrant, FormatRefused, History, Pairing, table_sizes
from tables.tournament.swiss import arrange_pairs

MAX_ENTRANTS = 16  # 15 rounds at 2 seats; a bigger group plays a Swiss
EXTRA_ROUNDS = 3  # rounds tried beyond the lower bound before settling for the best found
STEPS = 6000  # search steps for each number of rounds at most
PATIENCE = 1500  # steps, once everyone meets, without a more even schedule: stop
UNMET = 200  # the cost of a pair that never meets, against c ** 3 for c meetings
NOISE = 0.1  # the share of steps that take a random swap instead (out of local minima)
TABU = 4  # (round, player) moves this recent are not undone

Schedule = tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]  # positions


def check_field(n: int, seats: int, min_seats: int | None = None) -> None:
    """Raise FormatRefused unless a round robin can be played by `n` entrants at tables of
    `seats` (at least `min_seats`)."""
    low = seats if min_seats is None else min_seats
    if n > MAX_ENTRANTS:
        raise FormatRefused("tournament.roundrobin_too_many",
                            f"a round robin takes at most {MAX_ENTRANTS} entrants, not {n}",
                            most=MAX_ENTRANTS, count=n)
    if n < max(2, low):
        raise FormatRefused("tournament.too_few", f"{n} entrants cannot make a table",
                            least=max(2, low), count=n)


def rounds_needed(n: int, seats: int, min_seats: int | None = None,
                  teams: bool = False) -> int:
    """The round robin's number of rounds for a field of `n` (see the module)."""
    check_field(n, seats, min_seats)
    if seats == 2:
        return n - 1 + n % 2
    return len(schedule(n, seats, min_seats, teams))


def lower_bound(n: int, seats: int, min_seats: int | None = None) -> int:
    """The fewest rounds in which every two of `n` could meet at tables of `seats`."""
    sizes, _ = table_sizes(n, seats, min_seats)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    pairs = n * (n - 1) // 2
    return max(-(-(n - 1) // (max(sizes) - 1)), -(-pairs // per_round))


def berger(n: int) -> Schedule:
    """The Berger tables of positions 0..n-1 (seed order): n - 1 rounds, or n when n is
    odd (a bye each round)."""
    m = n + n % 2
    circle = list(range(m))
    rounds = []
    for r in range(m - 1):
        tables: list[tuple[int, ...]] = []
        byes: list[int] = []
        for i in range(m // 2):
            a, b = circle[i], circle[m - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a
            if n in (a, b):  # the empty place of an odd field
                byes.append(a if b == n else b)
            else:
                tables.append((a, b))
        rounds.append((tuple(tables), tuple(byes)))
        circle[1:] = [circle[-1], *circle[1:-1]]
    return tuple(rounds)


@lru_cache(maxsize=64)
def schedule(n: int, seats: int, min_seats: int | None = None,
             teams: bool = False) -> Schedule:
    """The round robin of positions 0..n-1 at tables of `seats` (3-8), as the module says.
    Each round is (tables in seat order, byes)."""
    check_field(n, seats, min_seats)
    if teams and (seats != 4 or (min_seats or 4) != 4):
        raise FormatRefused("tournament.pairs_seats", "a pairs game seats exactly four")
    if seats == 2:
        return berger(n)
    sizes, bye_count = table_sizes(n, seats, min_seats)
    if n == seats * seats and seats in GF_MUL:
        planes = _affine_plane(seats)
        return _seat([[list(t) for t in r] for r in planes], [[] for _ in planes], teams)
    first = lower_bound(n, seats, min_seats)
    best: tuple[int, list[list[list[int]]], list[list[int]]] | None = None
    for count in range(first, first + EXTRA_ROUNDS + 1):
        byes = [[n - 1 - (r * bye_count + j) % n for j in range(bye_count)]
                for r in range(count)]
        unmet, groups = _search(n, sizes, byes, random.Random(f"rr:{n}:{sizes}:{count}"))
        best = (unmet, [g[:-1] for g in groups], [g[-1] for g in groups])
        if unmet == 0:
            break
    assert best is not None
    _, tables, byes = best
    return _seat(tables, byes, teams)


# multiplication in the fields of 3 and 4 elements (GF(4): 0, 1, w = 2, w + 1 = 3; its
# addition is XOR, GF(3)'s is modulo 3)
GF_MUL = {3: ((0, 0, 0), (0, 1, 2), (0, 2, 1)),
          4: ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))}


def _affine_plane(q: int) -> list[list[tuple[int, ...]]]:
    """The q + 1 parallel classes of the affine plane of order q (3 or 4) on the points
    (x, y) = q * x + y: the lines x = c, then y = m x + c for each slope m. Every two
    points share exactly one line: q * q players meet each other exactly once."""
    mul = GF_MUL[q]

    def add(a: int, b: int) -> int:
        return a ^ b if q == 4 else (a + b) % q

    rounds = [[tuple(q * c + y for y in range(q)) for c in range(q)]]
    for m in range(q):
        rounds.append([tuple(sorted(q * x + add(mul[m][x], c) for x in range(q)))
                       for c in range(q)])
    return rounds


def _seat(tables: list[list[list[int]]], byes: list[list[int]], teams: bool) -> Schedule:
    """The schedule in seat order: best seed first; pairs partners rotated round by round."""
    rounds = []
    past: list[Pairing] = []
    position = {p: p for round_ in tables for t in round_ for p in t}
    for round_, out in zip(tables, byes, strict=True):
        history = History.of(past)
        seated = tuple(arrange_pairs(t, history, position) if teams else tuple(sorted(t))
                       for t in sorted(round_, key=min))
        past.append(Pairing(seated, tuple(out), teams))
        rounds.append((seated, tuple(sorted(out))))
    return tuple(rounds)


def _search(n: int, sizes: list[int], byes: list[list[int]],
            rng: random.Random) -> tuple[int, list[list[list[int]]]]:
    """(pairs never met, tables of each round) found by the min-conflicts search. Each
    round is its tables and, last, its byes; a swap may move a player onto a bye and
    another off it while every player's byes stay within one of everyone else's."""
    rounds: list[list[list[int]]] = []
    for out in byes:
        playing = [p for p in range(n) if p not in out]
        rng.shuffle(playing)
        groups, start = [], 0
        for size in sizes:
            groups.append(playing[start:start + size])
            start += size
        rounds.append([*groups, list(out)])
    bye = len(sizes)  # the index of each round's group of byes
    had = [sum(p in out for out in byes) for p in range(n)]
    fewest, most = min(had), max(had)
    met = [[0] * n for _ in range(n)]
    where = [{p: g for g, group in enumerate(groups) for p in group} for groups in rounds]
    for groups in rounds:
        for group in groups[:bye]:
            for a in group:
                for b in group:
                    if a != b:
                        met[a][b] += 1

    def cost(c: int) -> int:
        return UNMET if c == 0 else c * c * c

    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    total = sum(cost(met[a][b]) for a, b in pairs)
    meetings, count = len(byes) * sum(s * (s - 1) // 2 for s in sizes), len(pairs)
    base, extra = divmod(meetings, count)  # the cost if meetings were spread evenly
    floor = (count - meetings) * UNMET + meetings if meetings < count else \
        (count - extra) * cost(base) + extra * cost(base + 1)

    def allowed(r: int, x: int, y: int) -> bool:
        gx, gy = where[r][x], where[r][y]
        if gx == gy:
            return False
        if gx == bye:
            return had[x] > fewest and had[y] < most
        if gy == bye:
            return had[y] > fewest and had[x] < most
        return True

    def gain(r: int, x: int, y: int) -> int:
        """What swapping x and y (in different groups of round r) saves."""
        saved = 0
        for mover, comer, g in ((x, y, where[r][x]), (y, x, where[r][y])):
            if g == bye:
                continue
            for q in rounds[r][g]:
                if q != mover:
                    saved += cost(met[mover][q]) + cost(met[comer][q]) \
                        - cost(met[mover][q] - 1) - cost(met[comer][q] + 1)
        return saved

    def swap(r: int, x: int, y: int) -> None:
        gx, gy = where[r][x], where[r][y]
        for mover, comer, g in ((x, y, gx), (y, x, gy)):
            if g == bye:
                had[mover] -= 1
                had[comer] += 1
                continue
            for q in rounds[r][g]:
                if q != mover:
                    met[mover][q] -= 1
                    met[q][mover] -= 1
                    met[comer][q] += 1
                    met[q][comer] += 1
        group_x, group_y = rounds[r][gx], rounds[r][gy]
        group_x[group_x.index(x)], group_y[group_y.index(y)] = y, x
        where[r][x], where[r][y] = gy, gx

    def unmet_pairs() -> list[tuple[int, int]]:
        return [(a, b) for a, b in pairs if not met[a][b]]

    def best_move(r: int, movers: list[tuple[int, list[int]]]) -> tuple[int, int, int] | None:
        """The best allowed swap of a mover with one of its candidates (ties seeded)."""
        moves = [(gain(r, x, y), x, y) for x, ys in movers for y in ys if allowed(r, x, y)]
        if not moves:
            return None
        top = max(g for g, _, _ in moves)
        return rng.choice([m for m in moves if m[0] == top])

    unmet = unmet_pairs()
    best_key, best = (len(unmet), total), [[list(g) for g in groups] for groups in rounds]
    recent: list[tuple[int, int]] = []  # (round, player) moved lately: not moved back yet
    found = 0  # the step the best so far was found at
    for step in range(STEPS):
        if total <= floor or (not best_key[0] and step - found > PATIENCE):
            break  # as even as can be, or everyone has met and evening out is stuck
        low = [p for p in pairs if met[p[0]][p[1]] < base]
        if low or unmet:  # a pair that meets too little: one joins the other's table
            a, b = rng.choice(unmet or low)
            r = rng.choice([r for r in range(len(rounds))
                            if where[r][a] != where[r][b] and (where[r][a] != bye
                                                               or where[r][b] != bye)])
            movers = [(x, [y for y in rounds[r][where[r][o]] if y != o])
                      for x, o in ((b, a), (a, b)) if where[r][o] != bye]
        else:  # a pair that meets too often: one leaves a table they share
            top = max(met[a][b] for a, b in pairs)
            a, b = rng.choice([(a, b) for a, b in pairs if met[a][b] == top])
            r = rng.choice([r for r in range(len(rounds)) if where[r][a] != bye
                            and where[r][a] == where[r][b]])
            movers = [(x, [p for p in where[r] if where[r][p] != where[r][a]])
                      for x in (a, b)]
        movers = [(x, [y for y in ys if (r, y) not in recent])
                  for x, ys in movers if (r, x) not in recent]
        if rng.random() < NOISE:
            options = [(x, y) for x, ys in movers for y in ys if allowed(r, x, y)]
            x, y = rng.choice(options) if options else (-1, -1)
            move = (gain(r, x, y), x, y) if options else None
        else:
            move = best_move(r, movers)
        if move is None:
            continue
        saved, x, y = move
        swap(r, x, y)
        total -= saved
        recent = [*recent, (r, x), (r, y)][-TABU:]
        unmet = unmet_pairs()
        if (len(unmet), total) < best_key:
            best_key, best = (len(unmet), total), [[list(g) for g in gs] for gs in rounds]
            found = step
    return best_key[0], best


def spread(rounds: Schedule | Sequence[Pairing], n: int | None = None) -> tuple[int, int]:
    """(fewest, most) meetings of any two players over `rounds` (positions or ids)."""
    pairings = [r if isinstance(r, Pairing) else Pairing(r[0], r[1]) for r in rounds]
    history = History.of(pairings)
    everyone = sorted({p for pairing in pairings for p in pairing.seated()})
    counts = [history.times_met(a, b) for i, a in enumerate(everyone)
              for b in everyone[i + 1:]]
    return (min(counts), max(counts)) if counts else (0, 0)


def field_of(entrants: Sequence[Entrant], played: Sequence[Pairing]) -> list[Entrant]:
    """The round robin's field in seed order: those of the first round, or the active
    entrants before it."""
    if not played:
        chosen = [e for e in entrants if e.active]
    else:
        first = set(played[0].seated())
        chosen = [e for e in entrants if e.id in first]
    return sorted(chosen, key=lambda e: e.seed)


def roundrobin_round(entrants: Sequence[Entrant], played: Sequence[Pairing], *,
                     seats: int = 2, min_seats: int | None = None,
                     teams: bool = False) -> Pairing | None:
    """The next round of the round robin after the seatings `played`, None when all its
    rounds are played. Withdrawn entrants' games are walkovers (see the module).
    Raises FormatRefused for a field the round robin cannot take."""
    field = field_of(entrants, played)
    n = len(field)
    plan = schedule(n, seats, min_seats, teams)
    if len(played) >= len(plan):
        return None
    tables, byes = plan[len(played)]
    low = seats if min_seats is None else min_seats
    active = {e.id for e in entrants if e.active}
    seated: list[tuple[int, ...]] = []
    out = [field[p].id for p in byes if field[p].id in active]
    for table in tables:
        ids = tuple(field[p].id for p in table)
        left = tuple(p for p in ids if p in active)
        if len(left) == len(ids) or (not teams and len(left) >= max(2, low)):
            seated.append(left)
        else:
            out.extend(left)
    return Pairing(tuple(seated), tuple(out), teams)
