"""Game options: what the engine accepts (one `Rule` per option), reading and writing them.

Each game's `options.py` holds its options in ONE place: the frozen dataclass
(names, types, defaults) and its `RULES` (the range or the choices the engine
accepts). The dataclass checks itself against its rules, and `describe` gives
every other layer (the slash commands, the lobby, the docs) the same facts, so
what a command offers cannot drift from what the engine accepts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from engine.errors import OptionError, RecordError


class OptionsLike(Protocol):
    __dataclass_fields__: ClassVar[dict[str, Any]]


OptionsT = TypeVar("OptionsT", bound=OptionsLike)


def read_options(cls: type[OptionsT], raw: object) -> OptionsT:
    """Build `cls` from a record's `options`; unknown names and wrong types raise RecordError.

    The type of each option is taken from its default (bool, int or str); the
    dataclass's own `__post_init__` checks ranges and choices (ValueError).
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError("`options` must be an object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        field = fields.get(name)
        if field is None:
            raise RecordError(f"unknown option {name!r} (known: {', '.join(fields)})")
        expected = type(field.default)
        # bool is an int in Python; an option's type must match exactly.
        if type(value) is not expected:
            raise RecordError(f"option {name!r} must be {expected.__name__}, not {value!r}")
        values[name] = value
    try:
        return cls(**values)
    except OptionError:
        raise  # it says why in the reader's language already
    except ValueError as exc:
        raise RecordError(f"bad options: {exc}") from None


def options_to_dict(options: OptionsLike) -> dict[str, Any]:
    """Only the options that differ from their defaults, as a record writes them."""
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != f.default
    }


@dataclass(frozen=True, slots=True)
class Rule:
    """What the engine accepts for one option: `low`..`high` (an int), or one of `choices`.

    An option with neither (a bool) accepts both values.
    """

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[int | str, ...] = ()

    def check(self, value: Any) -> None:
        """Raise ValueError unless the engine accepts `value` for this option."""
        if self.choices:
            check_choice(self.name, value, self.choices)
        if self.low is not None and self.high is not None:
            check_range(self.name, value, self.low, self.high)


def check_rules(options: OptionsLike, rules: Sequence[Rule]) -> None:
    """Raise ValueError for the first option of `options` its rule refuses."""
    for rule in rules:
        rule.check(getattr(options, rule.name))


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as people meet it: its type, default, range or choices, and catalog keys.

    `key` names the option's description in the catalog (`option.<game>.<name>`);
    `choice_key(value)` names the words for one of its values.
    """

    game: str
    name: str
    type: type
    default: bool | int | str
    low: int | None = None
    high: int | None = None
    choices: tuple[int | str, ...] = ()

    @property
    def key(self) -> str:
        return f"option.{self.game}.{self.name}"

    def choice_key(self, value: object) -> str:
        """The catalog key of a value's words: its own for a choice, on/off for a bool."""
        if self.type is bool:
            return "option.on" if value else "option.off"
        return f"{self.key}.{value}"


def describe(game: str, cls: type[OptionsLike], rules: Sequence[Rule]) -> tuple[OptionInfo, ...]:
    """Every option of `cls` in field order, with its rule (the one place of its facts)."""
    by_name = {rule.name: rule for rule in rules}
    infos = []
    for field in dataclasses.fields(cls):
        rule = by_name.get(field.name, Rule(field.name))
        default = field.default
        assert isinstance(default, (bool, int, str)), field.name  # every option has a default
        infos.append(OptionInfo(game, field.name, type(default), default,
                                rule.low, rule.high, rule.choices))
    return tuple(infos)


def check_choice(name: str, value: object, choices: tuple[object, ...]) -> None:
    """Raise ValueError unless `value` is one of `choices`."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(str, choices))}, not {value!r}")


def check_range(name: str, value: int, low: int, high: int) -> None:
    """Raise ValueError unless low <= value <= high."""
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}")
