"""The computer's review of each finished game (issue 53), stored as figures with the game.

A worker (tables.reviews) claims the next finished game that needs a review
(`claim_review`): one row of game_reviews per table, written by one statement that
succeeds for one process only (an insert, or an update of a claim that expired: the
primary key and the statement's WHERE decide it, on SQLite and PostgreSQL alike), so
two processes never analyse one game. The claim lasts until `until`; a process that
stops mid-analysis releases it (`release_review`: claimable again at once), one that
crashed lets it expire. The claimant then stores the review (`save_review`), or says
there was nothing to judge (`skip_review`) or that the analysis failed (`fail_review`);
each only while the claim is still its own.

Only games finished since `since` are claimed (the caller's window: a new database's
old games are not analysed all at once), the latest ended first (a person who just
lost waits for no backlog), and none of a server
whose switch is off (GuildSettings.reviews). A claim that expired `MAX_ATTEMPTS` times is
not claimed again. The row goes with its table (ON DELETE CASCADE: a server's erasure);
a person's erasure keeps it: a review names seats by number, never a person.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from .backend import Backend

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
_CANDIDATES = 8  # read per claim; another process may take some of them first

REVIEW_STATUSES = ("working", "done", "skipped", "failed")


@dataclass(frozen=True, slots=True)
class ReviewClaim:
    """A finished game claimed for its review: the table, its server (None outside one),
    its game and how many times it has been claimed (1 the first time)."""

    table_id: int
    guild_id: int | None
    game: str
    attempt: int


@dataclass(frozen=True, slots=True)
class StoredReview:
    """A table's review row: `status` one of REVIEW_STATUSES, `review` the figures (for
    `done`; for `skipped` and `failed` an object with the `reason`), `updated_at` when it
    was last written."""

    table_id: int
    status: str
    review: dict[str, Any] | None
    attempts: int
    updated_at: float


class ReviewsMixin:
    """The review methods of `Storage`."""

    _db: Backend

    async def claim_review(self, node: str, *, since: float, until: float) -> ReviewClaim | None:
        """Claim for `node` (this process's name) until `until` the latest-ended finished
        game since `since` that has no review and whose claim, if any, has expired (see
        the module docstring); None when there is none. One transaction."""
        now = self._db.now()
        async with self._db.write() as conn:
            found = await conn.execute_fetchall(
                """
                SELECT t.id, t.guild_id, t.game, coalesce(r.attempts, 0)
                FROM game_tables t
                LEFT JOIN game_reviews r ON r.table_id = t.id
                LEFT JOIN guild_settings g ON g.guild_id = t.guild_id
                WHERE t.status = 'finished' AND t.updated_at >= ?
                  AND coalesce(g.reviews, 1) = 1
                  AND (r.table_id IS NULL
                       OR (r.status = 'working' AND r.claim_until < ? AND r.attempts < ?))
                ORDER BY t.updated_at DESC, t.id DESC
                LIMIT ?
                """,
                (since, now, MAX_ATTEMPTS, _CANDIDATES),
            )
            for table_id, guild_id, game, attempts in found:
                done = await conn.execute(
                    """
                    INSERT INTO game_reviews (table_id, status, claimed_by, claim_until,
                                              attempts, created_at, updated_at)
                    VALUES (?, 'working', ?, ?, 1, ?, ?)
                    ON CONFLICT (table_id) DO UPDATE SET
                        claimed_by = excluded.claimed_by,
                        claim_until = excluded.claim_until,
                        attempts = game_reviews.attempts + 1,
                        updated_at = excluded.updated_at
                    WHERE game_reviews.status = 'working' AND game_reviews.claim_until < ?
                      AND game_reviews.attempts < ?
                    """,
                    (table_id, node, until, now, now, now, MAX_ATTEMPTS),
                )
                if done.rowcount == 1:
                    return ReviewClaim(int(table_id), guild_id, str(game), int(attempts) + 1)
        return None

    async def _finish(self, table_id: int, node: str, status: str,
                      review: dict[str, Any]) -> bool:
        async with self._db.write() as conn:
            done = await conn.execute(
                """
                UPDATE game_reviews
                SET status = ?, review = ?, claimed_by = NULL, claim_until = NULL,
                    updated_at = ?
                WHERE table_id = ? AND status = 'working' AND claimed_by = ?
                """,
                (status, json.dumps(review, separators=(",", ":")), self._db.now(),
                 table_id, node),
            )
            return done.rowcount == 1

    async def save_review(self, table_id: int, node: str, review: dict[str, Any]) -> bool:
        """Store the review (a JSON object: engine.review.stored's figures) of a game
        `node` claimed; whether it was stored (False: the claim was no longer its own,
        as when it expired and another process took it, or the table was erased)."""
        return await self._finish(table_id, node, "done", review)

    async def skip_review(self, table_id: int, node: str, reason: str) -> bool:
        """The claimed game has nothing to judge (`reason` kept beside); as `save_review`."""
        return await self._finish(table_id, node, "skipped", {"reason": reason})

    async def fail_review(self, table_id: int, node: str, reason: str) -> bool:
        """The claimed game's analysis failed (`reason` kept); as `save_review`. Not
        claimed again."""
        return await self._finish(table_id, node, "failed", {"reason": reason})

    async def release_review(self, table_id: int, node: str) -> bool:
        """Give up `node`'s claim (the process stops mid-analysis): the game may be claimed
        again at once, this claim not counted as an attempt. Whether it was `node`'s."""
        async with self._db.write() as conn:
            done = await conn.execute(
                """
                UPDATE game_reviews
                SET claimed_by = NULL, claim_until = 0, attempts = attempts - 1,
                    updated_at = ?
                WHERE table_id = ? AND status = 'working' AND claimed_by = ?
                """,
                (self._db.now(), table_id, node),
            )
            return done.rowcount == 1

    async def table_review(self, table_id: int) -> StoredReview | None:
        """The table's review row, None when it has none (not claimed yet, or no such
        table)."""
        rows = await self._db.fetch(
            "SELECT status, review, attempts, updated_at FROM game_reviews WHERE table_id = ?",
            (table_id,),
        )
        if not rows:
            return None
        status, review, attempts, updated_at = rows[0]
        figures = json.loads(review) if review is not None else None
        return StoredReview(table_id, str(status), figures, int(attempts), float(updated_at))
