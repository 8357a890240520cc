"""The message catalog: every string a person reads, by key, and `t(key, locale, **values)`.

A shared leaf: any layer may import it, and it imports nothing of the project.
English is written in catalog/texts_en.py, pickup_en.py, stats_en.py, words_en.py,
help_en.py, pictures.py and web_en.py; the translations are gettext .po files,
catalog/locales/<lang>/LC_MESSAGES/messages.po (see catalog/po.py). A key missing in a
language falls back to English. A text with plural forms is a tuple (one, other) here
and is chosen by the value `count`. A value that is itself a `Phrase` is looked up in
the same language (a game's name inside an error, an engine's reason). Without a
locale, `t` writes in the current reader's language (catalog/reader.py).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from catalog.commands import Commands
from catalog.help_en import HELP
from catalog.lookup import template
from catalog.pickup_en import PICKUP
from catalog.pictures import PICTURES
from catalog.po import SOURCE, Source
from catalog.reader import current, language_of
from catalog.stats_en import STATS
from catalog.texts_en import TEXTS
from catalog.tournament_en import TOURNAMENT
from catalog.web_en import WEB
from catalog.words_en import WORDS

log = logging.getLogger(__name__)

# The English parts, each a file of its own; a key is written in exactly one of them.
_PARTS: tuple[Mapping[str, Source], ...] = (TEXTS, PICKUP, STATS, WORDS, HELP, PICTURES, WEB,
                                                TOURNAMENT)
EN: dict[str, Source] = {key: text for part in _PARTS for key, text in part.items()}
if len(EN) != sum(map(len, _PARTS)):
    raise RuntimeError("a catalog key is written in two of catalog's English files")


def _plural_pairs(texts: dict[str, Source]) -> None:
    """Fold each `key.one` / `key.other` pair of English into one plural text `key`
    (one, other): the form the .po files translate, with each language's own forms."""
    for other in [k for k in texts if k.endswith(".other")]:
        key = other.removesuffix(".other")
        one, many = texts.get(f"{key}.one"), texts[other]
        if isinstance(one, str) and isinstance(many, str):
            texts[key] = (one, many)
            del texts[f"{key}.one"], texts[other]


_plural_pairs(EN)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A value that is itself a catalog text (with its own values), shown in the reader's
    language: a game's name inside an error, the engine's reason for an illegal move."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        """The English text (a record's or the command line's error message)."""
        return t(self.key, "en", **self.values)


def t(key: str, locale: str | None = None, /, **values: object) -> str:
    """The text for `key` in `locale` (None: the current reader's language; English when
    missing there), filled with `values`. A plural text takes the form for `count`.

    A text naming a slash command as `{cmd.<name>}` gets it written for that reader
    (catalog/commands.py): no caller passes `cmd`.
    A missing key is logged and shown as the key itself, never raised.
    """
    text = template(key, locale, values, EN)
    if text is None:
        log.warning("missing translation key %s", key)
        return key
    commands = "{cmd." in text
    if not values and not commands:
        return text
    filled = {k: t(v.key, locale, **v.values) if isinstance(v, Phrase) else v
              for k, v in values.items()}
    if commands:
        code = current() if locale is None else (language_of(locale) or SOURCE)
        filled["cmd"] = Commands(code)
    return text.format(**filled)


def has(key: str, locale: str | None = None) -> bool:
    """Whether the catalog has a text for `key` (English has every key; a language
    without its translation shows the English)."""
    del locale
    return key in EN


def tn(key: str, count: int, locale: str | None = None, /, **values: object) -> str:
    """`key` in the plural form `count` takes in `locale` (None: the reader's), filled
    with `count` and `values`: tn("count.tiles", 1) == "1 tile", "5 фишек" in Russian."""
    return t(key, locale, count=count, **values)


def ordinal(n: int, locale: str | None = None) -> str:
    """The ordinal of `n` in `locale` (None: the current reader's): "1st", "22nd", "13th";
    "1-й" in Russian and Ukrainian (the form that goes with «игрок», «гравець»), "1.º" in
    Spanish and "1º" in Portuguese (the masculine of «puesto», «lugar»)."""
    code = current() if locale is None else language_of(locale)
    if code in ("ru", "uk"):
        return f"{n}-й"
    if code == "es":
        return f"{n}.º"
    if code == "pt":
        return f"{n}º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
