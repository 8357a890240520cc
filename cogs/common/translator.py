"""The slash commands in the reader's language: discord.py's `app_commands.Translator`
fed from catalog/locales/<lang>/LC_MESSAGES/commands.po.

Every name, description and choice of the command tree is a `locale_str` (discord.py
makes one of each plain string); its English text and where it stands (the
location: "command_name", "parameter_description", ...) are the entry's msgid and
msgctxt. Discord then shows each person the command in their client's language.
`python -m cogs.command_catalog` adds the tree's new texts to each translation's commands.po.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache
from typing import Any

import discord
from discord import app_commands

from catalog import EN, t
from catalog.po import LANGUAGES, SOURCE, Key, language
from catalog.reader import language_of

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
# Each Discord locale of a translated language: ru, uk, es-ES and es-419 (es), pt-BR (pt).
_LOCALES = {locale: code for locale in discord.Locale
            if (code := language_of(locale)) in TRANSLATED}


def command_text(code: str, where: str, english: str) -> str | None:
    """The translation into `code` of the command text `english` at `where`, or None.

    commands.po first; a description or choice the commands took from the message
    catalog (an option's words, "… (default: …)") is found there by its English and
    told in `code` the same way, so it needs no second translation.
    """
    found = language(code, "commands").form((where, english), None)
    if found is None and (not where.endswith("_name") or where == "choice_name"):
        found = from_catalog(english, code)
    return found


def _pattern(text: str) -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    """A regex matching what `text` (an English template) gives for any values."""
    parts, names = [], []
    literal = 0
    for before, name, spec, conv in string.Formatter().parse(text):
        parts.append(re.escape(before))
        literal += len(before.strip())
        if name is not None:
            if spec or conv or not name.isidentifier() or name in names:
                return None
            parts.append(f"(?P<{name}>.+?)")
            names.append(name)
    if not names or literal < 4:  # "{text}", "{tiles}": would match anything
        return None
    return re.compile("".join(parts), re.S), tuple(names)


@cache
def _templates() -> tuple[dict[str, str], list[tuple[str, re.Pattern[str]]]]:
    exact: dict[str, str] = {}
    patterns = []
    for key, source in EN.items():
        if not isinstance(source, str):
            continue
        exact.setdefault(source, key)
        found = _pattern(source)
        if found is not None:
            patterns.append((len(source), key, found[0]))
    patterns.sort(key=lambda p: -p[0])  # the most specific template first
    return exact, [(key, rx) for _, key, rx in patterns]


def from_catalog(english: str, code: str) -> str | None:
    """`english` in `code` when it is a catalog text, or a catalog template filled with
    texts that are (recursively); None when the catalog does not make it."""
    exact, patterns = _templates()
    if english in exact:
        return t(exact[english], code)
    first: str | None = None
    for key, rx in patterns:
        match = rx.fullmatch(english)
        if match is None:
            continue
        found = {name: from_catalog(value, code) for name, value in match.groupdict().items()}
        values = {name: found[name] or value for name, value in match.groupdict().items()}
        # A template whose every worded value is a catalog text too wins over a longer one
        # that cuts the text elsewhere ("by players: double-6 … (default)" is a choice
        # marked default, not an option line "{name}: {value} (default)").
        if all(found[name] is not None or not any(c.isalpha() for c in value)
               for name, value in match.groupdict().items()):
            return t(key, code, **values)
        first = first or t(key, code, **values)
    return first


class CatalogTranslator(app_commands.Translator):
    """Names, descriptions and choices in each translated language; English as written."""

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
