"""Every catalog key a page's template uses exists, in English and in every translated
language (issue 52: the Mexican Train figures showed as raw keys). Keys a template builds
(`"game." ~ game`) are expanded over what they can be built from."""

from __future__ import annotations

import re
from pathlib import Path

from catalog import EN
from catalog.po import LOCALES_DIR, language
from engine.registry import GAMES
from web.language import SPOKEN
from web.tournament_pages import (
    DECIDED,
    ROUND_STATES,
    STANDING_COLUMNS,
    STATES,
    STATUSES,
    TOURNAMENT_FORMATS,
)

# Every language with a translation file, spoken on the pages yet (ru, uk) or not (es, pt).
TRANSLATED = sorted(path.parent.parent.name
                    for path in LOCALES_DIR.glob("*/LC_MESSAGES/messages.po"))
TEMPLATES = Path(__file__).resolve().parents[2] / "web" / "templates"
LITERAL = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+)["']\s*[,)]""")
BUILT = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+\.)["']\s*~""")
# The column heads given to the templates' head() and legend() macros, each shown as
# web.col.<key> (wide) or web.short.<key> (at 360 px); the tournament page's heads come
# from web/tournament_pages.py's STANDING_COLUMNS.
HEADS = {word for path in TEMPLATES.glob("*.html")
         for args in re.findall(r"""(?:head\(|legend\(\[)([^)\]]*)""", path.read_text("utf-8"))
         for word in re.findall(r"""["'](\w+)["']""", args)} | set(STANDING_COLUMNS)
# What each built key's tail can be (a new prefix in a template must be added here).
TAILS = {
    "web.col.": HEADS,
    "web.short.": HEADS,
    "game.": set(GAMES),
    "web.figure.": {name for spec in GAMES.values() for name in spec.figures.names},
    "web.language.": set(SPOKEN),
    "tournament.format.": set(TOURNAMENT_FORMATS),
    "web.tournament.status.": set(STATUSES),
    "web.tournament.state.": set(STATES),
    "web.tournament.round_state.": set(ROUND_STATES),
    "web.tournament.decided.": set(DECIDED),
    "time.": {"days", "hours", "minutes"},
}
# error.html shows `message_key`, made by web.pages.error_page.
ERRORS = {f"web.error.{status}" for status in ("403", "404", "405", "413", "414", "429", "503",
                                                "other")}


def template_keys() -> set[str]:
    keys = set(ERRORS)
    for path in sorted(TEMPLATES.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        keys |= set(LITERAL.findall(text))
        for prefix in BUILT.findall(text):
            assert prefix in TAILS, f"{path.name}: no tails known for {prefix!r}"
            keys |= {prefix + tail for tail in TAILS[prefix]}
    return keys


def test_templates_use_keys_worth_checking() -> None:
    keys = template_keys()
    assert {"web.title", "web.game.moves", "web.figure.goat", "game.mexican"} <= keys
    assert "web.figure.low_round" in keys  # Mexican Train's figures, built by player.html
    assert {"web.short.games", "web.short.hours", "web.col.rank"} <= keys  # by macros
    # the tournament page's: its heads, statuses, formats, and a round's length
    assert {"web.short.buchholz", "web.col.seed", "web.tournament.status.paused",
            "tournament.format.knockout", "time.hours", "web.tournament.replay"} <= keys


def test_every_key_a_template_uses_is_in_english_and_every_language() -> None:
    keys = template_keys()
    assert {"ru", "uk", "es", "pt"} <= set(TRANSLATED)
    missing = sorted(key for key in keys if key not in EN)
    for code in TRANSLATED:
        texts = {msgid for (context, msgid) in language(code).texts if context is None}
        missing += sorted(f"{code}: {key}" for key in keys if key not in texts)
    assert not missing
