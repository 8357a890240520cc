"""A finished game's pages: the page with the move list and the stepper, the board after
each move as a PNG, and the record as JSON to download."""

from __future__ import annotations

import hashlib
import json

from aiohttp import web

from catalog import has, t
from engine.notation import move_text
from web.access import Access
from web.language import SPOKEN
from web.pages import page, reader
from web.replays import FinishedGame, GameNotFound, Replays

ACCESS: web.AppKey[Access] = web.AppKey("access", Access)
REPLAYS: web.AppKey[Replays] = web.AppKey("replays", Replays)


def _ids(request: web.Request) -> tuple[int | None, int]:
    """The server (0: DMs) and table ids of the path (the routes take digits only)."""
    guild = int(request.match_info["guild"])
    return (guild or None), int(request.match_info["table"])


async def _finished(request: web.Request) -> tuple[str, FinishedGame]:
    guild_id, table_id = _ids(request)
    query = await request.app[ACCESS].check(request, guild_id)
    try:
        game = await request.app[REPLAYS].game(guild_id, table_id)
    except GameNotFound:
        raise web.HTTPNotFound() from None
    return query, game


def ending(game: str, reason: str, names: list[str], lang: str) -> str:
    """How the game ended, in the reader's words (the game's own words first)."""
    who = " + ".join(names)
    for key in (f"end.{game}.{reason}", f"end.{reason}"):
        if has(key, lang):
            return t(key, lang, name=who)
    return t("end.unknown", lang)


async def game_page(request: web.Request) -> web.Response:
    query, found = await _finished(request)
    lang = reader(request)
    # The page's own addresses carry its signature and the reader's chosen language.
    carried = "&".join(part for part in (query, lang_query(request)) if part)
    suffix = "?" + carried if carried else ""
    winners = [found.players[s] for s in found.winners]
    moves = [(step, move_text(step.move, lambda w: t(f"move.{w}", lang)),
              found.players[step.seat] if step.seat is not None else "")
             for step in found.steps]
    ranking = sorted((place, found.players[seat], found.scores[seat])
                     for seat, place in enumerate(found.places))
    return page(request, "game.html", found=found, moves=moves, ranking=ranking,
                ending=ending(found.game, found.reason, winners, lang),
                board_base=f"{request.path}/board/", suffix=suffix,
                json_url=f"{request.path}.json{suffix}", last=len(found.steps))


def lang_query(request: web.Request) -> str:
    lang = request.query.get("lang", "")
    return f"lang={lang}" if lang in SPOKEN else ""


async def board_png(request: web.Request) -> web.Response:
    _query, found = await _finished(request)
    raw = request.match_info["moves"]
    lang = reader(request)
    try:
        data = await request.app[REPLAYS].board(found, int(raw), lang)
    except GameNotFound:
        raise web.HTTPNotFound() from None
    etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers={"ETag": etag})
    # A finished game's board never changes: cache it for a day (privately: signed).
    return web.Response(body=data, content_type="image/png", headers={
        "ETag": etag, "Cache-Control": "private, max-age=86400"})


async def record_json(request: web.Request) -> web.Response:
    _query, found = await _finished(request)
    body = json.dumps(found.record, ensure_ascii=False, indent=1) + "\n"
    return web.Response(text=body, content_type="application/json", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="game-{found.table_id}.json"'})


def add_routes(app: web.Application) -> None:
    """The game routes, under the server's scope `/s/<guild>`."""
    game = r"/s/{guild:\d{1,20}}/game/{table:\d{1,20}}"
    app.router.add_get(game, game_page)
    app.router.add_get(game + r"/board/{moves:\d{1,6}}.png", board_png)
    app.router.add_get(game + ".json", record_json)
