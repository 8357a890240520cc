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


def test_reading_end_letters_are_the_cyrillic_initials_of_the_sides() -> None:
    # The shown move names its end as the reader's language does: L R U D are "left,
    # right, up, down"; «лево/право/верх/низ» (ru), «ліво/право/верх/низ» (uk) give
    # Л П В Н, on the pictures' end badges as in the moves. What /domino play takes
    # stays the record's L R U D (it also reads the Cyrillic letters).
    for code in ("ru", "uk"):
        assert [t(f"move.{end}", code) for end in "LRUD"] == ["Л", "П", "В", "Н"]
    assert [t(f"move.{end}", "en") for end in "LRUD"] == ["L", "R", "U", "D"]


def test_reading_a_draw_is_from_the_bazar_and_a_pass_is_pas() -> None:
    # "Последний ход: Анна с базара": the stock is «базар» in both languages, and one
    # takes «с базара» («на базаре», never «в базаре» / «из базара»).
    assert (t("move.draw", "ru"), t("move.pass", "ru")) == ("с базара", "пас")
    assert (t("move.draw", "uk"), t("move.pass", "uk")) == ("з базару", "пас")


def test_reading_spanish_and_portuguese_ordinals_are_masculine_with_the_ordinal_sign() -> None:
    # "1st of 3" is «1.º de 3» in Spanish (the RAE's 1.º, with its period) and «1º de 3»
    # in Brazilian Portuguese (no period): the masculine of «puesto», «lugar».
    assert [ordinal(n, "es") for n in (1, 2, 12, 23)] == ["1.º", "2.º", "12.º", "23.º"]
    assert [ordinal(n, "pt") for n in (1, 3, 11)] == ["1º", "3º", "11º"]
    assert ordinal(1, "es-419") == "1.º" and ordinal(2, "pt-BR") == "2º"
    assert t("standing.place_of", "es", place=ordinal(1, "es"), size=3) == "1.º de 3"
    assert t("standing.place_of", "pt", place=ordinal(1, "pt"), size=3) == "1º de 3"
