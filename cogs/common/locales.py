"""Who reads in which language (issue 16).

A person reads ephemeral answers and DMs in the language they chose in
`/domino profile`, else their Discord client's (the interaction's locale; the last
one seen is stored, for DMs sent outside an interaction). A channel reads public
messages and the board in the language set in `/domino-admin settings`, else the
server's preferred locale; a table outside a server, in its host's language.
Anything without a catalog is English.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from catalog.reader import DEFAULT, language_of, read_as
from storage.errors import StorageError

if TYPE_CHECKING:
    from tables.live import LiveTable

log = logging.getLogger(__name__)


class Languages:
    """The language of each reader, from storage (cached here) and Discord's locales."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._people: dict[int, tuple[str | None, str | None]] = {}
        self._servers: dict[int, str | None] = {}
        self._writes: set[asyncio.Task[None]] = set()
        # Once everything stored is loaded, a reader missing here has no row: no query.
        self._loaded = False

    async def load(self) -> None:
        """Read every stored choice now (at start-up, and again on several processes:
        `keep_reading`)."""
        store = self._store()
        if store is None:
            return
        people, servers = await store.all_languages()
        self._people.update(people)
        self._servers.update(servers)
        self._loaded = True

    async def keep_reading(self, wait: Callable[[float], Awaitable[None]],
                           every: float) -> None:
        """Read the stored choices again every `every` seconds, for ever: on several
        processes (PostgreSQL shards) a choice made through another one is seen here
        within that time. A refused read is logged and tried at the next round."""
        while True:
            await wait(every)
            try:
                await self.load()
            except StorageError as exc:
                log.warning("languages not read again: %s", exc)

    def _store(self) -> Any:
        """The bot's Storage (None before setup_hook opened it, or after close)."""
        return getattr(self.bot, "store", None)

    async def _person(self, user_id: int) -> tuple[str | None, str | None]:
        if user_id not in self._people and self._loaded:
            return None, None
        if user_id not in self._people:
            store = self._store()
            try:
                found = await store.get_person_language(user_id) if store else (None, None)
            except StorageError as exc:  # a language is not worth failing a click for
                log.warning("language of user %d not read: %s", user_id, exc)
                return None, None
            self._people[user_id] = found
        return self._people[user_id]

    async def person(self, user_id: int, client: object = None) -> str:
        """The language `user_id` reads private messages in; `client` is the locale of
        their interaction now, if any (remembered for later DMs)."""
        chosen, seen = await self._person(user_id)
        if client is not None and str(getattr(client, "value", client)) != seen:
            self._remember(user_id, str(getattr(client, "value", client)))
            seen = str(getattr(client, "value", client))
        return language_of(chosen) or language_of(seen) or DEFAULT

    async def server(self, guild_id: int | None, host_id: int | None = None) -> str:
        """The language of public messages in `guild_id` (outside a server: the host's)."""
        if guild_id is None:
            return await self.person(host_id) if host_id is not None else DEFAULT
        if guild_id not in self._servers and not self._loaded:
            store = self._store()
            try:
                self._servers[guild_id] = (await store.get_server_language(guild_id)
                                           if store else None)
            except StorageError as exc:
                log.warning("language of server %d not read: %s", guild_id, exc)
                return DEFAULT
        guild = self.bot.get_guild(guild_id)
        preferred = guild.preferred_locale if guild is not None else None
        return language_of(self._servers.get(guild_id)) or language_of(preferred) or DEFAULT

    async def table(self, table: LiveTable) -> str:
        """The language of a table's public messages: its server's (its host's, in a DM)."""
        return await self.server(table.guild_id, table.host_id)

    async def read_interaction(self, interaction: discord.Interaction[Any]) -> str:
        """Make the acting person's language the reader's for this interaction's task."""
        return read_as(await self.person(interaction.user.id, interaction.locale))

    async def choose(self, user_id: int, language: str | None) -> None:
        """Store the person's choice (None: their client's language again)."""
        if self._store() is not None:
            await self._store().set_person_language(user_id, language)
        _, seen = self._people.get(user_id, (None, None))
        self._people[user_id] = (language, seen)

    async def choose_for_server(self, guild_id: int, language: str | None) -> None:
        """Store the server's choice (None: its preferred locale again)."""
        if self._store() is not None:
            await self._store().set_server_language(guild_id, language)
        self._servers[guild_id] = language

    def chosen(self, user_id: int) -> str | None:
        """The person's stored choice, as last read (None: their client's)."""
        return self._people.get(user_id, (None, None))[0]

    def chosen_for_server(self, guild_id: int) -> str | None:
        """The server's stored choice, as last read (None: its preferred locale)."""
        return self._servers.get(guild_id)

    def forget(self, user_id: int) -> None:
        """The person was erased (/domino forget-me): their choice is forgotten here too;
        the client locale is kept in memory only, so this very click stores nothing."""
        _, client = self._people.get(user_id, (None, None))
        self._people[user_id] = (None, client)

    def forget_server(self, guild_id: int) -> None:
        """The server was erased (/domino-admin erase-server): its language goes too."""
        self._servers[guild_id] = None

    def _remember(self, user_id: int, client: str) -> None:
        chosen, _ = self._people.get(user_id, (None, None))
        self._people[user_id] = (chosen, client)
        if self._store() is None:
            return
        task = asyncio.ensure_future(self._store_client(user_id, client))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _store_client(self, user_id: int, client: str) -> None:
        store = self._store()
        try:
            if store is not None:
                await store.set_client_locale(user_id, client)
        except StorageError as exc:
            log.warning("client locale of user %d not stored: %s", user_id, exc)

    async def close(self) -> None:
        """Wait for the client locales still being stored."""
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)


def languages_of(bot: Any) -> Languages:
    """The bot's Languages (made at the first call for a client that has none yet)."""
    found = getattr(bot, "languages", None)
    if not isinstance(found, Languages):
        found = Languages(bot)
        bot.languages = found
    return found
