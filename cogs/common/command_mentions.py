"""Command mentions in the bot's texts: after the commands are synced, the catalog learns
their ids, so that `{cmd.new}` in a text becomes `</domino new:ID>` (Discord shows it in
each reader's language, and a click fills in the command); see catalog/commands.py.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from catalog.commands import know_ids

log = logging.getLogger(__name__)


async def learn_mentions(tree: app_commands.CommandTree[Any],
                         guild: discord.abc.Snowflake | None = None) -> None:
    """Fetch the ids of the bot's slash commands (in `guild` for a development bot that
    syncs one server) and give them to the catalog. A failure is logged: the texts then
    write the commands out instead, and nothing else changes."""
    try:
        commands = await tree.fetch_commands(guild=guild)
    except discord.HTTPException:
        log.warning("could not fetch the commands' ids: texts write commands out",
                    exc_info=True)
        return
    know_ids({command.name: command.id for command in commands})
