"""`/domino help` and `/domino rules`: the pages, in the catalog, and each game's picture.

A page is one catalog text (`help.<topic>`); a game's how-to-play page comes with
the picture of a table of it, made by the project's renderer and committed under
docs/pictures/ (`python -m render docs docs/pictures`), with its alt text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from catalog import t
from catalog.reader import current
from cogs.games import presentation
from cogs.words import options_lines
from engine.registry import GAME_NAMES, GAMES

PICTURES = Path(__file__).resolve().parent.parent / "docs" / "pictures"
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


def rules_text(game: str, options: dict[str, Any] | None) -> str:
    """The rules of a game told in full and, at a table, that table's options in words."""
    text = t(presentation(game).rules_key)
    if options is not None:
        lines = "\n".join(f"- {line}" for line in options_lines(game, options))
        text += "\n" + t("rules.options", options=lines)
    return text
