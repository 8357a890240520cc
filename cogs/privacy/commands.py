"""`/domino forget-me` and `/domino-admin erase-server` (issue 55): a person's data, or
a server's, erased after two confirmations (cogs/privacy/two_steps.py), by tables/privacy.py
and storage (storage/privacy.py, storage/server_erasure.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, answer, guard, is_manager
from cogs.common.locales import languages_of
from cogs.privacy.two_steps import Steps, TwoSteps
from tables.errors import TableError
from tables.privacy import Forgetting, ServerErasure


class PrivacyCommands(LastResort, commands.Cog):
    """`/domino forget-me` and `/domino-admin erase-server`."""

    def __init__(self, forgetting: Forgetting, erasure: ServerErasure) -> None:
        self.forgetting, self.erasure = forgetting, erasure
        super().__init__()

    @app_commands.command(name="forget-me",
                          description="Erase what the bot keeps about you (asks twice)")
    async def forget_me(self, interaction: discord.Interaction[Any]) -> None:
        """Say what will be erased and ask the first confirmation, privately."""
        user_id = interaction.user.id

        async def act(pressed: discord.Interaction[Any]) -> str:
            changed = await self.forgetting.forget(user_id)
            languages_of(pressed.client).forget(user_id)
            return "forget.done" if changed else "forget.nothing"

        async with guard(interaction, None):
            await self.forgetting.check(user_id)  # seated: refused at once
            steps = Steps("forget.ask_again", "forget.button_first", "forget.button_final",
                          "forget.button_keep", "forget.kept",
                          check=lambda: self.forgetting.check(user_id), act=act)
            await answer(interaction, t("forget.ask"),
                         view=TwoSteps(steps, user_id, final=False), ephemeral=True)

    @app_commands.command(name="erase-server",
                          description="Erase everything the bot keeps about this server "
                                      "(asks twice)")
    @app_commands.guild_only()
    async def erase_server(self, interaction: discord.Interaction[Any]) -> None:
        """Say what will be erased and ask the first confirmation, privately; for
        members with Manage Server only (whatever the server's command permissions)."""
        guild_id = interaction.guild_id

        async def act(pressed: discord.Interaction[Any]) -> str:
            assert guild_id is not None
            deleted = await self.erasure.erase(guild_id)
            languages_of(pressed.client).forget_server(guild_id)
            return "erase_server.done" if deleted else "erase_server.nothing"

        async with guard(interaction, None):
            if guild_id is None or not is_manager(interaction):
                raise TableError("error.erase_server.not_manager")
            await self.erasure.check(guild_id)  # something in play: refused at once
            steps = Steps("erase_server.ask_again", "erase_server.button_first",
                          "erase_server.button_final", "forget.button_keep",
                          "forget.kept", check=lambda: self.erasure.check(guild_id), act=act)
            await answer(interaction, t("erase_server.ask"),
                         view=TwoSteps(steps, interaction.user.id, final=False),
                         ephemeral=True)
