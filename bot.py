"""Entry point: read settings from the environment (or .env), build the bot, run it.

    python bot.py        (or: make run)

Exits with status 2 and a short explanation when the settings are incomplete, or the
database's folder cannot be written (read-only, or no permission). SIGTERM (systemd,
Docker) or SIGINT (Ctrl+C) stop it gracefully within 10 s, exit status 0
(cogs/stopping.py).
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from settings import Settings, SettingsError, check_writable, load_settings

if TYPE_CHECKING:
    from cogs.common.page_links import PageLinks
    from cogs.domino_bot import CompanionStarter

ENV_FILE = Path(".env")

log = logging.getLogger(__name__)


def main() -> int:
    """Run the bot until it is stopped; returns the exit status."""
    try:
        settings = load_settings()
        if settings.database_url is None:
            check_writable(settings.database_path)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from cogs.domino_bot import run_bot

    companions, links = web_parts(settings)
    return run_bot(settings, companions=companions, page_links=links)


def web_parts(settings: Settings, env_file: Path = ENV_FILE
              ) -> tuple[list[CompanionStarter], PageLinks | None]:
    """The web pages to start beside the bot (none when WEB_PORT is 0) and the links its
    messages carry (none without WEB_BASE_URL). Neither when the signing key cannot be
    kept in `env_file` (said in one error line)."""
    if not settings.web_port and settings.web_base_url is None:
        return [], None
    from web.app import web_pages
    from web.links import SignedLinks, load_or_create_secret

    try:
        secret = load_or_create_secret(os.environ, env_file)
    except OSError as exc:
        log.error("web pages not served: the signing key cannot be written to %s (%s)",
                  env_file, exc.strerror or exc)
        return [], None
    companions: list[CompanionStarter] = ([web_pages(settings.web_host, settings.web_port, secret,
                                                             settings.metrics_token)]
                  if settings.web_port else [])
    links: PageLinks | None = (SignedLinks(settings.web_base_url, secret, time.time)
             if settings.web_base_url is not None else None)
    return companions, links


if __name__ == "__main__":
    raise SystemExit(main())
