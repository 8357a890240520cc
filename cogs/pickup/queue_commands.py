"""The pickup queue on Discord (issue 24): `/domino queue join|leave|list`, party
invitations with a Confirm button, the Renew button of an expired entry, and telling
each person seated (a DM, or a mention in the table's channel when they chose no DMs
or cannot get one).

Discord runs no command group by itself, so "who waits" is `/domino queue list`
(`test_reading_who_waits_is_the_queue_list_command`).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, ack, answer, guard, person
from cogs.common.components import duration, table_link, when
from cogs.common.escape import shown
from cogs.common.game_words import TABLE_GAMES
from cogs.common.items import ReaderItem, part
from cogs.common.membership import Membership
from cogs.table.message_updates import TableMessages
from storage.models import Party, QueueEntry
from tables.errors import TableError
from tables.live import LiveTable, Person
from tables.matching import PAIRS
from tables.people import People
from tables.queue import PARTY_MOST, PickupQueue, QueueNotice
from tables.service import TableService

log = logging.getLogger(__name__)

_MENTION = re.compile(r"<@!?(\d{5,20})>")
GAME_CHOICES = TABLE_GAMES  # every game played at a table


def parse_seats(text: str) -> list[int]:
    """'3 4', '3,4' or '3-4' -> [3, 4]. Raises TableError for anything else."""
    words = re.split(r"[\s,;/]+|(?<=\d)-(?=\d)", text.strip())
    if not words or not all(w.isascii() and w.isdigit() and len(w) <= 2 for w in words):
        raise TableError("error.queue.seats", text=f"`{text[:20]}`")
    if "-" in text and len(words) == 2:
        low, high = sorted(int(w) for w in words)
        return list(range(low, high + 1))
    return [int(w) for w in words]


def seated_at(opened: list[LiveTable], user_id: int) -> LiveTable | None:
    """The table of `opened` (those a join or renew opened) that seats the person, if any."""
    return next((table for table in opened if table.seat_of(user_id) is not None), None)


def opened_values(table: LiveTable) -> dict[str, Any]:
    """The values of a text saying the person's table opened (queue.opened and its kin)."""
    return {"table": table.id, "game": t(f"game.{table.game_kind}"), "link": table_link(table)}


def waited(seconds: float) -> str:
    """How long someone has waited, to the minute under an hour, else to the hour."""
    whole = max(60, int(seconds) // 60 * 60)
    return duration(whole if whole < 3600 else whole // 3600 * 3600)


def wait_text(opened: list[LiveTable], user_id: int, entry: QueueEntry, key: str) -> str:
    """What queueing the person (a join, a forming post's Join, a widened wish) answers:
    the table it opened for them, or their wait (`key`: queue.joined or queue.updated)."""
    mine = seated_at(opened, user_id)
    if mine is not None:  # it completed a table: it is open already
        return t("queue.opened", **opened_values(mine))
    return t(key, game=t(f"game.{entry.game}"), seats=" / ".join(map(str, entry.seats)),
             turn=duration(entry.longest_turn))


class QueueCommands(LastResort, commands.Cog):
    """`/domino queue`: join, leave, and who waits."""

    group = app_commands.Group(name="queue", description="The pickup queue")

    def __init__(self, bot: discord.Client, pickup: PickupQueue, people: People,
                 service: TableService, updates: TableMessages) -> None:
        self.bot = bot
        self.pickup = pickup
        self.people = people
        self.service = service
        self.updates = updates
        pickup.listeners.append(self.on_notice)
        super().__init__()


    @group.command(name="join", description="Wait for a game; I seat you once enough people "
                                            "want it")
    @app_commands.describe(
        game="The game",
        seats="Seat counts you accept, e.g. 4 or 3 4",
        turn_hours="Longest turn you accept, in hours",
        rated="A rated game or a friendly one",
        ai_after_hours="Hours after which AI may fill your table",
        hours="Hours your entry waits (24 if not given)",
        keep_others="Stay in your other queues once seated",
        friends="Up to two friends to sit with, e.g. @bob @cy",
        pairs="Carousel in two pairs",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def join(  # noqa: PLR0917 - one parameter per slash option
        self, interaction: discord.Interaction[Any], game: str, seats: str = "4",
        turn_hours: app_commands.Range[int, 1, 168] = 24, rated: bool = True,
        ai_after_hours: app_commands.Range[int, 0, 168] | None = None,
        hours: app_commands.Range[int, 1, 168] = 24, keep_others: bool = False,
        friends: str | None = None, pairs: bool = False,
    ) -> None:
        """Queue the caller (their entry updated if they are queued for it already)."""
        async with guard(interaction, None):
            guild = interaction.guild
            if guild is None or interaction.channel_id is None:
                raise TableError("error.not_in_play")
            counts = parse_seats(seats)
            # Each person once, and no more than a party holds, before any member is
            # looked up (60 mentions of one person are one friend, one look-up).
            invited = list(dict.fromkeys(int(m) for m in _MENTION.findall(friends or "")))
            if len(invited) + 1 > PARTY_MOST:
                raise TableError("error.queue.party_size", most=PARTY_MOST)
            await ack(interaction, ephemeral=True)
            members = [await self._member(guild, user) for user in invited]
            robot = next((m for m in members if m.bot), None)
            if robot is not None:  # a bot never confirms: the party could never sit
                raise TableError("error.queue.party_bot", name=shown(robot.display_name))
            me = person(interaction.user)
            variant = PAIRS if pairs else ""
            before = await self.pickup.entry_of(guild.id, me.user_id, game, variant)
            party_id = None
            if invited:
                party = await self.pickup.invite(
                    guild.id, me, [Person(m.id, m.display_name) for m in members])
                party_id = party.id
            wish: dict[str, Any] = dict(
                seats=counts, longest_turn=turn_hours * 3600, rated=rated,
                ai_wait=None if ai_after_hours is None else ai_after_hours * 3600,
                hours=hours, variant=variant, drop_others=not keep_others)
            try:
                entry, opened = await self.pickup.join(
                    guild.id, interaction.channel_id, me, game, party_id=party_id, **wish)
            except TableError:
                if party_id is not None:
                    await self.pickup.drop_invite(party_id, before)
                raise
            text = wait_text(opened, me.user_id, entry,
                             "queue.joined" if before is None else "queue.updated")
            if party_id is not None:
                text += "\n" + await self._invite(party_id, me, entry.game, members, before)
            await answer(interaction, text, ephemeral=True,
                         allowed_mentions=discord.AllowedMentions.none())

    async def _member(self, guild: discord.Guild, user_id: int) -> discord.Member:
        """A member of the server, or TableError when they are not in it."""
        try:
            return guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.HTTPException:
            raise TableError("error.queue.unreachable", name=f"<@{user_id}>") from None

    async def _invite(self, party_id: int, host: Person, game: str,
                      members: list[discord.Member], before: QueueEntry | None) -> str:
        """DM each friend the invitation; one who cannot get it ends the party, and the
        host's entry is as it was `before` they invited (TableError)."""
        view = ui.View(timeout=None)
        view.add_item(ConfirmParty(party_id))
        for member in members:
            try:
                await member.send(t("queue.party_invite", host=shown(host.name),
                                    game=t(f"game.{game}")), view=view)
            except discord.HTTPException:
                await self.pickup.drop_invite(party_id, before)
                raise TableError("error.queue.unreachable", name=shown(member.display_name)
                                 ) from None
        return t("queue.party_sent", names=", ".join(shown(m.display_name) for m in members))

    @group.command(name="leave", description="Stop waiting in the queue")
    @app_commands.describe(game="Only this game's queue")
    @app_commands.choices(game=GAME_CHOICES)
    async def leave(self, interaction: discord.Interaction[Any],
                    game: str | None = None) -> None:
        async with guard(interaction, None):
            if interaction.guild_id is None:
                raise TableError("error.queue.not_in")
            await self.pickup.leave(interaction.guild_id, interaction.user.id, game)
            await answer(interaction, t("queue.left"), ephemeral=True)

    @group.command(name="list", description="Who waits here, and for how long")
    async def list_queue(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            entries = (await self.pickup.waiting(interaction.guild_id)
                       if interaction.guild_id is not None else [])
            now = self.pickup.clock()
            lines = [t("queue.title")]
            for entry in entries[:25]:
                lines.append(t("queue.line", name=shown(entry.name),
                               game=t(f"game.{entry.game}"),
                               seats=" / ".join(map(str, entry.seats)),
                               wait=waited(now - entry.created_at)))
            if len(lines) == 1:
                lines.append(t("queue.none"))
            await answer(interaction, "\n".join(lines), ephemeral=True,
                         allowed_mentions=discord.AllowedMentions.none())

    # -- telling ---------------------------------------------------------------------------
    async def on_notice(self, notice: QueueNotice) -> None:
        """A seated person is told once: by DM unless they chose none (or DMs fail), else
        by a mention in the table's channel. An expiry, and a party that ended, are told
        only privately."""
        player = await self.people.profile(notice.user_id)
        wants_dm = player.dm_mode != "none" and not player.dms_failed
        if notice.kind == "expired":
            view = ui.View(timeout=None)
            view.add_item(RenewEntry(notice.entry.id))
            await self._dm(notice.user_id, t("queue.expired", game=t(f"game.{notice.entry.game}")),
                           view)
            return
        if notice.kind == "party_ended":
            by = f"<@{notice.by}>" if notice.by is not None else "-"
            await self._dm(notice.user_id, t("queue.party_ended", name=by,
                                             game=t(f"game.{notice.entry.game}")), None)
            return
        table = notice.table
        if table is None:
            return
        if table.message_id is None:  # the first of its people told: the table is posted
            try:
                await self._in_thread(table)
                await self.updates.post_new(table)
            except discord.HTTPException as exc:
                log.warning("table %d: its message was not posted: %s", table.id, exc)
        names = ", ".join(shown(s.name) for s in table.seats if s.user_id != notice.user_id)
        text = t("queue.seated", table=table.id, game=t(f"game.{table.game_kind}"),
                 names=names, link=table_link(table))
        if wants_dm and await self._dm(notice.user_id, text, None):
            return
        channel = self.bot.get_channel(table.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(f"<@{notice.user_id}> {text}",
                               allowed_mentions=discord.AllowedMentions(users=[
                                   discord.Object(notice.user_id)]))

    async def _in_thread(self, table: LiveTable) -> None:
        """A server that chose threads: the table moves to a thread of its own, with its
        people added (where Discord refuses one, the table stays in the channel)."""
        channel = self.bot.get_channel(table.channel_id)
        if not table.settings.thread or not isinstance(channel, discord.TextChannel):
            return
        name = t("table.thread_name", game=t(f"game.{table.game_kind}"), table=table.id)
        try:
            thread = await channel.create_thread(name=name[:100],
                                                 type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning("table %d: no thread: %s", table.id, exc)
            return
        await self.service.move_to(table.id, thread.id)
        for seat in table.seats:
            if seat.user_id is not None:
                try:
                    await thread.add_user(discord.Object(seat.user_id))
                except discord.HTTPException as exc:
                    log.info("table %d: %d not added to its thread: %s", table.id,
                             seat.user_id, exc)

    async def _dm(self, user_id: int, text: str, view: ui.View | None) -> bool:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            if view is None:
                await user.send(text)
            else:
                await user.send(text, view=view)
        except discord.HTTPException as exc:
            log.info("queue notice to %d not sent: %s", user_id, exc)
            return False
        return True


class ConfirmParty(ReaderItem[ui.Button[Any]], template=r"dom:party:(?P<party>\d+)"):
    """A friend's Confirm of a party invitation: they queue with the host's wish."""

    def __init__(self, party: int) -> None:
        super().__init__(ui.Button(label=t("queue.party_confirm"),
                                   style=discord.ButtonStyle.success,
                                   custom_id=f"dom:party:{party}"))
        self.party = party

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> ConfirmParty:
        return cls(int(match["party"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            pickup = part(interaction, PickupQueue)
            # One who left the server is not queued there (refused before anything changes).
            invited = await pickup.store.get_party(self.party)
            await part(interaction, Membership).check_server(
                interaction, invited.guild_id if invited is not None else None)
            lead, _entry, opened = await pickup.join_party(
                self.party, await server_person(interaction, invited))
            mine = seated_at(opened, interaction.user.id)
            text = (t("queue.party_confirmed", host=shown(lead.name)) if mine is None else
                    t("queue.party_opened", host=shown(lead.name), **opened_values(mine)))
            await answer(interaction, text, ephemeral=True)


async def server_person(interaction: discord.Interaction[Any], party: Party | None) -> Person:
    """The clicker as the party's server shows them (their nickname there: a Confirm is
    clicked in a DM, where Discord gives no member); as Discord shows them elsewhere when
    the server cannot say."""
    guild = interaction.client.get_guild(party.guild_id) if party is not None else None
    if guild is not None:
        try:
            member = (guild.get_member(interaction.user.id)
                      or await guild.fetch_member(interaction.user.id))
        except discord.HTTPException:
            pass
        else:
            return person(member)
    return person(interaction.user)


class RenewEntry(ReaderItem[ui.Button[Any]], template=r"dom:renew:(?P<entry>\d+)"):
    """The Renew button of an expired queue entry: another day of waiting."""

    def __init__(self, entry: int) -> None:
        super().__init__(ui.Button(label=t("queue.renew"), style=discord.ButtonStyle.primary,
                                   custom_id=f"dom:renew:{entry}"))
        self.entry = entry

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> RenewEntry:
        return cls(int(match["entry"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            pickup = part(interaction, PickupQueue)
            waiting = await pickup.store.queue_entry(self.entry)
            await part(interaction, Membership).check_server(
                interaction, waiting.guild_id if waiting is not None else None)
            entry, opened = await pickup.renew(self.entry, interaction.user.id)
            mine = seated_at(opened, interaction.user.id)
            text = (t("queue.renewed", game=t(f"game.{entry.game}"),
                      when=when(entry.expires_at, "F")) if mine is None else
                    t("queue.renew_opened", **opened_values(mine)))
            await answer(interaction, text, ephemeral=True)


QUEUE_ITEMS = (ConfirmParty, RenewEntry)
