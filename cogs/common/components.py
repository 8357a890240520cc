"""The pieces every message of the bot is built from (Components V2 `LayoutView`s).

A picture (`Shot`, drawn by `render` off the event loop), rows of buttons, one
container of text, Discord timestamps, durations, where a table is and links. Each
feature's layouts (cogs/lobby/lobby_message.py, cogs/play/hand_message.py,
cogs/table/line_message.py…) are made of these.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

import discord
from discord import ui

from catalog import t
from catalog.reader import current
from cogs.common.escape import alt_text, shown
from cogs.common.game_words import level_words
from tables.live import LiveTable

log = logging.getLogger(__name__)

BUTTONS_PER_ROW = 5


class Layout(ui.LayoutView):
    """A message's layout that never times out, an ephemeral one included.

    Every button of the bot is a `DynamicItem`, answered by its custom id whichever
    message holds it, so a layout is not needed once sent. discord.py would still give
    an ephemeral message's layout 15 minutes and keep a task waiting for them, one per
    hand shown; simcord's settling then checks each such task against every timer.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        """discord.py's 15 minutes for an ephemeral message: not needed (see the class)."""


@dataclass(frozen=True, slots=True)
class Shot:
    """A rendered picture ready to attach: PNG bytes, file name and alt text."""

    png: bytes
    filename: str
    alt: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), self.filename, description=self.alt[:1000])

    def gallery(self) -> ui.MediaGallery[Any]:
        """The picture in a message, shown from its attached `file()`."""
        return ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{self.filename}", description=self.alt[:1000] or None))


async def render(kind: str, view: Any, filename: str) -> Shot | None:
    """`render.render_board`/`render_hand` of `view` off the event loop; None if unavailable."""
    try:
        import render as render_pkg
    except ImportError:
        return None
    func = getattr(render_pkg, f"render_{kind}", None)
    if func is None:
        return None
    try:
        # One look that reads on both Discord themes (render's default), so no per-user pick.
        # In the language of the message it goes into: the reader's (catalog/reader.py).
        picture = await asyncio.to_thread(_drawn, func, view, render_pkg.DEFAULT_THEME,
                                          current())
    except Exception:
        log.exception("rendering the %s failed", kind)
        return None
    names = view.players
    return Shot(picture.data, filename, alt_text(picture.alt, names))


@lru_cache(maxsize=64)
def _remembered(func: Callable[..., Any], view: Any, theme: Any, language: str) -> Any:
    return func(view, theme, language)


def _drawn(func: Callable[..., Any], view: Any, theme: Any, language: str) -> Any:
    """`func(view, theme, language)`, remembered for the last 64 pictures (a few MB): a
    picture is a pure function of these (render/), and the same view is drawn again and
    again (a hand shown on each "Your hand" click, the board of a move that changed no
    tile: a third of a game's board pictures, a fifth of its hands). A view that does
    not hash is drawn anew."""
    try:
        return _remembered(func, view, theme, language)
    except TypeError:
        return func(view, theme, language)


def when(timestamp: float | None, style: str = "R") -> str:
    """A Discord timestamp (`<t:unix:R>`), shown in each reader's own time zone."""
    if timestamp is None:
        return "-"
    return discord.utils.format_dt(datetime.fromtimestamp(timestamp, tz=UTC), style)  # type: ignore[arg-type]


def seat_label(table: LiveTable, seat: int) -> str:
    s = table.seats[seat]
    if s.is_ai:
        return t("lobby.ai_seat", name=shown(s.name), level=level_words(s.ai_level))
    return f"<@{s.user_id}>"


def rows(buttons: list[ui.Item[Any]], max_rows: int) -> list[ui.ActionRow[Any]]:
    """The buttons in rows of BUTTONS_PER_ROW, at most `max_rows` rows."""
    found = []
    for start in range(0, min(len(buttons), max_rows * BUTTONS_PER_ROW), BUTTONS_PER_ROW):
        found.append(ui.ActionRow(*buttons[start:start + BUTTONS_PER_ROW]))
    return found


def layout(texts: list[str], shot: Shot | None, rows: list[ui.ActionRow[Any]],
           colour: int | None = None) -> ui.LayoutView:
    """One container (the texts, then the picture), then the rows of buttons."""
    view = Layout()
    children: list[ui.Item[Any]] = [ui.TextDisplay("\n".join(x for x in texts if x))]
    if shot is not None:
        children.append(shot.gallery())
    container = ui.Container(*children, accent_colour=colour)
    view.add_item(container)
    for row in rows:
        view.add_item(row)
    return view


def duration(seconds: int) -> str:
    """"2 d", "12 h", "90 min" in the reader's language."""
    if seconds % 86400 == 0:
        return t("time.days", count=seconds // 86400)
    if seconds % 3600 == 0:
        return t("time.hours", count=seconds // 3600)
    return t("time.minutes", count=seconds // 60)


def text_layout(text: str) -> ui.LayoutView:
    """A plain one-text message (notices, errors are sent as plain content instead)."""
    return layout([text], None, [])


def where(bot: discord.Client, table: LiveTable) -> str:
    """The server and channel of a table, for a DM ("Dominoes Club · #games")."""
    guild = bot.get_guild(table.guild_id) if table.guild_id is not None else None
    channel = bot.get_channel(table.channel_id)
    place = f"<#{table.channel_id}>"
    if isinstance(channel, discord.abc.GuildChannel | discord.Thread):  # a table's thread
        place = f"#{shown(channel.name)}"
    if guild is None:
        return t("notice.where_dm") if table.guild_id is None else place
    return t("notice.where", server=shown(guild.name), channel=place)


def table_link(table: LiveTable) -> str:
    """A jump link to the table's public message (or its channel before it is posted)."""
    guild = table.guild_id if table.guild_id is not None else "@me"
    base = f"https://discord.com/channels/{guild}/{table.channel_id}"
    return f"{base}/{table.message_id}" if table.message_id is not None else base
