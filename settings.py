"""The bot's settings, read from the environment (or .env): a module of their own.

bot.py reads them at start-up and cogs/domino_bot.py builds the bot from them. It is a
shared leaf that any layer may import; it uses only storage's URL helpers (to
read DATABASE_URL), and those import nothing above storage.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in.

1. Open https://discord.com/developers/applications and create an application.
2. Under "Bot", press "Reset Token" and copy the token.
3. Copy .env.example to .env and put the token after DISCORD_TOKEN=
   (or export DISCORD_TOKEN in the environment).
4. Invite the bot with the "bot" and "applications.commands" scopes, then run `make run` again.
"""


READ_ONLY_HELP = """\
The folder {folder} is read-only (its file system is mounted read-only), so the bot
cannot keep its games in {path}.

Mount it read-write, or set DATABASE_PATH in .env to a file in a folder the bot may
write, then start again.
"""

NO_PERMISSION_HELP = """\
The bot has no permission to write {what} (it runs as user {user}), so it cannot keep
its games in {path}.

Give that user write permission (for example: chown -R {user} {folder}), or set
DATABASE_PATH in .env to a file in a folder the bot may write, then start again.
"""


class SettingsError(Exception):
    """Settings that cannot work; the message tells the person how to fix them."""


@dataclass(frozen=True)
class Settings:
    """What the bot needs from its environment. The token is never logged."""

    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    database_url: str | None = None  # a postgresql:// URL; None = the SQLite file
    shard_count: int | None = None  # SHARD_COUNT; None = as Discord recommends, all here
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS run by this process; None = all
    web_host: str = "127.0.0.1"  # WEB_HOST: where the web pages listen
    web_port: int = 8080  # WEB_PORT; 0 = no web pages
    web_base_url: str | None = None  # WEB_BASE_URL: the public address; None = no links
    # METRICS_TOKEN: a bearer token that opens /metrics from elsewhere than this machine.
    metrics_token: str | None = field(default=None, repr=False)

    @property
    def database(self) -> Path | str:
        """What storage opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.database_path

    def __repr__(self) -> str:
        # Keep the token (and a database password) out of logs and tracebacks.
        from storage.postgres import redact

        where = redact(self.database_url) if self.database_url else str(self.database_path)
        return (f"Settings(token=<hidden>, database={where}, "
                f"dev_guild_id={self.dev_guild_id}, log_level={self.log_level}, "
                f"shard_count={self.shard_count}, shard_ids={self.shard_ids}, "
                f"web=http://{self.web_host}:{self.web_port}, "
                f"web_base_url={self.web_base_url})")


def load_settings(environ: dict[str, str] | None = None, env_file: str | None = ".env") -> Settings:
    """Settings from `environ` (default: os.environ after loading `.env`).

    Raises SettingsError with a how-to-fix message for a missing token or a bad value.
    """
    if environ is None:
        if env_file:
            load_dotenv(env_file, override=False)
        environ = dict(os.environ)
    token = environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(TOKEN_HELP)
    guild = environ.get("DEV_GUILD_ID", "").strip()
    if guild and not (guild.isascii() and guild.isdigit()):
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    path = Path(environ.get("DATABASE_PATH", "").strip() or "data/dominoes.sqlite3")
    url = environ.get("DATABASE_URL", "").strip() or None
    if url is not None:
        from storage.store import is_postgres, sqlite_path

        if not is_postgres(url):
            try:
                path, url = sqlite_path(url), None
            except ValueError:
                raise SettingsError(
                    f"DATABASE_URL must be sqlite:///path or postgresql://..., not {url!r}"
                ) from None
    count, ids = _shards(environ, postgres=url is not None)
    host, port, base_url = _web(environ)
    return Settings(token, path, int(guild) if guild else None, level, url, count, ids,
                    host, port, base_url,
                    metrics_token=environ.get("METRICS_TOKEN", "").strip() or None)


def _web(environ: dict[str, str]) -> tuple[str, int, str | None]:
    """WEB_HOST, WEB_PORT and WEB_BASE_URL. Raises SettingsError for values that cannot work."""
    host = environ.get("WEB_HOST", "").strip() or "127.0.0.1"
    raw_port = environ.get("WEB_PORT", "").strip() or "8080"
    if not (raw_port.isascii() and raw_port.isdigit()) or int(raw_port) > 65535:
        raise SettingsError(f"WEB_PORT must be a port number (0 turns the web pages off), "
                            f"not {raw_port!r}")
    base_url = environ.get("WEB_BASE_URL", "").strip().rstrip("/") or None
    if base_url is not None and not base_url.startswith(("https://", "http://")):
        raise SettingsError(f"WEB_BASE_URL must be the pages' public address, like "
                            f"https://dominoes.example.org, not {base_url!r}")
    return host, int(raw_port), base_url


def _shards(environ: dict[str, str], *,
            postgres: bool) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0,1"). Raises SettingsError for values that cannot work."""
    raw_count = environ.get("SHARD_COUNT", "").strip()
    raw_ids = environ.get("SHARD_IDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        return None, None
    if not (raw_count.isascii() and raw_count.isdigit()) or int(raw_count) < 1:
        raise SettingsError(f"SHARD_COUNT must be a positive number, not {raw_count!r}")
    count = int(raw_count)
    if not raw_ids:
        return count, None
    parts = [p.strip() for p in raw_ids.split(",") if p.strip()]
    if not parts or not all(p.isascii() and p.isdigit() and int(p) < count for p in parts):
        raise SettingsError(f"SHARD_IDS must list shard numbers from 0 to {count - 1}, "
                            f"like 0,1; not {raw_ids!r}")
    ids = tuple(sorted({int(p) for p in parts}))
    if len(ids) < count and not postgres:
        # The other shards' tables would be run by other processes: they must share a database.
        raise SettingsError("SHARD_IDS lists only some shards, so other processes run the "
                            "rest: they must share DATABASE_URL=postgresql://...")
    return count, ids


def check_writable(database_path: Path) -> None:
    """Check the SQLite file can be written where the settings put it: its folder (the
    nearest one that exists: the bot creates the rest) on a read-write file system, and
    the folder and file writable by this user. SQLite also writes its -wal and -shm
    files beside the database, so the folder must be writable, not only the file.

    Raises SettingsError naming the cause, the path and what to do.
    """
    folder = database_path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    path = database_path.absolute()
    if hasattr(os, "statvfs") and os.statvfs(folder).f_flag & os.ST_RDONLY:
        raise SettingsError(READ_ONLY_HELP.format(folder=folder, path=path))
    user = os.getuid() if hasattr(os, "getuid") else "?"
    for what, where in ((f"to the folder {folder}", folder), (f"the file {path}", path)):
        if where.exists() and not os.access(where, os.W_OK):
            raise SettingsError(NO_PERMISSION_HELP.format(what=what, user=user, path=path,
                                                          folder=folder))
