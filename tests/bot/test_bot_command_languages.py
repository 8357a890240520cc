"""The registered slash commands carry Russian, Ukrainian, Spanish (Spain's and Latin
America's Discord locales) and Brazilian Portuguese names and descriptions for every
command, option and choice (issues 16 and 50), in names Discord accepts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from catalog import t
from catalog.reader import reading

# Discord's locales of the translated languages: both Spanish ones read the es catalog.
LOCALES = ("ru", "uk", "es-ES", "es-419", "pt-BR")
# Discord's rule for command and option names, in every locale: lowercase, no spaces
# (letters of any script, «dominó» too).
NAME = re.compile(r"^[-_'\w]{1,32}$")


def _named(payload: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, group, subcommand and option below `payload`, with its path."""
    yield path, payload
    for option in payload.get("options", []):
        yield from _named(option, f"{path} {option['name']}")


def registered(env: Any) -> list[dict[str, Any]]:
    commands = [c for scope in env.backend.commands.values() for c in scope.values()]
    assert commands, "the bot registered no commands"
    return commands


async def test_every_command_option_and_choice_is_named_in_every_language(
        simcord_env: Any) -> None:
    checked = 0
    for command in registered(simcord_env):
        for path, item in _named(command, command["name"]):
            for locale in LOCALES:
                name = (item.get("name_localizations") or {}).get(locale)
                text = (item.get("description_localizations") or {}).get(locale)
                assert name and text, f"{path}: no {locale} name or description"
                assert NAME.match(name) and name == name.lower(), f"{path}: {name!r}"
                assert len(text) <= 100, f"{path}: {locale} description too long"
            for choice in item.get("choices", []):
                for locale in LOCALES:
                    shown = (choice.get("name_localizations") or {}).get(locale)
                    assert shown and len(shown) <= 100, f"{path} choice {choice['name']!r}"
            checked += 1
    assert checked > 20


async def test_localized_names_differ_from_each_other_among_siblings(simcord_env: Any) -> None:
    for command in registered(simcord_env):
        for path, item in _named(command, command["name"]):
            options = item.get("options", [])
            for locale in LOCALES:
                names = [o["name_localizations"][locale] for o in options]
                assert len(names) == len(set(names)), f"{path}: {locale} names repeat: {names}"


async def test_the_group_is_named_in_each_language(simcord_env: Any) -> None:
    (domino,) = [c for c in registered(simcord_env) if c["name"] == "domino"]
    assert domino["name_localizations"] == {"ru": "домино", "uk": "доміно", "es-ES": "domino",
                                            "es-419": "domino", "pt-BR": "dominó"}


async def test_only_the_translated_languages_are_localized_and_both_spanish_agree(
        simcord_env: Any) -> None:
    for command in registered(simcord_env):
        for path, item in _named(command, command["name"]):
            for field in ("name_localizations", "description_localizations"):
                found = item.get(field) or {}
                assert set(found) == set(LOCALES), (path, field, sorted(found))
                assert found["es-ES"] == found["es-419"], (path, field)


COMMAND_CHARACTERS = 8000  # Discord refuses a command whose texts add up to more


def _characters(item: dict[str, Any], locale: str | None) -> int:
    """The characters Discord counts for one command in `locale` (None: English): every
    name, description and choice name and value, below it too."""
    def said(field: str, thing: dict[str, Any]) -> str:
        localized = (thing.get(f"{field}_localizations") or {}).get(locale or "")
        return str(localized or thing.get(field, ""))

    total = len(said("name", item)) + len(said("description", item))
    for choice in item.get("choices", []):
        total += len(said("name", choice)) + len(str(choice["value"]))
    return total + sum(_characters(option, locale) for option in item.get("options", []))


async def test_every_command_fits_discords_character_limit_in_every_language(
        simcord_env: Any) -> None:
    biggest = {locale: 0 for locale in (None, *LOCALES)}
    for command in registered(simcord_env):
        counts = {locale: _characters(command, locale) for locale in biggest}
        assert max(counts.values()) <= COMMAND_CHARACTERS, (command["name"], counts)
        biggest = {locale: max(biggest[locale], counts[locale]) for locale in biggest}
    # The counting reaches the subcommands' options and the translations (/domino is big).
    assert biggest["ru"] != biggest[None] and biggest[None] > 1000, biggest
    assert biggest["es-ES"] != biggest[None] and biggest["pt-BR"] != biggest[None], biggest


async def test_texts_mention_the_registered_commands_by_their_ids(simcord_env: Any) -> None:
    # After the sync the bot has learnt each command's id (cogs/common/command_mentions.py):
    # a text names /domino help as a mention, which Discord shows in the reader's words.
    ids = {c["name"]: c["id"] for c in registered(simcord_env)}
    assert f"</domino help:{ids['domino']}>" in t("help.footer", "ru")
    assert f"</domino new:{ids['domino']}>" in t("open.none", "uk")


async def test_domino_offers_every_game_and_fits_in_every_language(simcord_env: Any) -> None:
    from engine.registry import GAMES

    (domino,) = [c for c in registered(simcord_env) if c["name"] == "domino"]
    subcommands = {o["name"]: o for o in domino["options"]}
    assert [g["name"] for g in subcommands["new"]["options"]] == list(GAMES)  # Mexican too
    assert "lobby" in subcommands  # the rarer table settings, once for every game
    counts = {locale: _characters(domino, locale) for locale in (None, *LOCALES)}
    assert max(counts.values()) <= COMMAND_CHARACTERS, counts


async def test_a_game_options_choices_are_its_catalog_words_in_every_language(
        simcord_env: Any) -> None:
    # A default choice is marked "(default)"; its words are translated whole, never cut
    # at a colon as if it were an option line ("by players: …").
    from cogs.common.game_words import value_words
    from cogs.lobby.new_command import choice_words
    from engine.registry import GAMES

    (domino,) = [c for c in registered(simcord_env) if c["name"] == "domino"]
    (new,) = [o for o in domino["options"] if o["name"] == "new"]
    for game in new["options"]:
        infos = {i.name: i for i in GAMES[game["name"]].options}
        for option in game["options"]:
            info = infos.get(option["name"])
            if info is None or not info.choices:
                continue
            for choice in option["choices"]:
                for locale in LOCALES:
                    with reading(locale):
                        words = choice_words(value_words(info, choice["value"]),
                                             choice["value"] == info.default)
                    assert choice["name_localizations"][locale] == words, (game["name"],
                                                                           choice)
