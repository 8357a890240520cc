"""Scheduled tables in storage (issue 24): a lobby's start time, its repeat, grace and
AI fill, which reminders went out, and each person's RSVP (Going / Maybe / Can't)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .backend import Backend
from .errors import InvalidState
from .lobbies import require_status
from .models import RSVP_ANSWERS, Schedule

_COLUMNS = "table_id, starts_at, repeat, grace, ai_fill, reminded"


def _schedule(row: Sequence[Any]) -> Schedule:
    return Schedule(int(row[0]), float(row[1]), row[2], int(row[3]), bool(row[4]), int(row[5]))


class SchedulesMixin:
    """Scheduled-table methods of `Storage`."""

    _db: Backend

    async def set_schedule(self, schedule: Schedule) -> None:
        """Store (or replace) a lobby's schedule. Raises TableNotFound, InvalidState
        unless the table is a lobby."""
        async with self._db.write() as conn:
            await require_status(conn, schedule.table_id, ("lobby",))
            await conn.execute(
                f"""
                INSERT INTO schedules ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (table_id) DO UPDATE SET starts_at = excluded.starts_at,
                    repeat = excluded.repeat, grace = excluded.grace,
                    ai_fill = excluded.ai_fill, reminded = excluded.reminded
                """,
                (schedule.table_id, schedule.starts_at, schedule.repeat, schedule.grace,
                 int(schedule.ai_fill), schedule.reminded),
            )

    async def get_schedule(self, table_id: int) -> Schedule | None:
        """The table's schedule, or None when it was opened to start when full."""
        rows = list(await self._db.fetch(
            f"SELECT {_COLUMNS} FROM schedules WHERE table_id = ?", (table_id,)))
        return _schedule(rows[0]) if rows else None

    async def lobby_schedules(self) -> list[Schedule]:
        """The schedules of every table still in its lobby, soonest first: what start-up
        arms again (and starts or closes at once, when their time passed meanwhile)."""
        rows = await self._db.fetch(
            f"SELECT {', '.join('s.' + c.strip() for c in _COLUMNS.split(','))}"
            " FROM schedules s JOIN game_tables t ON t.id = s.table_id"
            " WHERE t.status = 'lobby' ORDER BY s.starts_at, s.table_id")
        return [_schedule(row) for row in rows]

    async def advance_reminders(self, table_id: int, done: int, to: int) -> bool:
        """Record that the reminders up to stage `to` went out, only if `done` is still the
        stage stored: False when another process sent them first (so each goes out once)."""
        async with self._db.write() as conn:
            result = await conn.execute(
                "UPDATE schedules SET reminded = ? WHERE table_id = ? AND reminded = ?",
                (to, table_id, done))
        return result.rowcount == 1

    async def set_rsvp(self, table_id: int, user_id: int, answer: str) -> None:
        """A person's answer to a scheduled lobby. Raises ValueError for an unknown answer,
        TableNotFound, or InvalidState when the table is no longer a scheduled lobby
        (started, cancelled)."""
        if answer not in RSVP_ANSWERS:
            raise ValueError(f"unknown RSVP {answer!r}")
        async with self._db.write() as conn:
            await require_status(conn, table_id, ("lobby",))
            found = await conn.execute_fetchall(
                "SELECT 1 FROM schedules WHERE table_id = ?", (table_id,))
            if not list(found):
                raise InvalidState(f"table {table_id} is not scheduled")
            await conn.execute(
                """
                INSERT INTO rsvps (table_id, user_id, answer, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (table_id, user_id) DO UPDATE SET answer = excluded.answer,
                    updated_at = excluded.updated_at
                """,
                (table_id, user_id, answer, self._db.now()),
            )

    async def rsvps(self, table_id: int) -> dict[int, str]:
        """Each person's answer to the table, in the order they answered."""
        rows = await self._db.fetch(
            "SELECT user_id, answer FROM rsvps WHERE table_id = ? ORDER BY updated_at, user_id",
            (table_id,))
        return {int(user): str(answer) for user, answer in rows}
