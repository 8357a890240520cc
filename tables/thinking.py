"""The computer players' thinking: the searches of one event loop run one at a time.

A hard search holds the interpreter for up to a second or more. Run as they come, one
worker thread each, several searches at once (one per busy table) take turns at the
interpreter lock with the event loop, which then answers clicks late: with 6 searches at
once, 6 times, the loop's lag was 28.4 ms median and 148.6 ms at p99, against 5.5 and
14.5 ms with the searches one at a time, and the last search ended sooner (5.7 s against
6.1 s: bench/bench_thinking.py, 2 cores, other work running). One at a time, the loop
gets the lock back at every switch interval, so an interaction is answered within
Discord's 3 seconds whatever the AI is doing; the searches wait their turn instead (a
table's AI moves a little later, never a person's click).

The queue is an asyncio lock of the running loop (first come, first served), so a search
waiting its turn holds no thread; the one running is on the loop's default executor.
A search whose table closed meanwhile is dropped with its cancelled task.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary())


async def think(func: Callable[..., T], *args: object) -> T:
    """`func(*args)` in a worker thread once the searches asked before it (on this event
    loop) have ended; its result, or what it raised."""
    loop = asyncio.get_running_loop()
    turn = _turns.get(loop)
    if turn is None:
        turn = _turns[loop] = asyncio.Lock()
    async with turn:
        return await asyncio.to_thread(func, *args)
