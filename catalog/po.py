"""The catalogs' files: gettext `.po` files under catalog/locales/, read with Babel.

    locales/<lang>/LC_MESSAGES/messages.po   every text a person reads, by key
                                             (msgid = the key, e.g. "error.table_full")
    locales/<lang>/LC_MESSAGES/commands.po   the slash commands' names, descriptions and
                                             choices (msgctxt = where, msgid = the English)

Each file is read once, at first use, into a `Language`: a dict from (context, msgid)
to the text's forms (one form, or one per plural form of the language) and the
language's plural rule from the file's own Plural-Forms header, so that 1 фишка,
2 фишки, 5 фишек come from the .po file as a translator wrote it.
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from catalog.reader import LANGUAGES as _SPOKEN

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
LANGUAGES = _SPOKEN  # the files of catalog/reader.py's languages: one list, never two
SOURCE = "en"
Key = tuple[str | None, str]  # (msgctxt, msgid)
_DATE = datetime(2026, 12, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Language:
    """One language's texts of one domain: forms by (context, msgid), and its plural rule."""

    code: str
    texts: dict[Key, tuple[str, ...]]
    plural: Callable[[int], int]
    plural_forms: int

    def form(self, key: Key, count: int | None) -> str | None:
        """The text for `key` (its plural form for `count`), or None when it has none."""
        forms = self.texts.get(key)
        if not forms:
            return None
        if len(forms) == 1:
            return forms[0]
        index = self.plural(abs(count) if count is not None else 1)
        return forms[min(index, len(forms) - 1)]


def po_path(code: str, domain: str) -> Path:
    """The .po file of language `code` and `domain` ("messages" or "commands")."""
    return LOCALES_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(code: str, domain: str) -> Catalog:
    """The Babel Catalog of a .po file; raises OSError when it is missing."""
    with po_path(code, domain).open("rb") as handle:
        return read_po(handle, locale=code, domain=domain)


@cache
def language(code: str, domain: str = "messages") -> Language:
    """The texts of `code` in `domain`; a language without that file has no texts.

    Untranslated (empty) and fuzzy entries count as missing, so the reader falls
    back to English rather than seeing a half-done text.
    """
    try:
        catalog = read_catalog(code, domain)
    except FileNotFoundError:
        log.warning("no %s catalog for %s", domain, code)
        return Language(code, {}, lambda n: int(n != 1), 2)
    texts: dict[Key, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        strings = message.string
        forms = tuple(strings) if isinstance(strings, tuple | list) else (strings,)
        if all(forms):
            texts[(message.context, str(msgid))] = tuple(str(f) for f in forms)
    return Language(code, texts, gettext.c2py(catalog.plural_expr), catalog.num_plurals)


def write_catalog(code: str, domain: str,
                  entries: Iterable[tuple[Key, tuple[str, ...], str | None]]) -> Path:
    """Write the .po file of `code`/`domain` from (key, forms, comment) entries, in order.

    A plural entry has one form per plural form of the language (two in English);
    `comment` (the English text, for a translation) is written as `#.` above it.
    """
    # Fixed header dates: rewriting a file changes only the entries that changed.
    catalog = Catalog(locale=code, domain=domain, project="dominoes-bot", version="1",
                      header_comment=f"# The {domain} of the dominoes bot in {code}.",
                      creation_date=_DATE, revision_date=_DATE, fuzzy=False,
                      msgid_bugs_address="", last_translator="", language_team=code)
    for (context, msgid), forms, comment in entries:
        ident: str | tuple[str, str] = (msgid, msgid) if len(forms) > 1 else msgid
        string: str | tuple[str, ...] = forms if len(forms) > 1 else forms[0]
        catalog.add(ident, string, context=context,
                    auto_comments=[comment] if comment else ())
    path = po_path(code, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, no_location=True)
    return path


Source = str | tuple[str, str]  # an English text, or its (one, other) plural forms


def sync_catalog(code: str, english: dict[str, Source]) -> Path:
    """Rewrite `code`'s messages.po in the order of `english`: translations kept, keys
    English lost dropped, new keys added untranslated; each entry shows its English."""
    try:
        old = {str(m.id[0] if isinstance(m.id, tuple | list) else m.id): m
               for m in read_catalog(code, "messages") if m.id}
    except FileNotFoundError:
        old = {}
    count = Catalog(locale=code).num_plurals
    entries = []
    for key, source in english.items():
        plural = not isinstance(source, str)
        kept = old.get(key)
        strings = kept.string if kept is not None else ""
        forms = tuple(str(f or "") for f in (strings if isinstance(strings, tuple | list)
                                             else (strings,)))
        if plural and len(forms) != count:
            forms = (forms + ("",) * count)[:count]
        elif not plural:
            forms = forms[:1]
        comment = source if isinstance(source, str) else " | ".join(source)
        entries.append(((None, key), forms, comment))
    return write_catalog(code, "messages", entries)
