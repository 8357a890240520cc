"""The web app: `make_app` builds it, `WebServer` runs it beside the bot (WEB_HOST,
WEB_PORT; port 0 turns it off) and stops it with the bot."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from storage import Storage
from tables.service import TableService
from web import board_pages, game_pages, tournament_pages, watch_pages
from web.access import Access
from web.guard import RateLimit, guard, name_no_version
from web.metrics import InteractionFigures, PageFigures, metrics_handler, route_of
from web.pages import about, error_page, privacy, rules
from web.replays import Replays
from web.watching import MAX_STREAMS, Watching

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"


def make_app(store: Storage | None = None, access: Access | None = None, *,
             limit: RateLimit | None = None,
             pictures: RateLimit | None = None, service: TableService | None = None,
             streams: int = MAX_STREAMS, interactions: InteractionFigures | None = None,
             metrics_token: str | None = None) -> web.Application:
    """The application with every route; nothing outside them is served. Without a
    store (or the signing key in `access`) only the pages of no server are served.
    `limit` is the rate limit of pages, `pictures` that of a game's board pictures. With
    the bot's `service`, its tables in play can be watched live by at most `streams`
    people at once. `/metrics` (web/metrics.py) reads the pages' timings, the service
    and the bot's `interactions`, for this machine or `metrics_token`'s bearer."""
    pages = PageFigures()
    name_no_version()
    app = web.Application(middlewares=[guard(
        limit or RateLimit(), error_page, pictures,
        lambda request, status, took: pages.observe(route_of(request), status, took))],
        client_max_size=1024)
    watching: Watching | None = None
    if store is not None and access is not None:
        app[game_pages.ACCESS] = access
        app[game_pages.REPLAYS] = Replays(store)
        app[board_pages.STORE] = store
        game_pages.add_routes(app)
        board_pages.add_routes(app)
        tournament_pages.add_routes(app)
        if service is not None:
            watching = Watching(service, most=streams)
            watch_pages.add_routes(app, watching)
        app.router.add_get("/healthz", health(store))
    app.router.add_get("/metrics", metrics_handler(pages, metrics_token, lambda: (
        service, interactions, len(watching.streams) if watching is not None else None)))
    app.router.add_get("/", about)
    app.router.add_get("/privacy", privacy)
    app.router.add_get("/rules/{game}", rules)
    app.router.add_static("/static", STATIC, show_index=False, follow_symlinks=False,
                          append_version=False)
    return app


def health(store: Storage) -> Callable[[web.Request], Awaitable[web.Response]]:
    """`/healthz` for a monitor: 200 "ok" while storage answers a read, else 503 (a
    machine's words, not a page: the status is the answer)."""

    async def healthz(_request: web.Request) -> web.Response:
        try:
            await store.get_guild_settings(0)  # the cheapest read storage offers
        except Exception:  # any fault of the storage: down, locked, gone
            log.exception("health check: storage unreachable")
            return web.Response(status=503, text="storage unreachable\n",
                                headers={"Cache-Control": "no-store"})
        return web.Response(text="ok\n", headers={"Cache-Control": "no-store"})

    return healthz


def server_access(store: Storage, secret: bytes, clock: Callable[[], float]) -> Access:
    """The access of the bot's pages: signed links, or none on a server whose admins made
    its pages public (`/domino-admin settings web:public`, stored in its guild settings)."""

    async def public(guild_id: int) -> bool:
        return (await store.get_guild_settings(guild_id)).web_public

    return Access(secret, clock=clock, public=public)


class WebServer:
    """The app served on one address while the bot runs."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app, self.host, self.port = app, host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen on host:port. Raises OSError when the address cannot be used."""
        # aiohttp's own access log is off: web/guard.py logs one line without the query.
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("web pages served on http://%s:%d", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def web_pages(host: str, port: int, secret: bytes, metrics_token: str | None = None
              ) -> Callable[[Storage, Callable[[], float], TableService | None,
                             InteractionFigures | None], Awaitable[WebServer | None]]:
    """What the bot starts once its storage is open: the pages on host:port, signed with
    `secret`, on the bot's clock, its `service`'s tables in play watched live. An address
    already in use (or refused) is one error line and no pages: the bot itself goes on."""

    async def start(store: Storage, clock: Callable[[], float],
                    service: TableService | None = None,
                    interactions: InteractionFigures | None = None) -> WebServer | None:
        server = WebServer(make_app(store, server_access(store, secret, clock),
                                    service=service, interactions=interactions,
                                    metrics_token=metrics_token), host, port)
        try:
            await server.start()
        except OSError as exc:
            await server.close()
            log.error("web pages not served: cannot listen on %s:%d (%s); set WEB_PORT to "
                      "a free port, or WEB_PORT=0 to turn them off", host, port,
                      exc.strerror or exc)
            return None
        return server

    return start
