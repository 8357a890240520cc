"""The language each person and each server chose, and a person's last client locale.

Codes are whatever the caller stores ("ru", "uk", "es", "pt", "en"); None means "as Discord
says": the person's client locale, the server's preferred locale.
"""

from __future__ import annotations

import logging

from .backend import Backend

log = logging.getLogger(__name__)


class LanguagesMixin:
    """Language methods of `Storage`."""

    _db: Backend

    async def get_person_language(self, user_id: int) -> tuple[str | None, str | None]:
        """(chosen language, last client locale) of the person; (None, None) if unknown."""
        rows = list(await self._db.fetch(
            "SELECT language, client FROM person_languages WHERE user_id = ?", (user_id,)))
        if not rows:
            return None, None
        language, client = rows[0]
        return language, client

    async def set_person_language(self, user_id: int, language: str | None) -> None:
        """Store the person's chosen language (None: follow their client again)."""
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO person_languages (user_id, language) VALUES (?, ?)
                ON CONFLICT (user_id) DO UPDATE SET language = excluded.language
                """,
                (user_id, language),
            )

    async def set_client_locale(self, user_id: int, client: str) -> None:
        """Store the locale the person's client last said (for DMs sent later)."""
        async with self._db.write() as conn:
            await conn.execute(
                """
                INSERT INTO person_languages (user_id, client) VALUES (?, ?)
                ON CONFLICT (user_id) DO UPDATE SET client = excluded.client
                """,
                (user_id, client),
            )

    async def get_server_language(self, guild_id: int) -> str | None:
        """The language the server chose in /domino-admin settings, or None."""
        rows = list(await self._db.fetch(
            "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,)))
        return str(rows[0][0]) if rows else None

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """Store the server's language (None: its preferred locale again)."""
        async with self._db.write() as conn:
            if language is None:
                await conn.execute("DELETE FROM server_languages WHERE guild_id = ?",
                                   (guild_id,))
                return
            await conn.execute(
                """
                INSERT INTO server_languages (guild_id, language) VALUES (?, ?)
                ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language
                """,
                (guild_id, language),
            )

    async def all_languages(self) -> tuple[dict[int, tuple[str | None, str | None]],
                                           dict[int, str]]:
        """Every stored person's (chosen, client) and every server's language: read once
        at start-up, so that no message waits on storage for its reader's language."""
        people = {int(uid): (language, client) for uid, language, client in await self._db.fetch(
            "SELECT user_id, language, client FROM person_languages", ())}
        servers = {int(gid): str(language) for gid, language in await self._db.fetch(
            "SELECT guild_id, language FROM server_languages", ())}
        return people, servers
