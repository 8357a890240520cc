"""Readings of issue 16 where the sources leave a choice, pinned."""

from __future__ import annotations

from catalog import ordinal, t


def test_reading_the_ukrainian_stock_is_bazar_with_rezerv_in_the_rules() -> None:
    # RULES.md names the Ukrainian stock «резерв»; the issue asks for «базар» on the
    # pictures in both languages. Pictures and messages say «базар»; the Ukrainian rules
    # page gives «резерв» beside it, as the rule texts name it.
    assert t("picture.stock", "uk", count=1) == "Базар: 1"
    assert t("table.stock", "uk", stock=1) == "Базар: 1"
    assert "базар (резерв)" in t("rules.traditional", "uk")


def test_reading_the_russian_name_of_traditional_is_kozyol() -> None:
    # RULES.md: Traditional is "known as «Козёл»", the name its Russian players use.
    assert t("game.traditional", "ru") == "Козёл"
    assert t("game.traditional", "uk") == "Традиційне доміно"


def test_reading_ordinals_in_russian_and_ukrainian_are_numbers_with_yi() -> None:
    # "1st of 3" becomes "1-й из 3": the form that goes with «игрок» / «гравець».
    assert ordinal(1, "en") == "1st" and ordinal(12, "en") == "12th" and ordinal(23) == "23rd"
    assert ordinal(2, "ru") == "2-й" and ordinal(3, "uk") == "3-й"
