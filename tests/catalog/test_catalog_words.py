"""The words of the translations (issues 28 and 50): end letters as the boards show them,
nothing gendered about a player (Russian, Ukrainian), no English command written out,
tables as № (Russian, Ukrainian) or # (Spanish, Portuguese), every command option
described, and the help pages a newcomer needs, in every translated language."""

from __future__ import annotations

import asyncio
import re

import pytest

from catalog import EN, t
from catalog import commands as mentions
from catalog.check import TRANSLATED
from catalog.commands import COMMANDS, Commands, command_word
from catalog.po import language, read_catalog
from cogs.command_catalog import tree_strings
from cogs.common.translator import command_text
from cogs.help.help_commands import TOPICS
from engine.registry import GAMES

SLAVIC = ("ru", "uk")  # the gendered forms below are these languages' words
NAMES = ("{name}", "{names}", "{player}", "{whose}", "{host}", "{mention}")
# Past tenses and pronouns that give a player a gender (a display name has none).
GENDERED = ("сдался", "сдалась", "{name} вышел", "был ", "была ", "вернулся", "отошёл", "сходил",
            "выиграл", "проиграл", "за него", "пока он", "его ход", "здався", "{name} вийшов",
            "був ", "повернувся", "відійшов", "походив", "виграв", "програв", "за нього",
            "доки він", "його хід")
LATIN_END = re.compile(r"(?<![\w{])[LRUD](?![\w}])")
WRITTEN_COMMAND = re.compile(r"/(domino|dominó|домино|доміно)(?!\w)")


def messages(code: str) -> dict[str, tuple[str, ...]]:
    return {msgid: forms for (context, msgid), forms in language(code).texts.items()
            if context is None}


def command_texts(code: str) -> dict[tuple[str | None, str], str]:
    return {(m.context, str(m.id)): str(m.string) for m in read_catalog(code, "commands")
            if m.id and m.string}


def gendered(text: str) -> list[str]:
    """The gendered forms in a text that names a player."""
    if not any(name in text for name in NAMES):
        return []
    return [form for form in GENDERED if form in text + " "]


def test_the_checks_can_fail() -> None:
    assert gendered("{name} сдался: за него играет ИИ.") == ["сдался", "за него"]
    assert gendered("{name} сдаётся: дальше за это место играет ИИ.") == []
    assert LATIN_END.search("укажите 6-3 L или R") and not LATIN_END.search("6-3 Л, {tile}")
    assert WRITTEN_COMMAND.search("вызовите /домино помощь") and not WRITTEN_COMMAND.search(
        "{cmd.help}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_ends_are_named_with_the_letters_the_boards_show(code: str) -> None:
    found = [(key, form) for key, forms in messages(code).items() for form in forms
             if LATIN_END.search(form)]
    found += [(str(key), text) for key, text in command_texts(code).items()
              if LATIN_END.search(text)]
    assert found == []
    assert t("move.L", code) in t("illegal.fits_both", code, tile="[6|3]")


@pytest.mark.parametrize("code", SLAVIC)
def test_no_player_is_given_a_gender(code: str) -> None:
    found = [(key, form, gendered(form)) for key, forms in messages(code).items()
             for form in forms if gendered(form)]
    assert found == []


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_no_text_writes_a_command_out(code: str) -> None:
    texts = ({key: (s,) if isinstance(s, str) else s for key, s in EN.items()}
             if code == "en" else messages(code))
    found = [(key, form) for key, forms in texts.items() for form in forms
             if WRITTEN_COMMAND.search(form)]
    if code != "en":
        found += [(str(key), text) for key, text in command_texts(code).items()
                  if WRITTEN_COMMAND.search(text)]
    assert found == []


@pytest.mark.parametrize("code", SLAVIC)
def test_tables_are_numbered_with_the_numero_sign(code: str) -> None:
    # "<#{channel}>" is a channel mention, not a number.
    found = [(key, form) for key, forms in messages(code).items() for form in forms
             if re.search(r"(?<!<)#\{", form)]
    assert found == []
    assert "№7" in t("table.title", code, game="X", table=7)


@pytest.mark.parametrize(("code", "table"), [("es", "mesa #7"), ("pt", "mesa #7")])
def test_reading_spanish_and_portuguese_tables_are_numbered_as_on_discord(code: str,
                                                                          table: str) -> None:
    # «mesa #7», as Discord's own channels are written; «n.º 7» reads as a form's field.
    assert table in t("table.title", code, game="X", table=7)


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_every_command_a_text_names_is_known(code: str) -> None:
    names = set()
    for source in EN.values():
        for form in (source,) if isinstance(source, str) else source:
            names.update(re.findall(r"\{cmd\.(\w+)\}", form))
    assert names and names <= COMMANDS.keys()
    for name in names:
        assert getattr(Commands(code), name)


def test_a_command_is_a_mention_once_its_id_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mentions, "_ids", {})
    assert Commands("ru").new_carousel == "`/домино новая-игра карусель`"
    assert Commands("uk").play == "`/доміно походити`"
    assert Commands("en").daily_board == "`/domino daily-board`"
    assert command_word("ru", "nonsense") == "nonsense"
    with pytest.raises(AttributeError):
        _ = Commands("en").no_such_command
    mentions.know_ids({"domino": 1234})
    # Discord shows a mention in each reader's language: it is the same in every text.
    assert t("open.none", "ru").endswith("</domino new:1234>.")
    assert "</domino rules:1234>" in t("help.footer", "uk")
    assert "</domino help:1234>" in t("help.footer", "en")


def test_every_option_of_every_command_is_described_in_every_language() -> None:
    keys = asyncio.run(tree_strings())
    descriptions = [english for where, english in keys if where == "parameter_description"]
    assert len(descriptions) > 30
    lacking = [english for english in descriptions if english.strip() in ("", "…", "...")]
    for code in TRANSLATED:
        for english in descriptions:
            words = command_text(code, "parameter_description", english)
            if words is None or words.strip() in ("", "…", "..."):
                lacking.append(f"{code}: {english}")
    assert lacking == []


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_help_has_a_page_for_every_game_and_topic(code: str) -> None:
    for page in [f"help.game.{game}" for game in GAMES] + [f"help.{topic}" for topic in TOPICS]:
        text = t(page, code)
        assert text.startswith("## "), (code, page)
        if code != "en":
            assert (None, page) in language(code).texts, (code, page)
    assert {"alone", "pictures", "daily"} <= set(TOPICS)


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_the_schedule_error_names_the_start_option_as_discord_shows_it(code: str) -> None:
    # Discord shows /domino new's options in the reader's language (`начало:` in Russian):
    # the error asking for it names it so, not `start` (issue 54).
    name = "start" if code == "en" else command_texts(code)[("parameter_name", "start")]
    assert name and (code == "en" or name != "start")
    assert f"`{name}`" in t("error.schedule.needs_start", code, options="`repeat`")


@pytest.mark.parametrize("code", ("en", *TRANSLATED))
def test_the_first_help_pages_open_a_table_of_every_game(code: str) -> None:
    # help.start names every game's /domino new; help.alone every game played against
    # the computer (not the solitaire). Partnership Dominó was missing (issue 54).
    start, alone = (EN[key] if code == "en" else messages(code)[key][0]
                    for key in ("help.start", "help.alone"))
    assert isinstance(start, str) and isinstance(alone, str)
    first_step = next(line for line in alone.splitlines() if line.startswith("1. "))
    for name, spec in GAMES.items():
        assert f"{{cmd.new_{name}}}" in start, (code, name)
        assert (f"{{cmd.new_{name}}}" in first_step) == (not spec.solitaire), (code, name)
