"""What a persistent button calls: the `Handlers` protocol, which the bot implements.

A button (cogs/components.py, cogs/stats_views.py) knows only its custom id and
this interface; `handlers_of(interaction)` finds the implementation, the client
the click came to (`DominoBot`, cogs/bot.py). No attributes are looked up by name.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import discord


@runtime_checkable
class Handlers(Protocol):
    """The click handlers; each answers the interaction (errors included) itself."""

    async def play_click(self, interaction: discord.Interaction[Any], table_id: int,
                         seq: int, move: str) -> None: ...

    async def choose_end(self, interaction: discord.Interaction[Any], table_id: int,
                         seq: int, tile: str) -> None: ...

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def resign_click(self, interaction: discord.Interaction[Any],
                           table_id: int) -> None: ...

    async def resign_confirmed(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None: ...

    async def rules_click(self, interaction: discord.Interaction[Any],
                          table_id: int) -> None: ...

    async def rematch_click(self, interaction: discord.Interaction[Any],
                            table_id: int) -> None: ...

    async def hint_click(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def lobby_click(self, interaction: discord.Interaction[Any], action: str,
                          table_id: int) -> None: ...

    async def add_ai_click(self, interaction: discord.Interaction[Any], table_id: int,
                           level: str) -> None: ...

    async def back_click(self, interaction: discord.Interaction[Any], table_id: int) -> None: ...

    async def board_click(self, interaction: discord.Interaction[Any], game: str,
                          guild_id: int | None, page: int) -> None: ...


def handlers_of(interaction: discord.Interaction[Any]) -> Handlers:
    """The handlers of the client that received the click. Raises TypeError for a client
    that does not implement them (a bug: the buttons are only registered by the bot)."""
    client = interaction.client
    if not isinstance(client, Handlers):
        raise TypeError(f"{type(client).__name__} does not implement cogs.handlers.Handlers")
    return client
