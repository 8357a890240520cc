"""The leaderboard's page buttons' way in (`BoardButton`, cogs/stats_views.py).

Every other button is built on `cogs.items.Item`, which makes the clicker the
reader before its callback calls its feature directly. `BoardButton` is a plain
`DynamicItem` that asks `handlers_of(interaction)` for `board_click`: what it
gets makes the clicker the reader, then lets the stats cog answer.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from cogs.items import part
from cogs.languages import languages_of


class BoardClicker(Protocol):
    """What answers a leaderboard page button (`StatsCog`)."""

    async def board_click(self, interaction: discord.Interaction[Any], game: str,
                          guild_id: int | None, page: int) -> None: ...


class BoardClicks:
    """The page buttons' handler: the clicker becomes the reader, then `stats` answers."""

    def __init__(self, stats: BoardClicker) -> None:
        self.stats = stats

    async def board_click(self, interaction: discord.Interaction[Any], game: str,
                          guild_id: int | None, page: int) -> None:
        await languages_of(interaction.client).read_interaction(interaction)
        await self.stats.board_click(interaction, game, guild_id, page)


def handlers_of(interaction: discord.Interaction[Any]) -> BoardClicks:
    """The page buttons' handler of the client the click came to. Raises TypeError,
    LookupError (a bug: the buttons are only registered by the bot)."""
    return part(interaction, BoardClicks)
