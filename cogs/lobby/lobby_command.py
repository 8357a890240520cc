"""`/domino lobby`: the host changes their lobby's settings before it starts.

Its options are tables.lobby_settings.LOBBY_SETTINGS (each optional), plus `table`
(default: the lobby the caller hosts in this channel). Given settings are changed by
tables/ (host only, only in the lobby, stored); given none, it lists the lobby's
settings. Every answer is private; the lobby's public message is edited in place by the
table's listeners (cogs/table/table_message.py), as after any lobby change.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands

from catalog import t
from cogs.common.answering import ack, guard
from cogs.common.components import duration, when
from cogs.common.membership import Membership
from cogs.lobby.new_command import MAX_DESCRIPTION, built_command, keyword_param
from tables.live import LiveTable
from tables.lobby_settings import LOBBY_SETTINGS, LobbySetting
from tables.service import TableService

Changer = Callable[[discord.Interaction[Any], int | None, dict[str, Any]], Awaitable[None]]
CHOICE_WORDS = {"on_resign": "resign"}  # the catalog prefix of a setting's choices' words


def value_words(setting: LobbySetting, table: LiveTable) -> str:
    """A lobby setting's value at `table`, in the reader's words."""
    value = getattr(table.settings, setting.field)
    if setting.kind is bool:
        return t("option.on" if value else "option.off")
    if setting.kind is int:  # a count that may be 0 (hold_minutes) says "off" for it
        return duration(int(value)) if value else t("option.off")
    return t(f"{CHOICE_WORDS[setting.name]}.{value}")


def settings_lines(table: LiveTable) -> str:
    """The lobby's settings, one line each (those its seats have a use for)."""
    lines = [t(f"lobby_set.{s.name}", value=value_words(s, table)) for s in LOBBY_SETTINGS
             if table.settings.seats >= s.min_seats]
    if table.deadline is not None:
        lines.append(t("lobby.expires", when=when(table.deadline)))
    return "\n".join(f"- {line}" for line in lines)


def _annotation(setting: LobbySetting) -> Any:
    if setting.kind is int:
        inner: Any = app_commands.Range[int, setting.low, setting.high]
    else:
        inner = setting.kind
    return Optional[inner]  # noqa: UP045 - built at run time for discord.py to read


def lobby_command(changer: Changer) -> app_commands.Command[Any, Any, None]:
    """The `/domino lobby` command, calling `changer` with the table asked for (None: the
    caller's lobby here) and the settings given (option name -> value)."""
    names = [s.name for s in LOBBY_SETTINGS]
    params = [keyword_param("table", Optional[int])]  # noqa: UP045
    params += [keyword_param(s.name, _annotation(s)) for s in LOBBY_SETTINGS]
    texts = {"table": t("lobby_set.table"),
             **{name: t(f"new.{name}")[:MAX_DESCRIPTION] for name in names}}
    choices = {s.name: [app_commands.Choice(name=t(f"{CHOICE_WORDS[s.name]}.{c}"), value=c)
                        for c in s.choices] for s in LOBBY_SETTINGS if s.choices}

    async def callback(interaction: discord.Interaction[Any], table: int | None = None,
                       **given: Any) -> None:
        await changer(interaction, table, {k: v for k, v in given.items() if v is not None})

    return built_command("lobby", t("lobby_set.description"), callback, params=params,
                         texts=texts, choices=choices)


class LobbySettings:
    """The handler of `/domino lobby`."""

    def __init__(self, service: TableService, membership: Membership) -> None:
        self.service = service
        self.membership = membership

    async def change(self, interaction: discord.Interaction[Any], table_id: int | None,
                     changes: dict[str, Any]) -> None:
        """Change the given settings (tables/ refuses a non-host, a started table, a
        setting the table cannot have) or, given none, list them; privately."""
        async with guard(interaction, table_id):
            await ack(interaction, ephemeral=True)
            user = interaction.user.id
            if table_id is None:
                table = self.service.hosted_lobby(user, interaction.channel_id or 0)
            else:
                await self.membership.check(interaction, table_id)
                table = await self.service.table(table_id)
            if changes:
                table = await self.service.change_lobby(table.id, user, changes)
                key = "lobby_set.changed"
            else:
                table.require_status("lobby")
                key = "lobby_set.current"
            await interaction.followup.send(t(key, table=table.id, lines=settings_lines(table)),
                                            ephemeral=True)
