"""Reading and writing game options: every option is recorded, defaults left out."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Protocol, TypeVar

from engine.errors import RecordError


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
    except ValueError as exc:
        raise RecordError(f"bad options: {exc}") from None


def options_to_dict(options: OptionsLike) -> dict[str, Any]:
    """Only the options that differ from their defaults, as a record writes them."""
    return {
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != f.default
    }


def check_choice(name: str, value: object, choices: tuple[object, ...]) -> None:
    """Raise ValueError unless `value` is one of `choices`."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(str, choices))}, not {value!r}")


def check_range(name: str, value: int, low: int, high: int) -> None:
    """Raise ValueError unless low <= value <= high."""
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value}")
