"""The bot serves the web pages from its own process (bot.py passes them as a companion):
started once storage is open, stopped with the bot; a port in use is a log line."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot import web_parts
from cogs.domino_bot import DominoBot
from settings import Settings
from tests.bot.conftest import show_admin_to_everyone, table_message
from tests.bot.test_bot_faults import answer_text
from web.app import WebServer, web_pages
from web.links import scope, sign

SECRET = b"k" * 32


@pytest.fixture
def busy() -> Iterator[socket.socket]:
    """A port some other program listens on."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    yield taken
    taken.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PORT = free_port()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(companions=[web_pages("127.0.0.1", PORT, SECRET)])


async def test_the_bot_serves_its_pages_and_stops_them(simcord_env: Any) -> None:
    bot: DominoBot = simcord_env.bot
    assert [type(c) for c in bot.companions] == [WebServer]
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{PORT}/") as answer:
            assert answer.status == 200
            assert "Content-Security-Policy" in answer.headers
        await bot.close_tables()
        assert bot.companions == []
        with pytest.raises(aiohttp.ClientConnectionError):
            async with session.get(f"http://127.0.0.1:{PORT}/"):
                pass


async def test_a_port_in_use_is_a_log_line_not_a_crash(
        busy: socket.socket, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    port = busy.getsockname()[1]
    start = web_pages("127.0.0.1", port, SECRET)
    with caplog.at_level(logging.ERROR, logger="web.app"):
        assert await start(None, lambda: 0.0) is None  # type: ignore[arg-type]
    assert f"cannot listen on 127.0.0.1:{port}" in caplog.text
    assert "WEB_PORT" in caplog.text


def settings(port: int, base_url: str | None = None) -> Settings:
    return Settings("token", Path("db"), None, "INFO", web_port=port, web_base_url=base_url)


def test_web_port_0_starts_no_pages(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    assert web_parts(settings(0), env) == ([], None)
    assert not env.exists()


def test_the_signing_key_is_made_into_the_env_file(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WEB_SECRET", raising=False)
    env = tmp_path / ".env"
    companions, links = web_parts(settings(8080), env)
    assert len(companions) == 1 and links is None
    assert "WEB_SECRET=" in env.read_text()


def test_an_unwritable_env_file_is_a_log_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("WEB_SECRET", raising=False)
    with caplog.at_level(logging.ERROR, logger="bot"):
        assert web_parts(settings(8080), tmp_path / "missing" / ".env") == ([], None)
    assert "signing key cannot be written" in caplog.text


async def test_the_web_switch_is_for_managers_and_stored(world: dict[str, Any]) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    store = env.bot.store
    show_admin_to_everyone(env, guild)
    refused = await world["members"][1].slash(channel, "domino-admin settings", web="public")
    assert "Only members with Manage Server" in answer_text(refused)
    assert (await store.get_guild_settings(guild.id)).web_public is False
    boss = guild.add_member(env.create_user("boss"), roles=[guild.create_role(
        "admins", permissions=discord.Permissions(manage_guild=True))])
    shown = await boss.slash(channel, "domino-admin settings")
    assert "Web pages: private" in answer_text(shown)
    opened = await boss.slash(channel, "domino-admin settings", web="public")
    assert "Web pages: public" in answer_text(opened)
    assert (await store.get_guild_settings(guild.id)).web_public is True
    await boss.slash(channel, "domino-admin settings", web="private")
    assert (await store.get_guild_settings(guild.id)).web_public is False


def test_a_base_url_gives_signed_links_even_without_local_pages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_SECRET", "x" * 64)
    companions, links = web_parts(settings(0, "https://dom.example"), tmp_path / ".env")
    assert companions == [] and links is not None
    url = links.leaderboard(5, "traditional")
    assert url.startswith("https://dom.example/s/5/leaderboard/traditional?exp=")
    assert "&sig=" in url


async def test_an_open_watch_stream_does_not_hold_the_stop(world: dict[str, Any]) -> None:
    """The web pages close with the bot (cogs/stopping.py's step 4) at once, whoever is
    watching a table: each stream is ended, not waited for (aiohttp waits 60 s)."""
    env, channel = world["env"], world["channel"]
    ann, bob = world["members"][:2]
    bot: DominoBot = env.bot
    await ann.slash(channel, "domino new traditional", seats=2, pace="casual")
    table = max(bot.service.held_tables.values(), key=lambda t: t.id)
    await bob.click(table_message(channel, table), label="Join")
    await env.settle()
    guild = world["guild"].id
    query = sign(SECRET, scope(guild), int(bot.clock()) + 3600)
    url = f"http://127.0.0.1:{PORT}/s/{guild}/watch/{table.id}/events?{query}"
    async with aiohttp.ClientSession() as session, session.get(url) as stream:
        assert stream.status == 200
        # The bot's own figures reach /metrics: the command and the click just taken.
        async with session.get(f"http://127.0.0.1:{PORT}/metrics") as metrics:
            text = await metrics.text()
        assert 'dominoes_interactions_total{kind="application_command"} 1' in text
        assert 'dominoes_interactions_total{kind="component"} 1' in text
        assert 'dominoes_tables{status="playing"} 1' in text
        assert "dominoes_watch_streams 1" in text
        first = await asyncio.wait_for(stream.content.readuntil(b"event: state"), 10)
        assert first.endswith(b"event: state")
        started = time.perf_counter()
        await asyncio.wait_for(bot.close_tables(), 10)
        assert time.perf_counter() - started < 2.0
        await asyncio.wait_for(stream.content.read(), 10)  # ended, not hanging
    assert bot.companions == []
