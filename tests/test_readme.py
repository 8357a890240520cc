"""The README and docs/ say what the bot really asks for and offers (issue 15's server
admin's guide): the invite link's permission integer is the permissions its table lists,
each named as Discord names it, and every `/domino` command and option they mention is
one the bot registers (tests/pins/app_commands.json, kept equal to the bot's payload by
tests/bot/test_pins.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _commands() -> dict[str, set[str]]:
    """"domino new traditional", "domino-admin settings", ... -> its options' names."""
    found: dict[str, set[str]] = {}

    def walk(item: dict[str, Any], path: str) -> None:
        subs = [o for o in item.get("options", []) if o["type"] in (1, 2)]
        found[path] = {o["name"] for o in item.get("options", []) if o["type"] > 2}
        for sub in subs:
            walk(sub, f"{path} {sub['name']}".strip())

    for command in json.loads((ROOT / "tests/pins/app_commands.json").read_text()):
        walk(command, command["name"])
    return found


def test_the_invite_links_permissions_are_the_ones_its_table_lists() -> None:
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", README)
    assert len(links) == 1
    query = dict(part.split("=", 1) for part in links[0].split("?", 1)[1].split("&"))
    assert query["scope"].split("+") == ["bot", "applications.commands"]
    section = README.split("### The invite link")[1].split("\n### ")[0]
    rows = re.findall(r"^\| ([A-Z][\w ]+?) \| (\d+) \|", section, re.M)
    assert len(rows) == 5
    for name, value in rows:  # each as discord.py (so Discord) names and numbers it
        flag = getattr(discord.Permissions, name.lower().replace(" ", "_")).flag
        assert flag == int(value), name
    assert int(query["permissions"]) == sum(int(v) for _, v in rows)
    alternative = re.search(r"\*\*Mention Everyone\*\*\s+\((\d+); the link's integer is "
                            r"then (\d+)\)", section)
    assert alternative is not None
    assert int(alternative[1]) == discord.Permissions.mention_everyone.flag
    assert int(alternative[2]) == int(query["permissions"]) + int(alternative[1])


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_command_and_option_the_docs_name_is_registered(page: Path) -> None:
    commands = _commands()
    tops = {path for path in commands if " " not in path}
    spans = [f"{top} {rest}" for top, rest in
             re.findall(r"`/([a-z][-a-z]*) ([^`]*)`", page.read_text(encoding="utf-8"))
             if top in tops]
    assert spans or page.name != "README.md"
    for span in spans:
        # "new clock hints:hard", "profile turn_dms", "daily-board [week]", "new <name>"
        words = [w.strip("[]").split(":")[0] for w in span.split() if "<" not in w]
        known = max((n for n in range(len(words) + 1) if " ".join(words[:n]) in commands),
                    default=0)
        path = " ".join(words[:known])
        assert " " in path, span
        assert set(words[known:]) <= commands[path], (page.name, span)
