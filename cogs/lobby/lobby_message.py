"""The lobby's public message and its buttons (Join, Leave, Add AI, Start, Cancel, and
at a table in pairs Partner with …).

Every refusal is private: a click is first acknowledged privately ("thinking…", only
the clicker sees it), so a refusal replaces that. Opening a table (`/domino new`, a
rematch, invitations, the lobby role's mention) is cogs/lobby/open_table.py's.

Custom ids (at most 100 characters):
    dom:lobby:<action>:<table>        join, leave, ai (a normal AI: older lobbies), start, cancel
    dom:addai:<table>                 the lobby's select: an AI of the chosen level
    dom:partner:<table>               a table in pairs: sit opposite the person chosen
(Rematch is a button of the finished table message: cogs/table/table_buttons.py.)
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar

import discord
from discord import ui

from catalog import t
from cogs.common.answering import ack, guard, is_manager, person
from cogs.common.components import duration, layout, rows, seat_label, when
from cogs.common.game_words import options_lines, strength_words
from cogs.common.items import Item, button, part
from cogs.pickup.schedule_notices import rsvp_buttons
from engine.ai import LEVELS
from tables.live import LiveTable
from tables.partners import lobby_seat, lobby_seating, plays_in_pairs
from tables.service import TableService

log = logging.getLogger(__name__)


class LobbyButton(Item[ui.Button[Any]],
                  template=r"dom:lobby:(?P<action>join|leave|ai|start|cancel):(?P<table>\d+)"):
    """A lobby button: join, leave, add an AI, start, cancel."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger}

    def __init__(self, action: str, table: int, *, label: str | None = None,
                 disabled: bool = False) -> None:
        self.action, self.table = action, table
        style = self.STYLES.get(action, discord.ButtonStyle.secondary)
        super().__init__(button(f"dom:lobby:{action}:{table}", label or action, style, disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, LobbyClicks).click(interaction, self.action, self.table)


class AiSelect(Item[ui.Select[Any]], template=r"dom:addai:(?P<table>\d+)"):
    """The lobby's "Add AI" menu: the host seats an AI of the level chosen (its value)."""

    def __init__(self, table: int, *, placeholder: str = "Add AI",
                 options: list[discord.SelectOption] | None = None,
                 disabled: bool = False) -> None:
        self.table = table
        # A click carries only the chosen value; the options are needed to send the menu.
        choices = options or [discord.SelectOption(label="normal", value="normal")]
        super().__init__(ui.Select(custom_id=f"dom:addai:{table}", placeholder=placeholder[:150],
                                   options=choices, min_values=1, max_values=1,
                                   disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> AiSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        level = self.item.values[0] if self.item.values else "normal"
        await part(interaction, LobbyClicks).add_ai_click(interaction, self.table, level)


def _start_line(table: LiveTable) -> str:
    """When a scheduled lobby starts; once that time passed, that it waits for late
    players (its grace: its schedule then starts it or closes it, and says so)."""
    starts = table.settings.starts_at
    if starts is None:
        return ""
    if table.status == "lobby" and starts <= discord.utils.utcnow().timestamp():
        return t("schedule.due", full=when(starts, "F"))
    return t("schedule.starts", full=when(starts, "F"), relative=when(starts, "R"))


class PartnerSelect(Item[ui.Select[Any]], template=r"dom:partner:(?P<table>\d+)"):
    """A lobby in pairs: "Partner with …" a person seated (its value: their user id); the
    clicker sits opposite them, seated first if they were not (tables.partners)."""

    def __init__(self, table: int, *, placeholder: str = "Partner with",
                 options: list[discord.SelectOption] | None = None,
                 disabled: bool = False) -> None:
        self.table = table
        choices = options or [discord.SelectOption(label="-", value="0")]
        super().__init__(ui.Select(custom_id=f"dom:partner:{table}",
                                   placeholder=placeholder[:150], options=choices[:25],
                                   min_values=1, max_values=1, disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> PartnerSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        value = self.item.values[0] if self.item.values else ""
        partner = int(value) if value.isdigit() else 0  # a crafted value: nobody seated
        await part(interaction, LobbyClicks).partner_click(interaction, self.table, partner)


def partner_menu(table: LiveTable) -> list[ui.Item[Any]]:
    """The "Partner with …" menu of a lobby played in pairs (nothing for other tables):
    one choice for each person seated."""
    if table.status != "lobby" or not plays_in_pairs(table):
        return []
    people = [s for s in table.seats if s.user_id is not None]
    choices = [discord.SelectOption(label=t("lobby.partner_with", name=s.name)[:100],
                                    value=str(s.user_id)) for s in people]
    return [PartnerSelect(table.id, placeholder=t("lobby.partner_pick"), options=choices,
                          disabled=not choices)]


def lobby_layout(table: LiveTable) -> ui.LayoutView:
    """The lobby's public message: seats, options, times, and its buttons."""
    settings = table.settings
    # Chosen partners already opposite (tables.partners): the seats as the game would start.
    seating = lobby_seating(table)
    lines = [f"{n + 1}. {t('lobby.free') if i is None else seat_label(table, i)}"
             for n, i in enumerate(seating)]
    texts = [
        t("lobby.title", game=t(f"game.{table.game_kind}"), table=table.id),
        t("lobby.host", host=f"<@{table.host_id}>"),
        t("lobby.seats", filled=len(table.seats), wanted=settings.seats, lines="\n".join(lines)),
        _pairs_text(table),
        t("lobby.options", options="\n".join(
            f"- {line}" for line in options_lines(table.game_kind, table.row.options))),
        t("lobby.turn", turn=duration(settings.turn_seconds)),
        _start_line(table),
        t("lobby.expires", when=when(table.deadline))
        if table.status == "lobby" and table.deadline is not None else "",
        t("lobby.autostart") if settings.auto_start else "",
        # Only what differs from how tables usually run.
        t("lobby.forced_by_hand") if not settings.auto_forced else "",
        t("lobby.resign_ends") if settings.on_resign == "end" and settings.seats >= 3 else "",
        t("lobby.holds", time=duration(settings.hold_seconds)) if settings.hold_seconds else "",
        t("lobby.settings_hint") if table.status == "lobby" else "",
    ]
    full = len(table.seats) >= settings.seats
    buttons: list[ui.Item[Any]] = [
        LobbyButton("join", table.id, label=t("lobby.join"), disabled=full),
        LobbyButton("leave", table.id, label=t("lobby.leave")),
        LobbyButton("start", table.id, label=t("lobby.start")),
        LobbyButton("cancel", table.id, label=t("lobby.cancel")),
    ]
    answers = (rsvp_buttons(table.id) if settings.starts_at is not None
               and table.status == "lobby" else [])
    # The strength at this table's number of players, where measured (GameSpec.strength).
    levels = [discord.SelectOption(
                  label=t(f"lobby.ai_level.{level}"), value=level,
                  description=strength_words(table.game_kind, level, seats=settings.seats))
              for level in LEVELS]
    menu: list[ui.Item[Any]] = [AiSelect(table.id, placeholder=t("lobby.ai_pick"), options=levels,
                                         disabled=full)]
    return layout(texts, None, [*rows(buttons, 1), *rows(answers, 1), *rows(menu, 1),
                                *rows(partner_menu(table), 1)], colour=0x5865F2)


def _pairs_text(table: LiveTable) -> str:
    """The two pairs of a table played in pairs (seats 1 and 3 against 2 and 4, by their
    numbers and who sits there so far); "" for any other table."""
    if not plays_in_pairs(table):
        return ""
    seating = lobby_seating(table)

    def named(seat: int) -> str:
        sitting = seating[seat]
        who = t("lobby.free") if sitting is None else seat_label(table, sitting)
        return f"{seat + 1}. {who}"

    return t("lobby.pairs", first=f"{named(0)} + {named(2)}", second=f"{named(1)} + {named(3)}")


class LobbyClicks:
    """The lobby message's buttons: Join, Leave, Add AI, Start, Cancel."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    # -- lobby clicks ---------------------------------------------------------------------
    async def click(self, interaction: discord.Interaction[Any], action: str,
                    table_id: int) -> None:
        """A lobby button: Join (the joiner is told privately where they sit), Leave, Add
        AI (lobbies posted before the level menu), Start, Cancel."""
        if action == "join":
            await self.join_click(interaction, table_id)
            return
        async with guard(interaction, table_id):
            await interaction.response.defer()
            user = interaction.user
            if action == "leave":
                await self.service.leave(table_id, user.id)
            elif action == "ai":
                await self.service.add_ai(table_id, user.id, "normal")
            elif action == "start":
                await self.service.start(table_id, user.id)
            elif action == "cancel":
                await self.service.cancel(table_id, user.id, is_manager=is_manager(interaction))

    async def join_click(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Seat the clicker and tell them privately where they sit. Join on the invitation
        of a table that started without them takes the seat kept for them, if one is
        (tables/holds.py: as its own button would)."""
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            started = await self.service.table(table_id)
            if (started.status == "playing"
                    and started.seat_state.hold_of(interaction.user.id) is not None):
                await self.service.take_seat(table_id, interaction.user.id)
                await interaction.followup.send(t("notice.claimed_ok"), ephemeral=True)
                return
            table = await self.service.join(table_id, person(interaction.user))
            seat = lobby_seat(table, interaction.user.id)
            auto = t("lobby.joined_auto") if table.settings.auto_start else ""
            values = {"table": table.id, "game": t(f"game.{table.game_kind}"),
                      "seat": (seat or 0) + 1, "seats": table.settings.seats}
            starts = table.settings.starts_at
            text = (t("lobby.started", table=table.id) if table.status == "playing" else
                    t("lobby.joined_scheduled", full=when(starts, "F"),
                      relative=when(starts, "R"), **values) if starts is not None else
                    t("lobby.joined_private", auto=auto, **values))
            await interaction.followup.send(text, ephemeral=True)

    async def partner_click(self, interaction: discord.Interaction[Any], table_id: int,
                            partner: int) -> None:
        """"Partner with …": the clicker sits opposite `partner` (seated first when they
        were not); told privately where they sit, the lobby message shows the pairs."""
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            table = await self.service.partner(table_id, person(interaction.user), partner)
            seat = lobby_seat(table, interaction.user.id)
            if table.status == "playing":
                text = t("lobby.started", table=table.id)
            else:
                text = t("lobby.partnered", partner=f"<@{partner}>", table=table.id,
                         seat=(seat or 0) + 1)
            await interaction.followup.send(text, ephemeral=True)

    async def add_ai_click(self, interaction: discord.Interaction[Any], table_id: int,
                           level: str) -> None:
        """The host's menu: seat an AI of `level`; the lobby message shows it."""
        async with guard(interaction, table_id):
            await ack(interaction, thinking=False)
            await self.service.add_ai(table_id, interaction.user.id, level)
