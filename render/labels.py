"""The words of a picture in the reader's language: the catalog's "picture." keys.

render/ stays pure: a caller passes the reader's locale (render_board(view, theme,
locale)), and every word drawn or written in an alt text comes from one `Labels`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from catalog import Phrase, has, t
from catalog.reader import DEFAULT, language_of
from engine.notation import move_text, tiles_in


@dataclass(frozen=True, slots=True)
class Labels:
    """The picture words of one language ("en", "ru", "uk", "es" or "pt")."""

    locale: str = DEFAULT

    def __call__(self, key: str, /, **values: object) -> str:
        """The text of "picture.<key>" filled with `values` (`count` picks a plural)."""
        return t(f"picture.{key}", self.locale, **values)

    def own(self, key: str, game: str) -> str:
        """`key`, or `game`'s own wording of it (`<key>.<game>`) where the catalog has a
        "picture.<key>.<game>": Mexican Train's "Round 2" for "Hand 2"."""
        mine = f"{key}.{game}"
        return mine if game and has(f"picture.{mine}", "en") else key

    def game(self, name: str) -> str:
        """A game's name: "Traditional", «Козёл»..."""
        return t(f"game.{name}", self.locale)

    def move(self, text: str) -> str:
        """A move's record text as this language reads it: "[6|4] Л", «из базара»."""
        return move_text(text, lambda word: t(f"move.{word}", self.locale))

    def end(self, side: str) -> str:
        """An end's letter (L R U D) as this language names it: "L", «Л»."""
        return t(f"move.{side}", self.locale)

    def reason(self, reason: Phrase) -> str:
        """An engine's reason (a Carousel score's) in this language, tiles as `[6|3]`."""
        return tiles_in(t(reason.key, self.locale, **reason.values))

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
