"""Single elimination, seeded by rating (`Entrant.seed` 1 the best).

**The field** is fixed by the first round (the active entrants then); a late entrant is
not paired. Who is still in is read from the rounds played, never from `Entrant.active`:
each round's advancers (below) and its byes go through, everyone else is out. A withdrawn
entrant (`active` False) still in is not seated: their opponent has a walkover (a bye),
or, at a bigger table, the table plays without them.

**2 seats** (`bracket`): a bracket of the next power of two P >= n in the standard order
(1 v P, then the slot of P/2 v P/2 + 1 beside it..., so seeds 1 and 2 can only meet in the
final); the places of seeds above n are empty, so their opponents (the top seeds) have a
bye in the first round. Each round the winner of every table goes on to meet the winner of
the neighbouring table. A drawn table (both placed first) sends the better seed through.
log2(P) rounds.

**3-8 seats** (`field_round`): the players still in, by seed, sit at the tables that
`model.table_sizes` gives (snake seeding: seeds 1..T at tables 1..T, then T..1 back, so the
tables are even); when the field cannot be seated (a game of exactly k seats) the byes go
to the best seeds. At each table the top `advance` places go through (at most all but
one of a smaller table); a tie at the cut is decided by the better seed. Once the players
still in fit at one table, that table is the final, and the tournament ends after it.
A plan whose field would shrink below a table before its final (e.g. 5 at a game of
exactly four, one going through) is refused (`rounds_needed`).

**Pairs games** are refused: partners eliminated together would need fixed teams, and the
rotation of partners that the other formats give has no meaning in a bracket.

**Solitaire** (a duplicate, `solitaire_round`): every player still in plays the round's
deal; the better half by the round's score (rounded up; a tie at the cut by seed) go on,
until one is left: ceil(log2 n) rounds.

**The places** (`bracket_places`) follow the bracket, not the points: whoever went
further is placed higher (the last round one was seated in or had a bye), and among those
out in the same round (the final's players together) the better place at their table
there; then the standings' own order (points, Buchholz, ...). So the final's winner is
first even when a finalist who won the earlier rounds has more points
(`test_reading_a_knockouts_places_follow_the_bracket`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from tables.tournament.model import Entrant, FormatRefused, Pairing, Round, table_sizes
from tables.tournament.standings import Standing


def bracket(size: int) -> list[int]:
    """The seeds 1..`size` (a power of two) in bracket order: neighbours meet first."""
    order = [1]
    while len(order) < size:
        span = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, span - seed)]
    return order


def check(n: int, seats: int, min_seats: int | None, advance: int, teams: bool) -> None:
    """Raise FormatRefused unless a knockout of `n` can be played as asked."""
    if teams:
        raise FormatRefused("tournament.knockout_pairs",
                            "a pairs game cannot be played as a knockout")
    if n < 2:
        raise FormatRefused("tournament.too_few", f"{n} entrants cannot make a table",
                            least=2, count=n)
    if not 1 <= advance < max(seats, 2):
        raise FormatRefused("tournament.bad_advance",
                            f"{advance} going through from tables of {seats}",
                            advance=advance, seats=seats)


def rounds_needed(n: int, seats: int, min_seats: int | None = None, advance: int = 1,
                  teams: bool = False) -> int:
    """The knockout's rounds for `n` entrants (fewer if withdrawals end it sooner).
    Raises FormatRefused for a plan that cannot reach a final (see the module)."""
    check(n, seats, min_seats, advance, teams)
    low = seats if min_seats is None else min_seats
    if seats == 2:
        return (n - 1).bit_length()
    rounds = 0
    while n > 1:
        rounds += 1
        if n <= seats:
            if n < low:
                raise FormatRefused(
                    "tournament.knockout_no_final",
                    f"{n} would be left, too few for a final table of {low}-{seats}",
                    count=n, least=low)
            break
        n = _survivors(n, seats, min_seats, advance)
    return rounds


def _survivors(n: int, seats: int, min_seats: int | None, advance: int) -> int:
    sizes, byes = table_sizes(n, seats, min_seats)
    return sum(min(advance, size - 1) for size in sizes) + byes


def field_of(entrants: Sequence[Entrant], rounds: Sequence[Round]) -> list[Entrant]:
    """The knockout's field in seed order: those of the first round, or the active
    entrants before it."""
    if not rounds:
        return sorted((e for e in entrants if e.active), key=lambda e: e.seed)
    first = set(rounds[0].pairing().seated())
    return sorted((e for e in entrants if e.id in first), key=lambda e: e.seed)


def advancers(played: Round, seeds: dict[int, int], advance: int) -> set[int]:
    """Who goes through from a played round: its byes, and at each table the top
    `advance` places (at most all but one), a tie at the cut to the better seed."""
    through = set(played.byes)
    for table in played.tables:
        order = sorted(range(len(table.seats)),
                       key=lambda i: (table.places[i], seeds.get(table.seats[i], 0)))
        through.update(table.seats[i] for i in order[:min(advance, len(table.seats) - 1)])
    return through


def two_seat_round(entrants: Sequence[Entrant], rounds: Sequence[Round]) -> Pairing | None:
    """The next round of a 2-seat bracket after the played `rounds`; None once it has a
    winner (or nobody is left to play)."""
    field = field_of(entrants, rounds)
    seeds = {e.id: e.seed for e in entrants}
    size = 1 << (len(field) - 1).bit_length()
    slots: list[int | None] = [field[s - 1].id if s <= len(field) else None
                               for s in bracket(size)]
    for played in rounds:
        through = advancers(played, seeds, 1)
        slots = [a if a in through else b if b in through else None
                 for a, b in zip(slots[0::2], slots[1::2], strict=True)]
    active = {e.id for e in entrants if e.active}
    live = [p if p in active else None for p in slots]
    if len(slots) < 2 or sum(p is not None for p in live) < 2:
        return None
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for a, b in zip(live[0::2], live[1::2], strict=True):
        alone = a if b is None else b if a is None else None
        if a is not None and b is not None:
            tables.append(tuple(sorted((a, b), key=seeds.__getitem__)))
        elif alone is not None:
            byes.append(alone)  # a walkover: the empty place of the bracket, or withdrawn
    return Pairing(tuple(tables), tuple(byes))


def _still_in(entrants: Sequence[Entrant], rounds: Sequence[Round],
              advance: int) -> tuple[list[Entrant], bool]:
    """(those still in, by seed; whether the last round played was the final)."""
    seeds = {e.id: e.seed for e in entrants}
    still = field_of(entrants, rounds)
    for played in rounds:
        through = advancers(played, seeds, advance)
        still = [e for e in still if e.id in through]
    final = bool(rounds) and len(rounds[-1].tables) == 1 and not rounds[-1].byes
    return still, final


def field_round(entrants: Sequence[Entrant], rounds: Sequence[Round], *, seats: int,
                min_seats: int | None = None, advance: int = 1) -> Pairing | None:
    """The next round of a knockout at tables of `seats` (3-8); None once the final
    table is played, or fewer than a table are left."""
    still, final = _still_in(entrants, rounds, advance)
    live = [e for e in still if e.active]
    low = seats if min_seats is None else min_seats
    if final or len(live) < max(2, low):
        return None
    if len(live) <= seats:
        return Pairing((tuple(e.id for e in live),))
    sizes, bye_count = table_sizes(len(live), seats, min_seats)
    byes = tuple(e.id for e in live[:bye_count])
    tables: list[list[int]] = [[] for _ in sizes]
    turn, forward = 0, True
    for e in live[bye_count:]:  # snake seeding, skipping tables already full
        while len(tables[turn]) >= sizes[turn]:
            turn, forward = _step(turn, forward, len(sizes))
        tables[turn].append(e.id)
        turn, forward = _step(turn, forward, len(sizes))
    return Pairing(tuple(tuple(t) for t in tables), byes)


def _step(turn: int, forward: bool, count: int) -> tuple[int, bool]:
    """The next table of a snake: 0..count-1, then count-1..0 (each end twice)."""
    if forward:
        return (turn + 1, True) if turn + 1 < count else (turn, False)
    return (turn - 1, False) if turn > 0 else (turn, True)


def solitaire_round(entrants: Sequence[Entrant], rounds: Sequence[Round]) -> Pairing | None:
    """The next round of a solitaire knockout: one 1-seat table for each player still in
    (by seed); None once one is left."""
    seeds = {e.id: e.seed for e in entrants}
    still = field_of(entrants, rounds)
    for played in rounds:
        through = set(played.byes)
        for table in played.tables:
            order = sorted(range(len(table.seats)),
                           key=lambda i: (table.places[i], seeds.get(table.seats[i], 0)))
            through.update(table.seats[i] for i in order[:(len(order) + 1) // 2])
        still = [e for e in still if e.id in through]
    live = [e for e in still if e.active]
    if len(live) < 2:
        return None
    return Pairing(tuple((e.id,) for e in live))


def solitaire_rounds(n: int) -> int:
    """A solitaire knockout's rounds for `n` entrants."""
    if n < 2:
        raise FormatRefused("tournament.too_few", f"{n} entrants cannot make a table",
                            least=2, count=n)
    return (n - 1).bit_length()


def bracket_places(lines: Sequence[Standing], rounds: Sequence[Round],
                   seated: Mapping[int, int], advance: int) -> list[Standing]:
    """The knockout's standings (`lines`, in the standings' order) reordered and placed
    as the module says. `rounds`: the rounds played so far (an open round's done tables
    included); `seated`: each entrant's latest round at a table, done or not. Someone
    still playing that round is placed below those it already sent on and above those it
    put out (their place is not known yet)."""
    reached: dict[int, tuple[int, float]] = {}  # entrant -> (last round, place there)
    for played in rounds:
        for who in played.byes:
            reached[who] = (played.number, 1)
        for table in played.tables:
            for who, place in zip(table.seats, table.places, strict=True):
                reached[who] = (played.number, place)
    order = {line.entrant: i for i, line in enumerate(lines)}

    def key(line: Standing) -> tuple[int, float, int]:
        last, place = reached.get(line.entrant, (0, 0.0))
        if seated.get(line.entrant, 0) > last:
            last, place = seated[line.entrant], advance + 0.5
        return (-last, place, order[line.entrant])

    return [dataclasses.replace(line, place=i + 1)
            for i, line in enumerate(sorted(lines, key=key))]
