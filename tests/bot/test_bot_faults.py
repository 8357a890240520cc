"""The bot through damaged records, Discord faults and storage faults (issue 13).

Discord faults are injected at simcord's HTTP layer (`env.inject_error`) or by
`SlowDiscord` (tests/bot/faults.py), which makes chosen REST calls take virtual
time first, as discord.py's own retries on a 429 or a 5xx do.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from cogs.domino_bot import DominoBot
from cogs.table.message_updates import RETRY_DELAYS
from tests.bot.conftest import (
    against_an_ai,
    custom_ids,
    public_text,
    show_admin_to_everyone,
    table_message,
    text_of,
)
from tests.bot.faults import EDIT, SlowDiscord, stalled_storage, write_locked
from tests.bot.test_bot_guards import member_to_move, reply_text, two_player_table
from tests.tables.test_tables_faults import edit_move_by_hand


async def play_first_legal(env: Any, table: Any) -> None:
    """The player to move plays their first legal move (set-up, not what is tested)."""
    user = table.seats[table.game.to_move].user_id
    await env.bot.service.play(table.id, user, None, str(table.game.legal_moves()[0]))
    await env.settle()


async def test_a_table_that_no_longer_replays_is_quarantined_and_its_channel_told(
        world: dict[str, Any], db_path: Path, make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    table = await two_player_table(world)
    other = await two_player_table(world)
    for at in (table, other):
        await play_first_legal(env, at)
    # From another thread, as the person's shell would be: the bot's loop keeps running, so a
    # write of its still under way commits instead of holding the lock against this
    # blocking call until SQLite's busy timeout ("database is locked" on a loaded machine).
    await asyncio.to_thread(edit_move_by_hand, db_path, table.id, 1, "9-9 L")
    fresh = make_bot()
    await env.restart_bot(fresh)
    await env.settle()
    assert other.id in fresh.service.held_tables  # the rest loaded
    told = [m.content for m in channel.history() if f"#{table.id} cannot go on" in m.content]
    assert len(told) == 1
    cancel = await ann.slash(channel, "domino cancel", table=table.id)
    assert f"#{table.id} cancelled" in reply_text(cancel)
    stored = await fresh.store.get_table(table.id)
    assert stored is not None and stored.status == "cancelled"
    assert table_message(channel, table) is not None


def shown_seq(channel: Any, table: Any) -> int | None:
    """The move number the table message shows ("Hand 1 · move 12"; None: none)."""
    message = table_message(channel, table)
    found = re.search(r"· move (\d+)", text_of([c.to_dict() for c in message.components]))
    return int(found[1]) if found else None


async def play_typed(world: dict[str, Any], table: Any) -> Any:
    """The player to move types their first legal move with /domino play."""
    channel = world["channel"]
    mover = member_to_move(world, table)
    choices = await mover.autocomplete(channel, "domino play", "move", "")
    return await mover.slash(channel, "domino play", move=choices[0]["value"])


def fault_lines(caplog: pytest.LogCaptureFixture, table: Any) -> list[logging.LogRecord]:
    return [r for r in caplog.records if f"table {table.id}" in r.getMessage()
            and r.levelno >= logging.WARNING]


async def test_a_failing_edit_never_delays_the_next_moves(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    seq = table.seq
    slow = SlowDiscord(env.bot, *EDIT, delay=20, status=500,
                       channel_id=table.channel_id)  # every try: 20 s, then a 500
    for _ in range(3):
        result = await play_typed(world, table)
        assert "Played" in reply_text(result)
    assert table.seq >= seq + 3  # no move waited for Discord (forced draws may follow)
    assert slow.calls == 1  # the newer states wait for the edit in flight
    await env.advance_time(300)
    assert slow.calls == 1 + len(RETRY_DELAYS)  # retried, then given up
    lines = fault_lines(caplog, table)
    assert len(lines) == slow.calls and all(r.exc_info is None for r in lines)
    slow.heal()
    await play_typed(world, table)
    assert shown_seq(channel, table) == table.seq


async def test_only_the_newest_state_is_sent(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    seq = table.seq
    slow = SlowDiscord(env.bot, *EDIT, delay=20,  # slow, but it works
                       channel_id=table.channel_id)
    for _ in range(3):
        await play_typed(world, table)
    assert table.seq >= seq + 3 and slow.calls == 1
    await env.advance_time(60)
    assert slow.calls == 2  # the first edit, then one with the newest state
    assert shown_seq(channel, table) == table.seq


async def test_a_deleted_table_message_is_posted_again_and_play_goes_on(
        world: dict[str, Any], caplog: pytest.LogCaptureFixture) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    table = await two_player_table(world)
    moderator = guild.add_member(env.create_user("mod"), roles=[guild.create_role(
        "mods", permissions=discord.Permissions(manage_messages=True))])
    old_id = table.message_id
    await moderator.delete(table_message(channel, table))
    await play_typed(world, table)
    assert table.message_id != old_id
    assert shown_seq(channel, table) == table.seq
    stored = await env.bot.store.get_table(table.id)
    assert stored is not None and stored.message_id == table.message_id
    posted = table.message_id
    await play_typed(world, table)  # and the new message is edited in place from now on
    assert table.message_id == posted and shown_seq(channel, table) == table.seq
    lines = fault_lines(caplog, table)
    assert len(lines) == 1 and lines[0].exc_info is None, lines
    assert not [r for r in caplog.records if r.exc_info is not None]


async def test_after_a_crash_between_commit_and_edit_the_messages_catch_up(
        world: dict[str, Any], make_bot: Callable[..., DominoBot]) -> None:
    env, channel = world["env"], world["channel"]
    tables = [await two_player_table(world), await two_player_table(world)]
    for table in tables:
        # What a process killed right after the commit leaves: the move, not the edit.
        move = str(table.game.legal_moves()[0])
        await env.bot.store.append_move(table.id, table.seq + 1, move, deadline=None)
        assert shown_seq(channel, table) == table.seq
    env.inject_error("PATCH", "/channels/*/messages/*", status=429, code=0, times=1)
    fresh = make_bot()
    await env.restart_bot(fresh)
    await env.advance_time(10)  # the rate-limited edit is retried after a pause
    for table in tables:
        resumed = fresh.service.held_tables[table.id]
        # The stored move, then any forced draws of the next player (played at start-up).
        assert resumed.seq >= table.seq + 1
        assert shown_seq(channel, resumed) == resumed.seq


def answer_text(result: Any) -> str:
    """The text of every answer to an interaction, public or private."""
    return " ".join(m.content or "" for m in [*result.followups, *filter(None, [result.response])])


def answered(result: Any) -> bool:
    """The interaction got a real answer (not only "thinking…")."""
    response = result.response
    return bool(result.followups) or (response is not None
                                      and bool(response.content or response.components))


async def test_every_interaction_is_acknowledged_at_once_while_storage_stalls(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    table = await two_player_table(world)
    show_admin_to_everyone(env, world["guild"])
    commands: list[tuple[Any, str, dict[str, Any]]] = [
        (bob, "domino new carousel", {"seats": 3}),
        (ann, "domino profile", {}), (ann, "domino-admin settings", {}),
        (ann, "domino leaderboard", {}), (ann, "domino history", {}),
        (ann, "domino cancel", {"table": table.id}),
    ]
    for member, name, options in commands:
        with stalled_storage(env.bot.store, 5):  # each statement waits 5 s
            result = await member.slash(channel, name, **options)
            # Discord's clock has not moved: the answer came before any storage work.
            assert result.acknowledged, name
            for _ in range(12):  # then the work is done, and answered
                await env.advance_time(5)
        assert answered(result), (name, result)
    assert table.status == "cancelled"
    assert any(t.game_kind == "carousel" for t in env.bot.service.held_tables.values())


async def test_a_locked_database_is_named_to_the_player_and_the_move_queued(
        world: dict[str, Any], db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    await env.bot.store._db.conn.execute("PRAGMA busy_timeout = 200")  # not 5 s per try
    mover = member_to_move(world, table)
    seq = table.seq
    hand = (await mover.click(table_message(channel, table), label="Your hand")).response
    button = (custom_ids(hand.components, "dom:play:") or custom_ids(hand.components,
                                                                     "dom:tile:"))[0]
    with write_locked(db_path):  # another process holds the write lock
        opened = await world["members"][2].slash(channel, "domino new traditional")
        # (Last: the queued move tries again every 5 s, which the virtual clock races.)
        clicked = await mover.click(hand, custom_id=button)
        assert table.seq == seq
    # A move is queued (issue 29); anything else is not done.
    assert "storage is busy" in reply_text(clicked) and "queued" in reply_text(clicked)
    assert "storage is busy" in answer_text(opened)
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert any(f"table {table.id}" in r.getMessage() for r in lines)
    assert not [r for r in lines if r.exc_info is not None]
    # The lock is gone: the queued move plays.
    await env.advance_time(10)
    await env.settle()
    assert table.seq > seq


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB file system of its own (a tmpfs), where the machine lets the tests mount one."""
    where = tmp_path / "tiny"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small file system here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill_disk(where: Path) -> Path:
    """Write a file until the file system is full; returns it (delete it to free the space)."""
    filler = where / "filler"
    with filler.open("wb", buffering=0) as out:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    out.write(b"\0" * size)
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise
    return filler


async def test_a_full_disk_is_named_to_the_player_and_the_move_not_played(
        tiny_disk: Path, caplog: pytest.LogCaptureFixture,
        make_bot: Callable[..., DominoBot]) -> None:
    bot = make_bot(database_path=tiny_disk / "dominoes.sqlite3")
    async with simcord.run(bot) as env:
        channel, ann = await against_an_ai(env)
        await env.settle()
        table = next(iter(bot.service.held_tables.values()))
        seq = table.seq
        filler = fill_disk(tiny_disk)
        move = (await ann.autocomplete(channel, "domino play", "move", ""))[0]["value"]
        played = await ann.slash(channel, "domino play", move=move)
        assert "storage is full" in reply_text(played)
        assert "no move was played" in reply_text(played)
        assert table.seq == seq
        assert not [r for r in caplog.records if r.exc_info is not None]
        filler.unlink()  # space again: the same move plays
        await ann.slash(channel, "domino play", move=move)
        assert table.seq > seq


async def test_cancel_answers_before_the_rate_limited_edit_and_notices(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    table = await two_player_table(world)
    slow = SlowDiscord(env.bot, *EDIT, delay=10, status=429,  # rate limited for 10 s
                       channel_id=table.channel_id)
    result = await ann.slash(channel, "domino cancel")
    # Answered before Discord's clock moved, whatever the edit is waiting for.
    assert f"#{table.id} cancelled" in reply_text(result)
    assert table.status == "cancelled" and slow.calls == 1
    slow.heal()
    await env.advance_time(60)
    assert "cancelled" in text_of([c.to_dict() for c in table_message(channel, table).components])


async def test_a_player_nobody_can_reach_is_shown_on_the_table_and_the_host_told(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    table = await two_player_table(world)
    if member_to_move(world, table) is bob:
        await play_first_legal(env, table)  # so that ann (the host) moves next
    assert member_to_move(world, table) is ann
    # Bob's DMs are closed, and the bot may no longer post in the channel.
    env.inject_error("POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403,
                     code=50007, message="Cannot send messages to this user", times=None)
    env.backend.set_overwrite(channel.id, Overwrite(
        target_id=env.backend.bot_user.id, type=OverwriteType.MEMBER,
        deny=discord.Permissions(send_messages=True).value))
    await play_typed(world, table)
    await env.settle()
    shown = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "bob could not be told it is their turn" in shown
    told = [m.content for m in ann.user.dm_channel.history()]
    assert any(f"table #{table.id}, bob could not be told" in m for m in told), told
    while member_to_move(world, table) is bob:  # bob plays after all (a draw keeps his turn)
        await play_typed(world, table)
    await env.settle()
    shown = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert "could not be told" not in shown


EVIL = "@everyone [nitro](https://evil.example) <@&{role}> **big**"


async def test_hostile_display_names_reach_the_channel_as_plain_text(
        world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann = world["members"][0]
    role = guild.create_role("everybody", mentionable=True)
    evil = guild.add_member(env.create_user("evil"), nick=EVIL.format(role=role.id))
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda x: x.id)
    await evil.click(table_message(channel, table), label="Join")
    await env.settle()
    for _ in range(4):
        await play_first_legal(env, table)
    asked = await evil.click(table_message(channel, table), label="Resign")  # it asks first
    await evil.click(asked.response, label="Yes, resign")  # names in the result
    await env.settle()
    assert table.status == "finished"
    await evil.slash(channel, "domino new clock")  # the Big Clock post
    clock = max(env.bot.service.held_tables.values(), key=lambda x: x.id)
    await env.bot.service.play(clock.id, evil.id, None, str(clock.game.legal_moves()[0]))
    await env.settle()
    posted = [m for m in env.backend.messages[channel.id].values()
              if m.author_id == env.backend.bot_user.id]
    assert posted
    for message in posted:  # nobody pinged by the bot's public messages
        assert not message.mention_everyone and not message.ping_role_ids
        assert not message.ping_user_ids
    text = public_text(channel, ann)
    assert "nitro" in text and "evil.example" in text  # the name is shown...
    link = re.search(r"(?<!\\)\[nitro\]\(", text)  # ...never as a masked link
    assert link is None, text[max(0, link.start() - 200):link.end()]
    assert "@everyone" not in text and f"<@&{role.id}>" not in text
    assert "**big**" not in text
