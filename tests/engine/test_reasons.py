"""The engine's reasons for an illegal move are catalog keys with values (issue 16): each
one the games give is in the catalog and reads in every language."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from catalog import EN, Phrase, t
from engine.ai import choose
from engine.carousel import CarouselGame
from engine.clock import ClockGame, ClockMove
from engine.errors import IllegalMove
from engine.game import Game
from engine.moves import LineMove
from engine.rng import SeededRandom
from engine.tiles import full_set
from engine.traditional import TraditionalGame


def _candidates(game: Game[Any]) -> list[Any]:
    if isinstance(game, ClockGame):
        hours = range(0, game.hours + 2)
        return ([ClockMove.draw(), ClockMove.discard()]
                + [ClockMove.parse(f"place {h}") for h in hours]
                + [ClockMove.parse(f"move {a} {b}") for a in hours for b in (1, 2, a)])
    ends = ("L", "R", "U", "D", "X") if isinstance(game, CarouselGame) else ("L", "R", "U")
    tiles = full_set(9 if isinstance(game, CarouselGame) else 6)
    return ([LineMove.draw(), LineMove.pass_()] + [LineMove.put(x) for x in tiles]
            + [LineMove.put(x, e) for x in tiles[:12] for e in ends])


GAMES = {
    "traditional": lambda: TraditionalGame(("a", "b", "c"), seed=4),
    "carousel": lambda: CarouselGame(("a", "b", "c", "d", "e"), seed=2),
    "clock": lambda: ClockGame(("a",), seed=3),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reason_is_a_catalog_text_in_every_language(
        name: str, caplog: pytest.LogCaptureFixture) -> None:
    game, rng, keys = GAMES[name](), SeededRandom(1), set()
    with caplog.at_level(logging.WARNING, logger="catalog"):
        for _ in range(60):
            for move in _candidates(game):
                reason = game.illegal_reason(move)
                if reason is None:
                    continue
                assert isinstance(reason, Phrase) and reason.key in EN, reason
                keys.add(reason.key)
                for locale in ("ru", "uk"):
                    assert t(reason.key, locale, **reason.values) != t(
                        reason.key, "en", **reason.values)
            if game.to_move is None:
                break
            game.play(choose("normal", game.view(game.to_move), rng))
    assert not caplog.records
    assert len(keys) >= 4


def test_an_illegal_move_says_its_reason_in_english_and_carries_its_key() -> None:
    game = TraditionalGame(("a", "b"), seed=1)
    with pytest.raises(IllegalMove) as caught:
        game.play("pass")
    assert caught.value.reason.key.startswith("illegal.")
    assert str(caught.value) == str(caught.value.reason) == t(
        caught.value.reason.key, "en", **caught.value.reason.values)
