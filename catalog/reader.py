"""Whose language a text is being written in: the reader of the message being built.

`t(key)` without a locale writes in the current reader's language. The bot sets it
where a message's reader is known: at an interaction (the person who clicked), for
a DM (its recipient), for a public message (the server), with `reading(code)`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# The languages with a catalog: the one list (catalog/po.py reads it from here).
LANGUAGES = ("en", "ru", "uk", "es", "pt")
DEFAULT = "en"
_reader: ContextVar[str] = ContextVar("reader", default=DEFAULT)


def language_of(locale: object) -> str | None:
    """The catalog language of a locale ("ru", "uk", "en-US", "es-419", "pt-BR",
    discord.Locale.russian...), or None when there is no catalog in that language."""
    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).split("-")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def current() -> str:
    """The language of the message being written now ("en" unless set)."""
    return _reader.get()


@contextmanager
def reading(locale: object) -> Iterator[str]:
    """Write in the language of `locale` inside the block (English for one without a
    catalog); yields that language. The previous reader is back afterwards."""
    code = language_of(locale) or DEFAULT
    token = _reader.set(code)
    try:
        yield code
    finally:
        _reader.reset(token)


def read_as(locale: object) -> str:
    """Make `locale`'s language the reader's for the rest of this task (an interaction's
    handler: everything it writes is for the person who acted); returns it."""
    code = language_of(locale) or DEFAULT
    _reader.set(code)
    return code
