"""Small doors (issue 55): typed numbers parsed strictly, mention lists deduplicated and
bounded before any look-up, the signing key's file readable by its owner only."""

from __future__ import annotations

import logging
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from cogs.pickup.queue_commands import QueueCommands, parse_seats
from settings import SettingsError, load_settings
from storage.models import parse_hhmm
from tables.errors import TableError
from tests.bot.conftest import custom_ids
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_pickup import dms, virtual_clock
from web.links import load_or_create_secret


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.mark.parametrize("typed", ["²", "4²", "٣", "３", "¹ ²"])
def test_seats_that_are_digits_only_to_str_isdigit_are_refused_by_key(typed: str) -> None:
    with pytest.raises(TableError) as refused:
        parse_seats(typed)
    assert refused.value.key == "error.queue.seats"


async def test_seats_superscript_in_queue_join_is_a_clear_answer_without_a_traceback(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    channel, ann = world["channel"], world["members"][0]
    with caplog.at_level(logging.WARNING):
        joined = await ann.slash(channel, "domino queue join", game="traditional", seats="²")
    assert t("error.queue.seats", text="`²`") in answer_text(joined)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert await world["env"].bot.pickup.waiting(world["guild"].id) == []


async def test_sixty_mentions_of_one_friend_are_one_look_up_and_too_many_none(
        world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    channel, (ann, bob, _cy) = world["channel"], world["members"]
    looked_up: list[int] = []
    member = QueueCommands._member

    async def counted(self: QueueCommands, guild: Any, user_id: int) -> Any:
        looked_up.append(user_id)
        return await member(self, guild, user_id)

    monkeypatch.setattr(QueueCommands, "_member", counted)
    await ann.slash(channel, "domino queue join", game="traditional", seats="4",
                    friends=" ".join([f"<@{bob.id}>"] * 60))
    assert looked_up == [bob.id]
    looked_up.clear()
    many = " ".join(f"<@{100000 + i}>" for i in range(60))
    refused = await ann.slash(channel, "domino queue join", game="carousel", seats="4",
                              friends=many)
    assert t("error.queue.party_size", most=3) in answer_text(refused)
    assert looked_up == []  # bounded before any look-up


@pytest.mark.parametrize(("name", "value"), [("WEB_PORT", "8²"), ("SHARD_COUNT", "²"),
                                             ("DEV_GUILD_ID", "1²")])
def test_settings_numbers_are_ascii_digits(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        load_settings({"DISCORD_TOKEN": "t", name: value}, env_file=None)


def test_a_time_of_day_with_a_superscript_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="HH:MM"):
        parse_hhmm("1²:30")


def test_the_signing_key_is_written_to_an_env_file_only_its_owner_reads(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=secret-token\n", encoding="utf-8")
    env.chmod(0o644)  # as an editor made it
    made = load_or_create_secret({}, env)
    assert stat.S_IMODE(env.stat().st_mode) == 0o600
    text = env.read_text(encoding="utf-8")
    assert "DISCORD_TOKEN=secret-token\n" in text and f"WEB_SECRET={made.decode()}" in text
    fresh = tmp_path / "new" / ".env"
    fresh.parent.mkdir()
    load_or_create_secret({}, fresh)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    assert not list(tmp_path.glob("**/.env.tmp"))


async def test_a_friend_removed_from_the_server_cannot_confirm_the_party_nor_renew(
        world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, bob, cy = world["members"]
    await cy.slash(channel, "domino queue join", game="traditional", seats="2")
    await ann.slash(channel, "domino queue join", game="traditional", seats="2",
                    friends=f"<@{bob.id}>")
    await env.settle()
    invite = [m for m in dms(bob) if "invites you to queue together" in (m.content or "")]
    assert len(invite) == 1
    guild.remove_member(bob)  # bob leaves the server, then presses Confirm in his DM
    confirmed = await bob.user.click(invite[0], label="Confirm")
    await env.settle()
    assert t("error.not_member_server") in answer_text(confirmed)
    assert env.bot.service.held_tables == {}  # nobody seated, bob least of all
    party = await env.bot.store.get_party(
        max(e.party_id or 0 for e in await env.bot.pickup.waiting(guild.id)))
    assert party is not None and party.members[bob.id] is False  # the refusal changed nothing


async def test_an_expired_entry_of_one_who_left_the_server_is_not_renewed(
        world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann = world["members"][0]
    await ann.slash(channel, "domino queue join", game="traditional", seats="4", hours=1)
    await env.advance_time(2 * 3600)
    await env.settle()
    notice = [m for m in dms(ann) if custom_ids([c.to_dict() for c in m.components],
                                                 "dom:renew:")]
    assert len(notice) == 1
    guild.remove_member(ann)
    renewed = await ann.user.click(notice[0], label=t("queue.renew"))
    assert t("error.not_member_server") in answer_text(renewed)
    entries = await env.bot.store.queue_entries(guild.id)
    assert [e.expires_at < virtual_clock() for e in entries] == [True]  # not renewed
