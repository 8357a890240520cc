"""What a server's web leaderboard reads in bulk: a page of a board in a chosen order,
and the sums of a figure (Traditional's goats) for the players of that page.

The order is one of BOARD_ORDERS' names; the SQL of each is fixed here, never made of a
caller's text. A line's rank is its place in the chosen order (by rating: the board's
own rank). Games and wins walk their own partial indexes (migration 010), the name
order sorts the server's rows, which stays a few milliseconds at 10,000 players.
"""

from __future__ import annotations

from collections.abc import Sequence

from .backend import Backend
from .models import LeaderboardRow
from .ratings import _BOARD_COLUMNS, _BOARD_FROM, GLOBAL_SCOPE, _board_row
from .results import figure_sql

# The sortable columns of a board: name -> ORDER BY (ties by the rating order, so a
# page is stable and each order is total).
_TIES = "r.ordinal DESC, r.user_id, r.ai_level"
BOARD_ORDERS: dict[str, str] = {
    "rating": _TIES,
    "games": f"r.games DESC, {_TIES}",
    "wins": f"r.wins DESC, {_TIES}",
    # The shown name, as _BOARD_COLUMNS makes it (PostgreSQL takes no alias in ORDER BY).
    "name": f"lower(coalesce(p.name, nullif(r.ai_level, ''), CAST(r.user_id AS TEXT))), {_TIES}",
}


class BoardsMixin:
    """Bulk board reads of `Storage` for the web pages."""

    _db: Backend

    async def leaderboard_sorted(
        self, game: str, guild_id: int | None, *, order: str = "rating", limit: int = 50,
        offset: int = 0,
    ) -> list[LeaderboardRow]:
        """A page of the board of `game` in a guild (None = global) sorted by `order` (one
        of BOARD_ORDERS, else ValueError); ranks count from 1 in that order."""
        if order not in BOARD_ORDERS:
            raise ValueError(f"unknown board order {order!r}")
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self._db.fetch(
            f"""
            SELECT {_BOARD_COLUMNS} {_BOARD_FROM}
            WHERE r.game = ? AND r.scope = ? AND r.rated_games > 0
            ORDER BY {BOARD_ORDERS[order]} LIMIT ? OFFSET ?
            """, (game, scope, limit, offset))
        return [_board_row(offset + i + 1, row) for i, row in enumerate(rows)]

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
