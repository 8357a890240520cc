"""Where a game's review is computed: a child process of its own, at a lower priority.

A review is seconds of CPU (bench/README.md "## Review": 0.5 s for a two-player
Traditional game, 16 s for a Carousel match, 24 s for a round of Mexican Train). On a
thread of the bot's process it would hold the interpreter lock against the event loop
and queue ahead of the computer players' searches (tables.thinking); in a process of
its own, niced (`NICENESS`), it takes only a core the bot leaves idle. One child per
game: `in_subprocess` starts `python -m tables.review_process`, sends the record on its
stdin and reads the review's figures (engine.review.stored) from its stdout. Cancelled,
it kills the child at once (the service stops; the claim is released by the worker).

`on_thinking_thread` is the same analysis on the process's thinking thread instead
(tests, and a host that cannot start processes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from collections.abc import Awaitable, Callable, Collection
from pathlib import Path
from typing import Any

from tables.thinking import think

log = logging.getLogger(__name__)

NICENESS = 10
TIMEOUT = 900.0  # seconds: a review that has not ended by then is given up (killed)
BAD_RECORD = 2  # the child's exit status when the record cannot be reviewed
_ROOT = Path(__file__).resolve().parent.parent

# (record, seed, seats judged or None for all, budget) -> the review's figures
Analyse = Callable[[dict[str, Any], int, Collection[int] | None, int],
                   Awaitable[dict[str, Any]]]


class ReviewFailed(Exception):
    """The analysis of a game could not be made (its reason in the message)."""


def analyse_now(record: dict[str, Any], seed: int, seats: Collection[int] | None,
                budget: int) -> dict[str, Any]:
    """The review's figures of a finished record, computed here. Raises ReviewFailed for a
    record the review cannot read or an unfinished game."""
    from engine.errors import RecordError
    from engine.records import ReplayError
    from engine.review import review
    from engine.review.stored import to_figures

    try:
        return to_figures(review(record, seed=seed, budget=budget,
                                 seats=None if seats is None else set(seats)))
    except (RecordError, ReplayError, ValueError, KeyError) as exc:
        raise ReviewFailed(f"{type(exc).__name__}: {exc}") from exc


async def on_thinking_thread(record: dict[str, Any], seed: int,
                             seats: Collection[int] | None, budget: int) -> dict[str, Any]:
    """`analyse_now` on the thinking thread (after the searches queued before it)."""
    return await think(analyse_now, record, seed, seats, budget)


async def in_subprocess(record: dict[str, Any], seed: int, seats: Collection[int] | None,
                        budget: int, *, timeout: float = TIMEOUT) -> dict[str, Any]:
    """`analyse_now` in a child process (this module's docstring). Raises ReviewFailed
    when the child says the record cannot be reviewed, fails or outlives `timeout`."""
    request = json.dumps({"record": record, "seed": seed, "budget": budget,
                          "seats": None if seats is None else sorted(seats)}).encode()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tables.review_process", cwd=_ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(child.communicate(request), timeout)
    except TimeoutError:
        raise ReviewFailed(f"no review after {timeout:g} s") from None
    finally:
        if child.returncode is None:  # cancelled, or too slow: the child goes now
            with contextlib.suppress(ProcessLookupError):
                child.kill()
            await asyncio.shield(child.wait())
    if child.returncode != 0:
        reason = err.decode(errors="replace").strip().splitlines()[-1:] or ["(nothing)"]
        raise ReviewFailed(f"the review process ended with {child.returncode}: {reason[0]}")
    figures: dict[str, Any] = json.loads(out)
    return figures


def main() -> int:
    """The child: one request on stdin, its figures on stdout; exit BAD_RECORD when the
    record cannot be reviewed."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    request = json.loads(sys.stdin.buffer.read())
    try:
        figures = analyse_now(request["record"], int(request["seed"]), request["seats"],
                              int(request["budget"]))
    except ReviewFailed as exc:
        sys.stderr.write(f"{exc}\n")
        return BAD_RECORD
    sys.stdout.write(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
