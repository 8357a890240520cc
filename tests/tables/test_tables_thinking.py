"""tables/thinking.py: the searches of an event loop run one at a time in worker threads,
never on the loop's own, in the order asked; what a search raises reaches its caller."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tables.thinking import think


async def test_searches_run_one_after_another_off_the_loop() -> None:
    running, most, threads, done = [0], [0], set(), []
    lock = threading.Lock()

    def search(n: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        threads.add(threading.get_ident())
        total = sum(range(20_000))  # some work, holding the thread
        with lock:
            running[0] -= 1
        done.append(n)
        return total + n

    results = await asyncio.gather(*(think(search, n) for n in range(6)))
    assert results == [sum(range(20_000)) + n for n in range(6)]
    assert most == [1] and done == list(range(6))  # one at a time, in order
    assert threads and threading.get_ident() not in threads


async def test_what_a_search_raises_reaches_its_caller() -> None:
    def broken() -> None:
        raise ValueError("no move")

    with pytest.raises(ValueError, match="no move"):
        await think(broken)
    assert await think(int, "7") == 7  # the next search still runs
