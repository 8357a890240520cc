"""The settings a host may change in their lobby before it starts (`/domino lobby`).

`LOBBY_SETTINGS` is the one list of them: each names its command option, the
`TableSettings` field it changes, and what it accepts. The command's options
(cogs/lobby/lobby_command.py), the words of its answer and the change itself are all made
from this list, so a new one is a line here, its field in tables/table_settings.py, and its
words in the catalog (`new.<name>` describes the option, `lobby_set.<name>` says its
value).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from tables.errors import TableError
from tables.table_settings import RESIGN_ACTIONS, TableSettings

WEEK_MINUTES = 7 * 24 * 60


@dataclass(frozen=True, slots=True)
class LobbySetting:
    """One setting of `/domino lobby`.

    `kind` is int (a count of minutes from `low` to `high`, kept as seconds: `scale`),
    bool, or str (one of `choices`). `min_seats`: a table with fewer seats has no use
    for it (what a resignation does needs 3). `scheduled`: whether a scheduled lobby
    may change it (its schedule owns its wait and its start).
    """

    name: str
    field: str
    kind: type
    low: int | None = None
    high: int | None = None
    scale: int = 1
    choices: tuple[str, ...] = ()
    min_seats: int = 1
    scheduled: bool = True

    def stored(self, typed: Any) -> Any:
        """The field's value for `typed` (as the option gives it)."""
        return typed * self.scale if self.kind is int else typed

    def typed(self, settings: TableSettings) -> Any:
        """The setting as the option would give it, read from `settings`."""
        value = getattr(settings, self.field)
        return value // self.scale if self.kind is int else value


LOBBY_SETTINGS: tuple[LobbySetting, ...] = (
    LobbySetting("turn_minutes", "turn_seconds", int, 1, WEEK_MINUTES, scale=60),
    LobbySetting("lobby_minutes", "lobby_seconds", int, 1, WEEK_MINUTES, scale=60,
                 scheduled=False),
    LobbySetting("auto_start", "auto_start", bool, scheduled=False),
    LobbySetting("forced_moves", "auto_forced", bool),
    LobbySetting("on_resign", "on_resign", str, choices=RESIGN_ACTIONS, min_seats=3),
    # A seat kept for each invited person absent at the start (tables.holds); 0: none.
    LobbySetting("hold_minutes", "hold_seconds", int, 0, WEEK_MINUTES, scale=60),
)
BY_NAME = {setting.name: setting for setting in LOBBY_SETTINGS}
WAIT_FIELD = "lobby_minutes"  # the lobby's wait: a new one counts from the change


def changed_settings(settings: TableSettings, changes: Mapping[str, Any]) -> TableSettings:
    """`settings` with `changes` (option name -> value as typed) made.

    Raises TableError, changing nothing: a name that is no lobby setting, a value of the
    wrong kind or out of range, a setting this table has no use for (fewer seats than
    it needs), or one a scheduled lobby's schedule owns.
    """
    fields: dict[str, Any] = {}
    for name, value in changes.items():
        setting = BY_NAME.get(name)
        if setting is None:
            raise TableError("error.lobby_set.unknown", name=name)
        if type(value) is not setting.kind:  # a crafted value (True is no count of minutes)
            raise TableError("error.lobby_set.unknown", name=name)
        if setting.low is not None and setting.high is not None and not (
                setting.low <= cast(int, value) <= setting.high):
            raise TableError("error.lobby_set.range", low=setting.low, high=setting.high)
        if setting.choices and value not in setting.choices:
            raise TableError("error.resign_actions", actions=", ".join(setting.choices))
        if settings.seats < setting.min_seats:
            # Only a resignation's outcome needs seats (a key per setting: keys stay literal).
            raise TableError("error.lobby_set.seats.on_resign", low=setting.min_seats)
        if not setting.scheduled and settings.starts_at is not None:
            if name == "auto_start":
                raise TableError("error.lobby_set.scheduled.auto_start")
            raise TableError("error.lobby_set.scheduled.lobby_minutes")
        fields[setting.field] = setting.stored(value)
    return dataclasses.replace(settings, **fields)  # __post_init__ checks the ranges again
