"""A person's data erased on request (`/domino forget-me`, issue 55).

What is theirs alone goes: the profile (players), the chosen language, their ratings
rows, queue entries and parties they lead or are in, RSVPs, remembered hand messages
and notices sent. What other people's games need stays, without them: in every seat,
result, solitaire result, daily result and table they hosted, their Discord id is
replaced by a placeholder id (negative, so never a real one, and new for each person
erased, so the records of one game still tell its seats apart) and their name by a
fixed placeholder name. A game's record still replays: seats keep their numbers, moves
never named anybody; its review (game_reviews) stays as it is: it names seats by number
only. Tournaments the same way: an entrant's id and name, the host's id,
the actions they took, and the id wherever a round's pairing or a table's seats, forfeits
or moves list it (JSON, rewritten here), so standings still add up.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from .backend import Backend

log = logging.getLogger(__name__)

# Deleted: rows about the person only.
_DELETED = (
    "DELETE FROM players WHERE user_id = ?",
    "DELETE FROM person_languages WHERE user_id = ?",
    "DELETE FROM ratings WHERE user_id = ? AND ai_level = ''",
    "DELETE FROM queue_entries WHERE user_id = ?",
    "DELETE FROM queue_party_members WHERE user_id = ?",
    "DELETE FROM queue_parties WHERE leader_id = ?",
    "DELETE FROM rsvps WHERE user_id = ?",
    "DELETE FROM hand_messages WHERE user_id = ?",
    "DELETE FROM sent_notifications WHERE user_id = ?",
)
# Kept for the others' games: the id replaced, and the stored name where there is one.
_RENAMED = ("seats", "results", "daily_results", "tournament_entrants")
_REIDED = ("solitaire_results", "tournament_actions")
# JSON columns that hold user ids, by table, with the columns that find their row.
_IN_JSON = (("tournament_rounds", ("tournament_id", "number"), ("pairing",)),
            ("tournament_tables", ("tournament_id", "round", "idx"),
             ("seats", "forfeits", "moved")),
            ("tournament_actions", ("id",), ("detail",)))


def _replaced(value: Any, user_id: int, standin: int) -> Any:
    """`value` (parsed JSON) with every integer `user_id` in it made `standin`."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return standin if value == user_id else value
    if isinstance(value, list):
        return [_replaced(v, user_id, standin) for v in value]
    if isinstance(value, dict):
        return {k: _replaced(v, user_id, standin) for k, v in value.items()}
    return value


def placeholder_id() -> int:
    """A new id for an erased person's seats: negative (Discord's ids are positive)."""
    return -(secrets.randbelow(2 ** 52) + 1)


class PrivacyMixin:
    """The erasure method of `Storage`."""

    _db: Backend

    def on_forget(self, listener: Callable[[], None]) -> None:
        """Call `listener` after each erasure (a cache of names, the web replays', drops
        what it holds). Listeners of this process only: another keeps its own."""
        listeners: list[Callable[[], None]] = self.__dict__.setdefault("_forget_listeners", [])
        listeners.append(listener)

    async def active_seats_of(self, user_id: int) -> list[int]:
        """The ids of the lobbies and games in progress the person is seated at."""
        rows = await self._db.fetch(
            """
            SELECT DISTINCT t.id FROM seats s JOIN game_tables t ON t.id = s.table_id
            WHERE s.user_id = ? AND t.status IN ('lobby', 'playing') ORDER BY t.id
            """, (user_id,))
        return [int(r[0]) for r in rows]

    async def forget_person(self, user_id: int, *, name: str) -> int:
        """Erase the person (this module's docstring), in one transaction; `name` is the
        placeholder written where their name was. Returns how many rows changed (0: the
        bot held nothing of theirs)."""
        standin = placeholder_id()
        changed = 0
        async with self._db.write() as conn:
            for sql in _DELETED:
                changed += (await conn.execute(sql, (user_id,))).rowcount
            for table in _RENAMED:
                done = await conn.execute(
                    f"UPDATE {table} SET user_id = ?, name = ? WHERE user_id = ?",
                    (standin, name, user_id))
                changed += done.rowcount
            for table in _REIDED:
                done = await conn.execute(
                    f"UPDATE {table} SET user_id = ? WHERE user_id = ?",
                    (standin, user_id))
                changed += done.rowcount
            for hosted in ("game_tables", "tournaments"):
                done = await conn.execute(
                    f"UPDATE {hosted} SET host_id = ? WHERE host_id = ?", (standin, user_id))
                changed += done.rowcount
            for table, keys, columns in _IN_JSON:
                found = await conn.execute_fetchall(
                    f"SELECT {', '.join(keys + columns)} FROM {table} WHERE "
                    + " OR ".join(f"{c} LIKE ?" for c in columns),
                    tuple(f"%{user_id}%" for _ in columns))
                for row in found:
                    key, texts = tuple(row[:len(keys)]), row[len(keys):]
                    old = [json.loads(text) for text in texts]
                    new = [_replaced(value, user_id, standin) for value in old]
                    if new == old:
                        continue  # the digits were part of another number
                    await conn.execute(
                        f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in columns)} WHERE "
                        + " AND ".join(f"{k} = ?" for k in keys),
                        (*(json.dumps(value) for value in new), *key))
                    changed += 1
        for listener in self.__dict__.get("_forget_listeners", []):
            listener()
        # No id in the log: the line itself must not keep what was erased.
        log.info("a person was forgotten: %d rows erased or given the placeholder", changed)
        return changed
