"""Two confirmations before something that cannot be undone (forget-me, erase-server).

The command answers privately with what will be erased and a first button; that one
asks again, naming what cannot be undone, with the last one; the last one acts. "Keep"
stops at either step. The buttons are a one-time view on the private answer (not
persistent: a restart between the steps means asking again), pressed by the person who
asked only.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from catalog import t
from cogs.common.admission import admission_of
from cogs.common.answering import ack, guard
from cogs.common.locales import languages_of

log = logging.getLogger(__name__)

ASK_FOR = 300.0  # seconds the buttons of one request work


@dataclass(frozen=True)
class Steps:
    """One request's texts (catalog keys) and what it does.

    `check` raises TableError when the request is refused (asked before each step);
    `act` does it and returns the key of the answer."""

    again: str
    first: str
    final: str
    keep: str
    kept: str
    check: Callable[[], Awaitable[None]]
    act: Callable[[discord.Interaction[Any]], Awaitable[str]]


class TwoSteps(ui.View):
    """One step of a request, on the asker's private answer."""

    def __init__(self, steps: Steps, user_id: int, *, final: bool) -> None:
        super().__init__(timeout=ASK_FOR)
        self.steps, self.user_id, self.final = steps, user_id, final
        go = ui.Button[TwoSteps](label=t(steps.final if final else steps.first)[:80],
                                 style=discord.ButtonStyle.danger)
        go.callback = self._go  # type: ignore[method-assign]
        keep = ui.Button[TwoSteps](label=t(steps.keep)[:80],
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
            await self.steps.check()  # refused before asking again, and before acting
            if not self.final:
                view = TwoSteps(self.steps, self.user_id, final=True)
                await interaction.response.edit_message(content=t(self.steps.again),
                                                        view=view)
                return
            await ack(interaction, thinking=False)
            done = await self.steps.act(interaction)
            await interaction.edit_original_response(content=t(done), view=None)

    async def _keep(self, interaction: discord.Interaction[Any]) -> None:
        self.stop()
        await interaction.response.edit_message(content=t(self.steps.kept), view=None)

    async def on_error(self, interaction: discord.Interaction[Any], error: Exception,
                       item: ui.Item[Any], /) -> None:
        log.error("a confirmed step failed", exc_info=error)  # no id: what is erased stays so
