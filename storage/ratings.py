"""OpenSkill (Plackett-Luce) ratings per player, game type and scope, and the leaderboards.

scope is a guild id, or 0 for the global board. A person is keyed (user_id, ''), an AI
level rated as a player of its own (user_id 0, level). The board sorts by the stored
ordinal (mu - 3 sigma) through the partial index ratings_board (rated_games > 0), so it
never scans the results: a page is an index range, a rank a count over part of it.

`games` and `wins` count every finished game of a person, AI opponents included;
`rated_games` only those that moved the rating. Only subjects with a rated game are on
the board. People see `display_rating(ordinal)` (storage.models).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from .backend import Backend, Conn
from .models import LeaderboardRow, display_rating

__all__ = ["GLOBAL_SCOPE", "LEADERBOARD_SQL", "RatingsMixin", "count_unrated", "display_rating",
           "rate_game", "scopes_for", "subject_of"]

log = logging.getLogger(__name__)

GLOBAL_SCOPE = 0
MODEL: Any = PlackettLuce()

# (user_id or 0, ai_level or '') -- the primary key of a rated subject within (game, scope).
Subject = tuple[int, str]


def subject_of(user_id: int | None, ai_level: str | None) -> Subject:
    """The ratings key of a seat holder."""
    return (user_id or 0, ai_level or "")


def scopes_for(guild_id: int | None) -> list[int]:
    """The scopes a game in this guild is rated in: global, and the guild's own if any."""
    return [GLOBAL_SCOPE] if guild_id is None else [GLOBAL_SCOPE, guild_id]


async def rate_game(
    conn: Conn,
    *,
    game: str,
    scope: int,
    teams: Sequence[Sequence[Subject]],
    ranks: Sequence[int],
    winners: set[Subject],
    now: float,
) -> dict[Subject, tuple[float, float]]:
    """Rate one game in one scope, inside the caller's transaction.

    teams[i] are the subjects of team i (one each in a free-for-all) and ranks[i] its
    place (1 = best, ties equal). Each subject's mu/sigma/ordinal is updated, games + 1
    and wins + 1 if in `winners`. Returns {subject: (ordinal before, ordinal after)}.
    """
    current: list[list[Any]] = []
    for team in teams:
        members = []
        for user_id, ai_level in team:
            rows = list(await conn.execute_fetchall(
                """
                SELECT mu, sigma FROM ratings
                WHERE game = ? AND scope = ? AND user_id = ? AND ai_level = ?
                """,
                (game, scope, user_id, ai_level),
            ))
            if rows:
                members.append(MODEL.rating(mu=rows[0][0], sigma=rows[0][1]))
            else:
                members.append(MODEL.rating())
        current.append(members)
    new = MODEL.rate(current, ranks=[float(r) for r in ranks])
    out: dict[Subject, tuple[float, float]] = {}
    for team, before_team, after_team in zip(teams, current, new, strict=True):
        for subject, before, after in zip(team, before_team, after_team, strict=True):
            ordinal = float(after.ordinal())
            won = 1 if subject in winners else 0
            await conn.execute(
                """
                INSERT INTO ratings (game, scope, user_id, ai_level, mu, sigma, ordinal,
                                     games, wins, rated_games, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, 1, ?)
                ON CONFLICT (game, scope, user_id, ai_level) DO UPDATE SET
                    mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
                    games = ratings.games + 1, wins = ratings.wins + excluded.wins,
                    rated_games = ratings.rated_games + 1, updated_at = excluded.updated_at
                """,
                (game, scope, subject[0], subject[1], float(after.mu), float(after.sigma),
                 ordinal, won, now),
            )
            out[subject] = (float(before.ordinal()), ordinal)
    return out


async def count_unrated(
    conn: Conn,
    *,
    game: str,
    scope: int,
    subjects: Sequence[Subject],
    winners: set[Subject],
    now: float,
) -> None:
    """Count a game that did not move these subjects' ratings (say, one against AIs).

    games + 1 (and wins + 1 for `winners`), mu/sigma unchanged; a subject without a row
    gets the model's starting rating with rated_games 0, which keeps it off the board.
    """
    start = MODEL.rating()
    for user_id, ai_level in subjects:
        await conn.execute(
            """
            INSERT INTO ratings (game, scope, user_id, ai_level, mu, sigma, ordinal,
                                 games, wins, rated_games, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, 0, ?)
            ON CONFLICT (game, scope, user_id, ai_level) DO UPDATE SET
                games = ratings.games + 1, wins = ratings.wins + excluded.wins,
                updated_at = excluded.updated_at
            """,
            (game, scope, user_id, ai_level, float(start.mu), float(start.sigma),
             float(start.ordinal()), 1 if (user_id, ai_level) in winners else 0, now),
        )


_BOARD_COLUMNS = """
    r.user_id, r.ai_level, coalesce(p.name, nullif(r.ai_level, ''), CAST(r.user_id AS TEXT)),
    r.ordinal, r.mu, r.sigma, r.games, r.wins, r.rated_games
"""
_BOARD_FROM = """
    FROM ratings r LEFT JOIN players p ON p.user_id = r.user_id AND r.ai_level = ''
"""


# One page of a board; the tests check its plan walks ratings_board (no scan, no sort).
LEADERBOARD_SQL = f"""
    SELECT {_BOARD_COLUMNS} {_BOARD_FROM}
    WHERE r.game = ? AND r.scope = ? AND r.rated_games > 0
    ORDER BY r.ordinal DESC, r.user_id, r.ai_level
    LIMIT ? OFFSET ?
"""
# How many are ahead of (ordinal, user_id, ai_level) on a board: a count over an index range.
RANK_SQL = """
    SELECT (SELECT count(*) FROM ratings INDEXED BY ratings_board
            WHERE game = :game AND scope = :scope AND rated_games > 0 AND ordinal > :ordinal)
         + (SELECT count(*) FROM ratings INDEXED BY ratings_board
            WHERE game = :game AND scope = :scope AND rated_games > 0 AND ordinal = :ordinal
              AND user_id < :user_id)
         + (SELECT count(*) FROM ratings INDEXED BY ratings_board
            WHERE game = :game AND scope = :scope AND rated_games > 0 AND ordinal = :ordinal
              AND user_id = :user_id AND ai_level < :ai_level)
"""

# PostgreSQL has no INDEXED BY; its planner picks ratings_board by itself.
RANK_SQL_PORTABLE = RANK_SQL.replace(" INDEXED BY ratings_board", "")


def _board_row(rank: int, row: Sequence[Any]) -> LeaderboardRow:
    user_id, ai_level, name, ordinal, mu, sigma, games, wins, rated = row
    return LeaderboardRow(
        rank=rank,
        user_id=user_id if not ai_level else None,
        ai_level=ai_level or None,
        name=name,
        rating=ordinal,
        mu=mu,
        sigma=sigma,
        games=games,
        wins=wins,
        rated_games=rated,
    )


class RatingsMixin:
    """Leaderboard methods of `Storage`."""

    _db: Backend

    async def leaderboard(
        self, game: str, guild_id: int | None = None, *, limit: int = 10, offset: int = 0
    ) -> list[LeaderboardRow]:
        """The best-rated players of `game` in a guild (None = global), best first.

        Only subjects with at least one rated game are listed. Ties in rating are broken
        by user id, the same order `rank_of` counts in.
        """
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = await self._db.fetch(
            LEADERBOARD_SQL, (game, scope, limit, offset)
        )
        return [_board_row(offset + i + 1, row) for i, row in enumerate(rows)]

    async def rank_of(
        self,
        user_id: int | None,
        game: str,
        guild_id: int | None = None,
        *,
        ai_level: str | None = None,
    ) -> LeaderboardRow | None:
        """The player's own leaderboard line (with rank), or None if not on that board
        (no rated game there)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        uid, level = subject_of(user_id, ai_level)
        async with self._db.read() as conn:
            rows = list(await conn.execute_fetchall(
                f"""
                SELECT {_BOARD_COLUMNS} {_BOARD_FROM}
                WHERE r.game = ? AND r.scope = ? AND r.user_id = ? AND r.ai_level = ?
                  AND r.rated_games > 0
                """,
                (game, scope, uid, level),
            ))
            if not rows:
                return None
            ordinal = rows[0][3]
            ahead = list(await conn.execute_fetchall(
                RANK_SQL if conn.dialect == "sqlite" else RANK_SQL_PORTABLE,
                {"game": game, "scope": scope, "ordinal": ordinal, "user_id": uid,
                 "ai_level": level},
            ))
        return _board_row(int(ahead[0][0]) + 1, rows[0])

    async def leaderboard_size(self, game: str, guild_id: int | None = None) -> int:
        """How many are on the board of `game` in a guild (None = global)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        rows = list(await self._db.fetch(
            "SELECT count(*) FROM ratings WHERE game = ? AND scope = ? AND rated_games > 0",
            (game, scope),
        ))
        return int(rows[0][0])
