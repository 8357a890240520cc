"""The catalog's texts are written for Discord (a little markdown); a page shows them as
HTML: every character escaped first, then only headings, bold, code and line breaks made."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`([^`]+)`")


def discord_markdown(text: str) -> Markup:
    """`text` (catalog markdown) as safe HTML: `## ` lines are headings, other lines
    paragraphs; **bold** and `code` inside them. Nothing of `text` can open a tag."""
    parts: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        heading = line.startswith("## ")
        body = str(escape(line[3:] if heading else line))
        body = _CODE.sub(r"<code>\1</code>", _BOLD.sub(r"<strong>\1</strong>", body))
        parts.append(f"<h2>{body}</h2>" if heading else f"<p>{body}</p>")
    return Markup("\n".join(parts))
