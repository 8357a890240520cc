"""`/metrics` (issue 52, operators): Prometheus's text format with the interactions, the
tables held, the queued moves, the watch streams and the pages' answers and timings by
route; readable from this machine unforwarded or with the bearer token only."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from cogs.common.admission import InteractionStats
from storage import Storage
from tables.service import TableService
from tests.web.test_web_games import GUILD, NOW, SECRET, Site, open_game
from web.access import Access
from web.app import make_app

TOKEN = "t0ken-for-prometheus"
SAMPLE = re.compile(r'^[a-z_]+(\{([a-z_]+="[^"]*",?)+\})? -?[0-9.e+]+$')


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[Site, InteractionStats]]:
    store = await Storage.open(tmp_path / "db.sqlite3")
    service = TableService(store, ai_delay=0)
    access = Access(SECRET, clock=lambda: NOW)
    stats = InteractionStats()
    try:
        app = make_app(store, access, service=service, interactions=stats,
                       metrics_token=TOKEN)
        async with TestClient(TestServer(app)) as client:
            yield Site(client, service, access), stats
    finally:
        await service.close()
        await store.close()


def samples(text: str) -> dict[str, float]:
    found = {}
    for line in text.splitlines():
        if line.startswith("#"):
            assert re.match(r"^# (HELP|TYPE) [a-z_]+ ", line), line
            continue
        assert SAMPLE.match(line), line
        name, value = line.rsplit(" ", 1)
        found[name] = float(value)
    return found


async def test_metrics_count_what_the_bot_and_its_pages_did(
        site: tuple[Site, InteractionStats]) -> None:
    web, stats = site
    table_id = await open_game(web)
    stats.took("application_command")
    stats.took("component")
    stats.ended(0.03, failed=False)
    stats.ended(4.0, failed=True)
    assert (await web.client.get(web.signed(f"/s/{GUILD}/watch/{table_id}"))).status == 200
    assert (await web.client.get(f"/s/{GUILD}/watch/{table_id}")).status == 403
    answer = await web.client.get("/metrics")
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    found = samples(await answer.text())
    assert found['dominoes_interactions_total{kind="component"}'] == 1
    assert found["dominoes_interaction_errors_total"] == 1
    assert found['dominoes_interaction_seconds_bucket{le="0.05"}'] == 1
    assert found['dominoes_interaction_seconds_bucket{le="+Inf"}'] == 2
    assert found["dominoes_interaction_seconds_sum"] == pytest.approx(4.03)
    assert found['dominoes_tables{status="playing"}'] == 1
    assert found["dominoes_queued_moves"] == 0
    assert found["dominoes_watch_streams"] == 0
    route = "/s/{guild}/watch/{table}"
    assert found[f'dominoes_http_responses_total{{route="{route}",status="200"}}'] == 1
    assert found[f'dominoes_http_responses_total{{route="{route}",status="403"}}'] == 1
    assert found[f'dominoes_http_seconds_count{{route="{route}"}}'] == 2
    # No id of a server, table or person is in it: routes are patterns.
    routes = {m for k in found for m in re.findall(r'route="([^"]*)"', k)}
    assert route in routes and all(not re.search(r"[0-9]", r) for r in routes), routes


async def test_metrics_are_for_this_machine_or_the_token_only(
        site: tuple[Site, InteractionStats]) -> None:
    web, _ = site
    forwarded = {"X-Forwarded-For": "198.51.100.7"}  # through the proxy: from outside
    refused = await web.client.get("/metrics", headers=forwarded)
    assert refused.status == 403 and "Content-Security-Policy" in refused.headers
    wrong = {**forwarded, "Authorization": "Bearer nope"}
    assert (await web.client.get("/metrics", headers=wrong)).status == 403
    right = {**forwarded, "Authorization": f"Bearer {TOKEN}"}
    assert (await web.client.get("/metrics", headers=right)).status == 200
    # Without a token set, only this machine.
    app = make_app(None, None)
    async with TestClient(TestServer(app)) as client:
        assert (await client.get("/metrics", headers=right)).status == 403
        local = await client.get("/metrics")
        assert local.status == 200 and "dominoes_http_seconds" in await local.text()
