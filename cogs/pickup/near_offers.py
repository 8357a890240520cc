"""The queue's near-match offers on Discord (issue 51): the person whom another seat count
would seat now gets one DM asking whether it would do (tables/near_match.py), with Yes
and No buttons; Yes widens their entry and seats them if the table is still there to
make, No keeps it as it is. Either way they are not asked again for that entry.

Custom id: dom:near:<entry>:<seats>:<yes|no>.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import ack, answer, guard
from cogs.common.items import ReaderItem, button, part
from cogs.common.locales import languages_of
from cogs.pickup.queue_commands import wait_text
from tables.queue import PickupQueue, QueueNotice

log = logging.getLogger(__name__)


class NearMatchButton(ReaderItem[ui.Button[Any]],
                      template=r"dom:near:(?P<entry>\d+):(?P<seats>\d+):(?P<answer>yes|no)"):
    """Yes or No to "would this seat count do?"."""

    def __init__(self, entry: int, seats: int, answer: str, *,
                 label: str | None = None) -> None:
        self.entry, self.seats, self.answer = entry, seats, answer
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(button(f"dom:near:{entry}:{seats}:{answer}", label or answer, style,
                                False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> NearMatchButton:
        return cls(int(match["entry"]), int(match["seats"]), match["answer"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, NearOffers).answer_click(interaction, self)


class NearOffers:
    """Sends the offers (a queue listener) and takes their answers."""

    def __init__(self, bot: discord.Client, pickup: PickupQueue) -> None:
        self.bot, self.pickup = bot, pickup
        pickup.listeners.append(self.on_notice)

    async def on_notice(self, notice: QueueNotice) -> None:
        """A `near` notice: the person is asked by DM (nothing when DMs fail: the offer
        was a nicety; their entry waits as it was)."""
        if notice.kind != "near" or notice.seats is None:
            return
        entry, seats = notice.entry, notice.seats
        with reading(await languages_of(self.bot).person(notice.user_id)):
            text = t("near.ask", game=t(f"game.{entry.game}"), asked=" / ".join(
                map(str, entry.seats)), seats=seats)
            view = ui.View(timeout=None)
            view.add_item(NearMatchButton(entry.id, seats, "yes",
                                          label=t("near.yes", seats=seats)))
            view.add_item(NearMatchButton(entry.id, seats, "no", label=t("near.no")))
        try:
            user = self.bot.get_user(notice.user_id) or await self.bot.fetch_user(notice.user_id)
            await user.send(text, view=view)
        except discord.HTTPException as exc:
            log.info("near-match offer to %d not sent: %s", notice.user_id, exc)

    async def answer_click(self, interaction: discord.Interaction[Any],
                           clicked: NearMatchButton) -> None:
        """Yes: the entry takes the count and a pass runs (the answer says whether a table
        opened); No: nothing changes. The buttons go either way."""
        async with guard(interaction, None):
            await ack(interaction, ephemeral=True)
            if interaction.message is not None:
                try:
                    await interaction.message.edit(view=None)
                except discord.HTTPException as exc:
                    log.info("near-match offer's buttons not taken away: %s", exc)
            if clicked.answer == "no":
                await answer(interaction, t("near.kept"), ephemeral=True)
                return
            entry, opened = await self.pickup.widen(clicked.entry, interaction.user.id,
                                                    clicked.seats)
            await answer(interaction, wait_text(opened, interaction.user.id, entry,
                                                "queue.updated"),
                         ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


NEAR_ITEMS = (NearMatchButton,)
