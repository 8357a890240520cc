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
import bisect
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from catalog import t

log = logging.getLogger(__name__)

# The tasks discord.py runs interactions in (app_commands/tree.py, ui/view.py, ui/modal.py).
_INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-",
                      "discord-ui-dynamic-item-", "discord-ui-modal-dispatch-")


# Seconds (web/metrics.py's BUCKETS): Discord wants an answer within 3 s.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


@dataclass
class InteractionStats:
    """The interactions taken, by kind; how many raised; how long each ran, counted per
    bucket of LATENCY_BUCKETS (for the operators' /metrics, web/metrics.py)."""

    kinds: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    counts: list[int] = field(default_factory=lambda: [0] * len(LATENCY_BUCKETS))
    seconds: float = 0.0
    observed: int = 0

    def took(self, kind: str) -> None:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def ended(self, seconds: float, failed: bool) -> None:
        self.observed += 1
        self.seconds += seconds
        self.errors += failed
        at = bisect.bisect_left(LATENCY_BUCKETS, seconds)
        if at < len(self.counts):
            self.counts[at] += 1


class Admission:
    """Whether the bot takes interactions now; the ones it took, while they run."""

    def __init__(self) -> None:
        self.stopping = False
        self.in_flight: set[asyncio.Task[Any]] = set()
        self.stats = InteractionStats()

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
        self.stats.took(interaction.type.name)
        if task is not None and task not in self.in_flight:
            self.in_flight.add(task)
            task.add_done_callback(self.in_flight.discard)
            began = time.perf_counter()

            def ended(done: asyncio.Task[Any]) -> None:
                failed = not done.cancelled() and done.exception() is not None
                self.stats.ended(time.perf_counter() - began, failed)

            task.add_done_callback(ended)
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
