"""Reading a tournament from storage without running it: the whole tournament as one
`TournamentView` (the service's `Tournaments.view` and the web page read it here), which of
its tables have a replay, and the tournaments a player entered with their place.

Only figures and the names people chose come out: no text of the catalog, so each reader
(a Discord message, a web page) words them in its own language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage import Storage
from storage.tournaments import TournamentRow
from tables.errors import TableError
from tables.tournament.formats import Plan, ranked, rounds_total
from tables.tournament.standings import standings as core_standings
from tables.tournament.view import (
    RoundView,
    StandingLine,
    TableView,
    TournamentView,
    core_entrants,
    plan_of,
    played_rounds,
)


@dataclass(frozen=True)
class Entry:
    """A tournament someone entered, under the `name` they entered with: their place in
    its standings now (final once it is finished; None before it starts), out of `field`
    entrants; `active` False once they withdrew."""

    tournament: TournamentRow
    name: str
    place: int | None
    field: int
    active: bool


async def tournament_view(store: Storage, tournament_id: int) -> TournamentView:
    """The whole tournament: rounds, each table's seats with names, table ids (replays),
    results, standings after every table done (also in an open round), host actions.
    Raises TableError ("error.tournament.none") when there is no such tournament."""
    t = await store.get_tournament(tournament_id)
    if t is None:
        raise TableError("error.tournament.none", id=tournament_id)
    entrants = await store.entrants(t.id)
    names = {e.user_id: e.name for e in entrants}
    rounds = await store.tournament_rounds(t.id)
    tables = await store.round_tables(t.id)
    try:
        plan: Plan | None = plan_of(t)
    except ValueError:  # refused at its creation (and cancelled then): it never had a round
        plan = None
    played = played_rounds(plan, rounds, tables, done_only=False) if plan else []
    lines = core_standings(core_entrants(entrants), played)
    if plan is not None:  # a knockout places by its bracket (formats.ranked)
        seated: dict[int, int] = {}  # each entrant's latest round at a table
        for x in tables:
            for p in x.seats:
                seated[p] = max(seated.get(p, 0), x.round)
        lines = ranked(plan, lines, played, seated)
    views = []
    for r in rounds:
        mine = [x for x in tables if x.round == r.number]
        views.append(RoundView(
            r.number, r.starts_at, r.deadline, r.status,
            tuple(TableView(x.index, x.table_id, x.seats,
                            tuple(names.get(p, str(p)) for p in x.seats), x.state,
                            tuple((x.result or {}).get("places", ())),
                            tuple(float(s) for s in (x.result or {}).get("scores", ())),
                            x.decided_by, x.forfeits)
                  for x in mine if x.decided_by != "bye"),
            tuple(x.seats[0] for x in mine if x.decided_by == "bye")))
    try:
        total = rounds_total(plan, max(len(entrants), 2)) if plan else t.rounds
    except ValueError:  # a field the plan cannot seat (too small, or gone): as set
        total = t.rounds
    return TournamentView(
        t, tuple(entrants), tuple(views),
        tuple(StandingLine(s, names.get(s.entrant, str(s.entrant))) for s in lines),
        tuple(await store.tournament_actions(t.id)), total)


async def replayable(store: Storage, view: TournamentView) -> frozenset[int]:
    """The bot tables of `view`'s done round tables that finished as games (their replay
    opens); a table cancelled or abandoned, or one still in play, is not among them."""
    ids: Iterable[int] = (x.table_id for r in view.rounds for x in r.tables
                          if x.state == "done" and x.table_id is not None)
    found = set()
    for table_id in ids:
        row = await store.get_table(table_id)
        if row is not None and row.status == "finished":
            found.add(table_id)
    return frozenset(found)


async def entries(store: Storage, user_id: int, guild_id: int | None, *,
                  limit: int = 50) -> list[Entry]:
    """The tournaments of server `guild_id` that `user_id` entered, newest first (at most
    `limit`), each with their place now."""
    out = []
    for row in await store.tournaments_of(user_id):
        if row.guild_id != guild_id:
            continue
        view = await tournament_view(store, row.id)
        line = next((s for s in view.standings if s.standing.entrant == user_id), None)
        if line is None:  # entered, then left before the start
            continue
        mine = line.standing
        place = mine.place if row.status != "signup" else None
        out.append(Entry(row, line.name, place, len(view.standings), mine.active))
        if len(out) >= limit:
            break
    return out


@dataclass(frozen=True)
class TournamentRecord:
    """A player's tournaments as /domino stats shows them: `played` the finished
    tournaments they took part in, `wins` those they placed first in, `best` their best
    final place there (None: none played) out of `best_of` entrants (the largest field
    where they placed so), `ongoing` those they are in that have not finished."""

    played: int = 0
    wins: int = 0
    best: int | None = None
    best_of: int = 0
    ongoing: int = 0


async def tournament_record(store: Storage, user_id: int, guild_id: int | None, *,
                            limit: int = 200) -> TournamentRecord:
    """The tournaments of server `guild_id` (None: of every server and DMs) that `user_id`
    took part in, counted (see TournamentRecord; the newest `limit` only). Taking part:
    entered and still in the field at the start (one left out then, or who left before
    it, has not played); one who withdrew later played it, placed as its final
    standings have them. A cancelled tournament has no final places: not counted."""
    played = wins = ongoing = 0
    best: tuple[int, int] | None = None
    for row in (await store.tournaments_of(user_id))[:limit]:
        if guild_id is not None and row.guild_id != guild_id:
            continue
        if row.status in ("cancelled", "signup"):
            continue
        view = await tournament_view(store, row.id)
        line = next((s for s in view.standings if s.standing.entrant == user_id), None)
        entrant = next((e for e in view.entrants if e.user_id == user_id), None)
        if line is None or entrant is None or entrant.withdrawn_round == 0:
            continue
        if row.status != "finished":
            ongoing += 1
            continue
        played += 1
        place, field = line.standing.place, len(view.standings)
        wins += place == 1
        if best is None or (place, -field) < (best[0], -best[1]):
            best = (place, field)
    return TournamentRecord(played, wins, best[0] if best else None,
                            best[1] if best else 0, ongoing)
