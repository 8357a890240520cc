"""Who may act on a server's table from outside it (issue 29).

Discord delivers a click in a server only from its members, but a click in a DM (a
button of an old DM, or a crafted custom id: they are guessable) or a command given
elsewhere may name any server's table. Such an interaction acts on the table only
if the person is a member of its server now, as Discord says when asked (the bot
has no members intent, so its member cache cannot tell a member who left); the
answer is kept MEMBER_TTL seconds, so a game played from DMs asks once a minute.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import discord

from tables.errors import NoSuchTable, NotAllowed
from tables.service import TableService

MEMBER_TTL = 60.0  # seconds an answer of Discord's is kept
MAX_KEPT = 1000  # answers kept at most (the expired ones go first)


class Membership:
    """Checks that the person acting on a server's table from outside it is its member."""

    def __init__(self, bot: discord.Client, service: TableService, *,
                 clock: Callable[[], float] | None = None) -> None:
        self.bot = bot
        self.service = service
        self.clock = clock
        self._known: dict[tuple[int, int], tuple[float, bool]] = {}  # -> (until, member)

    async def check(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Raise NotAllowed ("error.not_member") if the interaction comes from outside the
        table's server and its user is not a member of it. A table of no server (a
        solitaire in DMs), or one that does not exist, is for the handler to judge."""
        held = self.service.held(table_id)
        if interaction.guild_id is not None and (
                (held is not None and held.guild_id == interaction.guild_id)
                or (held is None and interaction.type is discord.InteractionType.component)):
            return  # in the table's server (a button of the bot's there): Discord vouches
        try:
            guild_id = (await self.service.row(table_id)).guild_id
        except NoSuchTable:
            return
        if guild_id is None or guild_id == interaction.guild_id:
            return
        if not await self.is_member(guild_id, interaction.user.id):
            raise NotAllowed("error.not_member", table=table_id)

    async def check_server(self, interaction: discord.Interaction[Any],
                           guild_id: int | None) -> None:
        """Raise NotAllowed ("error.not_member_server") unless the interaction's user is a
        member of `guild_id` now: what seats or queues a person from outside the server
        (a party's Confirm, a queue entry's Renew, both in DMs) asks first, with the same
        cached answer as a table's buttons. None (no server), or from inside it: allowed."""
        if guild_id is None or guild_id == interaction.guild_id:
            return
        if not await self.is_member(guild_id, interaction.user.id):
            raise NotAllowed("error.not_member_server")

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """Whether Discord says the user is a member of the server now (kept MEMBER_TTL
        seconds). Raises discord.HTTPException when Discord cannot say."""
        # time.monotonic looked up at each call (a test's virtual clock replaces it).
        key, now = (guild_id, user_id), self.clock() if self.clock else time.monotonic()
        known = self._known.get(key)
        if known is not None and known[0] > now:
            return known[1]
        try:
            await self.bot.http.get_member(guild_id, user_id)
            member = True
        except (discord.NotFound, discord.Forbidden):  # not a member; or the bot left it
            member = False
        if len(self._known) >= MAX_KEPT:
            self._known = {k: v for k, v in self._known.items() if v[0] > now}
            if len(self._known) >= MAX_KEPT:  # all fresh: the oldest answer goes
                del self._known[next(iter(self._known))]
        self._known[key] = (now + MEMBER_TTL, member)
        return member

    async def still_member(self, guild_id: int, user_id: int) -> bool:
        """`is_member` for the queue's seating: False only when Discord says the person
        is not a member (left the server); when Discord cannot say, they are seated."""
        try:
            return await self.is_member(guild_id, user_id)
        except discord.HTTPException:
            return True

    def reachable(self, guild_id: int, user_id: int) -> bool:
        """Not known to have left the server: only a server whose member list this process
        holds whole (the members intent) can say someone left (the queue passes over
        those who did)."""
        guild = self.bot.get_guild(guild_id)
        return guild is None or not guild.chunked or guild.get_member(user_id) is not None
