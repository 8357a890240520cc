"""The computer players' thinking: every search of the process on one thread of its own.

A hard search holds the interpreter for up to a second or more. On asyncio's default
executor (as many threads as cores + 4) several searches at once, one per busy table,
take turns at the interpreter lock with the event loop, which then answers clicks late:
with 6 searches at once, 6 times, the loop's lag was 19.3 ms median and 201.2 ms at p99,
against 5.2 and 11.7 ms with the searches queued on one thread, and the last search
ended sooner (5.2 s against 5.7 s: bench/bench_thinking.py, 2 cores, other work running).
On one thread the loop gets the lock back at every switch interval, so an interaction is
answered within Discord's 3 seconds whatever the AI is doing; the searches wait their
turn instead (a table's AI moves a little later, never a person's click).

The thread is the process's, shared by every table service in it; a search whose table
closed meanwhile ends on its own (its awaiting task was cancelled) and is dropped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

# One worker: its thread starts at the first search.
_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinking")


async def think(func: Callable[..., T], *args: object) -> T:
    """`func(*args)` on the thinking thread, after the searches queued before it; its
    result, or what it raised."""
    return await asyncio.get_running_loop().run_in_executor(_THINKER, func, *args)
