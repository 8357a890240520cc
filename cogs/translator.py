"""The slash commands in the reader's language: discord.py's `app_commands.Translator`
fed from catalog/locales/<lang>/LC_MESSAGES/commands.po.

Every name, description and choice of the command tree is a `locale_str` (discord.py
makes one of each plain string); its English text and where it stands (the
location: "command_name", "parameter_description", ...) are the entry's msgid and
msgctxt. Discord then shows each person the command in their client's language.
`python -m cogs.command_texts` adds the tree's new texts to ru and uk's commands.po.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

from catalog.po import LANGUAGES, SOURCE, Key, language

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
_LOCALES = {discord.Locale.russian: "ru", discord.Locale.ukrainian: "uk"}


def command_text(code: str, where: str, english: str) -> str | None:
    """The translation into `code` of the command text `english` at `where`, or None."""
    return language(code, "commands").form((where, english), None)


class CatalogTranslator(app_commands.Translator):
    """Names, descriptions and choices in Russian and Ukrainian; English as written."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = _LOCALES.get(locale)
        if code is None:
            return None
        return command_text(code, context.location.name, string.message)


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[Key]:
    """Every (location, English text) of the tree's slash commands, in tree order."""
    def walk(item: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[Key]:
        if isinstance(item, app_commands.Group):
            yield ("group_name", item.name)
            yield ("group_description", item.description)
            for child in item.commands:
                yield from walk(child)
            return
        yield ("command_name", item.name)
        yield ("command_description", item.description)
        for param in item.parameters:
            yield ("parameter_name", param.name)
            yield ("parameter_description", param.description)
            for choice in param.choices:
                yield ("choice_name", choice.name)

    seen: set[Key] = set()
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Command | app_commands.Group):
            for key in walk(command):
                if key not in seen:
                    seen.add(key)
                    yield key
