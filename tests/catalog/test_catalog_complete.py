"""Every text in every language (issues 16 and 50): a key, a plural form or a placeholder
missing in Russian, Ukrainian, Spanish or Portuguese fails here, and the plural forms are
the languages' own."""

from __future__ import annotations

from pathlib import Path

import pytest

import catalog
from catalog import EN, Phrase, t
from catalog.check import TRANSLATED, placeholders, problems
from catalog.commands import Commands
from catalog.po import Language, language, write_catalog
from catalog.reader import LANGUAGES, current, language_of, reading


def test_every_key_and_placeholder_is_in_every_translation() -> None:
    assert TRANSLATED == ("ru", "uk", "es", "pt")
    assert problems() == []


def test_one_list_of_languages() -> None:
    # catalog/po.py (the files) and catalog/reader.py (the readers) cannot drift apart.
    import catalog.po
    import cogs.common.translator
    import web.language

    assert catalog.po.LANGUAGES is LANGUAGES and web.language.SPOKEN is LANGUAGES
    assert cogs.common.translator.TRANSLATED == TRANSLATED


@pytest.mark.parametrize(("code", "forms", "rule"), [
    ("es", 2, [1, 0, 1, 1]), ("pt", 2, [0, 0, 1, 1]), ("ru", 3, [2, 0, 1, 2]),
])
def test_the_plural_rule_is_the_files_own(code: str, forms: int, rule: list[int]) -> None:
    # Spanish: one for 1 only (nplurals=2; n != 1); Brazilian Portuguese counts 0 as one
    # too (n > 1), as CLDR does: «0 pedra», «1 pedra», «2 pedras».
    lang = language(code)
    assert lang.plural_forms == forms
    assert [lang.plural(n) for n in (0, 1, 2, 5)] == rule


def test_the_check_finds_a_missing_key_form_and_placeholder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = language("ru")
    texts = dict(real.texts)
    del texts[(None, "error.table_full")]
    texts[(None, "picture.tiles")] = ("{count} фишка", "{count} фишки")
    texts[(None, "error.not_your_turn")] = ("Сейчас не ваш ход.",)
    texts[(None, "gone.key")] = ("старое",)
    broken = Language("ru", texts, real.plural, real.plural_forms)
    monkeypatch.setattr("catalog.check.language", lambda code: broken)
    found = "\n".join(problems(("ru",)))
    assert "ru: error.table_full is not translated" in found
    assert "ru: picture.tiles has 2 of 3 forms" in found
    assert "ru: error.not_your_turn" in found and "whose" in found
    assert "ru: gone.key is not in the English any more" in found


@pytest.mark.parametrize(("locale", "one", "few", "many"), [
    ("ru", "1 фишка", "2 фишки", "5 фишек"),
    ("uk", "1 кістка", "2 кістки", "5 кісток"),
    ("en", "1 tile", "2 tiles", "5 tiles"),
    ("es", "1 ficha", "2 fichas", "5 fichas"),
    ("pt", "1 pedra", "2 pedras", "5 pedras"),
])
def test_plural_forms(locale: str, one: str, few: str, many: str) -> None:
    assert t("picture.tiles", locale, count=1) == one
    assert t("picture.tiles", locale, count=2) == few
    assert t("picture.tiles", locale, count=5) == many
    # The rule, not a table: 21 is "one" and 11-14 are "many" in both Slavic languages.
    if locale in ("ru", "uk"):
        assert t("picture.tiles", locale, count=21).endswith(one.split()[1])
        assert t("picture.tiles", locale, count=12).endswith(many.split()[1])
        assert t("picture.tiles", locale, count=24).endswith(few.split()[1])


def test_the_spanish_and_portuguese_game_terms() -> None:
    assert t("picture.stock", "es", count=3) == "Pozo 3"
    assert t("picture.stock", "pt", count=3) == "Monte 3"
    assert (t("move.draw", "es"), t("move.pass", "es")) == ("robo", "paso")
    assert (t("move.draw", "pt"), t("move.pass", "pt")) == ("comprar", "passar")
    assert t("language.es", "ru") == t("web.language.es", "pt") == "Español"
    assert t("language.pt", "uk") == t("web.language.pt", "es") == "Português"


def test_the_game_terms() -> None:
    assert t("picture.goat", "ru") == "козёл" and t("picture.goat", "uk") == "козел"
    assert t("picture.stock", "ru", count=3) == "Базар: 3"
    assert t("picture.stock", "uk", count=3) == "Базар: 3"
    assert t("picture.fish_no_winner", "ru").startswith("Рыба")
    assert t("picture.fish_no_winner", "uk").startswith("Риба")
    assert t("game.carousel", "ru") == t("game.carousel", "uk") == "Карусель"
    assert t("game.clock", "ru") == "Большие часы"


def test_locales_and_the_current_reader() -> None:
    assert language_of("ru") == "ru" and language_of("uk") == "uk"
    assert language_of("en-GB") == "en" and language_of("de") is None
    assert [language_of(x) for x in ("es-ES", "es-419", "pt-BR", "pt_BR")] == [
        "es", "es", "pt", "pt"]
    assert current() == "en"
    with reading("uk") as code:
        assert code == "uk" and t("error.table_full") == t("error.table_full", "uk")
        with reading("de-DE"):  # no catalog: English
            assert t("error.table_full") == EN["error.table_full"]
        with reading("es-419") as spanish:
            assert spanish == "es" and t("error.table_full") == t("error.table_full", "es")
            assert t("error.table_full") != EN["error.table_full"]
    assert t("error.table_full") == EN["error.table_full"]


def test_a_phrase_is_shown_in_the_same_language() -> None:
    text = t("error.unrated", "ru", game=Phrase("game.clock"))
    assert "Большие часы" in text


def test_a_missing_translation_falls_back_to_english(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("catalog.po.LOCALES_DIR", tmp_path)
    language.cache_clear()
    try:
        write_catalog("ru", "messages", [((None, "error.table_full"), ("",), None)])
        assert t("error.table_full", "ru") == EN["error.table_full"]
    finally:
        language.cache_clear()


def test_every_english_text_formats_with_its_own_placeholders() -> None:
    for key, source in EN.items():
        for form in (source,) if isinstance(source, str) else source:
            names = {p.split("!")[0] for p in placeholders(form)}
            values = {name: 1 for name in names if not name.startswith("cmd.")}
            assert isinstance(form.format(cmd=Commands("en"), **values), str), key
    assert catalog.t("no.such.key") == "no.such.key"


# A command is written out (`/domino help`) until its id is known, then a mention
# (</domino help:ID>, a snowflake of up to 19 digits): a page must fit either way.
@pytest.mark.parametrize("ids", [{}, {"domino": 10**19 - 1, "domino-admin": 10**19 - 1}])
def test_help_and_rules_pages_fit_a_discord_message_in_every_language(
        ids: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog.commands, "_ids", dict(ids))
    assert ("</domino help:" in t("help.footer", "en")) == bool(ids)
    pages = [k for k in EN if k.startswith(("help.", "rules."))]
    assert len(pages) > 15
    for locale in LANGUAGES:
        footer = t("help.footer", locale)
        for key in pages:
            page = t(key, locale, game="X", name="x", options="- x")
            assert len(page) + len(footer) + 1 <= 2000, (locale, key, len(page))
