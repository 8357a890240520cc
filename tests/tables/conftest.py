"""Table-layer fixtures: services on real storage, every one closed when the test ends."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

import pytest

from storage import Storage
from tables.live import TableEvent
from tables.service import TableService
from tables.timers import Listener


class Services:
    """Opens `TableService`s on storage files and remembers them, so that the fixture
    closes each (its tasks, then its storage) even when the test fails half-way."""

    def __init__(self) -> None:
        self.opened: list[TableService] = []

    async def open(self, path: Path, *, clock: Callable[[], float],
                   sleep: Callable[[float], Awaitable[None]] | None = None,
                   store_clock: Callable[[], float] = time.time,
                   listeners: Sequence[Listener] = (),
                   ) -> tuple[TableService, list[TableEvent]]:
        """A loaded service on `path` and the list its events are appended to
        (`listeners` are told of each event first)."""
        store = await Storage.open(path, clock=store_clock)
        service = TableService(store, clock=clock, ai_delay=0, sleep=sleep or asyncio.sleep)
        self.opened.append(service)
        events: list[TableEvent] = []

        async def listen(event: TableEvent) -> None:
            events.append(event)

        service.listeners.extend([*listeners, listen])
        await service.load()
        return service, events

    async def close_all(self) -> None:
        for service in self.opened:
            await shut(service)


async def shut(service: TableService) -> None:
    """Stop the service's tasks and close its storage (both idempotent)."""
    await service.close()
    await service._store.close()


@pytest.fixture
async def services() -> AsyncIterator[Services]:
    opened = Services()
    yield opened
    await opened.close_all()
