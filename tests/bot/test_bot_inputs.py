"""Hostile and odd input to the slash commands (issue 13, points 9 and 11).

Each gets a short, clear answer within Discord's limits, no traceback, and
permissions are checked before anything typed is parsed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from cogs.tables_cog import parse_extra
from tables.errors import TableError
from tests.bot.conftest import table_message
from tests.bot.test_bot_faults import answer_text

LONG = "x" * 2000


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.exc_info is not None]


@pytest.mark.parametrize("extra", ["target=²", "target=--5", "target=" + "9" * 5000,
                                   "target=" + LONG, LONG])
async def test_odd_extra_options_get_a_short_clear_answer(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture, extra: str) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    result = await ann.slash(channel, "domino new", game="traditional", extra=extra)
    text = answer_text(result)
    assert text and len(text) < 300, text
    assert "went wrong" not in text
    assert not tracebacks(caplog)
    assert not env.bot.service.tables  # nothing was opened


def test_extra_numbers_are_ascii_digits_of_sane_length() -> None:
    assert parse_extra("target=101 lead=winner pairs=on") == {
        "target": 101, "lead": "winner", "pairs": True}
    assert parse_extra("target=-5") == {"target": -5}
    assert parse_extra("target=²") == {"target": "²"}  # a string the rules then refuse
    with pytest.raises(TableError) as refused:
        parse_extra("target=" + "9" * 5000)
    assert len(str(refused.value)) < 120


async def test_settings_check_the_permission_before_reading_a_huge_channel_id(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    bob = world["members"][1]
    huge = "1" * 4301
    refused = await bob.slash(channel, "domino settings", channels=huge)
    assert "Only members with Manage Server" in answer_text(refused)
    boss = guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "admins", permissions=discord.Permissions(manage_guild=True))])
    answered = await boss.slash(channel, "domino settings", channels=huge)
    text = answer_text(answered)
    assert "is not a channel" in text and len(text) < 300, text
    tiny = await boss.slash(channel, "domino settings", reminders="0.00001")
    assert "between 1 and 99" in answer_text(tiny)
    assert not tracebacks(caplog)


@pytest.mark.parametrize(("command", "options"), [
    ("domino play", {"move": LONG}),
    ("domino profile", {"time_zone": LONG}),
    ("domino profile", {"quiet_hours": LONG}),
    ("domino settings", {"reminders": LONG}),
])
async def test_a_2000_character_input_is_echoed_only_as_an_excerpt(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture, command: str,
        options: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    if command == "domino play":
        await ann.slash(channel, "domino new", game="traditional", seats=2)
        table = next(iter(env.bot.service.tables.values()))
        await bob.click(table_message(channel, table), label="Join")
        await env.settle()
    result = await ann.slash(channel, command, **options)
    text = answer_text(result)
    assert text and len(text) < 300, text
    assert not tracebacks(caplog)
