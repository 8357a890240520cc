"""The options of Partnership Dominó (RULES.md section 5): defaults and accepted values.

The defaults are the `dominoes` package's `Series` (PyPI 6.1.0): a match to 200, the
winners scoring the pips of all four hands, no capicúa bonus.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionInfo, Rule, check_rules, describe

RULES: tuple[Rule, ...] = (
    Rule("target", choices=(100, 150, 200, 500, 0)),
    Rule("scoring", choices=("all", "opponents")),
    Rule("capicua", choices=(0, 25)),
)
"""What the engine accepts for each option (the defaults are the dataclass's)."""


@dataclass(frozen=True, slots=True)
class PartnershipOptions:
    """Every option of RULES.md section 5, with its default.

    `target` 0 plays a single hand; `scoring` "all" gives the hand's winners the pips of
    all four hands, "opponents" only the losing pair's; `capicua` is the bonus for going
    out with a tile that fits both open ends. Raises ValueError for a value the section
    does not offer.
    """

    target: int = 200
    scoring: str = "all"
    capicua: int = 0

    def __post_init__(self) -> None:
        check_rules(self, RULES)


DEFAULT_OPTIONS = PartnershipOptions()
OPTIONS: tuple[OptionInfo, ...] = describe("partnership", PartnershipOptions, RULES)
"""Every option with its default and what it accepts, in field order."""
