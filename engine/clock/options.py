"""The option of Big Clock (RULES.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionInfo, Rule, check_rules, describe

RULES: tuple[Rule, ...] = (
    Rule("set", choices=(6, 9, 12)),
)
"""What the engine accepts for each option (the defaults are the dataclass's)."""


@dataclass(frozen=True, slots=True)
class ClockOptions:
    """The one option of RULES.md section 3: the set, double-12 (12 hours), 9 or 6."""

    set: int = 12

    def __post_init__(self) -> None:
        check_rules(self, RULES)


DEFAULT_OPTIONS = ClockOptions()
OPTIONS: tuple[OptionInfo, ...] = describe("clock", ClockOptions, RULES)
"""Every option with its default and what it accepts, in field order."""
