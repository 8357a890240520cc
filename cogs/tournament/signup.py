"""A tournament's public sign-up message (issue 49): what it is, when it starts, who has
entered, and its persistent Join / Leave (/ Check in) buttons; edited on every change.

Custom ids: dom:tour:<join|leave|checkin>:<tournament>.
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import ui

from catalog import t
from catalog.reader import reading
from cogs.common.answering import ack, guard, person
from cogs.common.components import duration, layout, rows, when
from cogs.common.escape import shown
from cogs.common.game_words import value_words
from cogs.common.items import ReaderItem, button, part
from cogs.common.locales import languages_of
from cogs.common.membership import Membership
from engine.registry import GAMES
from storage.tournaments import TournamentRow
from tables.table_settings import TableSettings
from tables.tournament.service import LATE_ENTRY, Tournaments
from tables.tournament.view import TournamentView

log = logging.getLogger(__name__)

MAX_NAMES = 60  # entrants listed by name on the message (the count says the rest)
ACCENT = 0xC9A227


class TournamentButton(ReaderItem[ui.Button[Any]],
                       template=r"dom:tour:(?P<action>join|leave|checkin):(?P<tournament>\d+)"):
    """Join, Leave or Check in on a tournament's sign-up message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
        "checkin": discord.ButtonStyle.primary}

    def __init__(self, action: str, tournament: int, *, label: str | None = None) -> None:
        self.action, self.tournament = action, tournament
        super().__init__(button(f"dom:tour:{action}:{tournament}", label or action,
                                self.STYLES[action], False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> TournamentButton:
        return cls(match["action"], int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Enter, leave or check in; the answer is private, the message is edited by the
        `signup_changed` notice that follows."""
        async with guard(interaction, None):
            await ack(interaction, ephemeral=True)
            tournaments = part(interaction, Tournaments)
            tid = self.tournament
            if self.action != "leave":  # entering from outside the server (a DM, an id
                # guessed) takes a member of it, as every path that seats a person does
                guild_id = (await tournaments.get(tid)).guild_id
                await part(interaction, Membership).check_server(interaction, guild_id)
            if self.action == "join":
                await tournaments.join(tid, person(interaction.user))
                text = t("tournament.joined", id=tid)
            elif self.action == "leave":
                await tournaments.leave(tid, interaction.user.id)
                text = t("tournament.left", id=tid)
            else:
                await tournaments.check_in(tid, interaction.user.id)
                text = t("tournament.checked_in", id=tid)
            await interaction.followup.send(text, ephemeral=True)


def name_of(row: TournamentRow) -> str:
    """The tournament's title, or its game's name."""
    return shown(row.title) if row.title else t(f"game.{row.game}")


def options_line(row: TournamentRow) -> str:
    """The tournament's table options in words: those the host set (each as a lobby shows
    it), or that the game's standard ones are played."""
    spec = GAMES.get(row.game)
    chosen = [t("option.line", name=t(f"{info.key}.name"),
                value=value_words(info, row.options[info.name]))
              for info in (spec.options if spec is not None else ())
              if info.name in row.options and row.options[info.name] != info.default]
    if not chosen:
        return t("tournament.options_standard")
    return t("tournament.options", options=", ".join(chosen))


def signup_texts(view: TournamentView) -> list[str]:
    """The sign-up message's lines in the reader's language."""
    row = view.tournament
    lines = [t("tournament.title", name=name_of(row), id=row.id),
             t("tournament.about", game=t(f"game.{row.game}"),
               format=t(f"tournament.format.{row.format}"), rounds=view.rounds_total,
               length=duration(row.round_seconds), seats=row.seats),
             options_line(row)]
    if row.status == "signup":
        lines.append(t("tournament.starts", full=when(row.starts_at, "F"),
                       relative=when(row.starts_at, "R")))
        if row.check_in:
            lines.append(t("tournament.check_in_needed"))
    else:
        lines.append(t(f"tournament.status.{row.status}"))
    quiet = TableSettings.from_json(row.table_settings).quiet_clock
    lines.append(t("tournament.quiet_clock_on" if quiet else "tournament.quiet_clock_off"))
    entrants = [e for e in view.entrants if e.active or row.status == "signup"]
    if entrants:
        names = [shown(e.name) + (f" {t('tournament.checked_mark')}"
                                  if row.check_in and e.checked_in else "")
                 for e in entrants[:MAX_NAMES]]
        more = "…" if len(entrants) > MAX_NAMES else ""
        lines.append(t("tournament.entrants", count=len(entrants), names=", ".join(names)
                       + more))
    else:
        lines.append(t("tournament.entrants_none"))
    return lines


def signup_layout(view: TournamentView) -> ui.LayoutView:
    """The whole sign-up message: its texts, and its buttons while entry is open (Join
    alone while late entry is: until round 2 is paired)."""
    row = view.tournament
    actions: list[str] = []
    if row.status == "signup":
        actions = ["join", "leave"] + (["checkin"] if row.check_in else [])
    elif row.status in LATE_ENTRY and row.current_round <= 1:  # late entry (the service's)
        actions = ["join"]
    buttons: list[ui.Item[Any]] = [TournamentButton(a, row.id, label=t(f"tournament.{a}"))
                                   for a in actions]
    return layout(signup_texts(view), None, rows(buttons, 1), ACCENT)


class SignupMessages:
    """Posts and edits the sign-up messages, in each server's public language."""

    def __init__(self, bot: discord.Client, tournaments: Tournaments) -> None:
        self.bot = bot
        self.tournaments = tournaments

    async def _layout(self, tournament_id: int) -> tuple[TournamentRow, ui.LayoutView]:
        view = await self.tournaments.view(tournament_id)
        row = view.tournament
        language = await languages_of(self.bot).server(row.guild_id, row.host_id)
        with reading(language):
            return row, signup_layout(view)

    async def post(self, tournament_id: int) -> discord.Message:
        """Post the sign-up message in the tournament's channel and remember it. Raises
        discord.HTTPException when Discord refuses."""
        row, shown_layout = await self._layout(tournament_id)
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        message = await channel.send(view=shown_layout,
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.tournaments.set_messages(row.id, signup=message.id)
        return message

    async def refresh(self, tournament_id: int) -> None:
        """Edit the sign-up message to show the tournament as it is now (a refusal by
        Discord is logged)."""
        row, shown_layout = await self._layout(tournament_id)
        if row.signup_message_id is None:
            return
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            await channel.get_partial_message(row.signup_message_id).edit(view=shown_layout)
        except discord.HTTPException as exc:
            log.info("tournament %d: sign-up message not edited: %s", row.id, exc)


SIGNUP_ITEMS = (TournamentButton,)
