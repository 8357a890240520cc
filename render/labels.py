"""The words of a picture in the reader's language: the catalog's "picture." keys.

render/ stays pure: a caller passes the reader's locale (render_board(view, theme,
locale)), and every word drawn or written in an alt text comes from one `Labels`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from catalog import t
from catalog.reader import DEFAULT, language_of


@dataclass(frozen=True, slots=True)
class Labels:
    """The picture words of one language ("en", "ru" or "uk")."""

    locale: str = DEFAULT

    def __call__(self, key: str, /, **values: object) -> str:
        """The text of "picture.<key>" filled with `values` (`count` picks a plural)."""
        return t(f"picture.{key}", self.locale, **values)

    def game(self, name: str) -> str:
        """A game's name: "Traditional", «Козёл»..."""
        return t(f"game.{name}", self.locale)

    def names(self, names: Iterable[str]) -> str:
        """Names joined by "and" in this language; "Nobody" for none."""
        listed = list(names)
        return self("and").join(listed) if listed else self("nobody")


ENGLISH = Labels()


def labels_for(locale: str | Labels | None) -> Labels:
    """The Labels of `locale` (a language without a catalog: English)."""
    if isinstance(locale, Labels):
        return locale
    return Labels(language_of(locale) or DEFAULT)
