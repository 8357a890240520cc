"""Telling what happened at a table: the listeners (the cogs' table message, hands, DMs)
hear a `TableEvent` after each committed change, never before."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from storage.errors import StorageError
from tables.live import TableEvent

log = logging.getLogger(__name__)

Listener = Callable[[TableEvent], Awaitable[None]]


class Events:
    """The listeners of one table service, and `emit`, which every part tells through."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    async def emit(self, event: TableEvent) -> None:
        """Tell every listener about a committed change; a failing listener is logged."""
        if event.table.visiting:
            return  # the holder tells its listeners, when storage tells it (tables.shards)
        for listener in self.listeners:
            try:
                await listener(event)
            except StorageError as exc:  # a fault (a locked or full file), not a bug
                log.warning("listener failed on %s of table %d: %s", event.kind,
                            event.table.id, exc)
            except Exception:
                # A failed notice must never undo or block a committed move.
                log.exception("listener failed on %s of table %d", event.kind, event.table.id)
