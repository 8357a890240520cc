"""A finished game's pages: the page with the move list and the stepper, the board after
each move as a PNG, and the record as JSON to download."""

from __future__ import annotations

import json
import struct

from aiohttp import web

from catalog import has, t
from engine.notation import move_text
from web.access import Access
from web.language import SPOKEN
from web.links import number
from web.pages import isolated, page, png, reader
from web.replays import FinishedGame, GameNotFound, Replays

ACCESS: web.AppKey[Access] = web.AppKey("access", Access)
REPLAYS: web.AppKey[Replays] = web.AppKey("replays", Replays)


def path_id(request: web.Request, name: str) -> int:
    """The id `name` of the path; one storage cannot hold (past MAX_ID) is a 404."""
    found = number(request.match_info[name])
    if found is None:
        raise web.HTTPNotFound()
    return found


def _ids(request: web.Request) -> tuple[int | None, int]:
    """The server (0: DMs) and table ids of the path (the routes take ASCII digits)."""
    return (path_id(request, "guild") or None), path_id(request, "table")


async def _finished(request: web.Request) -> tuple[str, FinishedGame]:
    guild_id, table_id = _ids(request)
    query = await request.app[ACCESS].check(request, guild_id, table_id)
    try:
        game = await request.app[REPLAYS].game(guild_id, table_id)
    except GameNotFound:
        raise web.HTTPNotFound() from None
    return query, game


def ending(game: str, reason: str, names: list[str], lang: str) -> str:
    """How the game ended, in the reader's words (the game's own words first)."""
    who = " + ".join(isolated(name) for name in names)
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
    # A resignation names who resigned; any other end names who won.
    named = found.resigners if found.reason == "resigned" else found.winners
    names = [found.players[s] for s in named]
    moves = [(step, move_text(step.move, lambda w: t(f"move.{w}", lang)),
              found.players[step.seat] if step.seat is not None else "")
             for step in found.steps]
    ranking = sorted((place, found.players[seat], found.scores[seat])
                     for seat, place in enumerate(found.places))
    # The board's box is reserved at the size of the board the page opens on, so the
    # page does not jump while its picture loads or while stepping (replay.js).
    opening = await request.app[REPLAYS].board(found, len(found.steps), lang)
    return page(request, "game.html", found=found, moves=moves, ranking=ranking,
                ending=ending(found.game, found.reason, names, lang),
                board_size=png_size(opening),
                board_base=f"{request.path}/board/", suffix=suffix,
                json_url=f"{request.path}.json{suffix}", last=len(found.steps))


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height a PNG's header gives (its IHDR, bytes 16 to 24)."""
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


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
    # A finished game's board never changes: cache it for a day (privately: signed).
    return png(request, data, max_age=86400)


async def record_json(request: web.Request) -> web.Response:
    _query, found = await _finished(request)
    body = json.dumps(found.record, ensure_ascii=False, indent=1) + "\n"
    return web.Response(text=body, content_type="application/json", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="game-{found.table_id}.json"'})


def add_routes(app: web.Application) -> None:
    """The game routes, under the server's scope `/s/<guild>`."""
    game = r"/s/{guild:[0-9]{1,20}}/game/{table:[0-9]{1,20}}"
    app.router.add_get(game, game_page)
    app.router.add_get(game + r"/board/{moves:[0-9]{1,6}}.png", board_png)
    app.router.add_get(game + ".json", record_json)
