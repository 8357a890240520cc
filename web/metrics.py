"""`/metrics` for an operator's Prometheus, in its text format (version 0.0.4): the bot's
interactions (count, errors, latency), the web pages' answers and timings per route,
the tables held now by status, the moves queued for storage and the open watch streams.

Written here rather than with prometheus-client: a handful of counters and histograms
in one process, and the bot's virtualenv is shared by every worker of this machine.

Who may read it: a request from this machine (127.0.0.1 or ::1, and not forwarded by
a proxy), or one carrying `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets
the plain 403 page. Nothing in it names a server, a table or a person.
"""

from __future__ import annotations

import bisect
import hmac
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from aiohttp import web

from tables.service import TableService

# Seconds: an interaction must be answered within 3 s, a page within tens of ms.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@dataclass
class Histogram:
    """Observations counted into BUCKETS (each bucket counts those at most its bound)."""

    bounds: Sequence[float] = BUCKETS
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    observed: int = 0

    def __post_init__(self) -> None:
        if len(self.counts) != len(self.bounds):
            self.counts = [0] * len(self.bounds)

    def observe(self, seconds: float) -> None:
        self.observed += 1
        self.total += seconds
        at = bisect.bisect_left(self.bounds, seconds)
        if at < len(self.counts):
            self.counts[at] += 1

    def lines(self, name: str, labels: str = "") -> list[str]:
        """The histogram's sample lines (`labels`: `key="value",...` without braces)."""
        sep = "," if labels else ""
        out, running = [], 0
        for bound, count in zip(self.bounds, self.counts, strict=True):
            running += count
            out.append(f'{name}_bucket{{{labels}{sep}le="{bound:g}"}} {running}')
        out.append(f'{name}_bucket{{{labels}{sep}le="+Inf"}} {self.observed}')
        tail = f"{{{labels}}}" if labels else ""
        out += [f"{name}_sum{tail} {self.total:.6f}", f"{name}_count{tail} {self.observed}"]
        return out


class InteractionFigures(Protocol):
    """What the bot counts of its interactions (cogs.common.admission.InteractionStats):
    by kind, the errors, and their latency in BUCKETS (`counts` per bucket, not summed)."""

    @property
    def kinds(self) -> Mapping[str, int]: ...

    @property
    def errors(self) -> int: ...

    @property
    def counts(self) -> Sequence[int]: ...

    @property
    def seconds(self) -> float: ...

    @property
    def observed(self) -> int: ...


@dataclass
class PageFigures:
    """The pages' answers, counted by the guard (web/guard.py): by route and status."""

    answers: dict[tuple[str, int], int] = field(default_factory=dict)
    timings: dict[str, Histogram] = field(default_factory=dict)

    def observe(self, route: str, status: int, seconds: float) -> None:
        self.answers[(route, status)] = self.answers.get((route, status), 0) + 1
        self.timings.setdefault(route, Histogram()).observe(seconds)


def route_of(request: web.Request) -> str:
    """The route's pattern (`/s/{guild}/game/{table}`), never the ids in the path."""
    info = request.match_info
    resource = info.route.resource if info is not None and info.route is not None else None
    return resource.canonical if resource is not None else "unmatched"


def _label(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def exposition(pages: PageFigures, service: TableService | None,
               interactions: InteractionFigures | None, streams: int | None) -> str:
    """Every metric now, in Prometheus's text format."""
    out: list[str] = []

    def head(name: str, kind: str, text: str) -> None:
        out.extend([f"# HELP {name} {text}", f"# TYPE {name} {kind}"])

    if interactions is not None:
        head("dominoes_interactions_total", "counter", "Interactions taken, by kind.")
        for kind, count in sorted(interactions.kinds.items()):
            out.append(f'dominoes_interactions_total{{kind="{_label(kind)}"}} {count}')
        head("dominoes_interaction_errors_total", "counter",
             "Interactions whose handling raised (a bug, logged).")
        out.append(f"dominoes_interaction_errors_total {interactions.errors}")
        head("dominoes_interaction_seconds", "histogram", "Time from taking to finishing one.")
        latency = Histogram(BUCKETS, list(interactions.counts), interactions.seconds,
                            interactions.observed)
        out += latency.lines("dominoes_interaction_seconds")
    if service is not None:
        head("dominoes_tables", "gauge", "Tables held by this process, by status.")
        statuses: dict[str, int] = {"lobby": 0, "playing": 0}
        for table in service.held_tables.values():
            statuses[table.status] = statuses.get(table.status, 0) + 1
        for status, held in sorted(statuses.items()):
            out.append(f'dominoes_tables{{status="{_label(status)}"}} {held}')
        head("dominoes_queued_moves", "gauge", "Moves waiting for a busy storage (journal).")
        out.append(f"dominoes_queued_moves {len(service.journal.pending())}")
    if streams is not None:
        head("dominoes_watch_streams", "gauge", "Open watch-page event streams.")
        out.append(f"dominoes_watch_streams {streams}")
    head("dominoes_http_responses_total", "counter", "Web answers, by route and status.")
    for (route, code), count in sorted(pages.answers.items()):
        out.append(f'dominoes_http_responses_total{{route="{_label(route)}",'
                   f'status="{code}"}} {count}')
    head("dominoes_http_seconds", "histogram", "Web answer times, by route.")
    for route, histogram in sorted(pages.timings.items()):
        out += histogram.lines("dominoes_http_seconds", f'route="{_label(route)}"')
    return "\n".join(out) + "\n"


def allowed(request: web.Request, token: str | None) -> bool:
    """From this machine unforwarded, or with the bearer token (compared in constant time)."""
    if token:
        given = request.headers.get("Authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    local = request.remote in ("127.0.0.1", "::1")
    return local and "X-Forwarded-For" not in request.headers


def metrics_handler(pages: PageFigures, token: str | None,
                    sources: Callable[[], tuple[TableService | None, InteractionFigures | None,
                                                int | None]]
                    ) -> Callable[[web.Request], Awaitable[web.Response]]:
    """The `/metrics` handler. Raises HTTPForbidden for anyone `allowed` refuses."""

    async def metrics(request: web.Request) -> web.Response:
        if not allowed(request, token):
            raise web.HTTPForbidden()
        service, interactions, streams = sources()
        return web.Response(text=exposition(pages, service, interactions, streams),
                            headers={"Content-Type": CONTENT_TYPE, "Cache-Control": "no-store"})

    return metrics
