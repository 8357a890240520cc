"""The options of the Carousel (RULES.md section 2): defaults and accepted values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import OptionInfo, Rule, check_rules, describe

RULES: tuple[Rule, ...] = (
    Rule("set", choices=(0, 6, 9, 12)),
    Rule("hand_size", low=1, high=45),
    Rule("blocked", choices=("difference", "sum")),
    Rule("target", low=11, high=250),
)
"""What the engine accepts for each option (the defaults are the dataclass's)."""


@dataclass(frozen=True, slots=True)
class CarouselOptions:
    """Every option of RULES.md section 2, with its default.

    `set` 0 means by the number of players: double-6 for 2-4, double-9 for 5-7.
    Raises ValueError for a value out of range (read_options turns it into RecordError).
    """

    set: int = 0
    hand_size: int = 7
    pairs: bool = False
    spinner_first: bool = True
    must_play: bool = True
    keep_in_stock: bool = False
    tile_bonus: bool = False
    blocked: str = "difference"
    target: int = 61
    exact_finish: bool = True

    def __post_init__(self) -> None:
        check_rules(self, RULES)

    def set_top(self, players: int) -> int:
        """The set's highest number for `players` players."""
        return self.set or (6 if players <= 4 else 9)


DEFAULT_OPTIONS = CarouselOptions()
OPTIONS: tuple[OptionInfo, ...] = describe("carousel", CarouselOptions, RULES)
"""Every option with its default and what it accepts, in field order."""
