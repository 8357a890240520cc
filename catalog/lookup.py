"""Finding a key's text in a language: its translation (.po), else the English source.

English texts live in the code (catalog/texts_en.py, pickup_en.py, stats_en.py,
words_en.py, help_en.py, pictures.py and web_en.py, merged into catalog/__init__.py's
EN); their translations in catalog/locales/<lang>/LC_MESSAGES/messages.po. A text with
plural forms is chosen by the value `count`: (one, other) in English, one form per
plural form of the language in its .po file.
"""

from __future__ import annotations

from collections.abc import Mapping

from catalog.po import SOURCE, Source, language
from catalog.reader import current, language_of


def template(key: str, locale: object, values: Mapping[str, object],
             english: Mapping[str, Source]) -> str | None:
    """The text of `key` for `locale` (None: the current reader's language), in the
    plural form for values["count"] if it has forms; None when English has no `key`."""
    code = current() if locale is None else (language_of(locale) or SOURCE)
    count = values.get("count")
    number = count if isinstance(count, int) and not isinstance(count, bool) else None
    if code != SOURCE and key in english:
        found = language(code).form((None, key), number)
        if found is not None:
            return found
    source = english.get(key)
    if source is None or isinstance(source, str):
        return source
    return source[0] if number == 1 else source[1]
