"""The computer's review of every finished game (issue 53), made in the background.

`ReviewWorker` is one loop per process: it claims the next finished game that needs a
review (`Storage.claim_review`: one process per game, whichever shard held it), reads
its record, has it analysed (tables.review_process: a niced child process by default,
so no click, commit or computer player's search waits for it), stores the figures, and
claims the next; at most one game at a time. When nothing is left it sleeps until a
game ends here (`on_event`, a `TableService` listener) or `POLL_SECONDS` pass (a game
another process finished, a claim that expired). At start-up the same loop finds the
games that ended while the bot was down (those of the last `WINDOW` seconds).

What is judged: the decisions of the seats a person held (never an AI's); a game with
no person seated is skipped, and so is a game the review does not cover. A server that
switched reviews off (GuildSettings.reviews) has none of its games claimed. `close`
stops the loop: an analysis under way is killed and its claim released, so the next
start (of this process or another) analyses that game again at once; a crashed
process's claim expires after `CLAIM_SECONDS`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from engine.registry import GAMES
from engine.review import DEFAULT_BUDGET, RULES
from engine.review.value import mix
from storage import Storage, StorageError
from storage.reviews import ReviewClaim
from tables.live import TableEvent
from tables.review_process import Analyse, ReviewFailed, in_subprocess

log = logging.getLogger(__name__)

WINDOW = 24 * 3600.0  # games that ended longer ago than this are not reviewed any more
CLAIM_SECONDS = 1800.0  # a claim outlives its analysis (TIMEOUT) by far
POLL_SECONDS = 300.0
STORAGE_RETRY = 30.0  # storage refused: the loop tries again this much later
_SEED = 0x5E71E7


def reviewable(game: str) -> bool:
    """Whether the review covers `game` (the point review's games, and the solitaires'
    last-winnable search)."""
    spec = GAMES.get(game)
    return spec is not None and (spec.solitaire or game in RULES)


class ReviewWorker:
    """The review loop of one process over `store` (this module's docstring)."""

    def __init__(self, store: Storage, *, clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 analyse: Analyse = in_subprocess, budget: int = DEFAULT_BUDGET) -> None:
        """`clock` gives UTC unix seconds (the window) and `sleep` waits (the poll);
        `analyse` computes a review's figures (tables.review_process)."""
        self.store = store
        self.clock = clock
        self.sleep = sleep
        self.analyse = analyse
        self.budget = budget
        self.node = ""
        self._wake = asyncio.Event()
        self._idle_now = asyncio.Event()  # set while the loop sleeps with nothing to do
        self._task: asyncio.Task[None] | None = None
        self._sleeper: asyncio.Future[None] | None = None
        self._analysis: asyncio.Future[dict[str, Any]] | None = None
        self._stopping = False
        self.reviewed = 0  # games whose review this worker stored

    async def on_event(self, event: TableEvent) -> None:
        """A game ended here: wake the loop (a `TableService` listener)."""
        if event.kind == "finished":
            self._idle_now.clear()
            self._wake.set()
            if self._sleeper is not None:
                self._sleeper.cancel()

    async def drained(self) -> None:
        """Return once the loop has nothing left to review and sleeps (tests, a bench)."""
        await self._idle_now.wait()

    def start(self, node: str) -> None:
        """Run the loop as `node` (this process's name, storage.cluster.node_name) until
        `close`."""
        if self._task is None:
            self.node, self._stopping = node, False
            self._task = asyncio.get_running_loop().create_task(self._run(), name="reviews")

    async def close(self) -> None:
        """Stop the loop: an analysis under way is killed and its game released. A
        storage call under way is let finish (a transaction is never cut in two)."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        for part in (self._sleeper, self._analysis):
            if part is not None:
                part.cancel()
        await asyncio.wait([task])  # its end, whatever it was (cancelled by a test's loop)

    async def _run(self) -> None:
        while not self._stopping:
            try:
                while not self._stopping and await self.review_next() is not None:
                    pass
                delay = POLL_SECONDS
            except StorageError as exc:
                log.warning("reviews: storage refused (%s); trying again later", exc)
                delay = STORAGE_RETRY
            except Exception:
                log.exception("reviews: the loop failed; trying again later")
                delay = STORAGE_RETRY
            if not self._stopping:
                await self._idle(delay)

    async def _idle(self, seconds: float) -> None:
        """Sleep until a game ends here or `seconds` pass. The sleep is a task of its own
        that `on_event` cancels (a plain sleep: a test's virtual clock sees it)."""
        if self._wake.is_set():
            self._wake.clear()
            return
        self._idle_now.set()
        sleeper = self._sleeper = asyncio.ensure_future(self.sleep(seconds))
        try:
            await sleeper
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the loop itself is stopped (close)
        finally:
            self._sleeper = None
            sleeper.cancel()
        self._idle_now.clear()
        self._wake.clear()

    async def review_next(self) -> ReviewClaim | None:
        """Claim the next game that needs a review and settle it (stored, skipped or
        failed, or released when `close` interrupted its analysis); the claim, None when
        there was none. Raises StorageError."""
        now = self.clock()
        claim = await self.store.claim_review(self.node, since=now - WINDOW,
                                              until=now + CLAIM_SECONDS)
        if claim is None:
            return None
        if self._stopping:
            await self.store.release_review(claim.table_id, self.node)
        else:
            await self._settle(claim)
        return claim

    async def _settle(self, claim: ReviewClaim) -> None:
        table_id, node = claim.table_id, self.node
        row = await self.store.get_table(table_id)
        people = [] if row is None else [k for k, s in enumerate(row.seats)
                                         if s.user_id is not None]
        if not reviewable(claim.game):
            await self.store.skip_review(table_id, node, "not a game the review covers")
            return
        if not people:
            await self.store.skip_review(table_id, node, "no person seated")
            return
        record = await self.store.record(table_id)
        analysis = self._analysis = asyncio.ensure_future(
            self.analyse(record, mix(_SEED, table_id), people, self.budget))
        try:
            figures = await analysis
        except asyncio.CancelledError:
            await self.store.release_review(table_id, node)  # the next start takes it
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise
            return
        except ReviewFailed as exc:
            log.warning("table %d: no review: %s", table_id, exc)
            await self.store.fail_review(table_id, node, str(exc))
            return
        finally:
            self._analysis = None
        if await self.store.save_review(table_id, node, figures):
            self.reviewed += 1
            log.info("table %d reviewed: %d decisions", table_id,
                     len(figures.get("decisions", ())))
        else:
            log.warning("table %d: its review was no longer ours to store", table_id)
