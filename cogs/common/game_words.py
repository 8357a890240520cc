"""Game facts in words for messages: a table's options, how a game ended, AI levels,
moves and scores. The words come from the catalog (`option.*`, `end.*`, `level.*`,
`move.*`, `score.*`); which options a game has, their defaults and values come from
the engine (`GameSpec.options`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands

from catalog import Phrase, has, t
from catalog.reader import LANGUAGES
from engine.notation import ENDS, WORDS, move_text, tiles_in
from engine.options import OptionInfo
from engine.registry import GAMES, GameSpec


def value_words(info: OptionInfo, value: object, locale: str | None = None) -> str:
    """A value of an option in words: its choice's catalog words, on/off, the words for a
    number that means something else (Traditional's target 0: one hand), or the number."""
    if info.choices or info.type is bool or has(info.choice_key(value), locale):
        return t(info.choice_key(value), locale)
    return str(value)


def options_lines(game: str, options: Mapping[str, Any],
                  locale: str | None = None) -> list[str]:
    """Every option of `game` with its value in words, "(default)" after the defaults."""
    spec = GAMES.get(game)
    if spec is None:
        return []
    lines = []
    for info in spec.options:
        value = options.get(info.name, info.default)
        key = "option.line_default" if value == info.default else "option.line"
        lines.append(t(key, locale, name=t(f"{info.key}.name", locale),
                       value=value_words(info, value, locale)))
    return lines


def rules_text(game: str, options: Mapping[str, Any] | None) -> str:
    """The rules of a game told in full (`rules.<game>`) and, at a table, that table's
    options in words."""
    text = t(f"rules.{game}")
    if options is not None:
        lines = "\n".join(f"- {line}" for line in options_lines(game, options))
        text += "\n" + t("rules.options", options=lines)
    return text


def ending(game: str, reason: str | None, names: Sequence[str],
           locale: str | None = None) -> str:
    """How a game ended, in words ("Bob went out", "Fish: nobody can play"); `names` are
    the winners' (or, for "resigned", the resigner's)."""
    who = " + ".join(names)
    key = f"end.{game}.{reason}"  # a game's own words first (Big Clock: "given up")
    if has(key, locale):
        return t(key, locale, name=who)
    if reason == "resigned":
        return t("end.resigned", locale, name=who)
    return t("end.unknown", locale)


def level_words(level: str | None, locale: str | None = None) -> str:
    """An AI level in words ("easy", "normal", "hard")."""
    return t(f"level.{level or 'normal'}", locale)


def move_words(text: str, locale: str | None = None) -> str:
    """A move's record text as the reader reads it (`engine.notation.move_text` with the
    catalog's `move.*` words): "[6|4] L", "draw" in English; "[6|4] Л", «из базара» in
    Russian. What /domino play takes stays the record text."""
    return move_text(text, lambda word: t(f"move.{word}", locale))


_ARROW = re.compile(r"(?:(?P<source>[0-9]{1,2}) ?)?(?:→|->) ?(?P<target>[0-9]{1,2})")


def typed_move(text: str) -> str:
    """A typed move with the notation words as people read them in any language put back
    as the record's: "6-3 Л" -> "6-3 L", «пас» -> "pass", "9 → 11" -> "move 9 11";
    anything else as typed (the engine's parser judges it)."""
    record = {t(f"move.{word}", code).casefold(): word
              for code in LANGUAGES for word in (*WORDS, *ENDS)}
    bare = " ".join(text.split())
    # Big Clock's moves as the pictures and the autocomplete show them (`→ 4`, `9 → 11`):
    # the words `place` and `move` are the record's, in no reader's language.
    arrow = _ARROW.fullmatch(bare)
    if arrow is not None:
        source, target = arrow["source"], arrow["target"]
        return f"place {target}" if source is None else f"move {source} {target}"
    if bare.casefold() in record:
        return record[bare.casefold()]
    head, _, last = bare.rpartition(" ")
    end = record.get(last.casefold())
    return f"{head} {end}" if head and end in ENDS else text


def reason_words(reason: Phrase, locale: str | None = None) -> str:
    """An engine's reason (a Carousel score's) in the reader's language, tiles `[6|3]`."""
    return tiles_in(t(reason.key, locale, **reason.values))


# The shares the lobby says in words, as "about <wins> games in <of>"; from 95% up a level
# "wins almost every game".
_SHARES: tuple[tuple[int, int], ...] = ((1, 2), (3, 5), (2, 3), (3, 4), (4, 5), (9, 10))
ALMOST_ALWAYS = 0.95


def strength_words(game: str, level: str, locale: str | None = None, *,
                   seats: int | None = None) -> str | None:
    """How strong an AI `level` is at `game` with `seats` players (None: the usual
    table), in words, from the game's measured `GameSpec.strength` ("Wins about 2 games
    in 3 against normal AI"); None for a level or a game with no figure (easy, a
    solitaire)."""
    share = GAMES[game].strength(level, seats)
    return None if share is None else share_words(level, share, locale)


def share_words(level: str, share: float, locale: str | None = None) -> str:
    """`level` winning `share` of its games against the level below, as the nearest of a
    few plain fractions, or "almost every game" from 95% up."""
    if share >= ALMOST_ALWAYS:
        return t(f"lobby.ai_strength_most.{level}", locale)
    wins, of = min(_SHARES, key=lambda pair: abs(pair[0] / pair[1] - share))
    return t(f"lobby.ai_strength.{level}", locale, wins=wins, of=of)


def _choices(specs: list[GameSpec]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t(f"game.{spec.name}"), value=spec.name) for spec in specs]


# The `game` choices of the slash commands, in registry order.
TABLE_GAMES = _choices([spec for spec in GAMES.values() if not spec.solitaire])
RATED_GAMES = _choices([spec for spec in GAMES.values() if spec.rated])
ALL_GAMES = _choices(list(GAMES.values()))
