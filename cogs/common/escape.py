"""Text people chose (display names) or typed (command options) in the bot's messages.

A display name is chosen by its owner: "@everyone", "<@&role>" or
"[nitro](https://evil.example)" must reach the channel as plain text, never as a
mention or a masked link. Every name shown in a message goes through `shown`,
and so do the names inside a picture's alt text (`alt_text`). What a person
typed is echoed back only as a short `excerpt`. The bot's `allowed_mentions`
(nobody by default) is the second line of defence.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord


def shown(name: str) -> str:
    """`name` for a message's markdown: one line, no formatting, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(" ".join(name.split())))


def excerpt(text: str, limit: int = 30) -> str:
    """A short, escaped piece of what a person typed, for echoing it in an answer."""
    cut = " ".join(text.split())
    return shown(cut if len(cut) <= limit else cut[:limit] + "…")


def alt_text(text: str, names: Iterable[str]) -> str:
    """A picture's alt text with each of `names` in it as `shown`, and no mentions."""
    for name in sorted(set(names), key=len, reverse=True):
        if name:
            text = text.replace(name, shown(name))
    return discord.utils.escape_mentions(text)
