"""The option of Big Clock (RULES.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.options import check_choice


@dataclass(frozen=True, slots=True)
class ClockOptions:
    """The one option of RULES.md section 3: the set, double-12 (12 hours), 9 or 6."""

    set: int = 12

    def __post_init__(self) -> None:
        check_choice("set", self.set, (6, 9, 12))


DEFAULT_OPTIONS = ClockOptions()
