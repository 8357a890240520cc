"""The web app's frame: routes, refusals, headers, languages, signed links, the rate limit."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from catalog import t
from web.app import make_app
from web.guard import RateLimit
from web.language import page_language
from web.links import load_or_create_secret, sign, signed_url, verify
from web.markup import discord_markdown


@pytest.fixture
async def client() -> AsyncIterator[TestClient]:  # type: ignore[type-arg]
    async with TestClient(TestServer(make_app())) as client:
        yield client


async def test_the_about_page_and_each_games_rules_are_served(client: TestClient) -> None:  # type: ignore[type-arg]
    about = await client.get("/")
    assert about.status == 200
    assert t("web.title", "en") in await about.text()
    for game in ("traditional", "carousel", "clock"):
        page = await client.get(f"/rules/{game}?lang=ru")
        html = await page.text()
        assert page.status == 200, game
        assert '<html lang="ru">' in html
        assert "<strong>" in html  # the catalog's bold made HTML
        assert "**" not in html


async def test_every_answer_carries_the_security_headers(client: TestClient) -> None:  # type: ignore[type-arg]
    for path in ("/", "/rules/carousel", "/no/such/page", "/static/style.css"):
        response = await client.get(path)
        assert "script-src 'self'" in response.headers["Content-Security-Policy"], path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"


async def test_refusals_are_plain_pages_with_their_status(client: TestClient) -> None:  # type: ignore[type-arg]
    unknown = await client.get("/rules/chess")
    assert unknown.status == 404
    assert t("web.error.404", "en") in await unknown.text()
    posted = await client.post("/", data=b"x")
    assert posted.status == 405 and posted.headers["Allow"] == "GET, HEAD"
    assert (await client.get("/?" + "a" * 2000)).status == 414
    assert (await client.get("/static/../web/app.py")).status == 404
    assert (await client.get("/static/")).status in (403, 404)
    assert (await client.head("/")).status == 200


async def test_a_client_over_its_rate_gets_429_with_retry_after() -> None:
    now = [0.0]
    limit = RateLimit(per_second=1.0, burst=3.0, clock=lambda: now[0])
    async with TestClient(TestServer(make_app(limit=limit))) as client:
        statuses = [(await client.get("/")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        refused = await client.get("/")
        assert refused.headers["Retry-After"] == "1"
        now[0] += 1.0  # a second later one more request is allowed
        assert (await client.get("/")).status == 200


async def test_behind_a_local_proxy_each_forwarded_client_has_its_own_rate() -> None:
    limit = RateLimit(per_second=1.0, burst=1.0, clock=lambda: 0.0)
    async with TestClient(TestServer(make_app(limit=limit))) as client:
        ann = {"X-Forwarded-For": "203.0.113.9, 198.51.100.1"}
        bob = {"X-Forwarded-For": "198.51.100.2"}
        assert (await client.get("/", headers=ann)).status == 200
        assert (await client.get("/", headers=ann)).status == 429
        assert (await client.get("/", headers=bob)).status == 200
        # A client cannot pass as another by writing an earlier address itself.
        assert (await client.get("/", headers={"X-Forwarded-For": "1.2.3.4, 198.51.100.2"})
                ).status == 429


async def test_board_pictures_have_their_own_allowance_apart_from_pages() -> None:
    # One person scrubbing a replay asks for dozens of pictures a second: they count
    # against the pictures' allowance, so the pages' limit does not refuse them.
    pages = RateLimit(per_second=1.0, burst=1.0, clock=lambda: 0.0)
    pictures = RateLimit(per_second=1.0, burst=30.0, clock=lambda: 0.0)
    async with TestClient(TestServer(make_app(limit=pages, pictures=pictures))) as client:
        assert (await client.get("/")).status == 200
        assert (await client.get("/")).status == 429
        board = "/s/10/game/1/board/3.png"  # no store here: a 404, but not refused
        assert [(await client.get(board)).status for _ in range(30)] == [404] * 30
        assert (await client.get(board)).status == 429  # the pictures' own limit
        assert (await client.get("/")).status == 429


def test_the_limiter_forgets_the_oldest_addresses_beyond_its_bound() -> None:
    limit = RateLimit(remember=100, clock=lambda: 0.0)
    for n in range(1000):
        assert limit.wait_for(f"10.0.{n // 256}.{n % 256}") == 0
    assert len(limit._buckets) == 100


async def test_the_language_switch_offers_every_language_and_each_page_reads_in_it(
        client: TestClient) -> None:  # type: ignore[type-arg]
    from catalog.reader import LANGUAGES

    html = await (await client.get("/")).text()
    for code in LANGUAGES:
        assert f'href="/?lang={code}"' in html, code
    assert ">Español</a>" in html and ">Português</a>" in html
    for code, title in (("es", "Las reglas de Carrusel"), ("pt", "As regras de Carrossel")):
        page = await (await client.get(f"/rules/carousel?lang={code}")).text()
        assert f'<html lang="{code}">' in page and title in page
    spanish = await client.get("/", headers={"Accept-Language": "es-419,es;q=0.9,en;q=0.5"})
    assert '<html lang="es">' in await spanish.text()
    brazilian = await client.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9"})
    assert '<html lang="pt">' in await brazilian.text()


async def test_the_about_page_names_every_registered_game_in_the_readers_words(
        client: TestClient) -> None:  # type: ignore[type-arg]
    from engine.registry import GAMES

    for code in ("en", "ru", "uk", "es", "pt"):
        html = await (await client.get(f"/?lang={code}")).text()
        about = html.split("<p>", 1)[1].split("</p>", 1)[0]
        for game in GAMES:
            assert t(f"game.{game}", code) in about, (code, game)


def test_the_language_is_the_query_s_then_the_browser_s_then_english() -> None:
    assert page_language("uk", "ru-RU,ru;q=0.9") == "uk"
    assert page_language(None, "de-DE,uk;q=0.5,ru;q=0.8") == "ru"
    assert page_language("xx", "fr, en;q=0.1") == "en"
    assert page_language(None, None) == "en"
    assert page_language(None, "ru;q=bad, uk") == "uk"
    assert page_language("pt", "es-ES") == "pt" and page_language(None, "es-ES") == "es"
    assert page_language(None, "fr-FR, pt-BR;q=0.8, es;q=0.9") == "es"


def test_a_signed_link_verifies_until_it_expires_and_only_for_its_path() -> None:
    secret = b"k" * 32
    query = dict(part.split("=") for part in sign(secret, "/s/1/leaderboard", 1000).split("&"))
    assert verify(secret, "/s/1/leaderboard", query, now=999)
    assert not verify(secret, "/s/1/leaderboard", query, now=1001)
    assert not verify(secret, "/s/2/leaderboard", query, now=999)
    assert not verify(b"other" * 8, "/s/1/leaderboard", query, now=999)
    assert not verify(secret, "/s/1/leaderboard", {**query, "exp": "5000"}, now=999)
    assert not verify(secret, "/s/1/leaderboard", {}, now=0)
    url = signed_url("https://dom.example/", secret, "/g/5", now=10, seconds=60)
    assert url.startswith("https://dom.example/g/5?exp=70&sig=")


def test_the_secret_is_made_once_and_kept_in_the_env_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=x", encoding="utf-8")
    made = load_or_create_secret({}, env)
    assert len(made) == 64
    text = env.read_text(encoding="utf-8")
    assert text.startswith("DISCORD_TOKEN=x\n") and f"WEB_SECRET={made.decode()}" in text
    assert load_or_create_secret({"WEB_SECRET": made.decode()}, env) == made
    assert load_or_create_secret({"WEB_SECRET": "given"}, env) == b"given"


def test_catalog_markdown_cannot_open_a_tag() -> None:
    html = str(discord_markdown('## <b>x</b>\n**bold** `code` <script>alert("x")</script>'))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<h2>&lt;b&gt;x&lt;/b&gt;</h2>" in html
    assert "<strong>bold</strong> <code>code</code>" in html
