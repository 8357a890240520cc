"""The options of Mexican Train (RULES.md section 4): defaults, accepted values and the
checks that need the number of players (the hand size against the set)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from catalog import Phrase
from engine.errors import OptionError
from engine.options import OptionInfo, Rule, describe
from engine.tiles import full_set

RULES: tuple[Rule, ...] = (
    Rule("set", choices=(12, 9)),
    Rule("rounds", low=0, high=13),
    Rule("hand_size", low=0, high=45),
    Rule("blank_double", choices=(0, 50)),
)
"""What the engine accepts for each option on its own (the defaults are the dataclass's);
`MexicanOptions.check_players` adds what depends on the players."""

# The default hand size by players, for double-12 and double-9 (RULES.md's table).
_DEFAULT_SIZES = {12: (15, 15, 15, 12, 12, 10, 10), 9: (10, 10, 10, 8, 8, 6, 6)}


@dataclass(frozen=True, slots=True)
class MexicanOptions:
    """Every option of RULES.md section 4, with its default.

    `rounds` 0 plays every round of the set (N+1); `hand_size` 0 deals the size of
    RULES.md's table for the players and the set. Raises OptionError (a RecordError
    with a catalog reason) for a value out of range.
    """

    set: int = 12
    rounds: int = 0
    hand_size: int = 0
    blank_double: int = 0

    def __post_init__(self) -> None:
        for rule in RULES:
            value = getattr(self, rule.name)
            try:
                rule.check(value)
            except ValueError:
                name = Phrase(f"option.mexican.{rule.name}.name")
                if rule.choices:
                    raise OptionError(Phrase("mexican.option_choice", {
                        "option": name, "value": value,
                        "choices": ", ".join(map(str, rule.choices))})) from None
                raise OptionError(Phrase("mexican.option_range", {
                    "option": name, "value": value, "low": rule.low,
                    "high": rule.high})) from None
        if self.rounds > self.set + 1:
            raise OptionError(Phrase("mexican.too_many_rounds",
                                     {"rounds": self.rounds, "most": self.set + 1,
                                      "top": self.set}))

    @property
    def round_count(self) -> int:
        """How many rounds the game plays."""
        return self.rounds or self.set + 1

    def most_tiles(self, players: int) -> int:
        """The largest hand `players` hands can be dealt from the set less the engine."""
        return (len(full_set(self.set)) - 1) // players

    def size_for(self, players: int) -> int:
        """The hand size dealt to `players` players (RULES.md's table unless chosen)."""
        return self.hand_size or _DEFAULT_SIZES[self.set][players - 2]

    def check_players(self, players: int) -> None:
        """Raise OptionError when `players` hands of the hand size do not fit in the set
        less the engine (for example 8 hands of 15 on double-9)."""
        size, most = self.size_for(players), self.most_tiles(players)
        if size > most:
            raise OptionError(Phrase("mexican.hands_too_big", {
                "players": players, "size": size, "top": self.set, "most": most}))


DEFAULT_OPTIONS = MexicanOptions()
# People choose between the whole game and a short one of 5 rounds; a record may hold any
# count of RULES' range (the command line takes it too).
OFFERED_ROUNDS = (0, 5)
OPTIONS: tuple[OptionInfo, ...] = tuple(
    replace(info, low=None, high=None, choices=OFFERED_ROUNDS)
    if info.name == "rounds" else info
    for info in describe("mexican", MexicanOptions, RULES))
"""Every option with its default and what it offers, in field order."""
