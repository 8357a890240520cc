"""The worked numbers the Carousel's rule texts quote are the engine's (RULES.md section 2).

The help and the rules page give one example of a blocked hand: hands of 2, 10 and 12
pips. Each language's text must quote the same numbers, and those numbers must be what
the engine scores: each opponent's pips less the lowest, their sum, the sum rounded to
the nearest multiple of 5, and the points.
"""

from __future__ import annotations

import re

import pytest

from catalog import t
from engine.carousel.scoring import blocked_scores, domino_score
from engine.fives import round_pips

LANGUAGES = ("en", "ru", "uk", "es", "pt")
KEYS = ("help.game.carousel", "rules.carousel")
HANDS = (2, 10, 12)
NAMES = ("Anfisa", "Bohdan", "Cy")

# What each language says of a tie for the fewest pips (nobody scores).
TIE = {"en": "nobody scores", "ru": "не получает никто", "uk": "не отримує ніхто",
       "es": "nadie anota", "pt": "ninguém marca"}
# ... and of going out: rounded to the nearest multiple of 5, then divided by 5.
ROUNDED = {"en": "rounded to the nearest multiple of 5 and divided by 5",
           "ru": "округлённые до ближайшего числа, кратного 5, и делённые на 5",
           "uk": "округлені до найближчого числа, кратного 5, і поділені на 5",
           "es": "redondeados al múltiplo de 5 más cercano y divididos entre 5",
           "pt": "arredondados para o múltiplo de 5 mais próximo e divididos por 5"}


def quoted_example(text: str) -> list[int]:
    """The numbers of the text's blocked-hand example: the parenthesis that names the
    hands 2, 10 and 12 (fails when the text has none)."""
    for group in re.findall(r"\(([^()]*)\)", text):
        numbers = [int(n) for n in re.findall(r"\d+", group)]
        if tuple(numbers[:3]) == HANDS:
            return numbers
    raise AssertionError(f"no example with hands {HANDS} in: {text!r}")


def engine_example() -> list[int]:
    """The same example, computed by the engine's own scoring."""
    [(seat, points, reason)] = blocked_scores(HANDS, False, "difference", NAMES)
    low = HANDS[seat if seat is not None else 0]
    shown = reason.values["shown"]
    raw = shown.values["raw"]  # type: ignore[union-attr]
    differences = [p - low for s, p in enumerate(HANDS) if s != seat]
    assert sum(differences) == raw
    assert round_pips(raw) == points
    nearest_five = 5 * round(raw / 5)
    return [*HANDS, *differences, raw, nearest_five, points]


def test_the_engine_scores_the_example_as_rules_section_2_says() -> None:
    # (10 - 2) + (12 - 2) = 18 -> 20 -> 4; "the others' pips less their own" would be 20.
    assert engine_example() == [2, 10, 12, 8, 10, 18, 20, 4]
    [(seat, points, _)] = blocked_scores(HANDS, False, "difference", NAMES)
    assert (seat, points) == (0, 4)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_the_quoted_blocked_example_is_the_engines(key: str, code: str) -> None:
    assert quoted_example(t(key, code)) == engine_example()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_the_text_says_a_tie_scores_nothing_as_the_engine_does(key: str, code: str) -> None:
    [(seat, points, _)] = blocked_scores((2, 2, 12), False, "difference", NAMES)
    assert (seat, points) == (None, 0)
    assert TIE[code] in t(key, code)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_going_out_is_said_rounded_to_the_nearest_five_then_divided(key: str,
                                                                      code: str) -> None:
    # 18 pips left: 20 by the nearest multiple of 5, 4 points; 17 would be 15, 3 points.
    assert domino_score((0, 8, 10), 0, False)[1] == 4
    assert domino_score((0, 7, 10), 0, False)[1] == 3
    assert ROUNDED[code] in " ".join(t(key, code).split())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_blocked_choice_names_the_tie(code: str) -> None:
    words = t("option.carousel.blocked.difference", code)
    assert len(t("option.default_choice", code, value=words)) <= 100
    assert any(w in words for w in ("tie", "ничья", "нічия", "empate"))
