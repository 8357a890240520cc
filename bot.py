"""Entry point: read settings from the environment (or .env), build the bot, run it.

    python bot.py        (or: make run)

Exits with status 2 and a short explanation when the settings are incomplete, or the
database's folder cannot be written (read-only, or no permission).
"""

from __future__ import annotations

import logging
import sys

from settings import SettingsError, check_writable, load_settings

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
    from cogs.bot import run_bot

    return run_bot(settings)


if __name__ == "__main__":
    raise SystemExit(main())
