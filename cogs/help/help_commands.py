"""`/domino help` and `/domino rules`: the pages, in the catalog, and each game's picture.

A page is one catalog text (`help.<topic>`); a game's how-to-play page comes with
the picture of a table of it, made by the project's renderer and committed under
docs/pictures/ (`python -m render docs docs/pictures`), with its alt text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from catalog.reader import current
from cogs.common.answering import LastResort, guard
from cogs.common.game_words import ALL_GAMES, rules_text
from engine.registry import GAME_NAMES, GAMES
from tables.service import TableService

PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"
TOPICS = ("start", "alone", "moves", "buttons", "pictures", "pickup", "queue", "time", "daily")
"""The general pages, in order; then one page per registered game."""


def topic_choices() -> list[tuple[str, str]]:
    """(words, value) of every help page: the general ones, then each game's."""
    pages = [(t(f"help.topic.{topic}"), topic) for topic in TOPICS]
    return pages + [(t("help.topic.game", game=t(f"game.{name}")), name) for name in GAMES]


def help_page(topic: str | None) -> tuple[str, discord.File | None]:
    """The text of a help page (the first one for None or an unknown topic) and, for a
    game's page, its picture."""
    if topic in GAME_NAMES:
        text = t(f"help.game.{topic}") + "\n\n" + rules_hint(topic)
        return text + "\n" + t("help.footer"), picture(topic)
    chosen = topic if topic in TOPICS else TOPICS[0]
    return t(f"help.{chosen}") + "\n" + t("help.footer"), None


def rules_hint(game: str) -> str:
    return t("help.rules_hint", game=t(f"game.{game}"))


def picture(game: str) -> discord.File | None:
    """The committed picture of a table of `game` in the reader's language (English
    when there is none in it), with its alt text (None if missing)."""
    code = current()
    name = game if code == "en" else f"{game}.{code}"
    png = PICTURES / f"{name}.png"
    if not png.is_file():
        name, png = game, PICTURES / f"{game}.png"
    if not png.is_file():
        return None
    alt = PICTURES / f"{name}.txt"
    description = alt.read_text(encoding="utf-8").strip()[:1000] if alt.is_file() else None
    return discord.File(png, f"{game}.png", description=description)


class HelpCommands(LastResort, commands.Cog):
    """`/domino help` and `/domino rules` (joined into `/domino`: cogs/features.py)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        super().__init__()


    @app_commands.command(name="help", description="How to play dominoes here: pages and pictures")
    @app_commands.describe(topic="Which page (default: getting started)")
    @app_commands.choices(topic=[app_commands.Choice(name=words, value=value)
                                 for words, value in topic_choices()])
    async def help(self, interaction: discord.Interaction[Any],
                   topic: str | None = None) -> None:
        async with guard(interaction, None):
            text, file = help_page(topic)
            files = [file] if file is not None else []
            await interaction.response.send_message(text, files=files, ephemeral=True)

    @app_commands.command(name="rules", description="A game's rules (at a table: with its options)")
    @app_commands.choices(game=ALL_GAMES)
    @app_commands.describe(game="Which game (default: the table in this channel)")
    async def rules(self, interaction: discord.Interaction[Any],
                    game: str | None = None) -> None:
        options = None
        if game is None:
            tables = self.service.tables_in_channel(interaction.channel_id or 0)
            if tables:
                table = max(tables, key=lambda x: x.id)
                game, options = table.game_kind, dict(table.row.options)
        async with guard(interaction, None):
            await interaction.response.send_message(rules_text(game or ALL_GAMES[0].value, options),
                                                    ephemeral=True)
