"""The bot's background sends: every DM, notice, edit and summary that must not hold a
move (a table's listeners run under its lock) runs here, as a task of its own.

`Background.spawn` runs a coroutine and logs a bug's traceback when it fails (a fault of
Discord or storage is the coroutine's own to log, as one line); `idle` waits for them
all (tests, shut-down) and `close` cancels what is left (the state is in storage: the
next start-up brings every message up to date).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)


class Background:
    """The bot's background tasks, each logged if it fails."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Run `coro` in the background; a bug's traceback is logged under `name`."""
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until every background task is done, those they start included."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """Cancel every background task and wait for them to stop."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
