"""A game's table options typed as one line of text (issue 49: `/tournament create
options:`), read with the engine's own facts of each option (`GameSpec.options`: names,
types, defaults, ranges, choices), so what a host may type cannot drift from what a lobby
offers.

The text is `name:value` pairs (or `name=value`) separated by spaces or commas, e.g.
`target:61 lead:winner`; a name may use `-` for `_`; a flag takes on/off (yes/no,
true/false, 1/0). The game's own checks across options (a Mexican Train hand that does
not fit in the set) stay with `tables.live.checked_game`, which the tournament calls next.
"""

from __future__ import annotations

import re
from typing import Any

from catalog import Phrase
from engine.errors import RecordError
from engine.options import OptionInfo
from engine.registry import game_spec
from tables.errors import TableError

_PAIR = re.compile(r"^([A-Za-z][\w-]*)\s*[:=]\s*(\S+)$")
_SPLIT = re.compile(r"[\s,;]+")
_ON = frozenset({"on", "yes", "true", "1"})
_OFF = frozenset({"off", "no", "false", "0"})
MOST = 400  # characters of a typed options text (a Discord option's limit is higher)


def option_pairs(text: str) -> list[tuple[str, str]]:
    """The `name:value` pairs of `text` in order (a space after the colon allowed).
    Raises TableError ("error.tournament.option_form") for anything else."""
    glued = re.sub(r"\s*([:=])\s*", r"\1", text.strip())
    pairs = []
    for word in filter(None, _SPLIT.split(glued)):
        found = _PAIR.match(word)
        if found is None:
            raise TableError("error.tournament.option_form", text=f"`{word[:40]}`")
        pairs.append((found[1].lower().replace("-", "_"), found[2]))
    return pairs


def _value(info: OptionInfo, typed: str) -> bool | int | str:
    """`typed` as a value of `info`, within its range or choices. Raises TableError."""
    name = f"`{info.name}`"
    shown = f"`{typed[:40]}`"
    if info.type is bool:
        if typed.lower() in _ON | _OFF:
            return typed.lower() in _ON
        raise TableError("error.tournament.option_flag", name=name, value=shown)
    if info.type is int:
        if not re.fullmatch(r"-?\d{1,9}", typed):
            raise TableError("error.tournament.option_number", name=name, value=shown)
        number = int(typed)
        if info.choices and number not in info.choices:
            raise TableError("error.tournament.option_choice", name=name, value=shown,
                             choices=", ".join(f"`{c}`" for c in info.choices))
        if info.low is not None and info.high is not None and not (
                info.low <= number <= info.high):
            raise TableError("error.tournament.option_range", name=name, value=shown,
                             low=info.low, high=info.high)
        return number
    word = typed.lower()
    if info.choices and word not in info.choices:
        raise TableError("error.tournament.option_choice", name=name, value=shown,
                         choices=", ".join(f"`{c}`" for c in info.choices))
    return word


def typed_options(game: str, text: str | None) -> dict[str, Any]:
    """The options of `game` that `text` sets (empty text: none, the game's defaults),
    only those that differ from their defaults, as a table stores them. Raises
    TableError: an unknown game ("error.unknown_game"), a text too long
    ("error.tournament.option_long"), not name:value ("error.tournament.option_form"), a
    name the game does not have ("error.tournament.option_unknown"), a name twice
    ("error.tournament.option_twice"), or a value it does not take
    (error.tournament.option_flag / _number / _range / _choice)."""
    try:
        spec = game_spec(game)
    except RecordError:
        raise TableError("error.unknown_game", game=game) from None
    if text is None or not text.strip():
        return {}
    if len(text) > MOST:
        raise TableError("error.tournament.option_long", most=MOST)
    infos = {info.name: info for info in spec.options}
    chosen: dict[str, Any] = {}
    for name, typed in option_pairs(text):
        info = infos.get(name)
        if info is None:
            raise TableError("error.tournament.option_unknown", game=Phrase(f"game.{game}"),
                             name=f"`{name[:40]}`",
                             names=", ".join(f"`{n}`" for n in infos) or "-")
        if name in chosen:
            raise TableError("error.tournament.option_twice", name=f"`{name}`")
        chosen[name] = _value(info, typed)
    return {name: value for name, value in chosen.items() if value != infos[name].default}
