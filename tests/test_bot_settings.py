"""bot.py's settings: what happens with no token, bad values, and the .env file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from settings import Settings, SettingsError, load_settings

ROOT = Path(__file__).resolve().parent.parent


def test_without_a_token_the_bot_exits_2_with_how_to_get_one_and_no_traceback(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_settings_come_from_the_environment_with_defaults() -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc.def"})
    assert settings == Settings("abc.def", Path("data/dominoes.sqlite3"), None, "INFO")
    custom = load_settings({"DISCORD_TOKEN": "t", "DATABASE_PATH": "x/y.db",
                            "DEV_GUILD_ID": "123", "LOG_LEVEL": "debug"})
    assert (custom.database_path, custom.dev_guild_id, custom.log_level) == (
        Path("x/y.db"), 123, "DEBUG")


def test_the_token_never_shows_in_the_settings_repr() -> None:
    assert "s3cret" not in repr(load_settings({"DISCORD_TOKEN": "s3cret"}))


@pytest.mark.parametrize(("name", "value"), [("DEV_GUILD_ID", "abc"), ("LOG_LEVEL", "LOUD")])
def test_bad_values_are_named(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        load_settings({"DISCORD_TOKEN": "t", name: value})


def test_a_dotenv_file_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\n", encoding="utf-8")
    assert load_settings(env_file=str(env_file)).token == "from-file"
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)


def test_a_corrupt_database_stops_the_bot_with_its_name_and_no_traceback(
        tmp_path: Path) -> None:
    bad = tmp_path / "broken.sqlite3"
    bad.write_bytes(b"this is not a database, only some words " * 50)
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_PATH": str(bad)}
    result = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert str(bad) in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_database_url_chooses_the_backend_and_database_path_keeps_working() -> None:
    sqlite = load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "sqlite:///x/bot.db"})
    assert sqlite.database == Path("x/bot.db") and sqlite.database_url is None
    old = load_settings({"DISCORD_TOKEN": "t", "DATABASE_PATH": "y.db"})
    assert old.database == Path("y.db")
    pg = load_settings({"DISCORD_TOKEN": "t", "DATABASE_PATH": "y.db",
                        "DATABASE_URL": "postgresql://bot:pw@db:5432/dominoes"})
    assert pg.database == "postgresql://bot:pw@db:5432/dominoes"
    assert "pw" not in repr(pg) and "db:5432" in repr(pg)
    with pytest.raises(SettingsError, match="DATABASE_URL"):
        load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "mysql://db/x"})


def test_shard_settings() -> None:
    base = {"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://db/x"}
    unset = load_settings(base)
    assert (unset.shard_count, unset.shard_ids) == (None, None)
    some = load_settings({**base, "SHARD_COUNT": "4", "SHARD_IDS": "2, 0"})
    assert (some.shard_count, some.shard_ids) == (4, (0, 2))
    every = load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2"})  # SQLite: one process
    assert (every.shard_count, every.shard_ids) == (2, None)
    for bad, name in [({"SHARD_IDS": "0"}, "SHARD_COUNT"), ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
                      ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS")]:
        with pytest.raises(SettingsError, match=name):
            load_settings({**base, **bad})
    with pytest.raises(SettingsError, match="postgresql"):
        load_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1"})


def test_the_bot_from_settings_is_sharded_as_told() -> None:
    import discord

    from cogs.domino_bot import create_bot

    settings = load_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://db/x",
                              "SHARD_COUNT": "4", "SHARD_IDS": "1,3"})
    bot = create_bot(settings)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert (bot.table_shards, bot.home_shards) == (4, (1, 3))
    auto = create_bot(load_settings({"DISCORD_TOKEN": "t"}))
    assert isinstance(auto, discord.AutoShardedClient) and auto.shard_count is None
    assert (auto.table_shards, auto.home_shards) == (1, (0,))


async def test_with_dev_guild_id_the_log_says_other_servers_get_no_commands(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    from cogs.domino_bot import DominoBot

    bot = DominoBot(tmp_path / "db.sqlite3", dev_guild_id=42, sync_commands=False)
    synced: list[object] = []

    async def sync(*, guild: object = None) -> list[object]:
        synced.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", sync)
    with caplog.at_level("WARNING", logger="cogs.domino_bot"):
        await bot.sync_if_needed()
    assert [getattr(g, "id", g) for g in synced] == [42]  # that server only, never globally
    assert "other servers get no slash commands" in caplog.text and "42" in caplog.text


def test_web_settings_have_defaults_and_bad_values_are_named() -> None:
    plain = load_settings({"DISCORD_TOKEN": "x"}, env_file=None)
    assert (plain.web_host, plain.web_port, plain.web_base_url) == ("127.0.0.1", 8080, None)
    chosen = load_settings({"DISCORD_TOKEN": "x", "WEB_HOST": "0.0.0.0", "WEB_PORT": "0",
                            "WEB_BASE_URL": "https://dom.example/"}, env_file=None)
    assert (chosen.web_host, chosen.web_port, chosen.web_base_url) == (
        "0.0.0.0", 0, "https://dom.example")
    for name, value in (("WEB_PORT", "eighty"), ("WEB_PORT", "70000"),
                        ("WEB_BASE_URL", "dom.example")):
        with pytest.raises(SettingsError, match=name):
            load_settings({"DISCORD_TOKEN": "x", name: value}, env_file=None)
