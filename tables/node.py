"""One process of a sharded bot on PostgreSQL: its leases, its adoptions, its notices.

`ShardNode` claims the leases of its home shards (SHARD_IDS), loads their tables,
listens for the changes other processes commit, and every `lease_seconds / 3`
renews its leases, hands back shards their home process wants, claims its own
back, and adopts the shards of processes that stopped renewing (their tables,
timers and AI seats move here).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection

from storage import Storage
from storage.cluster import Cluster, TableChange
from storage.errors import StorageError
from tables.service import TableService
from tables.shards import Placement

log = logging.getLogger(__name__)

LEASE_SECONDS = 30.0


class ShardNode:
    """The shards one process holds, kept in step with the database."""

    def __init__(self, service: TableService, store: Storage, node: str, *, shard_count: int,
                 home: Collection[int], lease_seconds: float = LEASE_SECONDS,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        """`node` must be the name the service's storage was opened with (Storage.open)."""
        if shard_count < 1 or not home or not all(0 <= s < shard_count for s in home):
            raise ValueError(f"home shards {sorted(home)} do not fit {shard_count} shards")
        self.service = service
        self.cluster = Cluster(store, node, lease_seconds=lease_seconds)
        self.node = node
        self.shard_count = shard_count
        self.home = frozenset(home)
        self.lease_seconds = lease_seconds
        self.sleep = sleep
        self._loop: asyncio.Task[None] | None = None
        self._refreshes: set[asyncio.Task[None]] = set()

    @property
    def held(self) -> frozenset[int]:
        return self.service.placement.held or frozenset()

    async def start(self, *, loop: bool = True) -> int:
        """Claim the home shards that are free, listen, load their tables; returns how many.

        With `loop`, keeps the leases in a background task until `stop`.
        """
        held = await self.cluster.claim(self.home)
        await self.cluster.want(self.home - held)
        self.service.placement = Placement(self.shard_count, frozenset(held))
        await self.cluster.listen(self._on_change)
        loaded = await self.service.load()
        log.info("node %s holds shards %s of %d", self.node, sorted(held), self.shard_count)
        if loop:
            self._loop = asyncio.create_task(self._run(), name=f"leases-{self.node}")
        return loaded

    async def _run(self) -> None:
        while True:
            await self.sleep(self.lease_seconds / 3)
            try:
                await self.tick()
            except StorageError as exc:
                # The database is away (a fault, not a bug: no traceback): keep trying;
                # the leases lapse if it stays away.
                log.warning("node %s: lease renewal failed: %s", self.node, exc)
            except Exception:
                # A bug in one round must not end the renewals: the leases would lapse
                # while this process still runs the tables' clocks.
                log.exception("node %s: lease round failed", self.node)

    async def tick(self) -> None:
        """Renew, hand back, claim the home shards back, adopt the abandoned ones."""
        before = self.held
        kept, back = await self.cluster.renew()
        lost = before - kept
        if lost:
            if lost - back:
                log.warning("node %s lost shards %s (its leases expired)", self.node,
                            sorted(lost - back))
            self.service.drop(lost)
        mine = await self.cluster.claim(self.home - kept)
        await self.cluster.want(self.home - kept - mine)
        adopted = await self.cluster.adopt_expired(self.shard_count)
        new = (mine | adopted) - kept
        if new:
            await self.service.adopt(new)
        # A table opened here in a shard held elsewhere (a click that reached us while
        # the shard was being handed back) is its holder's: let it go.
        self.service.drop(())
        if not self.cluster.listening():
            # Changes were told while nobody listened: listen again, then catch up.
            await self.cluster.listen(self._on_change)
            for table_id in list(self.service.held_tables):
                await self.service.refresh(table_id)

    def _on_change(self, change: TableChange) -> None:
        if change.writer == self.node or not self.service.placement.owns(change.guild_id):
            return
        self._forget_finished()
        task = asyncio.create_task(self._refresh(change.table_id))
        self._refreshes.add(task)
        task.add_done_callback(self._refreshes.discard)

    async def _refresh(self, table_id: int) -> None:
        try:
            await self.service.refresh(table_id)
        except StorageError as exc:  # a fault (the database away), not a bug: no traceback
            log.warning("node %s: could not catch up with table %d: %s", self.node, table_id,
                        exc)

    async def settled(self) -> None:
        """Wait for the catching up already started (the tests' signal)."""
        while pending := [t for t in self._refreshes if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)
        self._forget_finished()

    def _forget_finished(self) -> None:
        # Each task's done callback discards it, yet on CPython 3.12.1 a finished task was
        # seen left in the set, which made settled() spin: only running tasks are waited
        # for, and finished ones are let go here too.
        self._refreshes -= {t for t in self._refreshes if t.done()}

    async def stop(self, *, release: bool = True) -> None:
        """Stop renewing and listening; with `release`, let the leases go at once
        (otherwise they expire after `lease_seconds`, as after a crash)."""
        if self._loop is not None:
            self._loop.cancel()
            await asyncio.gather(self._loop, return_exceptions=True)
            self._loop = None
        await self.cluster.close()
        for task in list(self._refreshes):
            task.cancel()
        await asyncio.gather(*self._refreshes, return_exceptions=True)
        if release:
            await self.cluster.release()
