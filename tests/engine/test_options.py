"""Each game's option facts (`GameSpec.options`) are exactly what its options type accepts."""

from __future__ import annotations

import dataclasses

import pytest

from engine.options import OptionInfo
from engine.registry import GAMES

OPTIONS = [(name, info) for name, spec in GAMES.items() for info in spec.options]


def _accepts(game: str, name: str, value: object) -> bool:
    try:
        GAMES[game].options_type(**{name: value})
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_the_facts_list_every_field_with_its_default(game: str) -> None:
    fields = dataclasses.fields(GAMES[game].options_type)
    infos = GAMES[game].options
    assert [(i.name, i.default, i.type) for i in infos] == [
        (f.name, f.default, type(f.default)) for f in fields]
    assert all(_accepts(game, i.name, i.default) for i in infos)


@pytest.mark.parametrize(("game", "info"), OPTIONS, ids=lambda x: getattr(x, "name", x))
def test_a_range_or_choice_is_what_the_engine_accepts(game: str, info: OptionInfo) -> None:
    if info.low is not None and info.high is not None:
        assert _accepts(game, info.name, info.low) and _accepts(game, info.name, info.high)
        # Mexican Train's `hand_size` default (0: by players and set) lies below its
        # range: the options type holds it as "not given", a record may not say it
        # (tests/engine/test_mexican_records.py); every other value below is refused.
        assert not _accepts(game, info.name, info.low - 1) or info.low - 1 == info.default
        assert not _accepts(game, info.name, info.low - 2)
        assert not _accepts(game, info.name, info.high + 1)
    elif info.choices:
        assert all(_accepts(game, info.name, c) for c in info.choices)
        assert info.default in info.choices
        wrong = 99 if info.type is int else "nothing"
        assert not _accepts(game, info.name, wrong)
    else:
        assert info.type is bool, info.name  # an int or a word option without limits is a bug
        assert _accepts(game, info.name, True) and _accepts(game, info.name, False)


def test_catalog_keys_are_per_game_and_per_value() -> None:
    lead = next(i for i in GAMES["traditional"].options if i.name == "lead")
    assert lead.key == "option.traditional.lead"
    assert lead.choice_key("winner") == "option.traditional.lead.winner"
    pairs = next(i for i in GAMES["carousel"].options if i.name == "pairs")
    assert (pairs.choice_key(True), pairs.choice_key(False)) == ("option.on", "option.off")
