"""The pickup queue in storage (issue 24): entries, parties, and seating from the queue.

Seating is a compare-and-set: the entries a match seats are removed and its table is
created in one transaction, and only if every one of them is still there. Two processes
(or two clicks) matching the same queue at once therefore seat a person once and open
one table: the second finds an entry gone and gets None. PostgreSQL: the entries' rows
are locked (FOR UPDATE, in id order) until the transaction ends, so the second waits
for the first and then reads what it left.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any

from .backend import Backend, Conn
from .models import Party, QueueEntry, Seat, TableRow
from .tables import _select_tables, insert_table

_COLUMNS = ("id, guild_id, user_id, name, game, seats, longest_turn, rated, created_at,"
            " expires_at, ai_after, party_id, variant, drop_others, warned")


def _entry(row: Sequence[Any]) -> QueueEntry:
    return QueueEntry(
        id=int(row[0]), guild_id=int(row[1]), user_id=int(row[2]), name=row[3], game=row[4],
        seats=tuple(json.loads(row[5])), longest_turn=int(row[6]), rated=bool(row[7]),
        created_at=row[8], expires_at=row[9], ai_after=row[10],
        party_id=None if row[11] is None else int(row[11]), variant=row[12],
        drop_others=bool(row[13]), warned=bool(row[14]),
    )


async def _party(conn: Conn, party_id: int) -> Party | None:
    rows = list(await conn.execute_fetchall(
        "SELECT guild_id, leader_id FROM queue_parties WHERE id = ?", (party_id,)))
    if not rows:
        return None
    members = await conn.execute_fetchall(
        "SELECT user_id, confirmed FROM queue_party_members WHERE party_id = ? ORDER BY user_id",
        (party_id,))
    return Party(party_id, int(rows[0][0]), int(rows[0][1]),
                 {int(user): bool(done) for user, done in members})


async def _end_parties(conn: Conn, party_ids: Collection[int],
                       gone: Collection[int]) -> list[QueueEntry]:
    """End the parties `party_ids` (a member's entry is `gone`): their other members'
    entries stay, each on its own (no party, the same wish and place in line). Returns
    those entries as they were (with the party that ended)."""
    parties = sorted(set(party_ids))
    if not parties:
        return []
    marks = ", ".join("?" * len(parties))
    rows = await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM queue_entries WHERE party_id IN ({marks}) ORDER BY id",
        parties)
    left = [_entry(row) for row in rows if int(row[0]) not in set(gone)]
    await conn.execute(f"UPDATE queue_entries SET party_id = NULL WHERE party_id IN ({marks})",
                       parties)
    await conn.execute(f"DELETE FROM queue_parties WHERE id IN ({marks})", parties)
    return left


class QueueMixin:
    """Pickup queue methods of `Storage`."""

    _db: Backend

    async def queue_join(
        self, *, guild_id: int, user_id: int, name: str, game: str, seats: Collection[int],
        longest_turn: int, rated: bool, expires_at: float, ai_after: float | None = None,
        party_id: int | None = None, variant: str = "", drop_others: bool = True,
        now: float | None = None,
    ) -> tuple[QueueEntry, bool]:
        """Queue the person for `game` (and `variant`) in the server; returns the entry and
        whether it is new. Joining again for the same game updates the wish (the place
        in line, `created_at`, is kept) instead of adding a second entry. `now`: the
        caller's clock for `created_at` (default: storage's), the one its times use."""
        now = self._db.now() if now is None else now
        async with self._db.write() as conn:
            old = list(await conn.execute_fetchall(
                "SELECT id FROM queue_entries WHERE guild_id = ? AND user_id = ? AND game = ?"
                " AND variant = ?" + conn.for_update, (guild_id, user_id, game, variant)))
            values = (name, json.dumps(sorted(set(seats))), longest_turn, int(rated),
                      expires_at, ai_after, party_id, int(drop_others))
            if old:
                await conn.execute(
                    "UPDATE queue_entries SET name = ?, seats = ?, longest_turn = ?, rated = ?,"
                    " expires_at = ?, ai_after = ?, party_id = ?, drop_others = ?, warned = 0"
                    " WHERE id = ?", (*values, old[0][0]))
                entry_id = int(old[0][0])
            else:
                created = await conn.execute_fetchall(
                    "INSERT INTO queue_entries (guild_id, user_id, game, variant, created_at,"
                    " name, seats, longest_turn, rated, expires_at, ai_after, party_id,"
                    " drop_others) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, user_id, game, variant, now, *values))
                entry_id = int(created[0][0])
            rows = await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM queue_entries WHERE id = ?", (entry_id,))
        return _entry(rows[0]), not old

    async def queue_leave(self, guild_id: int, user_id: int,
                          game: str | None = None) -> tuple[int, list[QueueEntry]]:
        """Remove the person's entries in the server (only `game`'s, if given): how many,
        and the entries of the others in their parties, which end (those others wait on
        their own, as `_end_parties` leaves them), in one transaction."""
        where = "guild_id = ? AND user_id = ?"
        params: list[object] = [guild_id, user_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        async with self._db.write() as conn:
            mine = await conn.execute_fetchall(
                f"SELECT id, party_id FROM queue_entries WHERE {where}", params)
            done = await conn.execute(f"DELETE FROM queue_entries WHERE {where}", params)
            left = await _end_parties(conn, [int(p) for _, p in mine if p is not None],
                                      [int(i) for i, _ in mine])
        return done.rowcount, left

    async def queue_entries(self, guild_id: int | None = None) -> list[QueueEntry]:
        """The waiting entries (of one server, if given), oldest first, expired included."""
        where, params = ("guild_id = ?", (guild_id,)) if guild_id is not None else ("1 = 1", ())
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM queue_entries WHERE {where} ORDER BY created_at, id", params)
        return [_entry(row) for row in rows]

    async def queue_entry(self, entry_id: int) -> QueueEntry | None:
        """One entry, or None when it is gone (seated, left)."""
        rows = list(await self._db.fetch(
            f"SELECT {_COLUMNS} FROM queue_entries WHERE id = ?", (entry_id,)))
        return _entry(rows[0]) if rows else None

    async def warn_entry(self, entry_id: int) -> bool:
        """Mark an expired entry as told; False when it was told already (or is gone), so
        the notice goes out once whichever process sees the expiry first."""
        async with self._db.write() as conn:
            done = await conn.execute(
                "UPDATE queue_entries SET warned = 1 WHERE id = ? AND warned = 0", (entry_id,))
        return done.rowcount == 1

    async def renew_entry(self, entry_id: int, expires_at: float) -> QueueEntry | None:
        """Give an entry a new expiry (the Renew button); None when it is gone."""
        async with self._db.write() as conn:
            await conn.execute("UPDATE queue_entries SET expires_at = ?, warned = 0 WHERE id = ?",
                               (expires_at, entry_id))
        return await self.queue_entry(entry_id)

    async def purge_entries(self, before: float) -> int:
        """Remove the entries that expired before `before` (told long ago); how many."""
        async with self._db.write() as conn:
            done = await conn.execute("DELETE FROM queue_entries WHERE expires_at < ?", (before,))
        return done.rowcount

    async def seat_from_queue(
        self, entry_ids: Collection[int], *, guild_id: int, channel_id: int, game: str,
        host_id: int, seats: Sequence[Seat], options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None, deadline: float | None = None,
    ) -> tuple[TableRow, list[QueueEntry], list[QueueEntry]] | None:
        """Remove the entries and open their table (a lobby with `seats`) in one transaction,
        only if every entry is still there; else change nothing and return None. With the
        table come the entries removed (those seated, then the other entries of people
        whose seated entry said to drop them, drop_others) and the entries of those left
        by a dropped entry's party, which ends (they wait on their own)."""
        ids = sorted(set(entry_ids))
        marks = ", ".join("?" * len(ids))
        async with self._db.write() as conn:
            rows = list(await conn.execute_fetchall(
                f"SELECT {_COLUMNS} FROM queue_entries WHERE id IN ({marks}) ORDER BY id"
                + conn.for_update, ids))
            if len(rows) != len(ids):
                return None
            seated = [_entry(row) for row in rows]
            droppers = sorted({e.user_id for e in seated if e.drop_others})
            dropped: list[QueueEntry] = []
            if droppers:
                users = ", ".join("?" * len(droppers))
                others = await conn.execute_fetchall(
                    f"SELECT {_COLUMNS} FROM queue_entries WHERE guild_id = ?"
                    f" AND user_id IN ({users}) AND id NOT IN ({marks}) ORDER BY id",
                    (guild_id, *droppers, *ids))
                dropped = [_entry(row) for row in others]
            gone = ids + [e.id for e in dropped]
            await conn.execute(
                f"DELETE FROM queue_entries WHERE id IN ({', '.join('?' * len(gone))})", gone)
            parties = sorted({e.party_id for e in seated if e.party_id is not None})
            for party_id in parties:
                await conn.execute("DELETE FROM queue_parties WHERE id = ?", (party_id,))
            left = await _end_parties(conn, {e.party_id for e in dropped if e.party_id
                                             is not None and e.party_id not in parties}, gone)
            table_id = await insert_table(
                conn, self._db.now(), guild_id=guild_id, channel_id=channel_id,
                message_id=None, game=game, options=options, host_id=host_id, seed=None,
                deal=None, deadline=deadline, settings=settings, seats=seats)
            table = (await _select_tables(conn, "t.id = ?", (table_id,)))[0]
        return table, [*seated, *dropped], left

    # -- parties ------------------------------------------------------------------
    async def create_party(self, guild_id: int, leader_id: int,
                           members: Collection[int]) -> Party:
        """A party of the leader (confirmed) and the invited `members` (not yet)."""
        async with self._db.write() as conn:
            created = await conn.execute_fetchall(
                "INSERT INTO queue_parties (guild_id, leader_id, created_at) VALUES (?, ?, ?)"
                " RETURNING id", (guild_id, leader_id, self._db.now()))
            party_id = int(created[0][0])
            await conn.executemany(
                "INSERT INTO queue_party_members (party_id, user_id, confirmed) VALUES (?, ?, ?)",
                [(party_id, user, int(user == leader_id))
                 for user in sorted({leader_id, *members})])
            party = await _party(conn, party_id)
        assert party is not None
        return party

    async def confirm_party(self, party_id: int, user_id: int) -> Party | None:
        """A member confirms; the party as it now is (None: it is gone, or they are not in it)."""
        async with self._db.write() as conn:
            done = await conn.execute(
                "UPDATE queue_party_members SET confirmed = 1 WHERE party_id = ? AND user_id = ?",
                (party_id, user_id))
            if done.rowcount == 0:
                return None
            return await _party(conn, party_id)

    async def get_party(self, party_id: int) -> Party | None:
        """The party, or None when it is gone (seated, cancelled)."""
        async with self._db.read() as conn:
            return await _party(conn, party_id)

    async def guild_parties(self, guild_id: int) -> dict[int, Party]:
        """Every party of the server by id, in one read (a matching pass's, whatever the
        number of parties)."""
        async with self._db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id, leader_id FROM queue_parties WHERE guild_id = ?", (guild_id,))
            members = await conn.execute_fetchall(
                "SELECT m.party_id, m.user_id, m.confirmed FROM queue_party_members m"
                " JOIN queue_parties p ON p.id = m.party_id WHERE p.guild_id = ?"
                " ORDER BY m.party_id, m.user_id", (guild_id,))
        found: dict[int, dict[int, bool]] = {int(row[0]): {} for row in rows}
        for party_id, user, done in members:
            found[int(party_id)][int(user)] = bool(done)
        return {int(row[0]): Party(int(row[0]), guild_id, int(row[1]), found[int(row[0])])
                for row in rows}

    async def drop_party(self, party_id: int, restore: QueueEntry | None = None) -> None:
        """Remove a party and its members' entries (an invitation could not be sent). An
        entry the leader had before inviting, `restore`, is put back as it was (its id,
        wish and place in line) in the same transaction: a refused invitation changes
        nothing of what they had."""
        async with self._db.write() as conn:
            await conn.execute("DELETE FROM queue_entries WHERE party_id = ?", (party_id,))
            await conn.execute("DELETE FROM queue_parties WHERE id = ?", (party_id,))
            if restore is not None:
                e = restore
                await conn.execute("DELETE FROM queue_entries WHERE id = ?", (e.id,))
                await conn.execute(
                    f"INSERT INTO queue_entries ({_COLUMNS}) VALUES"
                    " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (e.id, e.guild_id, e.user_id, e.name, e.game,
                     json.dumps(sorted(set(e.seats))), e.longest_turn, int(e.rated),
                     e.created_at, e.expires_at, e.ai_after, e.party_id, e.variant,
                     int(e.drop_others), int(e.warned)))
