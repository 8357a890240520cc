"""Links from the bot's messages to its web pages, when WEB_BASE_URL is set.

The bot is given a `PageLinks` (bot.py makes web.links.SignedLinks); the cogs only ask
it for a page's address and put it in a link button. Without one, no message changes.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import ui

from catalog import t


class PageLinks(Protocol):
    """The signed (or, for a public server, plain) address of each page."""

    def leaderboard(self, guild_id: int, game: str) -> str: ...

    def player(self, guild_id: int, user_id: int) -> str: ...

    def game(self, guild_id: int | None, table_id: int) -> str: ...

    def tournament(self, guild_id: int, tournament_id: int) -> str: ...

    def watch(self, guild_id: int | None, table_id: int) -> str: ...


def links_of(client: discord.Client) -> PageLinks | None:
    """The bot's page links, or None when WEB_BASE_URL is not set."""
    found: PageLinks | None = getattr(client, "page_links", None)
    return found


def link_row(url: str, label: str = "web.link.open") -> ui.ActionRow[Any]:
    """A row with one link button to a web page, labelled by catalog key `label` in the
    reader's language."""
    return ui.ActionRow(ui.Button(style=discord.ButtonStyle.link, url=url, label=t(label)))
