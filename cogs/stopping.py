"""Running the bot until SIGTERM or SIGINT, then stopping it gracefully (issue 55).

systemd (`systemctl stop`) and Docker (`docker stop`) send SIGTERM, a terminal's
Ctrl+C SIGINT; either one stops the bot the same way, within STOP_WITHIN seconds
(deploy/dominoes.service and compose.yaml give it more before they kill it):

1. no new interaction is taken: each is answered privately that the bot is
   restarting (cogs/common/admission.py);
2. the interactions taken before run to their end, up to IN_FLIGHT seconds: a move
   being played is committed and answered (a move storage was too busy for is in the
   journal already, tables/journal.py, and is played at the next start);
3. the background work those started (the table messages' edits) gets what is left
   of UPDATES_BY;
4. the timers and AI seats stop, the web pages and storage close, Discord is left
   (`DominoBot.close`); the exit status is 0 and the log says how long it took.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from types import TracebackType
from typing import Any, Protocol

from cogs.common.admission import Admission

log = logging.getLogger(__name__)

STOP_WITHIN = 10.0  # seconds, the whole stop (the unit and compose allow 30)
IN_FLIGHT = 5.0  # for the interactions taken before the signal
UPDATES_BY = 7.0  # since the signal, for the message edits they started
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class Stoppable(Protocol):
    """What serving and stopping ask of the bot (cogs.domino_bot.DominoBot)."""

    admission: Admission

    async def __aenter__(self) -> Any: ...

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None: ...

    async def start(self, token: str, *, reconnect: bool = True) -> None: ...

    async def close(self) -> None: ...


async def serve(bot: Stoppable, token: str) -> None:
    """Log in and run `bot` until Discord's connection ends or a stop signal comes; then
    stop it gracefully (`stop_gracefully`). Raises what logging in raises
    (discord.LoginFailure, discord.PrivilegedIntentsRequired)."""
    loop = asyncio.get_running_loop()
    received: list[signal.Signals] = []
    stop = asyncio.Event()

    def on_signal(sig: signal.Signals) -> None:
        if received:
            log.info("%s received again: the stop is under way", sig.name)
        received.append(sig)
        stop.set()

    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, on_signal, sig)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token), name="discord-connection")
            signalled = asyncio.create_task(stop.wait(), name="stop-signal")
            await asyncio.wait({running, signalled}, return_when=asyncio.FIRST_COMPLETED)
            if not received:
                signalled.cancel()
                running.result()  # the connection ended by itself (or logging in failed)
                return
            log.info("%s received: stopping (no new interactions; those in flight end first)",
                     received[0].name)
            await stop_gracefully(bot)
            running.cancel()
            await asyncio.gather(running, return_exceptions=True)
    finally:
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)


async def stop_gracefully(bot: Stoppable, *, in_flight: float = IN_FLIGHT,
                          updates_by: float = UPDATES_BY) -> None:
    """Steps 1-4 of this module's docstring; nothing it waits for is waited for longer
    than its share of STOP_WITHIN."""
    started = time.monotonic()
    cut = await bot.admission.drain(in_flight)
    features = getattr(bot, "features", None)
    if features is not None:
        left = updates_by - (time.monotonic() - started)
        idle = asyncio.ensure_future(features.background.idle())
        done, _ = await asyncio.wait({idle}, timeout=max(left, 0.0))
        if not done:
            idle.cancel()
            log.warning("stopping: message updates still running after %g s are cut off",
                        updates_by)
    await bot.close()
    log.info("stopped cleanly in %.1f s%s", time.monotonic() - started,
             f" ({cut} interactions cut off)" if cut else "")
