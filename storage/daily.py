"""The daily Big Clock deal: one try per person and day in a guild, its results, streaks,
and the channel each guild's boards are posted in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .backend import Backend


@dataclass(frozen=True, slots=True)
class DailyResult:
    """One person's daily try; `finished_at`, `hours_home`, `moves` and `won` are None while
    it is being played."""

    guild_id: int
    day: str
    user_id: int
    name: str
    seed: int
    table_id: int | None
    started_at: float
    finished_at: float | None
    hours_home: int | None
    hours: int
    moves: int | None
    won: bool | None

    @property
    def seconds(self) -> float | None:
        """How long the try took, once finished."""
        return None if self.finished_at is None else self.finished_at - self.started_at


_COLUMNS = """guild_id, day, user_id, name, seed, table_id, started_at, finished_at,
              hours_home, hours, moves, won"""


def _row(row: Sequence[Any]) -> DailyResult:
    values = list(row)
    values[11] = None if values[11] is None else bool(values[11])
    return DailyResult(*values)


class DailyMixin:
    """Daily-deal methods of `Storage`."""

    _db: Backend

    async def claim_daily(self, guild_id: int, day: str, user_id: int, *, name: str,
                          seed: int, hours: int, started_at: float, table_id: int) -> bool:
        """Record a person's try of the day, played at `table_id`; False (and nothing
        written) when they already had it: one try each."""
        async with self._db.write() as conn:
            done = await conn.execute(
                f"""
                INSERT INTO daily_results ({_COLUMNS})
                VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, NULL)
                ON CONFLICT (guild_id, day, user_id) DO NOTHING
                """,
                (guild_id, day, user_id, name, seed, table_id, started_at, hours),
            )
            return done.rowcount == 1

    async def finish_daily(self, table_id: int, *, hours_home: int, moves: int, won: bool,
                           finished_at: float) -> DailyResult | None:
        """Complete the try played at `table_id` (once); None if the table is no daily try
        or it was completed already."""
        async with self._db.write() as conn:
            done = await conn.execute(
                """
                UPDATE daily_results SET hours_home = ?, moves = ?, won = ?, finished_at = ?
                WHERE table_id = ? AND finished_at IS NULL
                """,
                (hours_home, moves, int(won), finished_at, table_id),
            )
            if done.rowcount != 1:
                return None
            rows = await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM daily_results WHERE table_id = ?", (table_id,))
        return _row(rows[0])

    async def ended_daily_tables(self) -> list[int]:
        """The tables of tries still under way whose table has ended (finished, cancelled,
        abandoned): a crash came between the table's end and its try's result."""
        rows = await self._db.fetch(
            """
            SELECT d.table_id FROM daily_results d JOIN game_tables t ON t.id = d.table_id
            WHERE d.finished_at IS NULL AND t.status NOT IN ('lobby', 'playing')
            ORDER BY d.table_id
            """)
        return [int(r[0]) for r in rows]

    async def daily_result(self, guild_id: int, day: str, user_id: int) -> DailyResult | None:
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM daily_results WHERE guild_id = ? AND day = ? "
            "AND user_id = ?", (guild_id, day, user_id))
        return _row(rows[0]) if rows else None

    async def daily_results(self, guild_id: int, days: Sequence[str]) -> list[DailyResult]:
        """Every finished try of the guild on `days`."""
        if not days:
            return []
        marks = ", ".join("?" for _ in days)
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM daily_results WHERE guild_id = ? AND day IN ({marks}) "
            "AND finished_at IS NOT NULL", (guild_id, *days))
        return [_row(r) for r in rows]

    async def daily_days(self, guild_id: int, user_id: int) -> list[str]:
        """The days a person tried, newest first (for streaks)."""
        rows = await self._db.fetch(
            "SELECT day FROM daily_results WHERE guild_id = ? AND user_id = ? "
            "ORDER BY day DESC", (guild_id, user_id))
        return [str(r[0]) for r in rows]

    async def set_daily_channel(self, guild_id: int, channel_id: int) -> None:
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO daily_channels (guild_id, channel_id, posted_day) VALUES (?, ?, NULL)
                ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id
                """, (guild_id, channel_id))

    async def daily_channels(self) -> list[tuple[int, int, str | None]]:
        """(guild, channel, last day posted) for every guild that picked a board channel."""
        rows = await self._db.fetch(
            "SELECT guild_id, channel_id, posted_day FROM daily_channels ORDER BY guild_id")
        return [(int(g), int(c), None if d is None else str(d)) for g, c, d in rows]

    async def mark_daily_posted(self, guild_id: int, day: str) -> bool:
        """Record that `day`'s board went out; False if it had been recorded already."""
        async with self._db.write() as conn:
            done = await conn.execute(
                "UPDATE daily_channels SET posted_day = ? WHERE guild_id = ? "
                "AND (posted_day IS NULL OR posted_day < ?)", (day, guild_id, day))
            return done.rowcount == 1
