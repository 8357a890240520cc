"""The options of the Traditional game (RULES.md section 1): defaults and accepted values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionInfo, Rule, check_rules, describe

RULES: tuple[Rule, ...] = (
    Rule("hand_size", low=5, high=7),
    Rule("lopsided_suit", low=4, high=7),
    Rule("lead", choices=("highest_double", "winner")),
    Rule("fish_winner", choices=("maker", "lowest")),
    Rule("lone_blank", low=0, high=1000),
    Rule("target", low=0, high=10000),
)
"""What the engine accepts for each option (the defaults are the dataclass's)."""


@dataclass(frozen=True, slots=True)
class TraditionalOptions:
    """Every option of RULES.md section 1, with its default."""

    hand_size: int = 7
    lopsided_suit: int = 5
    lead: str = "highest_double"
    fish_winner: str = "maker"
    lone_blank: int = 24
    target: int = 0

    def __post_init__(self) -> None:
        check_rules(self, RULES)


DEFAULT_OPTIONS = TraditionalOptions()
OPTIONS: tuple[OptionInfo, ...] = describe("traditional", TraditionalOptions, RULES)
"""Every option with its default and what it accepts, in field order."""
