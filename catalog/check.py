"""What a translation lacks: keys, plural forms or placeholders the English has."""

from __future__ import annotations

import string

from catalog import EN
from catalog.po import LANGUAGES, SOURCE, Source, language

_FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str]:
    """The replacement fields of a format string, each with its conversion and spec."""
    return {f"{name}!{conv or ''}:{spec or ''}"
            for _, name, spec, conv in _FORMATTER.parse(text) if name is not None}


def _forms(source: Source) -> tuple[str, ...]:
    return (source,) if isinstance(source, str) else source


TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)


def problems(codes: tuple[str, ...] = TRANSLATED) -> list[str]:
    """One line per problem: a key missing in a language, a plural text without all of
    the language's forms, a placeholder the English has and the translation lacks (or
    the other way round), and a key the English no longer has."""
    found = []
    for code in codes:
        lang = language(code)
        texts = {msgid: forms for (context, msgid), forms in lang.texts.items()
                 if context is None}
        for key, source in EN.items():
            forms = texts.get(key)
            if forms is None:
                found.append(f"{code}: {key} is not translated")
                continue
            plural = not isinstance(source, str)
            if plural and len(forms) != lang.plural_forms:
                found.append(f"{code}: {key} has {len(forms)} of {lang.plural_forms} forms")
            if not plural and len(forms) != 1:
                found.append(f"{code}: {key} has plural forms; English has none")
            wanted = set().union(*(placeholders(f) for f in _forms(source)))
            for form in forms:
                have = placeholders(form)
                # A plural form may leave {count} out ("одна фишка"); nothing else.
                lacking = wanted - have - ({"count!:"} if plural else set())
                if lacking or have - wanted:
                    found.append(f"{code}: {key} {form!r}: placeholders {sorted(have)}, "
                                 f"English {sorted(wanted)}")
        found.extend(f"{code}: {key} is not in the English any more"
                     for key in texts.keys() - EN.keys())
    return found
