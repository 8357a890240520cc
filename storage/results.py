"""Results of finished tables (with their ratings), solitaire results, stats and history."""

from __future__ import annotations

import json
import logging
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .backend import Backend, Conn
from .errors import ConstraintError, InvalidState, TableNotFound
from .lobbies import read_seats
from .models import ResultRow, Seat, SeatResult, SolitaireResult
from .ratings import RatingsMixin, Subject, count_unrated, rate_game, scopes_for, subject_of

log = logging.getLogger(__name__)

RATINGS_LOCK = 1  # the key of Conn.serialize held while a game is rated

RESULT_COLUMNS = """
    table_id, seat, user_id, ai_level, name, game, guild_id, place, points, figures, team,
    rating_before, rating_after, guild_rating_before, guild_rating_after, finished_at
"""
SOLITAIRE_COLUMNS = """
    id, table_id, user_id, guild_id, game, won, figures, duration, finished_at
"""

# A player's results, newest first; the tests check its plan uses an index of user_id.
HISTORY_SQL = f"""
    SELECT {RESULT_COLUMNS} FROM results
    WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?)
      AND (CAST(? AS BIGINT) IS NULL OR coalesce(guild_id, 0) = ?)
    ORDER BY finished_at DESC, table_id DESC
    LIMIT ? OFFSET ?
"""


_FIGURE_NAME = re.compile(r"^[a-z][a-z_]*$")


def figures_json(figures: Mapping[str, int]) -> str:
    """A result's figures as stored: a JSON object of ints, keys in the given order.

    Raises ValueError for a name that is not lower-case letters and _ (names are also
    JSON paths in the stats' SQL) or a value that is not an int.
    """
    for name, value in figures.items():
        if not _FIGURE_NAME.match(name):
            raise ValueError(f"bad figure name {name!r}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"figure {name} must be an int, not {value!r}")
    return json.dumps(dict(figures))


def figure_sql(dialect: str, name: str) -> str:
    """The SQL of figure `name` of a result row, an integer (NULL when the row lacks it)."""
    if not _FIGURE_NAME.match(name):
        raise ValueError(f"bad figure name {name!r}")
    if dialect == "postgres":
        return f"CAST(figures ->> '{name}' AS BIGINT)"
    return f"json_extract(figures, '$.{name}')"


def _figures(stored: str) -> dict[str, int]:
    figures: dict[str, int] = json.loads(stored)
    return figures


def result_row(row: Sequence[Any]) -> ResultRow:
    """A ResultRow from a row of RESULT_COLUMNS."""
    values = list(row)
    values[9] = _figures(values[9])
    return ResultRow(*values)


def solitaire_row(row: Sequence[Any]) -> SolitaireResult:
    """A SolitaireResult from a row of SOLITAIRE_COLUMNS."""
    values = list(row)
    values[5] = bool(values[5])
    values[6] = _figures(values[6])
    return SolitaireResult(*values)


def _teams(
    results: Sequence[SeatResult], seats: Sequence[Seat], rate_ai: bool
) -> tuple[list[list[Subject]], list[int]]:
    """The rated teams and their places. AI seats are left out unless rate_ai.

    Free-for-all: one team per rated seat. Pairs (every result has a team): one team per
    pair, its place shared by both partners. Teams with no rated member are dropped;
    a subject holding two seats is left out; fewer than two teams: not rated.
    """
    pairs = any(r.team is not None for r in results)
    if pairs and any(r.team is None for r in results):
        raise ValueError("in a pairs game every seat result needs a team")
    groups: dict[Any, list[Subject]] = {}
    places: dict[Any, int] = {}
    for r in results:
        key = r.team if pairs else r.seat
        if key in places and places[key] != r.place:
            raise ValueError(f"partners of team {key} have different places")
        places[key] = r.place
        seat = seats[r.seat]
        if seat.is_ai and not rate_ai:
            continue
        groups.setdefault(key, []).append(subject_of(seat.user_id, seat.ai_level))
    # A subject in two seats (say two AIs of one level) cannot play itself: leave it out.
    counts = Counter(s for team in groups.values() for s in team)
    teams: list[list[Subject]] = []
    ranks: list[int] = []
    for key, team in groups.items():
        members = [s for s in team if counts[s] == 1]
        if members:
            teams.append(members)
            ranks.append(places[key])
    if len(teams) < 2:
        return [], []
    return teams, ranks


async def _guild_rates_ai(conn: Conn, guild_id: int | None) -> bool:
    """The guild's rate_ai setting; False outside a guild or with no settings stored."""
    if guild_id is None:
        return False
    rows = list(await conn.execute_fetchall(
        "SELECT rate_ai FROM guild_settings WHERE guild_id = ?", (guild_id,)
    ))
    return bool(rows and rows[0][0])


class ResultsMixin(RatingsMixin):
    """Result, stats and history methods of `Storage`."""

    _db: Backend

    async def finish_table(
        self, table_id: int, results: Sequence[SeatResult], *, rate_ai: bool | None = None
    ) -> list[ResultRow]:
        """Record every seat's result, rate the game and mark the table finished, atomically.

        The game type and guild come from the table. Ratings are updated globally and in
        the table's guild: free-for-all by places, pairs as two teams; AI seats are not
        rated unless rate_ai (then each AI level is a player of its own). rate_ai None
        means the guild's setting (GuildSettings.rate_ai; False outside a guild).
        Every person seated counts the game (games, and wins for place 1) on both
        boards even when their rating did not move, e.g. alone against AIs. Returns the
        stored rows with ratings (ordinals) before and after.
        Raises TableNotFound; InvalidState if results were already recorded; ValueError
        if `results` does not give each seat of the table exactly once.
        """
        now = self._db.now()
        async with self._db.write() as conn:
            # Ratings are read, then written: finishes take turns, so two processes
            # finishing games of the same players never lose an update.
            await conn.serialize(RATINGS_LOCK)
            meta = list(await conn.execute_fetchall(
                "SELECT game, guild_id FROM game_tables WHERE id = ?", (table_id,)
            ))
            if not meta:
                raise TableNotFound(table_id)
            game, guild_id = meta[0]
            done = list(await conn.execute_fetchall(
                "SELECT 1 FROM results WHERE table_id = ? LIMIT 1", (table_id,)
            ))
            if done:
                raise InvalidState(f"table {table_id} already has results")
            seats = await read_seats(conn, table_id)
            if sorted(r.seat for r in results) != list(range(len(seats))):
                raise ValueError(f"results must give each of the {len(seats)} seats once")
            if rate_ai is None:
                rate_ai = await _guild_rates_ai(conn, guild_id)
            teams, ranks = _teams(results, seats, rate_ai)
            winners = {
                subject_of(seats[r.seat].user_id, seats[r.seat].ai_level)
                for r in results
                if r.place == 1
            }
            changes: list[dict[Subject, tuple[float, float]]] = []
            people = sorted({subject_of(s.user_id, None) for s in seats if s.user_id is not None})
            for scope in scopes_for(guild_id):
                change = {}
                if teams:
                    change = await rate_game(
                        conn, game=game, scope=scope, teams=teams, ranks=ranks,
                        winners=winners, now=now,
                    )
                    changes.append(change)
                unrated = [p for p in people if p not in change]
                await count_unrated(conn, game=game, scope=scope, subjects=unrated,
                                    winners=winners, now=now)
            rows = [
                self._result_row(
                    table_id, game=game, guild_id=guild_id, r=r, seat=seats[r.seat],
                    changes=changes, now=now,
                )
                for r in sorted(results, key=lambda r: r.seat)
            ]
            await conn.executemany(
                f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                [
                    (x.table_id, x.seat, x.user_id, x.ai_level, x.name, x.game, x.guild_id,
                     x.place, x.points, figures_json(x.figures), x.team, x.rating_before,
                     x.rating_after,
                     x.guild_rating_before, x.guild_rating_after, x.finished_at)
                    for x in rows
                ],
            )
            await conn.executemany(
                """
                INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)
                ON CONFLICT DO NOTHING
                """,
                [(s.user_id, s.name, now) for s in seats if s.user_id is not None],
            )
            await conn.execute(
                """
                UPDATE game_tables SET status = 'finished', deadline = NULL, updated_at = ?
                WHERE id = ?
                """,
                (now, table_id),
            )
        return rows

    @staticmethod
    def _result_row(
        table_id: int,
        *,
        game: str,
        guild_id: int | None,
        r: SeatResult,
        seat: Seat,
        changes: list[dict[Subject, tuple[float, float]]],
        now: float,
    ) -> ResultRow:
        subject = subject_of(seat.user_id, seat.ai_level)
        glob = changes[0].get(subject) if changes else None
        local = changes[1].get(subject) if len(changes) > 1 else None
        return ResultRow(
            table_id=table_id, seat=r.seat, user_id=seat.user_id, ai_level=seat.ai_level,
            name=seat.name, game=game, guild_id=guild_id, place=r.place, points=r.points,
            figures=dict(r.figures), team=r.team,
            rating_before=glob[0] if glob else None,
            rating_after=glob[1] if glob else None,
            guild_rating_before=local[0] if local else None,
            guild_rating_after=local[1] if local else None,
            finished_at=now,
        )

    async def results_of_table(self, table_id: int) -> list[ResultRow]:
        """The recorded results of a table, by seat (empty if none)."""
        rows = await self._db.fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [result_row(r) for r in rows]

    async def record_solitaire_result(
        self,
        user_id: int,
        *,
        game: str,
        won: bool,
        figures: Mapping[str, int],
        duration: float,
        table_id: int | None = None,
        guild_id: int | None = None,
    ) -> SolitaireResult:
        """Record a solitaire game of `game` (its registry name) with its `figures` (the names
        its spec declares, see SeatResult); with table_id, also mark that table finished
        (atomically).

        Raises ValueError for figures that are not ints by plain names, TableNotFound for
        an unknown table, InvalidState if it already has a result.
        """
        stored = figures_json(figures)
        now = self._db.now()
        async with self._db.write() as conn:
            if table_id is not None:
                cur = await conn.execute(
                    """
                    UPDATE game_tables SET status = 'finished', deadline = NULL, updated_at = ?
                    WHERE id = ?
                    """,
                    (now, table_id),
                )
                if cur.rowcount == 0:
                    raise TableNotFound(table_id)
            try:
                inserted = await conn.execute_fetchall(
                    f"""
                    INSERT INTO solitaire_results ({SOLITAIRE_COLUMNS.replace("id,", "", 1)})
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING id
                    """,
                    (table_id, user_id, guild_id, game, int(won), stored, duration, now),
                )
            except ConstraintError as exc:
                raise InvalidState(f"table {table_id} already has a solitaire result") from exc
            row_id = int(inserted[0][0])
        return SolitaireResult(row_id, table_id, user_id, guild_id, game, won, dict(figures),
                               duration, now)

    async def history(
        self, user_id: int, *, limit: int = 10, offset: int = 0, game: str | None = None,
        guild_id: int | None = None,
    ) -> list[ResultRow]:
        """The user's results, newest first (optionally of one game type, or of one
        server: `guild_id`, 0 for games in DMs)."""
        rows = await self._db.fetch(
            HISTORY_SQL, (user_id, game, game, guild_id, guild_id, limit, offset)
        )
        return [result_row(r) for r in rows]

    async def solitaire_history(
        self, user_id: int, *, limit: int = 10, offset: int = 0, guild_id: int | None = None
    ) -> list[SolitaireResult]:
        """The user's solitaire results, newest first (optionally of one server: 0 for DMs)."""
        rows = await self._db.fetch(
            f"""
            SELECT {SOLITAIRE_COLUMNS} FROM solitaire_results
            WHERE user_id = ? AND (CAST(? AS BIGINT) IS NULL OR coalesce(guild_id, 0) = ?)
            ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?
            """,
            (user_id, guild_id, guild_id, limit, offset),
        )
        return [solitaire_row(r) for r in rows]
