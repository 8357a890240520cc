"""A tournament's format, as the service asks it: what the next round seats, how a
round's finished tables become its `Round`, when the tournament is over.

`Plan` is everything a format needs to know about the tournament (fixed at its start);
`next_pairing` is the one call the service makes to pair a round, `round_of` the one it
makes to score it. The formats themselves live beside this module (swiss.py,
roundrobin.py, knockout.py); this module only dispatches, so that the service names no
format. A format that cannot take a field raises `model.FormatRefused` (a ValueError
with a catalog key and values).

**Solitaire games** (Big Clock, `Plan.solitaire`): every entrant plays the same deal each
round (a duplicate: the service deals each table from `round_seed`), so a round is one
1-seat table per entrant; `round_of` ranks the round's entrants against each other by
their scores (hours home, more first) as if they had shared one table. In a duplicate
everyone meets everyone every round, so a solitaire round robin is its Swiss (the host's
number of rounds); a solitaire knockout sends the better half of each round on
(knockout.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tables.tournament import knockout, roundrobin
from tables.tournament.model import Entrant, Pairing, Round, TableResult
from tables.tournament.standings import Standing, points
from tables.tournament.swiss import swiss_round

SWISS, ROUND_ROBIN, KNOCKOUT = "swiss", "roundrobin", "knockout"
FORMATS = (SWISS, ROUND_ROBIN, KNOCKOUT)


@dataclass(frozen=True)
class Plan:
    """A tournament's format and table shape: `rounds` the host set (Swiss; the other
    formats derive theirs from the field, see `rounds_total`), tables of `seats` (at least
    `min_seats`), `teams` for a pairs game (4 seats, 1 & 3 against 2 & 4), `advance` the
    top places of each knockout table that go through, `solitaire` for a one-player game
    played as a duplicate."""

    format: str
    seats: int
    rounds: int
    min_seats: int | None = None
    teams: bool = False
    advance: int = 1
    solitaire: bool = False

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r}")
        if self.rounds < 1:
            raise ValueError("at least one round")
        if not self.solitaire and self.seats < 2:
            raise ValueError("a table seats at least two")
        if not 1 <= self.advance < max(self.seats, 2):
            raise ValueError("advance must leave someone out at each table")


def rounds_total(plan: Plan, entrants: int) -> int:
    """How many rounds the tournament plays with `entrants` at its start. Swiss (and a
    solitaire's Swiss or round robin): the host's number; round robin and knockout: the
    field's (roundrobin.py, knockout.py; a knockout may end sooner if players withdraw).
    Raises FormatRefused (a ValueError with a catalog key) for a field the format cannot
    take: a round robin of more than 16, a pairs knockout, too few for a table..."""
    if plan.format == KNOCKOUT:
        if plan.solitaire:
            return knockout.solitaire_rounds(entrants)
        return knockout.rounds_needed(entrants, plan.seats, plan.min_seats, plan.advance,
                                      plan.teams)
    if plan.format == ROUND_ROBIN and not plan.solitaire:
        return roundrobin.rounds_needed(entrants, plan.seats, plan.min_seats, plan.teams)
    return plan.rounds


def takes_late_entries(plan: Plan) -> bool:
    """Whether an entrant who joins after the first round is paired: in a Swiss (and a
    solitaire's round robin) from the next round; a round robin's schedule and a
    knockout's bracket are fixed by their first round, so there they are not."""
    if plan.format == KNOCKOUT:
        return False
    return plan.format == SWISS or plan.solitaire


def next_pairing(plan: Plan, entrants: Sequence[Entrant],
                 rounds: Sequence[Round]) -> Pairing | None:
    """The seating of the round after the played `rounds`, of the active `entrants`; None
    when the tournament is over (all its rounds played, or a knockout has its winner).
    Raises FormatRefused as `rounds_total` does."""
    if plan.format == KNOCKOUT:
        if plan.solitaire:
            return knockout.solitaire_round(entrants, rounds)
        knockout.check(len(knockout.field_of(entrants, rounds)), plan.seats, plan.min_seats,
                       plan.advance, plan.teams)
        if plan.seats == 2:
            return knockout.two_seat_round(entrants, rounds)
        return knockout.field_round(entrants, rounds, seats=plan.seats,
                                    min_seats=plan.min_seats, advance=plan.advance)
    if plan.format == ROUND_ROBIN and not plan.solitaire:
        return roundrobin.roundrobin_round(entrants, [r.pairing() for r in rounds],
                                           seats=plan.seats, min_seats=plan.min_seats,
                                           teams=plan.teams)
    if len(rounds) >= plan.rounds:
        return None
    active = [e for e in entrants if e.active]
    if plan.solitaire:
        return Pairing(tuple((e.id,) for e in sorted(active, key=lambda e: e.seed)))
    return swiss_round(entrants, points(rounds), [r.pairing() for r in rounds],
                       seats=plan.seats, min_seats=plan.min_seats, teams=plan.teams)


def round_of(plan: Plan, number: int, tables: Sequence[TableResult],
             byes: Sequence[int] = ()) -> Round:
    """Round `number` from its finished `tables` (in the pairing's order) and its byes.
    A solitaire round's 1-seat tables are ranked together by score, more first."""
    if not plan.solitaire:
        return Round(number, tuple(tables), tuple(byes))
    scored = [(table.seats[0], table.scores[0] if table.scores else 0.0) for table in tables]
    if len(scored) < 2:
        return Round(number, (), tuple(byes) + tuple(who for who, _ in scored))
    places = tuple(1 + sum(1 for _, other in scored if other > score) for _, score in scored)
    joined = TableResult(tuple(who for who, _ in scored), places,
                         tuple(score for _, score in scored))
    return Round(number, (joined,), tuple(byes))


def ranked(plan: Plan, lines: Sequence[Standing], rounds: Sequence[Round],
           seated: Mapping[int, int]) -> list[Standing]:
    """The standings as the format places them: a knockout by the bracket
    (knockout.bracket_places; `seated`: each entrant's latest round at a table), the other
    formats as tables.tournament.standings orders them."""
    if plan.format == KNOCKOUT:
        return knockout.bracket_places(lines, rounds, seated, plan.advance)
    return list(lines)


def round_seed(tournament_id: int, number: int) -> int:
    """The deal of a solitaire tournament's round: the same for every entrant, different
    each round and each tournament, and not guessable from the numbers alone without
    this function (a 63-bit seed)."""
    digest = hashlib.blake2b(f"tournament:{tournament_id}:round:{number}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
