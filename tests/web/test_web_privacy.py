"""The privacy page (/privacy, issue 55): what the bot keeps, for how long, and how a
person or a server's admin has it erased, in every language, naming the commands as that
reader types them; the about page links to it."""

from __future__ import annotations

import html
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from catalog import t
from catalog.commands import command_word
from catalog.reader import LANGUAGES
from web.app import make_app


@pytest.fixture
async def client() -> AsyncIterator[TestClient]:  # type: ignore[type-arg]
    async with TestClient(TestServer(make_app())) as client:
        yield client


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_privacy_page_names_the_commands_in_the_readers_words(
        client: TestClient, lang: str) -> None:  # type: ignore[type-arg]
    response = await client.get(f"/privacy?lang={lang}")
    assert response.status == 200
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    text = html.unescape(await response.text())
    forget = f"/{command_word(lang, 'domino')} {command_word(lang, 'forget-me')}"
    erase = f"/{command_word(lang, 'domino-admin')} {command_word(lang, 'erase-server')}"
    assert t("web.privacy_page.forget", lang, forget=forget) in text
    assert t("web.privacy_page.erase", lang, erase=erase) in text
    for part in ("title", "games", "profile", "waiting", "reads"):
        assert t(f"web.privacy_page.{part}", lang) in text, part
    if lang != "en":  # the reader's own command words, not the English ones
        assert "forget-me" not in text and "erase-server" not in text


async def test_the_about_page_links_to_the_privacy_page(client: TestClient) -> None:  # type: ignore[type-arg]
    about = html.unescape(await (await client.get("/?lang=uk")).text())
    assert f'<a href="/privacy">{t("web.privacy_page.link", "uk")}</a>' in about
