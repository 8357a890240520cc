"""bot.py's own `main()`, run as a real process, with Discord's side replaced by a stand-in
that never answers: logging in only runs the bot's set-up (storage, tables, cogs), and
the connection to the gateway waits until the bot closes it. What stops it is the
real signal handling of cogs/stopping.py (tests/test_bot_signals.py sends SIGTERM/SIGINT).

    python tests/bot/offline_bot.py   (from the folder holding .env / data/)
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402

import bot  # noqa: E402
import cogs.domino_bot  # noqa: E402
from cogs.domino_bot import DominoBot  # noqa: E402

log = logging.getLogger("offline_bot")


async def login(self: discord.Client, token: str) -> None:
    """What Client.login does once Discord has accepted the token: the set-up hook."""
    await self._async_setup_hook()
    await self.setup_hook()
    log.info("offline: set up, waiting for a stop signal")


async def connect(self: discord.Client, *, reconnect: bool = True) -> None:
    """A gateway that never sends anything: wait until the bot is closed."""
    while not self.is_closed():
        await asyncio.Event().wait()  # cancelled by the stop (cogs/stopping.serve)


async def no_sync(self: DominoBot) -> None:
    """No command sync: there is no Discord to sync to."""


async def no_mentions(*args: object, **kwargs: object) -> None:
    """No commands' ids to fetch either."""


discord.Client.login = login  # type: ignore[method-assign]
discord.Client.connect = connect  # type: ignore[method-assign]
discord.AutoShardedClient.connect = connect  # type: ignore[method-assign]
DominoBot.sync_if_needed = no_sync  # type: ignore[method-assign]
setattr(cogs.domino_bot, "learn_mentions", no_mentions)  # noqa: B010

if __name__ == "__main__":
    raise SystemExit(bot.main())
