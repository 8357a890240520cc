"""The pages that show no server's data: the about page and each game's rules, and the
plain error pages every refusal uses."""

from __future__ import annotations

from typing import Any

import jinja2
from aiohttp import web

from catalog import t
from engine.errors import RecordError
from engine.registry import GAMES, game_spec
from web.language import SPOKEN, page_language
from web.markup import discord_markdown

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("web", "templates"),
    autoescape=True,  # every value is escaped unless it is Markup made by web.markup
    undefined=jinja2.StrictUndefined,
)


def reader(request: web.Request) -> str:
    """The language this request is answered in."""
    return page_language(request.query.get("lang"), request.headers.get("Accept-Language"))


def page(request: web.Request, template: str, *, status: int = 200,
         **values: Any) -> web.Response:
    """`template` filled for the reader: `t` writes in their language; links keep `?lang=`
    only when the reader chose it."""
    lang = reader(request)

    def say(key: str, **more: object) -> str:
        return t(key, lang, **more)

    html = TEMPLATES.get_template(template).render(
        t=say, lang=lang, languages=SPOKEN, path=request.path,
        games=[spec.name for spec in GAMES.values()], **values)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


def error_page(request: web.Request, status: int) -> web.Response:
    """A plain page for a refusal (403 unsigned or expired, 404, 405, 413, 414, 429)."""
    key = f"web.error.{status}" if status in (403, 404, 405, 413, 414, 429) else "web.error.other"
    return page(request, "error.html", status=status, message_key=key, code=status)


async def about(request: web.Request) -> web.Response:
    return page(request, "about.html")


async def rules(request: web.Request) -> web.Response:
    """A game's rules in the reader's language; an unknown game is a 404."""
    try:
        spec = game_spec(request.match_info["game"])
    except RecordError:
        raise web.HTTPNotFound() from None
    text = discord_markdown(t(f"rules.{spec.name}", reader(request)))
    return page(request, "rules.html", game=spec.name, rules=text)
