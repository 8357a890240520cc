"""A table in play, watched live: `/s/<guild>/watch/<table>` shows what everyone at the
table already sees in the channel (the board, each player's tile count and score, whose
turn it is and their clock; never a hand, never the stock's tiles), and keeps itself up
to date from `/events`, a stream of server-sent events fed by the table service
(web/watching.py). A table that has ended says so and links to its replay. The same
signed links as every page of the server (web/access.py)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web

from catalog import t
from storage.models import TableRow
from tables.errors import NoSuchTable
from tables.live import LiveTable
from web.game_pages import ACCESS, lang_query, path_id, png_size
from web.guard import HEADERS, client_address
from web.pages import error_page, page, png, reader
from web.watching import Full, Watching

log = logging.getLogger(__name__)

WATCH: web.AppKey[Watching] = web.AppKey("watching", Watching)
HEARTBEAT = 15.0  # seconds between comments that keep a quiet stream (and proxies) open
RETRY_MS = 2000  # how soon a browser reconnects after the stream broke
FULL_RETRY = 15  # seconds a refused watcher is asked to wait


def _ids(request: web.Request) -> tuple[int | None, int]:
    return (path_id(request, "guild") or None), path_id(request, "table")


async def _opened(request: web.Request) -> tuple[str, str, LiveTable | TableRow]:
    """The signed query, the page's own suffix and the table of the path. Raises
    HTTPForbidden (unsigned) or HTTPNotFound (no such table in this server)."""
    guild_id, table_id = _ids(request)
    query = await request.app[ACCESS].check(request, guild_id, table_id)
    carried = "&".join(part for part in (query, lang_query(request)) if part)
    try:
        found = await request.app[WATCH].table(guild_id, table_id)
    except NoSuchTable:
        raise web.HTTPNotFound() from None
    return query, "?" + carried if carried else "", found


def state_of(found: LiveTable | TableRow, lang: str, base: str, suffix: str,
             now: float) -> dict[str, Any]:
    """What the page shows of the table now, in `lang`: from the public view only. `base`
    is the watch page's path, `suffix` the query its links carry."""
    if not isinstance(found, LiveTable) or not found.in_play or found.game is None:
        status = found.status
        finished = status == "finished"
        replay = base.replace("/watch/", "/game/") + suffix if finished else None
        return {"ended": True, "status": status, "replay": replay,
                "message": t("web.watch.ended" if finished else "web.watch.closed", lang)}
    view = found.game.view(None)  # what the channel's table message is drawn from
    seat = view.to_move
    person = seat is not None and not found.played_by_ai(seat)
    sizes, scores = view.hand_sizes, view.scores  # a solitaire's view has no hands (empty)
    players = [{"name": name, "tiles": sizes[s] if s < len(sizes) else None,
                "score": scores[s] if s < len(scores) else None, "turn": s == seat}
               for s, name in enumerate(view.players)]
    turn = ""
    if seat is not None:
        turn = t("web.watch.turn" if person else "web.watch.turn_ai", lang,
                 name=view.players[seat])
    return {"ended": False, "status": found.status, "seq": found.seq,
            "move": t("web.watch.move", lang, move=found.seq),
            "stock": t("web.watch.stock", lang, n=view.stock_size),
            "players": players, "turn": turn,
            "deadline": found.deadline if person else None, "now": now,
            "board": f"{base}/board/{found.seq}.png{suffix}",
            "alt": t("web.watch.board_alt", lang, n=found.seq)}


async def watch_page(request: web.Request) -> web.Response:
    """The watch page: the table now, and the script that follows it."""
    _query, suffix, found = await _opened(request)
    lang = reader(request)
    state = state_of(found, lang, request.path, suffix, request.app[ACCESS].clock())
    game = t(f"game.{found.game if isinstance(found, TableRow) else found.game_kind}", lang)
    guild_id, table_id = _ids(request)
    size = (0, 0)
    if not state["ended"]:
        # Drawn now (and kept for the picture's request): its box is reserved at its size.
        size = png_size(await request.app[WATCH].board(guild_id, table_id, state["seq"], lang))
    answer = page(request, "watch.html", state=state, game=game, table_id=table_id,
                  board_size=size,
                  events=f"{request.path}/events{suffix}")
    answer.headers["Cache-Control"] = "no-store"  # live: never a stale copy
    return answer


async def watch_events(request: web.Request) -> web.StreamResponse:
    """`text/event-stream`: an `state` event with the table now, then one after each
    change, until the table ends, the client leaves or the server stops. A 503 page
    (Retry-After) when no more streams can be opened."""
    _query, suffix, found = await _opened(request)
    watching = request.app[WATCH]
    try:
        stream = watching.open(_ids(request)[1], client_address(request))
    except Full:
        refused = error_page(request, 503)
        refused.headers["Retry-After"] = str(FULL_RETRY)
        return refused
    lang, base = reader(request), request.path.removesuffix("/events")
    clock = request.app[ACCESS].clock
    # Headers go before the stream starts: the guard's cannot be added after it.
    response = web.StreamResponse(headers={
        **HEADERS, "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    try:
        await response.prepare(request)
        await response.write(f"retry: {RETRY_MS}\n\n".encode())
        last = ""
        state: LiveTable | TableRow | None = found
        while state is not None:
            shown = state_of(state, lang, base, suffix, clock())
            data = json.dumps({**shown, "now": 0}, ensure_ascii=False)
            if data != last:  # a change the page shows (not a reminder, say)
                last = data
                text = json.dumps(shown, ensure_ascii=False)
                await response.write(f"event: state\ndata: {text}\n\n".encode())
            if shown["ended"]:
                break
            try:
                state = await asyncio.wait_for(stream.mailbox.get(), HEARTBEAT)
            except TimeoutError:
                await response.write(b": still here\n\n")
    except ConnectionError:
        pass  # the watcher left: nothing to tell anyone
    except Exception:  # a bug: the stream has begun, so no error page can follow it
        log.exception("watch stream of table %d failed", stream.table_id)
    finally:
        watching.done(stream)
    return response


async def watch_board(request: web.Request) -> web.Response:
    """The board after move `seq` of a table in play (a state its watchers were sent)."""
    guild_id, table_id = _ids(request)
    await request.app[ACCESS].check(request, guild_id, table_id)
    seq = path_id(request, "seq")
    try:
        data = await request.app[WATCH].board(guild_id, table_id, seq, reader(request))
    except NoSuchTable:
        raise web.HTTPNotFound() from None
    # The board after a given move never changes: cached (privately: signed).
    return png(request, data, max_age=3600)


def add_routes(app: web.Application, watching: Watching) -> None:
    """The watch routes, under the server's scope; `watching` hears the service from the
    app's start and lets every stream go at its shutdown (before the server waits for
    its requests to end)."""
    app[WATCH] = watching
    watching.listen()
    app.on_shutdown.append(watching.close)
    where = r"/s/{guild:[0-9]{1,20}}/watch/{table:[0-9]{1,20}}"
    app.router.add_get(where, watch_page)
    app.router.add_get(where + "/events", watch_events, allow_head=False)
    app.router.add_get(where + r"/board/{seq:[0-9]{1,9}}.png", watch_board)
