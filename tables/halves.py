"""What the halves of `TableService` (tables.lobby, tables.moves, tables.shards) share,
declared once: the service's fields, and the methods one half calls in another.

The methods are declared for the type checker only (mypy checks each real one against
its declaration here): at run time the real ones are the only ones, so no stub can
stand in for a method that went missing. `placement` is tables.shards' own field
(declared there: importing it here would make an import cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage import Storage
    from tables.live import LiveTable, TableEvent
    from tables.timers import Scheduler


class ServiceHalf:
    """A mixin of `TableService`: it uses the service's fields and methods."""

    store: Storage
    tables: dict[int, LiveTable]
    quarantined: dict[int, LiveTable]
    clock: Callable[[], float]
    scheduler: Scheduler

    if TYPE_CHECKING:
        async def emit(self, event: TableEvent) -> None: ...  # tables.service

        async def finish(self, table: LiveTable) -> None: ...  # tables.service

        async def _quarantine(self, table: LiveTable, why: Exception) -> None: ...  # service

        async def after_moves(self, table: LiveTable) -> None: ...  # tables.moves

        async def _table(self, table_id: int) -> LiveTable: ...  # tables.shards

        async def _reread(self, table: LiveTable) -> None: ...  # tables.shards

        async def _tell_closed(self, table: LiveTable) -> None: ...  # tables.shards
