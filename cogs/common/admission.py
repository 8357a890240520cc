"""Which interactions the bot takes, and waiting for those in flight when it stops.

On SIGTERM or SIGINT (cogs/stopping.py) the bot stops taking interactions: each new
one is answered privately, in the reader's language, that the bot is restarting, and
not acted on. The ones it took before run to their end (a move committed and
answered) for a few seconds more, before the timers stop and storage closes.

Every slash command passes `DominoTree.interaction_check` and every persistent
button `ReaderItem.interaction_check`; both call `admit` after the reader's language
is known. A one-time view's click or a modal runs in a discord.py task of its own,
which `drain` waits for too (by the names discord.py gives them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from catalog import t

log = logging.getLogger(__name__)

# The tasks discord.py runs interactions in (app_commands/tree.py, ui/view.py, ui/modal.py).
_INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-",
                      "discord-ui-dynamic-item-", "discord-ui-modal-dispatch-")


class Admission:
    """Whether the bot takes interactions now; the ones it took, while they run."""

    def __init__(self) -> None:
        self.stopping = False
        self.in_flight: set[asyncio.Task[Any]] = set()

    async def admit(self, interaction: discord.Interaction[Any]) -> bool:
        """True: go on (the interaction is counted in flight until its task ends). False
        once the bot is stopping: the person was told, privately, to try again soon."""
        if self.stopping:
            with contextlib.suppress(discord.HTTPException):
                if interaction.type is discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])  # no choices, no text
                elif not interaction.response.is_done():
                    await interaction.response.send_message(t("bot.stopping"), ephemeral=True)
            return False
        task = asyncio.current_task()
        if task is not None and task not in self.in_flight:
            self.in_flight.add(task)
            task.add_done_callback(self.in_flight.discard)
        return True

    async def drain(self, within: float) -> int:
        """Stop taking interactions, and wait up to `within` seconds for those in flight
        to end. Returns how many were still running then (logged: they are cut off)."""
        self.stopping = True
        me = asyncio.current_task()
        running = {task for task in asyncio.all_tasks()
                   if task.get_name().startswith(_INTERACTION_TASKS)} | self.in_flight
        running = {task for task in running if task is not me and not task.done()}
        if running:
            log.info("stopping: waiting for %d interactions in flight", len(running))
            _, pending = await asyncio.wait(running, timeout=within)
            if pending:
                log.warning("stopping: %d interactions still running after %g s are cut off",
                            len(pending), within)
            return len(pending)
        return 0


def admission_of(client: object) -> Admission | None:
    """The client's admission (the DominoBot's), or None for another client."""
    found = getattr(client, "admission", None)
    return found if isinstance(found, Admission) else None
