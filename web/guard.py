"""What every request passes before a page: only GET and HEAD, capped sizes, a rate
limit per address, security headers on every answer, and one log line a request.

The log line names the method, the path (never the query: it carries link signatures),
the status and the time taken; the address is not logged.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web, web_response
from aiohttp.typedefs import Middleware

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

MAX_PATH = 512
MAX_QUERY = 1024
# Scripts and styles come only from the app itself; pictures also as data: none; no
# frames, no forms posting anywhere, no plugins. The watch page's event stream is the one
# connection a script opens (connect-src), to the app itself.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    # aiohttp would name itself and Python with their versions: a gift to a scanner.
    "Server": "dominoes",
}


def name_no_version() -> None:
    """Make aiohttp's own answers (a 400 to a request it cannot parse, sent before any
    middleware runs) name the server as the pages do, not the Python and aiohttp
    versions. aiohttp reads this default from its module at each answer; only served
    answers use it (its client's User-Agent is another name). Idempotent."""
    setattr(web_response, "SERVER_SOFTWARE", HEADERS["Server"])  # noqa: B010 (not exported)


@dataclass
class RateLimit:
    """A token bucket per client address: `burst` requests at once, `per_second` after.

    At most `remember` addresses are kept (the least recently seen are forgotten), so
    the limiter's memory is bounded whatever the traffic."""

    per_second: float = 10.0
    burst: float = 60.0
    remember: int = 10_000
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait_for(self, address: str) -> float:
        """0 when the request may pass (and it is counted), else the seconds to wait."""
        now = self.clock()
        tokens, seen = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - seen) * self.per_second)
        if tokens >= 1.0:
            self._buckets[address] = (tokens - 1.0, now)
            wait = 0.0
        else:
            self._buckets[address] = (tokens, now)
            wait = (1.0 - tokens) / self.per_second
        while len(self._buckets) > self.remember:
            self._buckets.popitem(last=False)
        return wait


# A finished game's board pictures: one person scrubbing a replay asks for dozens a
# second, so they count against their own allowance, not the pages'.
BOARD_PICTURE = re.compile(r"/s/[0-9]+/game/[0-9]+/board/[0-9]+\.png")


def picture_limit() -> RateLimit:
    """The board pictures' allowance per address: scrubbing at 30 steps a second for
    several seconds passes; a scraper walking every game still meets a limit."""
    return RateLimit(per_second=30.0, burst=120.0)


LOOPBACK = ("127.0.0.1", "::1")


def client_address(request: web.Request) -> str:
    """The address a request comes from: behind a reverse proxy on this machine, the
    last address it added to X-Forwarded-For (a client may write earlier ones itself)."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if remote in LOOPBACK and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or remote
    return remote


def guard(limit: RateLimit, error_page: Callable[[web.Request, int], web.Response],
          pictures: RateLimit | None = None,
          observe: Callable[[web.Request, int, float], None] | None = None) -> Middleware:
    """The middleware: refusals are plain pages from `error_page(request, status)`; board
    pictures count against `pictures` (picture_limit() by default), the rest `limit`;
    each answer's status and seconds go to `observe` (the operators' /metrics)."""
    boards = pictures or picture_limit()

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        started = time.perf_counter()
        bucket = boards if BOARD_PICTURE.fullmatch(request.path) else limit
        response = await _answer(request, handler, bucket, error_page)
        response.headers.update(HEADERS)
        took = time.perf_counter() - started
        log.info("%s %s %d %.1f ms", request.method, request.path[:MAX_PATH],
                 response.status, took * 1000)
        if observe is not None:
            observe(request, response.status, took)
        return response

    return middleware


async def _answer(request: web.Request, handler: Handler, limit: RateLimit,
                  error_page: Callable[[web.Request, int], web.Response]
                  ) -> web.StreamResponse:
    if request.method not in ("GET", "HEAD"):
        refused = error_page(request, 405)
        refused.headers["Allow"] = "GET, HEAD"
        return refused
    if len(request.raw_path) > MAX_PATH + MAX_QUERY or len(request.query_string) > MAX_QUERY:
        return error_page(request, 414)
    if request.content_length:
        return error_page(request, 413)
    wait = limit.wait_for(client_address(request))
    if wait > 0:
        refused = error_page(request, 429)
        refused.headers["Retry-After"] = str(max(1, math.ceil(wait)))
        return refused
    try:
        return await handler(request)
    except web.HTTPException as exc:
        if exc.status >= 400:
            return error_page(request, exc.status)
        raise  # a redirect or the like: aiohttp answers it
    except Exception:  # any fault (storage down, a bug): logged, and a page, not a bare 500
        log.exception("%s %s failed", request.method, request.path[:MAX_PATH])
        return error_page(request, 500)
