"""What a server's web leaderboard reads in bulk: a page of a board in a chosen order,
and the sums of a figure (Traditional's goats) for the players of that page.

The order is one of BOARD_ORDERS' names; the SQL of each is fixed here, never made of a
caller's text. Every line keeps its rank by rating (the board's own order).
"""

from __future__ import annotations

from collections.abc import Sequence

from .backend import Backend
from .models import LeaderboardRow
from .ratings import _BOARD_COLUMNS, _BOARD_FROM, GLOBAL_SCOPE, _board_row
from .results import figure_sql

# The sortable columns of a board: name -> ORDER BY over the ranked rows (ties by the
# rating order, so a page is stable).
_TIES = "ordinal DESC, user_id, ai_level"
BOARD_ORDERS: dict[str, str] = {
    "rating": _TIES,
    "games": f"games DESC, {_TIES}",
    "wins": f"wins DESC, {_TIES}",
    "name": f"lower(shown), {_TIES}",
}
_RANKED_COLUMNS = _BOARD_COLUMNS.replace("CAST(r.user_id AS TEXT))",
                                         "CAST(r.user_id AS TEXT)) AS shown")


class BoardsMixin:
    """Bulk board reads of `Storage` for the web pages."""

    _db: Backend

    async def leaderboard_sorted(
        self, game: str, guild_id: int | None, *, order: str = "rating", limit: int = 50,
        offset: int = 0,
    ) -> list[LeaderboardRow]:
        """A page of the board of `game` in a guild (None = global) sorted by `order` (one
        of BOARD_ORDERS, else ValueError); each line's rank is its place by rating."""
        if order not in BOARD_ORDERS:
            raise ValueError(f"unknown board order {order!r}")
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        if order == "rating":  # the index's own order: no window needed
            rows = await self._db.fetch(
                f"SELECT {_BOARD_COLUMNS} {_BOARD_FROM} "
                "WHERE r.game = ? AND r.scope = ? AND r.rated_games > 0 "
                "ORDER BY r.ordinal DESC, r.user_id, r.ai_level LIMIT ? OFFSET ?",
                (game, scope, limit, offset))
            return [_board_row(offset + i + 1, row) for i, row in enumerate(rows)]
        rows = await self._db.fetch(
            f"""
            SELECT * FROM (
                SELECT {_RANKED_COLUMNS}, row_number() OVER (
                    ORDER BY r.ordinal DESC, r.user_id, r.ai_level) AS board_rank
                {_BOARD_FROM}
                WHERE r.game = ? AND r.scope = ? AND r.rated_games > 0
            ) ranked
            ORDER BY {BOARD_ORDERS[order]}
            LIMIT ? OFFSET ?
            """, (game, scope, limit, offset))
        return [_board_row(int(row[-1]), row[:-1]) for row in rows]

    async def figure_sums(self, game: str, guild_id: int | None, user_ids: Sequence[int],
                          name: str) -> dict[int, int]:
        """Each of `user_ids`' total of figure `name` over their results of `game` in a
        guild (None: everywhere); a player without any is left out."""
        ids = sorted({u for u in user_ids if u})
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        where = "" if guild_id is None else " AND guild_id = ?"
        rows = await self._db.fetch(
            f"SELECT user_id, sum({figure_sql(self._db.dialect, name)}) FROM results "
            f"WHERE user_id IN ({marks}) AND game = ?{where} GROUP BY user_id",
            (*ids, game, *(() if guild_id is None else (guild_id,))))
        return {int(user): int(total) for user, total in rows if total is not None}
