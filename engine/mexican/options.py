"""The options of Mexican Train (RULES.md section 4): defaults, accepted values and the
checks that need the number of players (the hand size against the set)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from catalog import Phrase
from engine.errors import OptionError
from engine.options import OptionInfo, Rule, describe
from engine.tiles import full_set

RULES: tuple[Rule, ...] = (
    Rule("set", choices=(12, 9)),
    Rule("rounds", low=1, high=13),
    Rule("hand_size", low=1, high=45),
    Rule("blank_double", choices=(0, 50)),
)
"""What the engine accepts for each option on its own (the defaults are the dataclass's);
`MexicanOptions.check_players` adds what depends on the players."""

NOT_GIVEN = 0
"""What `rounds` and `hand_size` hold when not given: the dataclass's default."""
DEFAULTED = ("rounds", "hand_size")
"""The options whose default depends on the set or the players (never written as 0)."""

# The default hand size by players, for double-12 and double-9 (RULES.md's table).
_DEFAULT_SIZES = {12: (15, 15, 15, 12, 12, 10, 10), 9: (10, 10, 10, 8, 8, 6, 6)}


@dataclass(frozen=True, slots=True)
class MexicanOptions:
    """Every option of RULES.md section 4, with its default.

    `rounds` and `hand_size` hold `NOT_GIVEN` (0) when left to their defaults: every
    round of the set (N+1), and the size of RULES.md's table for the players and the
    set. A record never says 0 (RULES: 1 to N+1; 1 up), `options_to_dict` leaves them
    out, and `refuse_zeros` refuses a record that says it. Raises OptionError (a
    RecordError with a catalog reason) for a value out of range.
    """

    set: int = 12
    rounds: int = 0
    hand_size: int = 0
    blank_double: int = 0

    def __post_init__(self) -> None:
        for rule in RULES:
            value = getattr(self, rule.name)
            if rule.name in DEFAULTED and value == NOT_GIVEN:
                continue
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


def refuse_zeros(raw: object) -> None:
    """Raise OptionError when a record's `options` say `rounds: 0` or `hand_size: 0`:
    RULES.md section 4 counts rounds from 1 to N+1 and hands from 1 up; the default is
    said by leaving the option out (`upgraded_options` reads the old stored form)."""
    if not isinstance(raw, dict):
        return
    for rule in RULES:
        if rule.name in DEFAULTED and type(raw.get(rule.name)) is int \
                and raw[rule.name] == NOT_GIVEN:
            raise OptionError(Phrase("mexican.option_range", {
                "option": Phrase(f"option.mexican.{rule.name}.name"), "value": NOT_GIVEN,
                "low": rule.low, "high": rule.high}))


def upgraded_options(raw: dict[str, Any]) -> dict[str, Any]:
    """Options stored before issue 54, read as RULES.md reads them: `rounds: 0` ("the
    whole game") and `hand_size: 0` ("by players and set") meant the default, which a
    record says by leaving the option out. Anything else is returned as it is."""
    return {name: value for name, value in raw.items()
            if not (name in DEFAULTED and type(value) is int and value == NOT_GIVEN)}


DEFAULT_OPTIONS = MexicanOptions()
# People choose between the whole game and a short one of 5 rounds; a record may hold any
# count of RULES' range (the command line takes it too).
OFFERED_ROUNDS = (0, 5)
OPTIONS: tuple[OptionInfo, ...] = tuple(
    replace(info, low=None, high=None, choices=OFFERED_ROUNDS)
    if info.name == "rounds" else info
    for info in describe("mexican", MexicanOptions, RULES))
"""Every option with its default and what it offers, in field order."""
