"""A finished game's pages: the page with the move list and the stepper, the board after
each move as a PNG, and the record as JSON to download."""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from aiohttp import web

from catalog import has, t
from engine.notation import move_text
from web.access import Access
from web.language import SPOKEN
from web.links import number
from web.pages import isolated, page, png, reader
from web.replays import FinishedGame, GameNotFound, Replays, Step

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


# A game of more moves than this is folded: its page lists its parts (a hand each, or a
# long hand's pieces) with a link to each part's moves, so no page grows with the game.
FOLD_MOVES = 300


def _suffix(request: web.Request, query: str) -> str:
    """The query the page's own addresses carry: its signature and the reader's chosen
    language."""
    carried = "&".join(part for part in (query, lang_query(request)) if part)
    return "?" + carried if carried else ""


@dataclass(frozen=True)
class Row:
    """One move as the move list shows it: its step, its words in the reader's language,
    whose it was (`who`, and their player page's address or ""), and the scores after it
    side by side (a pair's once)."""

    step: Step
    words: str
    who: str
    link: str
    scores: tuple[int, ...]


def player_links(found: FinishedGame, suffix: str) -> tuple[str, ...]:
    """Each seat's player page on the game's server ("" for a computer player, and for
    every seat of a game in DMs: a DM signature opens its one game only)."""
    return tuple(f"/s/{found.guild_id}/player/{user}{suffix}"
                 if found.guild_id and user is not None else ""
                 for user in (found.users or (None,) * len(found.players)))


def _moves(found: FinishedGame, steps: Sequence[Step], lang: str, suffix: str
           ) -> list[Row]:
    """Each of `steps` with its words in `lang`, whose move it was and the sides' scores."""
    links = player_links(found, suffix)
    return [Row(step, move_text(step.move, lambda w: t(f"move.{w}", lang)),
                found.players[step.seat] if step.seat is not None else "",
                links[step.seat] if step.seat is not None else "",
                tuple(step.scores[side[0]] for side in found.sides))
            for step in steps]


def hand_rows(found: FinishedGame) -> list[tuple[int, list[tuple[int, int]]]]:
    """The "hand by hand" table: each finished hand's number and, per side, the points it
    made in that hand and its match total after it (a pair's once: what its total grew)."""
    rows, before = [], [0] * len(found.sides)
    for hand in found.hands:
        cells = []
        for k, side in enumerate(found.sides):
            total = hand.scores[side[0]]
            cells.append((total - before[k] if found.pairs else hand.points[side[0]], total))
            before[k] = total
        rows.append((hand.number, cells))
    return rows


async def game_page(request: web.Request) -> web.Response:
    """A finished game: how it ended, the ranking, the stepper over every move, and its
    moves (folded past FOLD_MOVES into links to its parts), the hands' summary."""
    query, found = await _finished(request)
    lang = reader(request)
    suffix = _suffix(request, query)
    # A resignation names who resigned; any other end names who won.
    named = found.resigners if found.reason == "resigned" else found.winners
    names = [found.players[s] for s in named]
    folded = len(found.steps) > FOLD_MOVES
    moves = [] if folded else _moves(found, found.steps, lang, suffix)
    links = player_links(found, suffix)
    ranking = sorted((place, found.players[seat], found.scores[seat], links[seat])
                     for seat, place in enumerate(found.places))
    # The board's box is reserved at the size of the board the page opens on, so the
    # page does not jump while its picture loads or while stepping (replay.js).
    total = len(found.steps)
    opening = await request.app[REPLAYS].board(found, total, lang)
    return page(request, "game.html", found=found, moves=moves, ranking=ranking,
                ending=ending(found.game, found.reason, names, lang),
                board_size=png_size(opening), parts=found.parts if folded else (),
                hands=hand_rows(found),
                part_base=f"{request.path}/part/",
                board_base=f"{request.path}/board/", suffix=suffix,
                json_url=f"{request.path}.json{suffix}", first=0, last=total, total=total)


async def part_page(request: web.Request) -> web.Response:
    """`/s/<guild>/game/<table>/part/<k>.html`: the moves of part k of a finished game
    (replays.parts_of: one hand, or a piece of a long one), with the stepper over them
    from the board before its first move, and links to the game and the parts beside.
    A part the game does not have is a 404."""
    query, found = await _finished(request)
    number = path_id(request, "part")
    if not 1 <= number <= len(found.parts):
        raise web.HTTPNotFound()
    part = found.parts[number - 1]
    lang = reader(request)
    suffix = _suffix(request, query)
    game_path = request.path.rsplit("/part/", 1)[0]
    opening = await request.app[REPLAYS].board(found, part.last, lang)
    return page(request, "part.html", found=found, part=part,
                moves=_moves(found, found.steps[part.first - 1:part.last], lang, suffix),
                before=found.parts[number - 2] if number > 1 else None,
                after=found.parts[number] if number < len(found.parts) else None,
                game_url=f"{game_path}{suffix}", part_base=f"{game_path}/part/",
                board_size=png_size(opening), board_base=f"{game_path}/board/",
                suffix=suffix, first=part.first - 1, last=part.last, total=len(found.steps))


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
    """The game's record to download (engine/records.py: it replays the game anywhere).
    A game its moves do not end (a resignation ended it) says so in an `end` of its own:
    the reason, the seats that resigned, and each seat's place and points as stored."""
    _query, found = await _finished(request)
    record = dict(found.record)
    if found.resigners:
        record["end"] = {"reason": found.reason, "resigned": list(found.resigners),
                         "places": list(found.places), "points": list(found.scores)}
    body = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    return web.Response(text=body, content_type="application/json", charset="utf-8", headers={
        "Content-Disposition": f'attachment; filename="game-{found.table_id}.json"'})


def add_routes(app: web.Application) -> None:
    """The game routes, under the server's scope `/s/<guild>`."""
    game = r"/s/{guild:[0-9]{1,20}}/game/{table:[0-9]{1,20}}"
    app.router.add_get(game, game_page)
    app.router.add_get(game + r"/board/{moves:[0-9]{1,6}}.png", board_png)
    app.router.add_get(game + ".json", record_json)
    app.router.add_get(game + r"/part/{part:[0-9]{1,20}}.html", part_page)
