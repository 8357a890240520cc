"""The reader's language on a page: `?lang=` if it names one the bot speaks, else the
browser's Accept-Language (by its weights), else English."""

from __future__ import annotations

from catalog.reader import LANGUAGES, language_of

SPOKEN = LANGUAGES


def page_language(query_lang: str | None, accept_language: str | None) -> str:
    """One of SPOKEN for this request."""
    if query_lang:
        chosen = language_of(query_lang)
        if chosen in SPOKEN:
            return chosen
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "")[:512].split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = language_of(tag.strip())
        if code in SPOKEN and weight > 0:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else "en"
