"""The queue's public "forming" posts (issue 51): in a server's queue channel, one message
per game being waited for, saying who waits (names, seats wanted, how long) with a Join
button that queues the clicker with the same wish as the first in line; edited as the
queue changes, and "table #N opened" once a table fills (the post's work is done: the
next wait for that game gets a new post, at the bottom of the channel where people look).
A server's admins turn the posts off in `/domino-admin settings` (`forming_posts`).

The queue tells every change (`PickupQueue.changes`) under no lock of a table; the posts
are edited in the background, one refresh at a time per server, so a join's answer never
waits for Discord.

Custom id: dom:forming:<server>:<game>.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import ack, answer, guard, person
from cogs.common.background import Background
from cogs.common.components import duration, layout, rows, table_link
from cogs.common.escape import shown
from cogs.common.items import ReaderItem, button, part
from cogs.common.locales import languages_of
from cogs.common.membership import Membership
from cogs.pickup.queue_commands import wait_text, waited
from storage.models import QueueEntry
from tables.errors import TableError
from tables.live import LiveTable
from tables.queue import PickupQueue

log = logging.getLogger(__name__)

MOST_NAMES = 15  # people listed by name on a post (the count says the rest)
ACCENT = 0x2E7D32


def forming_texts(game: str, waiting: Sequence[QueueEntry], now: float) -> list[str]:
    """A post's lines in the reader's language: the game, each person waiting, the wish a
    Join takes (the first in line's)."""
    first = waiting[0]
    lines = [t("forming.title", game=t(f"game.{game}"), count=len(waiting))]
    lines += [t("forming.line", name=shown(e.name), seats=" / ".join(map(str, e.seats)),
                wait=waited(now - e.created_at)) for e in waiting[:MOST_NAMES]]
    if len(waiting) > MOST_NAMES:
        lines.append(t("forming.more", count=len(waiting) - MOST_NAMES))
    lines.append(t("forming.how", seats=" / ".join(map(str, first.seats)),
                   turn=duration(first.longest_turn)))
    return lines


class FormingJoin(ReaderItem[ui.Button[Any]],
                  template=r"dom:forming:(?P<guild>\d+):(?P<game>[a-z_]+)"):
    """Join on a forming post: wait for that game with the first in line's wish."""

    def __init__(self, guild_id: int, game: str, *, label: str | None = None) -> None:
        self.guild_id, self.game = guild_id, game
        super().__init__(button(f"dom:forming:{guild_id}:{game}", label or "Join",
                                discord.ButtonStyle.success, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> FormingJoin:
        return cls(int(match["guild"]), match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, FormingPosts).join_click(interaction, self.guild_id, self.game)


class FormingPosts:
    """Posts and edits each server's forming posts; the Join button's handler."""

    def __init__(self, bot: discord.Client, pickup: PickupQueue,
                 background: Background) -> None:
        self.bot, self.pickup, self.background = bot, pickup, background
        self._opened: dict[tuple[int, str], LiveTable] = {}  # the table a wait ended in
        self._again: set[int] = set()  # servers changed again while being refreshed
        self._refreshing: dict[int, asyncio.Task[None]] = {}
        pickup.changes.append(self.on_change)

    async def on_change(self, guild_id: int, opened: Sequence[LiveTable]) -> None:
        """The server's queue changed: its posts are brought up to date, in the
        background (one refresh at a time; a change during one makes one more)."""
        for table in opened:
            self._opened[(guild_id, table.game_kind)] = table
        if guild_id in self._refreshing:
            self._again.add(guild_id)
            return
        self._refreshing[guild_id] = self.background.spawn(
            self._refresh_until_still(guild_id), name=f"forming posts of {guild_id}")

    async def _refresh_until_still(self, guild_id: int) -> None:
        try:
            while True:
                self._again.discard(guild_id)
                try:
                    await self.refresh(guild_id)
                except (discord.HTTPException, OSError) as exc:
                    log.warning("forming posts of %d not brought up to date: %s", guild_id, exc)
                if guild_id not in self._again:
                    return
        finally:
            self._refreshing.pop(guild_id, None)

    async def refresh(self, guild_id: int) -> None:
        """Post, edit or close each of the server's forming posts to match its queue now.
        Raises discord.HTTPException when Discord refuses a post."""
        store = self.pickup.store
        posts = await store.forming_posts(guild_id)
        on = await store.forming_on(guild_id)
        channel_id = (await store.get_guild_settings(guild_id)).pickup_channel_id
        by_game: dict[str, list[QueueEntry]] = {}
        if on and channel_id is not None:
            for entry in await self.pickup.waiting(guild_id):
                by_game.setdefault(entry.game, []).append(entry)
        language = await languages_of(self.bot).server(guild_id)
        now = self.pickup.clock()
        shown_games = set(by_game) | set(posts)
        for game in sorted(shown_games):
            with reading(language):
                if game in by_game:
                    texts = forming_texts(game, by_game[game], now)
                    join = FormingJoin(guild_id, game, label=t("forming.join"))
                    shown_layout = layout(texts, None, rows([join], 1), ACCENT)
                else:
                    shown_layout = layout([self._ended(guild_id, game)], None, [], ACCENT)
            where = posts.get(game)
            if game in by_game and channel_id is not None and (
                    where is None or where[0] != channel_id):
                channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
                message = await channel.send(view=shown_layout,
                                             allowed_mentions=discord.AllowedMentions.none())
                await store.set_forming_post(guild_id, game, channel_id, message.id)
            elif where is not None:
                channel = self.bot.get_partial_messageable(where[0], guild_id=guild_id)
                try:
                    await channel.get_partial_message(where[1]).edit(view=shown_layout)
                except discord.NotFound:  # deleted by someone: the next wait posts anew
                    await store.drop_forming_post(guild_id, game)
                    continue
                if game not in by_game:
                    await store.drop_forming_post(guild_id, game)
        for key in [k for k in self._opened if k[0] == guild_id and k[1] not in shown_games]:
            del self._opened[key]  # a wait that had no post to close: nothing to tell

    def _ended(self, guild_id: int, game: str) -> str:
        """A closed post's one line: the table its wait ended in, or that nobody waits."""
        table = self._opened.pop((guild_id, game), None)
        if table is not None:
            return t("forming.opened", game=t(f"game.{game}"), table=table.id,
                     link=table_link(table))
        return t("forming.ended", game=t(f"game.{game}"))

    async def is_on(self, guild_id: int) -> bool:
        """Whether the server shows forming posts."""
        return await self.pickup.store.forming_on(guild_id)

    async def switch(self, guild_id: int, on: bool) -> None:
        """Turn the server's posts on or off (its admins' setting); off closes those up."""
        await self.pickup.store.set_forming_on(guild_id, on)
        await self.on_change(guild_id, ())

    async def join_click(self, interaction: discord.Interaction[Any], guild_id: int,
                         game: str) -> None:
        """Queue the clicker for `game` with the wish of the first in line, privately
        answered as `/domino queue join` is. Refused (privately) to one outside the
        server, one waiting for it already, and when nobody waits any more."""
        async with guard(interaction, None):
            await part(interaction, Membership).check_server(interaction, guild_id)
            await ack(interaction, ephemeral=True)
            waiting = [e for e in await self.pickup.waiting(guild_id) if e.game == game]
            if not waiting:
                raise TableError("error.forming.gone", game=t(f"game.{game}"))
            if any(e.user_id == interaction.user.id for e in waiting):
                raise TableError("error.forming.already", game=t(f"game.{game}"))
            first = waiting[0]
            me = person(interaction.user)
            entry, opened = await self.pickup.join(
                guild_id, interaction.channel_id, me, game, seats=first.seats,
                longest_turn=first.longest_turn, rated=first.rated, variant=first.variant)
            await answer(interaction, wait_text(opened, me.user_id, entry, "queue.joined"),
                         ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


FORMING_ITEMS = (FormingJoin,)
