"""Answering an interaction within Discord's limits: in time, and short enough.

Discord fails an interaction not acknowledged within 3 seconds, and refuses a
message over 2,000 characters. `ack` acknowledges before any slow work;
`unless_slow` lets a quick check refuse privately first, but never past the
window; `answer` and `reply` send through whichever path is still open. Every
handler runs inside `guard`: a `TableError` becomes a short ephemeral reply,
anything else is logged with the table id and answered with an apology.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord
from discord import app_commands

from catalog import t
from storage import StorageBusy, StorageFull
from tables.errors import NotSeated, TableError
from tables.live import LiveTable, Person
from tables.service import TableService

log = logging.getLogger(__name__)

ANSWER_WITHIN = 2.0  # seconds; Discord fails an interaction not answered within 3
MAX_REPLY = 500  # characters of a short answer
# The interaction expired (10062) or its token did (10015): nothing can answer it any more.
GONE = (10062, 10015)
T = TypeVar("T")


def fault_text(exc: discord.HTTPException) -> str:
    """'HTTP 500 (code 0)': what a log line says of a Discord refusal."""
    return f"HTTP {exc.status} (code {exc.code})"


def gone(exc: discord.HTTPException) -> bool:
    """Whether Discord refused because the interaction can no longer be answered."""
    return exc.code in GONE


async def ack(interaction: discord.Interaction[Any], *, ephemeral: bool = False,
              thinking: bool = True) -> None:
    """Answer Discord at once (its 3-second window), before any storage or Discord work.

    A command shows "thinking…" (`ephemeral` decides who sees the answer); a button
    (`thinking=False`) is acknowledged silently. Does nothing if already answered.
    """
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)


async def unless_slow(interaction: discord.Interaction[Any], work: Awaitable[T], *,
                      thinking: bool = True, note: str | None = None) -> T:
    """Await `work` (a check that may refuse privately) before answering, unless it takes
    longer than ANSWER_WITHIN seconds: then acknowledge first, so Discord keeps the
    interaction (the refusal, if any, then replaces the public "thinking…"; a button's
    `thinking=False` acknowledges silently, its message to be edited after; a `note`
    acknowledges with that private text instead, for the person to read at once)."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ANSWER_WITHIN)
    if not done:
        if note is not None and not interaction.response.is_done():
            await interaction.response.send_message(note, ephemeral=True)
        await ack(interaction, thinking=thinking)
    return await task


async def answer(interaction: discord.Interaction[Any], content: str, **kwargs: Any) -> None:
    """Send the answer: as the response, or as a follow-up once acknowledged by `ack`."""
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def reply(interaction: discord.Interaction[Any], text: str) -> None:
    """A short ephemeral answer (cut to MAX_REPLY), answered already or not; a refusal
    by Discord is logged, not raised."""
    if len(text) > MAX_REPLY:
        text = text[:MAX_REPLY] + "…"
    try:
        await answer(interaction, text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, fault_text(exc))


async def answer_error(interaction: discord.Interaction[Any], error: BaseException,
                       where: str) -> None:
    """Answer an error of a handler: a user's mistake is told to them, a fault of Discord
    or storage is one log line (naming `where`: the interaction, the table), and only a
    bug gets a traceback."""
    if isinstance(error, TableError):
        await reply(interaction, str(error))
    elif isinstance(error, (StorageBusy, StorageFull)):
        log.warning("%s: %s", where, error)
        await reply(interaction, t("error.storage_full" if isinstance(error, StorageFull)
                                   else "error.storage_busy"))
    elif isinstance(error, discord.HTTPException):
        log.warning("%s: Discord refused: %s", where, fault_text(error))
        if not gone(error):
            await reply(interaction, t("error.generic"))
    else:
        log.error("%s failed", where, exc_info=error)
        await reply(interaction, t("error.generic"))


async def last_resort(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """A command's error that no guard saw (e.g. in argument conversion)."""
    name = interaction.command.name if interaction.command else "?"
    await answer_error(interaction, error, f"command {name}")


class LastResort:
    """A cog's last resort for its slash commands' errors that no `guard` saw (argument
    conversion, a check): put before `commands.Cog` in the bases. The commands keep their
    cog as binding when `/domino` takes them in, so each cog answers its own."""

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        await last_resort(interaction, getattr(error, "original", error))


@asynccontextmanager
async def guard(interaction: discord.Interaction[Any],
                table_id: int | None) -> AsyncIterator[None]:
    """Turn user errors into ephemeral replies, faults (Discord, storage) into one log
    line and an explanation, and bugs into a logged traceback and an apology."""
    try:
        yield
    except Exception as exc:
        where = f"interaction {getattr(interaction, 'id', '?')} at table {table_id}"
        await answer_error(interaction, exc, where)


def person(user: discord.abc.User) -> Person:
    """The clicker or caller as a table knows them: id and the name shown."""
    return Person(user.id, getattr(user, "display_name", None) or user.name)


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """A member with Manage Server in this guild."""
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


async def seated(service: TableService, table_id: int, user_id: int) -> tuple[LiveTable, int]:
    """The table in play and the user's seat at it. Held here, or read from storage (a
    DM's buttons arrive at shard 0's process). Raises NotSeated, TableError."""
    table = await service.table(table_id)
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotSeated()
    if not table.in_play:
        raise TableError("error.not_in_play")
    return table, seat
