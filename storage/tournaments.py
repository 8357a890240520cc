"""Tournaments in storage (issue 49, migration 014): a tournament, its entrants, its
rounds, each round's tables with their results, and what its host did.

Everything a running tournament decides is stored by compare-and-set, so two processes
(shards) on one database do each step once: a round is one row whose primary key is
(tournament, number), inserted if absent (`add_round`: False for the second process);
a round table moves waiting -> opening -> playing -> done only from the state read
(`move_table`); a notice stage advances only from the stage read (`advance_round_stage`);
a status changes only from the statuses allowed (`set_tournament_status`).

JSON columns (options, table settings, pairing, seats, result, detail) are TEXT on both
backends, written with `json.dumps` and read back into plain values.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from .backend import Backend
from .errors import InvalidState
from .tournament_rows import (
    DECIDED_BY,
    E_COLUMNS,
    R_COLUMNS,
    T_COLUMNS,
    TABLE_STATES,
    TOURNAMENT_STATUSES,
    TT_COLUMNS,
    ActionRow,
    EntrantRow,
    RoundRow,
    RoundTableRow,
    TournamentRow,
    entrant_row,
    round_row,
    table_row,
    tournament_row,
)

__all__ = ["DECIDED_BY", "TABLE_STATES", "TOURNAMENT_STATUSES", "ActionRow", "EntrantRow",
           "RoundRow", "RoundTableRow", "TournamentRow", "TournamentsMixin"]

# What `update_tournament` may change (the rest is fixed at creation).
_CHANGEABLE = frozenset({"title", "signup_message_id", "standings_message_id", "starts_at",
                         "check_in", "current_round"})
_ENTRANT_CHANGEABLE = frozenset({"name", "seed", "rating", "active", "checked_in",
                                 "withdrawn_round", "replaced_by_ai"})


class TournamentsMixin:
    """Tournament methods of `Storage`."""

    _db: Backend

    # -- tournaments --------------------------------------------------------------------
    async def create_tournament(self, *, guild_id: int | None, channel_id: int, host_id: int,
                                game: str, options: Mapping[str, Any],
                                table_settings: Mapping[str, Any], format: str, rounds: int,
                                round_seconds: int, seats: int, min_seats: int | None,
                                advance: int, teams: bool, check_in: bool, starts_at: float,
                                title: str = "") -> TournamentRow:
        """Store a new tournament open for sign-up; returns it with its id."""
        now = self._db.now()
        async with self._db.write() as conn:
            created = await conn.execute_fetchall(
                """
                INSERT INTO tournaments (guild_id, channel_id, host_id, title, game, options,
                    table_settings, format, rounds, round_seconds, seats, min_seats, advance,
                    teams, check_in, starts_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                (guild_id, channel_id, host_id, title, game, json.dumps(dict(options)),
                 json.dumps(dict(table_settings)), format, rounds, round_seconds, seats,
                 min_seats, advance, int(teams), int(check_in), starts_at, now))
            tournament_id = int(created[0][0])
        found = await self.get_tournament(tournament_id)
        assert found is not None
        return found

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        """The tournament, or None when there is no such one."""
        rows = list(await self._db.fetch(
            f"SELECT {T_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)))
        return tournament_row(rows[0]) if rows else None

    async def tournaments(self, *, statuses: Collection[str] = TOURNAMENT_STATUSES,
                          guild_id: int | None = None) -> list[TournamentRow]:
        """The tournaments in `statuses` (of one server, if given), oldest first."""
        wanted = [s for s in statuses if s in TOURNAMENT_STATUSES]
        if not wanted:
            return []
        where = f"status IN ({', '.join('?' * len(wanted))})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self._db.fetch(
            f"SELECT {T_COLUMNS} FROM tournaments WHERE {where} ORDER BY created_at, id",
            params)
        return [tournament_row(row) for row in rows]

    async def set_tournament_status(self, tournament_id: int, status: str, *,
                                    only_from: Collection[str], **changes: Any) -> bool:
        """Move the tournament to `status` (with `changes` among paused_at, paused_seconds,
        finished_at), only from one of `only_from`: False when it was elsewhere (another
        process, or an earlier step, moved it first). Raises ValueError for an unknown
        status or change."""
        if status not in TOURNAMENT_STATUSES:
            raise ValueError(f"unknown tournament status {status!r}")
        unknown = set(changes) - {"paused_at", "paused_seconds", "finished_at"}
        if unknown:
            raise ValueError(f"cannot change {sorted(unknown)} with the status")
        sets = ", ".join(["status = ?", *(f"{k} = ?" for k in changes)])
        allowed = list(only_from)
        async with self._db.write() as conn:
            done = await conn.execute(
                f"UPDATE tournaments SET {sets} WHERE id = ?"
                f" AND status IN ({', '.join('?' * len(allowed))})",
                (status, *changes.values(), tournament_id, *allowed))
        return done.rowcount == 1

    async def update_tournament(self, tournament_id: int, **changes: Any) -> None:
        """Change the fields a tournament may change after its creation: title, the
        sign-up and standings message ids, starts_at, check_in, current_round. Raises
        ValueError for another field."""
        unknown = set(changes) - _CHANGEABLE
        if unknown:
            raise ValueError(f"cannot change {sorted(unknown)}")
        if not changes:
            return
        sets = ", ".join(f"{k} = ?" for k in changes)
        values = [int(v) if isinstance(v, bool) else v for v in changes.values()]
        async with self._db.write() as conn:
            await conn.execute(f"UPDATE tournaments SET {sets} WHERE id = ?",
                               (*values, tournament_id))

    # -- entrants -----------------------------------------------------------------------
    async def add_entrant(self, tournament_id: int, user_id: int, name: str, *,
                          statuses: Collection[str], seed: int | None = None,
                          rating: float = 0.0, checked_in: bool = False) -> EntrantRow | None:
        """Enter `user_id` while the tournament is in one of `statuses`; None when they
        are entered already. `seed` defaults to after everyone entered. Raises
        InvalidState when the tournament is in another status or does not exist."""
        now = self._db.now()
        async with self._db.write() as conn:
            found = list(await conn.execute_fetchall(
                "SELECT status FROM tournaments WHERE id = ?" + conn.for_update,
                (tournament_id,)))
            if not found or found[0][0] not in statuses:
                raise InvalidState(f"tournament {tournament_id} takes no entrants now")
            if seed is None:
                top = list(await conn.execute_fetchall(
                    "SELECT COALESCE(MAX(seed), 0) FROM tournament_entrants"
                    " WHERE tournament_id = ?", (tournament_id,)))
                seed = int(top[0][0]) + 1
            done = await conn.execute(
                f"INSERT INTO tournament_entrants ({E_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?, NULL, 0) ON CONFLICT DO NOTHING",
                (tournament_id, user_id, name, seed, rating, now, int(checked_in)))
            if done.rowcount != 1:
                return None
            rows = await conn.execute_fetchall(
                f"SELECT {E_COLUMNS} FROM tournament_entrants"
                " WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id))
        return entrant_row(next(iter(rows)))

    async def remove_entrant(self, tournament_id: int, user_id: int, *,
                             statuses: Collection[str]) -> bool:
        """Take back an entry while the tournament is in one of `statuses` (sign-up):
        False when they were not entered. Raises InvalidState in another status."""
        async with self._db.write() as conn:
            found = list(await conn.execute_fetchall(
                "SELECT status FROM tournaments WHERE id = ?" + conn.for_update,
                (tournament_id,)))
            if not found or found[0][0] not in statuses:
                raise InvalidState(f"tournament {tournament_id} keeps its entrants now")
            done = await conn.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id))
        return done.rowcount == 1

    async def update_entrant(self, tournament_id: int, user_id: int, **changes: Any) -> bool:
        """Change an entrant's name, seed, rating, active, checked_in, withdrawn_round or
        replaced_by_ai; False when they are not entered. Raises ValueError for another
        field."""
        unknown = set(changes) - _ENTRANT_CHANGEABLE
        if unknown:
            raise ValueError(f"cannot change {sorted(unknown)}")
        if not changes:
            return True
        sets = ", ".join(f"{k} = ?" for k in changes)
        values = [int(v) if isinstance(v, bool) else v for v in changes.values()]
        async with self._db.write() as conn:
            done = await conn.execute(
                f"UPDATE tournament_entrants SET {sets} WHERE tournament_id = ? AND user_id = ?",
                (*values, tournament_id, user_id))
        return done.rowcount == 1

    async def set_seeds(self, tournament_id: int,
                        seeds: Mapping[int, tuple[int, float]]) -> None:
        """Each entrant's (seed, rating) at the start, in one transaction."""
        async with self._db.write() as conn:
            await conn.executemany(
                "UPDATE tournament_entrants SET seed = ?, rating = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                [(seed, rating, tournament_id, user) for user, (seed, rating) in seeds.items()])

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """Every entrant (withdrawn ones too), by seed, then by when they entered."""
        rows = await self._db.fetch(
            f"SELECT {E_COLUMNS} FROM tournament_entrants WHERE tournament_id = ?"
            " ORDER BY seed, joined_at, user_id", (tournament_id,))
        return [entrant_row(row) for row in rows]

    async def tournaments_of(self, user_id: int) -> list[TournamentRow]:
        """The tournaments `user_id` entered, newest first (a player's page)."""
        cols = ", ".join("t." + c.strip() for c in T_COLUMNS.split(","))
        rows = await self._db.fetch(
            f"SELECT {cols} FROM tournaments t JOIN tournament_entrants e"
            " ON e.tournament_id = t.id WHERE e.user_id = ? ORDER BY t.created_at DESC, t.id DESC",
            (user_id,))
        return [tournament_row(row) for row in rows]

    # -- rounds -------------------------------------------------------------------------
    async def add_round(self, tournament_id: int, number: int, *, starts_at: float,
                        deadline: float, pairing: Mapping[str, Any],
                        tables: Sequence[Sequence[int]], byes: Sequence[int]) -> bool:
        """Insert round `number` with its tables (state waiting) and its byes (tables of
        one, done, decided by "bye", place 1), and make it the tournament's current round,
        in one transaction, if no process inserted it first: False then (nothing changes).
        """
        async with self._db.write() as conn:
            done = await conn.execute(
                f"INSERT INTO tournament_rounds ({R_COLUMNS}) VALUES (?, ?, ?, ?, ?, 'open', 0)"
                " ON CONFLICT DO NOTHING",
                (tournament_id, number, starts_at, deadline, json.dumps(dict(pairing))))
            if done.rowcount != 1:
                return False
            rows: list[tuple[Any, ...]] = [
                (tournament_id, number, i, json.dumps(list(seats)), "waiting", None, "played")
                for i, seats in enumerate(tables)]
            bye_result = json.dumps({"places": [1], "scores": []})
            rows += [(tournament_id, number, len(tables) + i, json.dumps([who]), "done",
                      bye_result, "bye") for i, who in enumerate(byes)]
            await conn.executemany(
                "INSERT INTO tournament_tables (tournament_id, round, idx, seats, state,"
                " result, decided_by) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            await conn.execute(
                "UPDATE tournaments SET current_round = ? WHERE id = ? AND current_round < ?",
                (number, tournament_id, number))
        return True

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRow]:
        """The tournament's rounds, first first."""
        rows = await self._db.fetch(
            f"SELECT {R_COLUMNS} FROM tournament_rounds WHERE tournament_id = ? ORDER BY number",
            (tournament_id,))
        return [round_row(row) for row in rows]

    async def advance_round_stage(self, tournament_id: int, number: int, done: int,
                                  to: int) -> bool:
        """Record that the round's notices up to stage `to` went out, only if `done` is
        still its stage: False when another process (or an earlier run) did first."""
        async with self._db.write() as conn:
            result = await conn.execute(
                "UPDATE tournament_rounds SET stage = ? WHERE tournament_id = ? AND number = ?"
                " AND stage = ?", (to, tournament_id, number, done))
        return result.rowcount == 1

    async def finish_round(self, tournament_id: int, number: int) -> bool:
        """Mark an open round done; False when it was done already."""
        async with self._db.write() as conn:
            result = await conn.execute(
                "UPDATE tournament_rounds SET status = 'done' WHERE tournament_id = ?"
                " AND number = ? AND status = 'open'", (tournament_id, number))
        return result.rowcount == 1

    async def move_deadline(self, tournament_id: int, number: int, deadline: float, *,
                            expected: float | None = None) -> bool:
        """Give an open round a new deadline (extended, or moved by a pause), only over
        the deadline read (`expected`, if given); False otherwise."""
        sql = ("UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND number = ?"
               " AND status = 'open'")
        params: list[Any] = [deadline, tournament_id, number]
        if expected is not None:
            sql += " AND deadline = ?"
            params.append(expected)
        async with self._db.write() as conn:
            result = await conn.execute(sql, params)
        return result.rowcount == 1

    # -- round tables -------------------------------------------------------------------
    async def round_tables(self, tournament_id: int,
                           number: int | None = None) -> list[RoundTableRow]:
        """The tables (and byes) of one round, or of every round, in round and index order."""
        where, params = ("tournament_id = ?", [tournament_id])
        if number is not None:
            where += " AND round = ?"
            params.append(number)
        rows = await self._db.fetch(
            f"SELECT {TT_COLUMNS} FROM tournament_tables WHERE {where} ORDER BY round, idx",
            params)
        return [table_row(row) for row in rows]

    async def round_table_of(self, table_id: int) -> RoundTableRow | None:
        """The tournament table played at the bot's table `table_id`, if it is one."""
        rows = list(await self._db.fetch(
            f"SELECT {TT_COLUMNS} FROM tournament_tables WHERE table_id = ?", (table_id,)))
        return table_row(rows[0]) if rows else None

    async def move_table(self, tournament_id: int, number: int, index: int, *,
                         only_from: Collection[str], to: str, table_id: int | None = None,
                         result: Mapping[str, Any] | None = None) -> bool:
        """Move a round table to state `to` (with its bot `table_id`, or its `result` once
        done) only from one of `only_from`: False when another process moved it first.
        Raises ValueError for an unknown state."""
        if to not in TABLE_STATES:
            raise ValueError(f"unknown table state {to!r}")
        sets: list[str] = ["state = ?"]
        params: list[Any] = [to]
        if table_id is not None:
            sets.append("table_id = ?")
            params.append(table_id)
        if result is not None:
            sets.append("result = ?")
            params.append(json.dumps(dict(result)))
        allowed = list(only_from)
        async with self._db.write() as conn:
            done = await conn.execute(
                f"UPDATE tournament_tables SET {', '.join(sets)} WHERE tournament_id = ?"
                f" AND round = ? AND idx = ? AND state IN ({', '.join('?' * len(allowed))})",
                (*params, tournament_id, number, index, *allowed))
        return done.rowcount == 1

    async def mark_table(self, tournament_id: int, number: int, index: int, *,
                         decided_by: str | None = None, forfeit: Iterable[int] = (),
                         moved: Iterable[int] = ()) -> RoundTableRow | None:
        """Note on a round table how it is being decided (`decided_by`, unless "forfeit"
        or "deadline" was noted already and "played" is asked), seats that forfeit and
        seats whose person moved (each added once). Returns the row as now stored (None
        when there is no such table). Raises ValueError for an unknown `decided_by`."""
        if decided_by is not None and decided_by not in DECIDED_BY:
            raise ValueError(f"unknown decision {decided_by!r}")
        async with self._db.write() as conn:
            found = list(await conn.execute_fetchall(
                f"SELECT {TT_COLUMNS} FROM tournament_tables WHERE tournament_id = ?"
                " AND round = ? AND idx = ?" + conn.for_update, (tournament_id, number, index)))
            if not found:
                return None
            row = table_row(found[0])
            forfeits = tuple(dict.fromkeys((*row.forfeits, *forfeit)))
            moved_now = tuple(dict.fromkeys((*row.moved, *moved)))
            decision = row.decided_by if decided_by is None else decided_by
            # "forfeit" outranks "deadline": a table with a forfeit says so.
            if row.decided_by == "forfeit" and decision == "deadline":
                decision = "forfeit"
            if (forfeits, moved_now, decision) != (row.forfeits, row.moved, row.decided_by):
                await conn.execute(
                    "UPDATE tournament_tables SET decided_by = ?, forfeits = ?, moved = ?"
                    " WHERE tournament_id = ? AND round = ? AND idx = ?",
                    (decision, json.dumps(list(forfeits)), json.dumps(list(moved_now)),
                     tournament_id, number, index))
        return RoundTableRow(row.tournament_id, row.round, row.index, row.table_id, row.seats,
                             row.state, row.result, decision, forfeits, moved_now)

    # -- host actions -------------------------------------------------------------------
    async def record_action(self, tournament_id: int, user_id: int, action: str,
                            detail: Mapping[str, Any] | None = None) -> ActionRow:
        """Keep what a host did (who, what, when, with what)."""
        now = self._db.now()
        async with self._db.write() as conn:
            created = await conn.execute_fetchall(
                "INSERT INTO tournament_actions (tournament_id, user_id, action, detail,"
                " acted_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
                (tournament_id, user_id, action, json.dumps(dict(detail or {})), now))
        return ActionRow(int(next(iter(created))[0]), tournament_id, user_id, action,
                         dict(detail or {}), now)

    async def tournament_actions(self, tournament_id: int) -> list[ActionRow]:
        """Every host action of the tournament, oldest first."""
        rows = await self._db.fetch(
            "SELECT id, tournament_id, user_id, action, detail, acted_at FROM tournament_actions"
            " WHERE tournament_id = ? ORDER BY acted_at, id", (tournament_id,))
        return [ActionRow(int(r[0]), int(r[1]), int(r[2]), str(r[3]), json.loads(r[4]),
                          float(r[5])) for r in rows]
