"""A player's figures for /stats: totals, streaks and rating history, all by index.

Every query here is bounded by one player: it walks results_user_game
(user_id, game, finished_at, table_id) or solitaire_user_game, never all results.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from .backend import Backend, Conn
from .models import FigureTotals, GameTotals, RatingPoint, ResultRow, SolitaireTotals
from .results import RESULT_COLUMNS, figure_sql, result_row

log = logging.getLogger(__name__)

STREAK_CHUNK = 100
_GUILD = "(CAST(? AS BIGINT) IS NULL OR guild_id = ?)"

# The plan of this query is checked in the tests: a walk of results_user_game, backwards.
RATING_HISTORY_SQL = f"""
    SELECT table_id, finished_at, {{before}}, {{after}} FROM results
    WHERE user_id = ? AND game = ? AND {_GUILD} AND {{after}} IS NOT NULL
    ORDER BY finished_at DESC, table_id DESC
    LIMIT ?
"""


async def _streak(
    conn: Conn, sql: str, params: Sequence[Any]
) -> int:
    """The current run from rows of one column (truthy = a win), newest first.

    `sql` takes `params` then LIMIT and OFFSET; it is read in chunks until the run breaks.
    """
    run = 0
    first: bool | None = None
    offset = 0
    while True:
        rows = list(await conn.execute_fetchall(sql, (*params, STREAK_CHUNK, offset)))
        for (won,) in rows:
            if first is None:
                first = bool(won)
            if bool(won) != first:
                return run if first else -run
            run += 1
        if len(rows) < STREAK_CHUNK:
            return run if first else -run
        offset += STREAK_CHUNK


def _figure_columns(dialect: str, names: Sequence[str], won: str) -> str:
    """Four aggregates per figure (sum, max, min, min of the games where `won`), for
    `_figure_totals`; "" for no figures."""
    parts = []
    for name in names:
        value = figure_sql(dialect, name)
        parts.append(f", coalesce(sum({value}), 0), max({value}), min({value}),"
                     f" min(CASE WHEN {won} THEN {value} END)")
    return "".join(parts)


def _figure_totals(names: Sequence[str], values: Sequence[Any]) -> dict[str, FigureTotals]:
    """The figures' totals from the aggregates of `_figure_columns`, in the same order."""

    def number(value: Any) -> int | None:
        # PostgreSQL's sum() of bigints is a numeric (Decimal).
        return None if value is None else int(value)

    out: dict[str, FigureTotals] = {}
    for k, name in enumerate(names):
        total, high, low, low_in_win = values[4 * k: 4 * k + 4]
        out[name] = FigureTotals(int(total), number(high), number(low), number(low_in_win))
    return out


class StatsMixin:
    """Stats methods of `Storage`."""

    _db: Backend

    async def game_totals(
        self, user_id: int, game: str, guild_id: int | None = None, *,
        figures: Sequence[str] = (),
    ) -> GameTotals:
        """The user's totals of a table game in a guild or (None) everywhere, with those of
        the named `figures` (the game's spec declares them; a won game is a first place).

        Counts every finished game, AI opponents included. Zeroes when none. Raises
        ValueError for a figure name that is not lower-case letters and _.
        """
        async with self._db.read() as conn:
            extra = _figure_columns(conn.dialect, figures, "place = 1")
            rows = list(await conn.execute_fetchall(
                f"""
                SELECT count(*), coalesce(sum(CASE WHEN place = 1 THEN 1 ELSE 0 END), 0),
                       coalesce(sum(points), 0), max(points){extra}
                FROM results WHERE user_id = ? AND game = ? AND {_GUILD}
                """,
                (user_id, game, guild_id, guild_id),
            ))
            streak = await _streak(
                conn,
                f"""
                SELECT place = 1 FROM results WHERE user_id = ? AND game = ? AND {_GUILD}
                ORDER BY finished_at DESC, table_id DESC LIMIT ? OFFSET ?
                """,
                (user_id, game, guild_id, guild_id),
            )
        games, wins, points, best, *sums = rows[0]
        return GameTotals(user_id, game, games, wins, int(points), best, streak,
                          _figure_totals(figures, sums))

    async def solitaire_totals(
        self, user_id: int, game: str, guild_id: int | None = None, *,
        figures: Sequence[str] = (),
    ) -> SolitaireTotals:
        """The user's totals of the solitaire `game` in a guild or (None) everywhere, with
        those of the named `figures` (as in game_totals)."""
        async with self._db.read() as conn:
            extra = _figure_columns(conn.dialect, figures, "won <> 0")
            rows = list(await conn.execute_fetchall(
                f"""
                SELECT count(*), coalesce(sum(won), 0),
                       min(CASE WHEN won <> 0 THEN duration END){extra}
                FROM solitaire_results WHERE user_id = ? AND game = ? AND {_GUILD}
                """,
                (user_id, game, guild_id, guild_id),
            ))
            streak = await _streak(
                conn,
                f"""
                SELECT won FROM solitaire_results WHERE user_id = ? AND game = ? AND {_GUILD}
                ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?
                """,
                (user_id, game, guild_id, guild_id),
            )
        games, wins, fastest, *sums = rows[0]
        return SolitaireTotals(user_id, game, games, wins, fastest, streak,
                               _figure_totals(figures, sums))

    async def rating_history(
        self, user_id: int, game: str, guild_id: int | None = None, *, limit: int = 200
    ) -> list[RatingPoint]:
        """The user's last `limit` rated games of `game`, oldest first, with the ordinal
        before and after each: the global rating (guild_id None) or that guild's."""
        columns = ({"before": "rating_before", "after": "rating_after"} if guild_id is None
                   else {"before": "guild_rating_before", "after": "guild_rating_after"})
        rows = list(await self._db.fetch(
            RATING_HISTORY_SQL.format(**columns),
            (user_id, game, guild_id, guild_id, limit),
        ))
        return [RatingPoint(t, f, b, a) for t, f, b, a in reversed(rows)]

    async def results_of_tables(self, table_ids: Iterable[int]) -> dict[int, list[ResultRow]]:
        """The recorded results of several tables by table id, each by seat (by primary key)."""
        ids = sorted(set(table_ids))
        out: dict[int, list[ResultRow]] = {i: [] for i in ids}
        if not ids:
            return out
        rows = await self._db.fetch(
            f"""
            SELECT {RESULT_COLUMNS} FROM results
            WHERE table_id IN ({', '.join('?' * len(ids))}) ORDER BY table_id, seat
            """,
            ids,
        )
        for row in rows:
            result = result_row(row)
            out[result.table_id].append(result)
        return out
