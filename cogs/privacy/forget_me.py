"""`/domino forget-me`: a person's data erased, after they confirm twice (issue 55).

The command answers privately with what will be erased and a first button; that one
asks again, naming what cannot be undone, with the last one; the last one erases
(tables/privacy.py, storage/privacy.py). "Keep my data" stops at either step. The
buttons are a one-time view on the private answer (not persistent: a restart between
the steps means asking again), pressed by the person who asked only.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands, ui
from discord.ext import commands

from catalog import t
from cogs.common.admission import admission_of
from cogs.common.answering import LastResort, ack, answer, guard
from cogs.common.locales import languages_of
from tables.privacy import Forgetting

log = logging.getLogger(__name__)

ASK_FOR = 300.0  # seconds the buttons of one request work


class ForgetSteps(ui.View):
    """The two confirmations of one person's request, on their private answer."""

    def __init__(self, forgetting: Forgetting, user_id: int, *, final: bool) -> None:
        super().__init__(timeout=ASK_FOR)
        self.forgetting, self.user_id, self.final = forgetting, user_id, final
        go = ui.Button[ForgetSteps](
            label=t("forget.button_final" if final else "forget.button_first")[:80],
            style=discord.ButtonStyle.danger)
        go.callback = self._go  # type: ignore[method-assign]
        keep = ui.Button[ForgetSteps](label=t("forget.button_keep")[:80],
                                      style=discord.ButtonStyle.secondary)
        keep.callback = self._keep  # type: ignore[method-assign]
        self.add_item(go)
        self.add_item(keep)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        await languages_of(interaction.client).read_interaction(interaction)
        admission = admission_of(interaction.client)
        if admission is not None and not await admission.admit(interaction):
            return False
        return interaction.user.id == self.user_id

    async def _go(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            self.stop()
            if not self.final:
                await self.forgetting.check(self.user_id)  # seated: refused before asking again
                view = ForgetSteps(self.forgetting, self.user_id, final=True)
                await interaction.response.edit_message(content=t("forget.ask_again"),
                                                        view=view)
                return
            await ack(interaction, thinking=False)
            changed = await self.forgetting.forget(self.user_id)
            languages_of(interaction.client).forget(self.user_id)
            await interaction.edit_original_response(
                content=t("forget.done") if changed else t("forget.nothing"), view=None)

    async def _keep(self, interaction: discord.Interaction[Any]) -> None:
        self.stop()
        await interaction.response.edit_message(content=t("forget.kept"), view=None)

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception,
                       item: ui.Item[Any], /) -> None:
        log.error("forget-me step failed", exc_info=error)  # no id: what is erased stays so


class PrivacyCommands(LastResort, commands.Cog):
    """`/domino forget-me`."""

    def __init__(self, forgetting: Forgetting) -> None:
        self.forgetting = forgetting
        super().__init__()

    @app_commands.command(name="forget-me",
                          description="Erase what the bot keeps about you (asks twice)")
    async def forget_me(self, interaction: discord.Interaction[Any]) -> None:
        """Say what will be erased and ask the first confirmation, privately."""
        async with guard(interaction, None):
            await self.forgetting.check(interaction.user.id)  # seated: refused at once
            view = ForgetSteps(self.forgetting, interaction.user.id, final=False)
            await answer(interaction, t("forget.ask"), view=view, ephemeral=True)
