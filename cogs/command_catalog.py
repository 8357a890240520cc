"""`python -m cogs.command_catalog`: add every English text of the slash commands to each
translation's (ru, uk, es, pt) catalog/locales/<lang>/LC_MESSAGES/commands.po
(translations kept, new ones empty), for a translator to fill in;
tests/bot/test_bot_command_languages.py fails until then. Descriptions and choices the
commands take from the message catalog are left out: they are translated there."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from catalog.po import Key, read_catalog, write_catalog
from cogs.common.translator import TRANSLATED, command_strings, from_catalog
from cogs.domino_bot import create_bot


async def tree_strings() -> list[Key]:
    """The (location, English) texts of the bot's full command tree, built on a throw-away
    database without logging in (closing the bot unloads its cogs: read them first)."""
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(database_path=Path(folder) / "commands.sqlite3", sync_commands=False)
        await bot.setup_hook()
        try:
            return list(command_strings(bot.tree))
        finally:
            await bot.close()


def update_catalogs(keys: list[Key]) -> list[Path]:
    """Write each translation's commands.po: the tree's texts in order, translations kept."""
    paths = []
    for code in TRANSLATED:
        try:
            old = {(m.context, str(m.id)): m.string for m in read_catalog(code, "commands")
                   if m.id}
        except FileNotFoundError:
            old = {}
        # Texts the commands took from the message catalog are translated there.
        entries = [(key, (str(old.get(key) or ""),), None) for key in keys
                   if key in old or ((key[0] or "").endswith("_name") and key[0] != "choice_name")
                   or from_catalog(key[1], code) is None]
        paths.append(write_catalog(code, "commands", entries))
    return paths


def main() -> int:
    for path in update_catalogs(asyncio.run(tree_strings())):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
