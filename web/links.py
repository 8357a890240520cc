"""Signed links: a path with an expiry and an HMAC, so a server's pages open only from a
link the bot gave (unless the server made its pages public).

`sign(secret, path, expires)` gives the query to append; `verify` checks it. The MAC
covers the path and the expiry, nothing else of the query (`lang` may change freely).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path

# How long a link the bot puts in a message stays valid: a month, so a finished game's
# link in a DM still opens when someone comes back to it.
LINK_SECONDS = 30 * 24 * 3600
SECRET_NAME = "WEB_SECRET"
# The largest id storage holds (a signed 64-bit integer on both backends).
MAX_ID = 2**63 - 1
_DIGITS = re.compile(r"[0-9]{1,20}")


def number(raw: str, *, most: int = MAX_ID) -> int | None:
    """`raw` as a number when it is 1 to 20 ASCII digits worth at most `most`, else None
    (str.isdigit also takes "²" or "٣", which int() then refuses). Never raises."""
    if _DIGITS.fullmatch(raw) is None:
        return None
    value = int(raw)
    return value if value <= most else None


def scope(guild_id: int | None, table_id: int | None = None) -> str:
    """The path prefix a link signs: every page of one server; in DMs (no server), one
    game only (`/s/0/game/<id>`), so no signature opens anyone else's DM games. A DM
    scope without a game is one no link ever signs."""
    if guild_id:
        return f"/s/{guild_id}"
    return f"/s/0/game/{table_id}" if table_id is not None else "/s/0/none"


def _mac(secret: bytes, path: str, expires: int) -> str:
    message = f"{path}\n{expires}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:32]


def sign(secret: bytes, path: str, expires: int) -> str:
    """The query string (without `?`) that makes `path` valid until unix time `expires`."""
    return f"exp={expires}&sig={_mac(secret, path, expires)}"


def signed_url(base_url: str, secret: bytes, path: str, *, now: float,
               seconds: int = LINK_SECONDS) -> str:
    """The full link to `path` under `base_url` (no trailing slash needed), valid for
    `seconds` from `now`."""
    expires = int(now) + seconds
    return f"{base_url.rstrip('/')}{path}?{sign(secret, path, expires)}"


def verify(secret: bytes, path: str, query: Mapping[str, str], *, now: float) -> bool:
    """Whether `query` carries a valid, unexpired signature of `path`. Never raises."""
    expires, sig = number(query.get("exp", ""), most=10**12 - 1), query.get("sig", "")
    if expires is None or not sig:
        return False
    if expires < now:
        return False
    return hmac.compare_digest(sig, _mac(secret, path, expires))


def load_or_create_secret(environ: Mapping[str, str], env_file: Path) -> bytes:
    """The signing key: `WEB_SECRET` from the environment, else a new random one that is
    appended to `env_file` (created if missing), so links stay valid across restarts.

    Raises OSError when the file cannot be written (the caller names it to the admin)."""
    found = environ.get(SECRET_NAME, "").strip()
    if found:
        return found.encode()
    made = secrets.token_hex(32)
    text = env_file.read_text(encoding="utf-8") if env_file.exists() else ""
    if text and not text.endswith("\n"):
        text += "\n"
    text += "# Signs the links to the web pages (made at first start; keep it secret).\n"
    text += f"{SECRET_NAME}={made}\n"
    # Readable by its owner only (0600), as a file of secrets must be (the token is
    # there too): written to a new file of that mode, then renamed over the old one.
    tmp = env_file.with_name(env_file.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(tmp, 0o600)  # O_CREAT's mode is masked by the umask; an old tmp kept its own
        os.replace(tmp, env_file)
    finally:
        if tmp.exists():
            tmp.unlink()
    return made.encode()


class SignedLinks:
    """The bot's links to the pages under `base_url` (WEB_BASE_URL), each signed for its
    server's scope (one game's, in DMs) from `clock()` on for LINK_SECONDS
    (cogs.common.page_links.PageLinks)."""

    def __init__(self, base_url: str, secret: bytes, clock: Callable[[], float]) -> None:
        self.base_url, self.secret, self.clock = base_url.rstrip("/"), secret, clock

    def _url(self, guild_id: int | None, tail: str, table_id: int | None = None) -> str:
        signed = scope(guild_id, table_id)
        expires = int(self.clock()) + LINK_SECONDS
        return (f"{self.base_url}/s/{guild_id or 0}{tail}"
                f"?{sign(self.secret, signed, expires)}")

    def leaderboard(self, guild_id: int, game: str) -> str:
        return self._url(guild_id, f"/leaderboard/{game}")

    def player(self, guild_id: int, user_id: int) -> str:
        return self._url(guild_id, f"/player/{user_id}")

    def game(self, guild_id: int | None, table_id: int) -> str:
        return self._url(guild_id, f"/game/{table_id}", table_id)

    def watch(self, guild_id: int | None, table_id: int) -> str:
        """The live page of a table in play (in DMs signed for that one table)."""
        return self._url(guild_id, f"/watch/{table_id}", table_id)

    def tournament(self, guild_id: int, tournament_id: int) -> str:
        return self._url(guild_id, f"/tournament/{tournament_id}")
