"""Four holes that faults and a removed member found (issue 29): a click while another
connection holds the database's write lock, a read-only data folder, a click from
outside the table's server, and memory kept for every ended game."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

import settings
from catalog import t
from catalog.reader import reading
from cogs.common.game_words import move_words
from settings import SettingsError, check_writable
from tests.bot.conftest import custom_ids, play_out, table_message, text_of
from tests.bot.faults import stalled_storage, write_locked
from tests.bot.test_bot_faults import shown_seq
from tests.bot.test_bot_guards import member_to_move, reply_text, two_player_table
from tests.bot.test_bot_languages import client_locales  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent.parent


def components(message: Any) -> list[dict[str, Any]]:
    return [c if isinstance(c, dict) else c.to_dict() for c in message.components]


async def test_a_move_clicked_while_another_connection_holds_the_lock_is_queued_and_shown(
        world: dict[str, Any], db_path: Path,
        client_locales: dict[int, str]) -> None:  # noqa: F811
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    # Storage waits this long for the lock before it calls itself busy (5 s in production;
    # the wait is SQLite's own, in real time).
    await env.bot.store._db.conn.execute("PRAGMA busy_timeout = 300")
    mover = member_to_move(world, table)
    client_locales[mover.id] = "uk"
    seq = table.seq
    hand = (await mover.click(table_message(channel, table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = custom_ids(hand.components, "dom:play:")[0]
    move = button.split(":", 4)[4]
    with write_locked(db_path):  # another process holds the write lock, longer than 300 ms
        clicked = await mover.click(hand, custom_id=button)
        # Answered at once, privately, in the player's language: the move waits.
        assert clicked.acknowledged
        assert t("error.move_queued", "uk") in reply_text(clicked)
        assert table.seq == seq
    # The lock is gone: the queued move is stored (the retry waits in virtual time) ...
    await env.advance_time(10)
    await env.bot.service.settle()
    await env.settle()
    assert table.seq > seq
    assert table.game is not None and move in table.game.moves
    # ... and shown as a move stored at once is: the hand message clicked has lost the
    # buttons of the position before the move and says what was played; the table
    # message shows the move.
    now = env.backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids(components(now), "dom:play:")
    with reading("uk"):
        assert t("hand.played", move=move_words(move)) in text_of(components(now))
    # The table message is current; its last move is this one unless the other player's
    # forced draws followed it (the deal decides).
    assert shown_seq(channel, table) == table.seq
    if table.game.moves[-1] == move:
        name = table.seats[table.seat_of(mover.id)].name
        assert t("table.last", name=name, move=move_words(move)) in text_of(
            components(table_message(channel, table)))
    else:
        after = table.game.moves[table.game.moves.index(move) + 1:]
        assert all(m in ("draw", "pass") for m in after)


async def test_a_move_storage_keeps_waiting_is_answered_within_discords_window(
        world: dict[str, Any]) -> None:
    """Storage busy for longer than the answer may wait (its own busy timeout is 5 s):
    the player reads at once that the move is queued, and sees it once stored."""
    env, channel = world["env"], world["channel"]
    table = await two_player_table(world)
    mover = member_to_move(world, table)
    seq = table.seq
    hand = (await mover.click(table_message(channel, table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = custom_ids(hand.components, "dom:play:")[0]
    with stalled_storage(env.bot.store, 5):  # each statement waits 5 s (virtual)
        clicked = await mover.click(hand, custom_id=button)
        assert t("error.move_queued") in reply_text(clicked)
        assert table.seq == seq
        for _ in range(12):
            await env.advance_time(5)
    await env.settle()
    assert table.seq > seq
    now = env.backend.get_message(hand.channel_id, hand.id)
    assert not custom_ids(components(now), "dom:play:")
    assert "You played" in text_of(components(now))


# --- 2. a read-only data folder ---------------------------------------------------------------
@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder on a file system mounted read-only: read-only for root too (a chmod is
    not), where the machine lets the tests mount one."""
    where = tmp_path / "ro"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(where)],
                             capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a read-only file system here: "
                    f"{mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def start_bot(tmp_path: Path, database: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": str(database)}
    return subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("inside", ["dominoes.sqlite3", "data/dominoes.sqlite3"])
def test_starting_on_a_read_only_folder_names_it_and_exits_2(
        tmp_path: Path, read_only_folder: Path, inside: str) -> None:
    with pytest.raises(OSError):  # really read-only, for this user too
        (read_only_folder / "probe").write_text("x")
    database = read_only_folder / inside
    result = start_bot(tmp_path, database)
    assert result.returncode == 2, result.stderr
    assert f"The folder {read_only_folder} is read-only" in result.stderr
    assert str(database) in result.stderr and "DATABASE_PATH" in result.stderr
    assert "unable to open" not in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_folder_without_write_permission_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The permission check itself (the tests run as root, whom a chmod does not stop):
    the folder, or an existing file, this user may not write."""
    folder = tmp_path / "data"
    folder.mkdir()
    database = folder / "dominoes.sqlite3"
    check_writable(database)  # writable: no complaint
    denied: set[Path] = {folder}
    monkeypatch.setattr(settings.os, "access",
                        lambda where, mode: Path(where) not in denied)
    with pytest.raises(SettingsError, match=f"no permission to write to the folder {folder}"):
        check_writable(database)
    database.write_bytes(b"")
    denied = {database}
    monkeypatch.setattr(settings.os, "access",
                        lambda where, mode: Path(where) not in denied)
    with pytest.raises(SettingsError, match="no permission to write the file"):
        check_writable(database)


# --- 3. a click from outside the table's server -----------------------------------------------
async def old_dm_button(env: Any, member: Any, custom_id: str, label: str) -> Any:
    """A button of the bot's in the member's DMs (an old DM, or a custom id guessed)."""
    user = await env.bot.fetch_user(member.id)
    layout = discord.ui.LayoutView()
    layout.add_item(discord.ui.ActionRow(discord.ui.Button(label=label, custom_id=custom_id)))
    await user.send(view=layout)
    await env.settle()
    return list(member.user.dm_channel.history())[-1]


async def test_a_person_removed_from_the_server_cannot_join_or_play_from_a_dm(
        world: dict[str, Any], client_locales: dict[int, str]) -> None:  # noqa: F811
    env, guild, channel = world["env"], world["guild"], world["channel"]
    ann, bob, cy = world["members"]
    client_locales[cy.id] = "ru"
    await ann.slash(channel, "domino new traditional", seats=3, invite1=cy.user)
    table = max(env.bot.service.held_tables.values(), key=lambda x: x.id)
    await env.settle()
    guild.remove_member(cy)  # between the invitation and the click
    join = await old_dm_button(env, cy, f"dom:lobby:join:{table.id}", "Join")
    clicked = await cy.user.click(join, custom_id=f"dom:lobby:join:{table.id}")
    assert table.seat_of(cy.id) is None and table.status == "lobby"
    assert t("error.not_member", "ru", table=table.id) in reply_text(clicked)
    # Nor any other lobby button: cancel (a member may not either; this one is not asked).
    cancel = await old_dm_button(env, cy, f"dom:lobby:cancel:{table.id}", "Cancel")
    clicked = await cy.user.click(cancel, custom_id=f"dom:lobby:cancel:{table.id}")
    assert t("error.not_member", "ru", table=table.id) in reply_text(clicked)
    # A member's click from a DM still acts: bob joins, and the game starts at 2 of 3.
    join = await old_dm_button(env, bob, f"dom:lobby:join:{table.id}", "Join")
    await bob.user.click(join, custom_id=f"dom:lobby:join:{table.id}")
    assert table.seat_of(bob.id) is not None
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    assert table.status == "playing"
    # A seated player removed from the server cannot play from their turn DM.
    mover = member_to_move(world, table)
    seq = table.seq
    hand = (await mover.click(table_message(channel, table),
                              custom_id=f"dom:hand:{table.id}")).response
    button = custom_ids(hand.components, "dom:play:")[0]
    guild.remove_member(mover)
    await env.advance_time(61)  # past the answer kept of their membership
    move = await old_dm_button(env, mover, button, "6-6")
    clicked = await mover.user.click(move, custom_id=button)
    assert t("error.not_member", table=table.id) in reply_text(clicked)
    assert table.seq == seq
    # The same for a command naming the table, typed in a DM.
    typed = await mover.user.slash("domino cancel", table=table.id)
    assert t("error.not_member", table=table.id) in reply_text(typed)
    assert table.status == "playing"


# --- 4. memory kept for ended games -----------------------------------------------------------
def kept_for(root: Any, ended: set[int], seen: set[int] | None = None,
             where: str = "bot") -> list[str]:
    """Every entry the bot's own objects (service, cogs, their halves) keep that names an
    ended table: a key that is its id, or a (table id, ...) tuple, or a table as value."""
    seen = set() if seen is None else seen
    if id(root) in seen:
        return []
    seen.add(id(root))
    found: list[str] = []
    for name, value in vars(root).items():
        if isinstance(value, dict):
            for key, item in value.items():
                ids = {key if isinstance(key, int) else key[0] if isinstance(key, tuple)
                       and key and isinstance(key[0], int) else None,
                       getattr(item, "id", None) if hasattr(item, "row") else None}
                if ids & ended:
                    found.append(f"{where}.{name}[{key!r}]")
        elif isinstance(value, set):
            found += [f"{where}.{name}: {v!r}" for v in value
                      if (v[0] if isinstance(v, tuple) and v else v) in ended]
        elif (hasattr(value, "__dict__") and not isinstance(value, type)
              and type(value).__module__.split(".")[0] in ("cogs", "tables")):
            found += kept_for(value, ended, seen, f"{where}.{name}")
    return found


async def test_ended_games_leave_nothing_in_the_service_or_the_cogs(
        world: dict[str, Any]) -> None:
    env, guild = world["env"], world["guild"]
    ann, bob, _ = world["members"]
    bot = env.bot
    ended: set[int] = set()
    for number in range(2):
        channel = guild.create_text_channel(f"game-{number}")  # a board of its own
        await ann.slash(channel, "domino new traditional", seats=2)
        table = max(bot.service.held_tables.values(), key=lambda x: x.id)
        await bob.click(table_message(channel, table), label="Join")
        await env.settle()
        await play_out({**world, "channel": channel}, table)
        await env.settle()
        assert table.status == "finished"
        ended.add(table.id)
    await bot.service.settle()
    await bot.features.background.idle()
    assert not bot.service.held_tables
    assert kept_for(bot, ended) == []
    # What an ended table still answers comes from storage: a Rematch, say.
    await ann.click(table_message(channel, table), custom_id=f"dom:rematch:{table.id}")
    await env.settle()
    assert [x.status for x in bot.service.held_tables.values()] == ["lobby"]
