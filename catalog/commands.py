"""Slash commands named inside texts: `{cmd.new}` in a catalog text is the command
`/domino new`, written for the reader.

Discord shows a command mention, `</domino new:ID>`, in each reader's own language and
makes it clickable; it needs the command's id, known only once the bot has synced its
commands (cogs/common/command_mentions.py tells it here with `know_ids`). Until then the
command is written out in the reader's command words (commands.po): `/домино правила`.
A text never spells out `/domino …` itself (tests/catalog/test_catalog_words.py).

A catalog text names a command as `{cmd.<name>}`, one of `COMMANDS`; `t` fills `cmd`
by itself, so no caller passes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from catalog.po import SOURCE, language

COMMANDS: dict[str, str] = {
    "play": "domino play",
    "hand": "domino hand",
    "help": "domino help",
    "rules": "domino rules",
    "cancel": "domino cancel",
    "replace": "domino replace",
    "resign": "domino resign",
    "new": "domino new",
    "new_traditional": "domino new traditional",
    "new_carousel": "domino new carousel",
    "new_clock": "domino new clock",
    "new_mexican": "domino new mexican",
    "new_partnership": "domino new partnership",
    "lobby": "domino lobby",
    "leaderboard": "domino leaderboard",
    "stats": "domino stats",
    "history": "domino history",
    "replay": "domino replay",
    "profile": "domino profile",
    "games": "domino games",
    "open": "domino open",
    "settings": "domino-admin settings",
    "daily": "domino daily",
    "daily_board": "domino daily-board",
    "daily_channel": "domino-admin daily-channel",
    "queue_join": "domino queue join",
    "queue_leave": "domino queue leave",
    "queue_list": "domino queue list",
}
"""The commands a text may name, by the name it uses (`{cmd.daily_board}`): their
English path, as the bot registers them."""

_ids: dict[str, int] = {}  # a top-level command's name -> its id, once synced


def know_ids(ids: dict[str, int]) -> None:
    """Remember the ids of the synced top-level commands ({"domino": 1234}), replacing
    what was known: from now on texts mention those commands."""
    _ids.clear()
    _ids.update(ids)


@dataclass(frozen=True, slots=True)
class Command:
    """A slash command by its English path ("domino new"), as a text names it."""

    path: str

    def text(self, code: str) -> str:
        """The command for a reader of `code`: its mention when its id is known, else the
        command written out in that language's command words, in code style."""
        ident = _ids.get(self.path.split()[0])
        if ident is not None:
            return f"</{self.path}:{ident}>"
        return "`/" + " ".join(command_word(code, word) for word in self.path.split()) + "`"


def command_word(code: str, word: str) -> str:
    """One word of a command's path (a group's or a command's name) in `code`'s command
    words, as Discord shows them there; the English word when it has none."""
    if code == SOURCE:
        return word
    words = language(code, "commands")
    for where in ("group_name", "command_name"):
        found = words.form((where, word), None)
        if found is not None:
            return found
    return word


class Commands:
    """The value `cmd` of every text, in one language: `{cmd.new}` is `COMMANDS["new"]`
    written for that reader; a name not in `COMMANDS` raises AttributeError."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __getattr__(self, name: str) -> str:
        path = COMMANDS.get(name)
        if path is None:
            raise AttributeError(f"no command {name!r} in catalog.commands.COMMANDS")
        return Command(path).text(self.code)
