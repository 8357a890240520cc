"""The options of the Traditional game (RULES.md section 1): names, ranges, defaults."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import check_choice, check_range


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
        check_range("hand_size", self.hand_size, 5, 7)
        check_range("lopsided_suit", self.lopsided_suit, 4, 7)
        check_choice("lead", self.lead, ("highest_double", "winner"))
        check_choice("fish_winner", self.fish_winner, ("maker", "lowest"))
        check_range("lone_blank", self.lone_blank, 0, 1000)
        check_range("target", self.target, 0, 10000)


DEFAULT_OPTIONS = TraditionalOptions()
