"""The pages that show no server's data: the about page, the privacy page and each game's
rules, the plain error pages every refusal uses, and the answer every picture is sent
with (`png`)."""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlencode

import jinja2
from aiohttp import web

from catalog import t
from catalog.commands import command_word
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


def isolated(text: str) -> str:
    """`text` between the Unicode isolates (FSI, PDI): a name's own direction marks (an
    RLO, U+202E) reach nothing after it, where a <bdi> cannot go (a title, an alt)."""
    return f"\u2068{text}\u2069"


TEMPLATES.filters["isolated"] = isolated


def language_links(request: web.Request) -> dict[str, str]:
    """This very page in each spoken language: the path and its whole query (a signature,
    a sort, a page number) with only `lang` changed, so a signed page stays open."""
    kept = [(key, value) for key, value in request.query.items() if key != "lang"]
    return {code: f"{request.path}?{urlencode([*kept, ('lang', code)])}" for code in SPOKEN}


def page(request: web.Request, template: str, *, status: int = 200,
         **values: Any) -> web.Response:
    """`template` filled for the reader: `t` writes in their language; links keep `?lang=`
    only when the reader chose it."""
    lang = reader(request)

    def say(key: str, **more: object) -> str:
        return t(key, lang, **more)

    html = TEMPLATES.get_template(template).render(
        t=say, lang=lang, languages=SPOKEN, path=request.path,
        switch=language_links(request),
        games=[spec.name for spec in GAMES.values()], **values)
    return web.Response(text=html, status=status, content_type="text/html", charset="utf-8")


def png(request: web.Request, data: bytes, *, max_age: int) -> web.Response:
    """A PNG picture with its ETag, kept `max_age` seconds by the browser (privately: the
    pages are signed), or 304 when the browser already has these bytes."""
    etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers={"ETag": etag})
    return web.Response(body=data, content_type="image/png", headers={
        "ETag": etag, "Cache-Control": f"private, max-age={max_age}"})


def error_page(request: web.Request, status: int) -> web.Response:
    """A plain page for a refusal (403 unsigned or expired, 404, 405, 413, 414, 429, 503
    busy)."""
    known = (403, 404, 405, 413, 414, 429, 503)
    key = f"web.error.{status}" if status in known else "web.error.other"
    return page(request, "error.html", status=status, message_key=key, code=status)


async def about(request: web.Request) -> web.Response:
    """The first page: what the bot is, naming every registered game in the reader's
    language (a game registered later is named without a text changing)."""
    lang = reader(request)
    names = ", ".join(t(f"game.{spec.name}", lang) for spec in GAMES.values())
    return page(request, "about.html", game_names=names)


def written_command(path: str, lang: str) -> str:
    """A slash command as a reader of `lang` types it ("/домино забыть-меня"): a page
    cannot show Discord's clickable mention."""
    return "/" + " ".join(command_word(lang, word) for word in path.split())


async def privacy(request: web.Request) -> web.Response:
    """What the bot keeps, why and for how long, and how a person or a server's admin
    has it erased (README's "Privacy"), in the reader's language."""
    lang = reader(request)
    return page(request, "privacy.html", forget=written_command("domino forget-me", lang),
                erase=written_command("domino-admin erase-server", lang))


async def rules(request: web.Request) -> web.Response:
    """A game's rules in the reader's language; an unknown game is a 404."""
    try:
        spec = game_spec(request.match_info["game"])
    except RecordError:
        raise web.HTTPNotFound() from None
    text = discord_markdown(t(f"rules.{spec.name}", reader(request)))
    return page(request, "rules.html", game=spec.name, rules=text)
