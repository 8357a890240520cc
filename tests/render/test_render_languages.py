"""Pictures in the reader's language (issues 16 and 50): every word from the catalog, with
the traditional terms: «базар», «рыба», «козёл» (ru); «базар», «риба», «козел» (uk);
«pozo», «tranque» (es); «monte», «trancado» (pt), in letters the font has."""

from __future__ import annotations

import logging

import pytest

from catalog import EN
from catalog.check import TRANSLATED
from catalog.lookup import template
from catalog.po import language
from catalog.reader import LANGUAGES
from render import labels as render_labels
from render import render_board, render_hand, render_rating_chart, render_replay_gif
from render.games import traditional as traditional_render
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import traditional_record
from render.labels import Labels, labels_for
from render.samples import stages
from render.theme import TABLE
from render.typeface import FACES, coverage


def _goat_and_fish_game() -> tuple[object, object]:
    """The end of a sample Traditional game with a goat, and one that ended in a fish."""
    goat = fish = None
    for seed in range(40):
        game = stages(traditional_record(seed=seed))["end"]
        result = game.view(None).results[-1]
        if goat is None and result.goats:
            goat = game
        if fish is None and result.reason == "fish":
            fish = game
        if goat is not None and fish is not None:
            return goat, fish
    raise AssertionError("no sample game with a goat and a fish")


@pytest.mark.parametrize(("locale", "stock", "goat", "fish", "tiles"), [
    ("ru", "Базар: ", "козёл", "Рыба", ("фишка", "фишки", "фишек")),
    ("uk", "Базар: ", "козел", "Риба", ("кістка", "кістки", "кісток")),
    ("en", "Stock ", "goat", "Fish", ("tile", "tiles")),
    ("es", "Pozo ", "chivo", "Tranque", ("ficha", "fichas")),
    ("pt", "Monte ", "bode", "Trancado", ("pedra", "pedras")),
])
def test_traditional_words_are_the_readers(locale: str, stock: str, goat: str, fish: str,
                                           tiles: tuple[str, ...]) -> None:
    labels = Labels(locale)
    with_goat, with_fish = _goat_and_fish_game()
    view = with_goat.view(None)  # type: ignore[attr-defined]
    facts = " ".join(c.facts for c in traditional_render._chips(view, TABLE, labels))
    assert goat in facts
    assert any(word in facts.split() for word in tiles)
    notes = traditional_render._notes(with_fish.view(None), labels)  # type: ignore[attr-defined]
    assert any(note.startswith(fish) for note in notes)
    assert labels("stock", count=view.stock_size).startswith(stock)


def test_the_same_board_draws_differently_in_each_language() -> None:
    game = stages(carousel_record(players=4, seed=11))["middle"]
    pictures = {loc: render_board(game.view(None), locale=loc).data for loc in LANGUAGES}
    assert len(set(pictures.values())) == len(LANGUAGES) == 5
    assert render_board(game.view(None), locale="de").data == pictures["en"]  # no catalog


def test_every_picture_word_exists_in_every_language(caplog: pytest.LogCaptureFixture,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    games = [stages(traditional_record())["end"], stages(carousel_record(players=4))["end"],
             stages(clock_record(seed=8))["end"], stages(clock_record(seed=1))["middle"]]
    asked: set[tuple[str, str]] = set()
    real_t = render_labels.t

    def t(key: str, locale: str | None = None, /, **values: object) -> str:
        asked.add((key, str(locale)))
        return real_t(key, locale, **values)

    # A word missing in Russian or Ukrainian falls back to English without a log line:
    # look every word the pictures asked for up in the language's own catalog.
    monkeypatch.setattr(render_labels, "t", t)
    with caplog.at_level(logging.WARNING, logger="catalog"):
        for locale in TRANSLATED:
            for game in games:
                render_board(game.view(None), locale=locale)
            hand_game = stages(traditional_record())["middle"]
            render_hand(hand_game.view(hand_game.to_move), locale=locale)
            render_rating_chart([1500, 1510, 1490], title="x", provisional=1, locale=locale)
            render_rating_chart([], title="x", locale=locale)
        render_replay_gif(traditional_record(), locale="uk")
    assert not [r for r in caplog.records if "missing" in r.getMessage()]
    assert {locale for _, locale in asked} == set(TRANSLATED)
    assert len(asked) > 60
    untranslated = [(key, locale) for key, locale in sorted(asked)
                    if (None, key) not in language(locale).texts]
    assert untranslated == []


def test_labels_for_a_locale() -> None:
    assert labels_for("ru-RU").locale == "ru" and labels_for(None).locale == "en"
    assert labels_for("uk")("tiles", count=5) == "5 кісток"
    assert labels_for("ru").names(["Аня", "Боря"]) == "Аня и Боря"
    assert labels_for("uk").names([]) == "Ніхто"


def test_the_font_draws_every_letter_of_every_picture_word() -> None:
    # DejaVu Sans (face 0), regular and bold, has each letter the pictures write: «ё»,
    # «ї», «á é í ó ú ñ ü», «ã õ ç â ê ô à», «º»; none falls back to another face.
    regular, bold, _ = FACES[0]
    covered = coverage(regular) & coverage(bold)
    keys = [k for k in EN if k.startswith(("picture.", "game.", "move.", "level."))]
    lacking = {(code, char) for code in LANGUAGES for key in keys
               for char in template(key, code, {"count": 2}, EN) or ""
               if char.isalpha() and ord(char) not in covered}
    assert lacking == set()
    assert {ord(c) for c in "áéíóúñüãõçâêôàºÁÉÍÓÚÑÃÕÇ¿¡"} <= covered


def test_spanish_and_portuguese_labels() -> None:
    assert labels_for("es-419").locale == "es" and labels_for("pt-BR").locale == "pt"
    assert labels_for("es").names(["Ana", "Beto"]) == "Ana y Beto"
    assert labels_for("pt").names(["Ana", "Beto"]) == "Ana e Beto"
    assert labels_for("pt")("tiles", count=0) == "0 pedra"  # Portuguese: 0 and 1 are one
    assert labels_for("es")("tiles", count=0) == "0 fichas"
