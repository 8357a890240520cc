"""What the tournament service tells and shows: its notices, the standings with names, and
a whole tournament as one value the cogs and the web page render (`TournamentView`).

Also the pure steps between storage's rows and the core (tables.tournament.formats):
`plan_of`, `core_entrants`, `played_rounds`, `forfeit_places`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.registry import game_spec
from storage.tournaments import ActionRow, EntrantRow, RoundRow, RoundTableRow, TournamentRow
from tables.tournament.formats import Plan, round_of
from tables.tournament.model import Entrant, Round, TableResult
from tables.tournament.standings import Standing

# What a TournamentNotice's kind may be (docs in the class).
NOTICE_KINDS = ("signup_changed", "started", "round_opened", "reminder", "table_done",
                "round_done", "withdrawn", "finished", "cancelled", "paused", "resumed")


@dataclass(frozen=True)
class TournamentNotice:
    """What the cogs tell, once (each is sent by the one process whose compare-and-set
    stored it):

    - `signup_changed`: someone joined, left or checked in (`users`: who);
    - `started`: entry closed, the tournament runs (`users`: every active entrant);
    - `round_opened`: round `round` is seated: `tables` (byes included, decided_by
      "bye"), `users` every person seated or with a bye, each to be told once where they
      sit (DM, or a mention); `late` when the round fell due while the bot was down;
    - `reminder`: `users` (still playing an unfinished table of `round`, outside their
      quiet hours unless the deadline falls inside them) have an hour before the deadline;
    - `table_done`: a table of `round` ended (`tables`: it, with its result): the
      standings changed;
    - `round_done`: every table of `round` is done;
    - `withdrawn`: `users` left (themselves, or removed by the host);
    - `finished`: the last round is done: final standings (`Tournaments.standings`);
    - `cancelled`: by the host, or at the start with too few entrants (`users` empty);
    - `paused` / `resumed`: by the host.
    """

    kind: str
    tournament: TournamentRow
    round: int = 0
    users: tuple[int, ...] = ()
    tables: tuple[RoundTableRow, ...] = ()
    late: bool = False


@dataclass(frozen=True)
class StandingLine:
    """One line of the standings with the entrant's name (`Standing.entrant` is their
    user id)."""

    standing: Standing
    name: str


@dataclass(frozen=True)
class TableView:
    """One table of a round: entrants in seat order with their names, the bot's table
    (`table_id`: its replay), state, places and scores once done, how it was decided."""

    index: int
    table_id: int | None
    seats: tuple[int, ...]
    names: tuple[str, ...]
    state: str
    places: tuple[int, ...]
    scores: tuple[float, ...]
    decided_by: str
    forfeits: tuple[int, ...]


@dataclass(frozen=True)
class RoundView:
    """A round: when it opened, its deadline, open/done, its tables and its byes."""

    number: int
    starts_at: float
    deadline: float
    status: str
    tables: tuple[TableView, ...]
    byes: tuple[int, ...]


@dataclass(frozen=True)
class TournamentView:
    """A whole tournament: its row, entrants (by seed), rounds, standings so far (every
    table done counts, also in an open round) and the host's actions."""

    tournament: TournamentRow
    entrants: tuple[EntrantRow, ...]
    rounds: tuple[RoundView, ...]
    standings: tuple[StandingLine, ...]
    actions: tuple[ActionRow, ...]
    rounds_total: int


def plan_of(t: TournamentRow) -> Plan:
    """The core's plan of a stored tournament. Raises ValueError for one it cannot run."""
    solitaire = game_spec(t.game).solitaire
    return Plan(t.format, t.seats, t.rounds, min_seats=t.min_seats, teams=t.teams,
                advance=t.advance, solitaire=solitaire)


def core_entrants(rows: Sequence[EntrantRow]) -> list[Entrant]:
    """The core's entrants (id = user id)."""
    return [Entrant(e.user_id, e.seed, e.rating, e.active) for e in rows]


def table_result(plan: Plan, rt: RoundTableRow) -> TableResult:
    """A done round table as the core's result."""
    assert rt.result is not None
    scores = tuple(float(s) for s in rt.result.get("scores", []))
    return TableResult(rt.seats, tuple(int(p) for p in rt.result["places"]), scores,
                       plan.teams and len(rt.seats) == 4)


def played_rounds(plan: Plan, rounds: Sequence[RoundRow], tables: Sequence[RoundTableRow],
                  *, done_only: bool = True) -> list[Round]:
    """The core's rounds: each round's done tables and its byes (`done_only`: only the
    rounds that are done, as pairing needs; else also an open round's done tables, as
    the standings after every table need)."""
    out = []
    for r in rounds:
        if done_only and r.status != "done":
            continue
        mine = [t for t in tables if t.round == r.number and t.state == "done"]
        byes = [t.seats[0] for t in mine if t.decided_by == "bye"]
        results = [table_result(plan, t) for t in mine if t.decided_by != "bye"]
        out.append(round_of(plan, r.number, results, byes))
    return out


def forfeit_places(places: Sequence[int], forfeits: Sequence[int]) -> tuple[int, ...]:
    """Places with the `forfeits` seats sharing the last place and the others keeping
    their order among themselves (competition ranking), as resigners do."""
    n, out = len(places), set(forfeits)
    if not out:
        return tuple(places)
    kept = sorted(places[s] for s in range(n) if s not in out)
    return tuple(n - len(out) + 1 if s in out else kept.index(places[s]) + 1
                 for s in range(n))
