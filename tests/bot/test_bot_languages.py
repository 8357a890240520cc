"""Three languages at one table (issue 16): a Russian, a Ukrainian and an English player
each read their answers and DMs in their own language; the channel reads the server's.

simcord sends every interaction as "en-US"; `client_locales` makes each person's
client say their own locale, as Discord's would.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord.interactions as sim_interactions

from cogs.common.locales import Languages
from cogs.domino_bot import LANGUAGES_EVERY
from tests.bot.conftest import (
    add_ai,
    custom_ids,
    open_table,
    show_admin_to_everyone,
    table_message,
    text_of,
)

LOCALES: dict[int, str] = {}


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    """user id -> the locale their Discord client sends with each interaction."""
    real = sim_interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = real(*args, **kwargs)
        payload["locale"] = LOCALES.get(int(kwargs["user_id"]), "en-US")
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    LOCALES.clear()
    yield LOCALES
    LOCALES.clear()


def texts(messages: list[Any]) -> str:
    """All text of messages: discord.py's (from history) or simcord's (answers)."""
    return "\n".join((m.content or "") + text_of([c if isinstance(c, dict) else c.to_dict()
                                                  for c in m.components])
                     for m in messages)


def dm_text(member: Any) -> str:
    channel = member.user.dm_channel
    return texts(list(channel.history())) if channel is not None else ""


def answer_text(result: Any) -> str:
    parts = [m for m in (result.response, *result.followups) if m is not None]
    assert parts and all(m.ephemeral for m in parts)
    return texts(parts)


async def test_a_russian_a_ukrainian_and_an_english_player_at_one_table(
        simcord_env: Any, client_locales: dict[int, str]) -> None:
    env = simcord_env
    guild = env.create_guild("Доміно", preferred_locale="ru")
    channel = guild.create_text_channel("domino")
    olena, taras, emma = (guild.add_member(env.create_user(n)) for n in ("olena", "taras", "emma"))
    client_locales.update({olena.id: "ru", taras.id: "en-US", emma.id: "en-GB"})

    # Taras's client is English, but he reads Ukrainian: he says so in his profile.
    chose = await taras.slash(channel, "domino profile", language="uk")
    assert "Мова: Українська" in answer_text(chose)

    await olena.slash(channel, "domino new traditional", seats=3)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    lobby = texts([table_message(channel, table)])
    assert "лобби" in lobby and "Хозяин" in lobby  # the server's language: Russian
    joined = await taras.click(table_message(channel, table), label="Сесть")
    await emma.click(table_message(channel, table), label="Сесть")
    await env.settle()
    assert table.status == "playing"
    assert "Ви сіли за стіл" in answer_text(joined)  # his own language, privately

    board = texts([table_message(channel, table)])
    assert "Базар" in board and "Мои фишки" in board
    assert "Your hand" not in board and "Stock" not in board

    # Each opens their hand from the Russian button and reads it in their own language.
    expected = {olena.id: "Ваши фишки за столом", taras.id: "Ваші кістки за столом",
                emma.id: "Your hand at table"}
    for member in (olena, taras, emma):
        shown = await member.click(table_message(channel, table), label="Мои фишки")
        assert expected[member.id] in answer_text(shown)

    # The turn DMs, as each player's turn comes: in the recipient's language.
    turn_dm = {olena.id: "Ваш ход за столом", taras.id: "Ваш хід за столом",
               emma.id: "Your turn at table"}
    members = {m.id: m for m in (olena, taras, emma)}
    seen: set[int] = set()
    for _ in range(12):
        mover = members[table.seats[table.game.to_move].user_id]
        text = dm_text(mover)
        assert turn_dm[mover.id] in text, text[:300]
        for other, line in turn_dm.items():
            if other != mover.id:
                assert line not in text
        seen.add(mover.id)
        if len(seen) == 3 or table.status != "playing":
            break
        hand = (await mover.click(table_message(channel, table), label="Мои фишки")).response
        ids = custom_ids(hand.components, "dom:play:") + custom_ids(hand.components, "dom:tile:")
        result = await mover.click(hand, custom_id=ids[0])
        if ids[0].startswith("dom:tile:"):
            await mover.click(result.response, custom_id=custom_ids(
                result.response.components, "dom:play:")[0])
        await env.settle()
    assert seen == set(members), "every player got a turn DM"

    # The help, in the asker's language, with the picture in it too.
    helped = await olena.slash(channel, "domino help", topic="traditional")
    assert "Как играть в «Козла»" in answer_text(helped)
    assert [a.filename for a in helped.response.attachments] == ["traditional.png"]
    assert "Козёл" in (helped.response.attachments[0].description or "")

    # A user's mistake is told in their own language, privately.
    wrong = next(m for m in (olena, taras, emma)
                 if m.id != table.seats[table.game.to_move].user_id and m.id != taras.id)
    refused = await wrong.slash(channel, "domino play", move="draw")
    refusal = answer_text(refused)
    assert ("Сейчас не ваш ход" if wrong is olena else "It is not your turn") in refusal
    refused = await taras.slash(channel, "domino play", move="draw")
    if taras.id != table.seats[table.game.to_move].user_id:
        assert "Зараз не ваш хід" in answer_text(refused)


async def test_the_server_chooses_its_language_in_settings(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild("Dominoes")  # its preferred locale: English
    channel = guild.create_text_channel("dominoes")
    boss = guild.create_role("boss", permissions=discord.Permissions(manage_guild=True))
    owner = guild.add_member(env.create_user("owner"), roles=[boss])
    player = guild.add_member(env.create_user("player"))
    show_admin_to_everyone(env, guild)
    refused = await player.slash(channel, "domino-admin settings", language="uk")
    assert "Manage Server" in answer_text(refused)
    answered = await owner.slash(channel, "domino-admin settings", language="uk")
    assert "Українська" in answer_text(answered)  # the owner's own answer stays English
    assert "Public messages and boards in" in answer_text(answered)
    await owner.slash(channel, "domino new carousel", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    lobby = texts([table_message(channel, table)])
    assert "Господар" in lobby and "Сісти" in lobby
    # "As Discord says" again: the server's preferred locale, English.
    await owner.slash(channel, "domino-admin settings", language="auto")
    await owner.slash(channel, "domino new carousel", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    assert "Host" in texts([table_message(channel, table)])


async def test_languages_chosen_through_another_process_are_read_again() -> None:
    class SharedStore:  # what another process wrote is in the shared database
        def __init__(self) -> None:
            self.people: dict[int, tuple[str | None, str | None]] = {}

        async def all_languages(self) -> tuple[dict[int, tuple[str | None, str | None]],
                                               dict[int, str | None]]:
            return dict(self.people), {}

    store = SharedStore()
    languages = Languages(SimpleNamespace(store=store))  # type: ignore[arg-type]
    await languages.load()
    assert await languages.person(7) == "en"
    rounds: asyncio.Queue[None] = asyncio.Queue()
    waiting = asyncio.Condition()
    waits = 0

    async def wait(seconds: float) -> None:
        nonlocal waits
        assert seconds == LANGUAGES_EVERY
        async with waiting:
            waits += 1
            waiting.notify_all()
        await rounds.get()

    reading = asyncio.ensure_future(languages.keep_reading(wait, LANGUAGES_EVERY))
    try:
        store.people[7] = ("ru", None)  # chosen in /domino profile on another process
        async with waiting:
            await waiting.wait_for(lambda: waits == 1)
        assert await languages.person(7) == "en"  # not read yet
        rounds.put_nowait(None)
        async with waiting:
            await waiting.wait_for(lambda: waits == 2)  # one round read, the next waits
        assert await languages.person(7) == "ru"
    finally:
        reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reading


def olena_and_ann(env: Any, client_locales: dict[int, str]) -> tuple[Any, Any, Any]:
    """A server in English (its preferred locale) with a channel, olena, whose client is
    Russian, and ann, whose client is English."""
    guild = env.create_guild("Dominoes")
    channel = guild.create_text_channel("dominoes")
    olena, ann = (guild.add_member(env.create_user(n)) for n in ("olena", "ann"))
    client_locales[olena.id] = "ru"
    return channel, olena, ann


async def test_a_resignation_is_answered_in_the_resigners_language_and_told_in_the_servers(
        simcord_env: Any, client_locales: dict[int, str]) -> None:
    env = simcord_env
    channel, olena, ann = olena_and_ann(env, client_locales)
    await open_table(ann, channel, "traditional", seats=3, lobby={"auto_start": False})
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await olena.click(table_message(channel, table), label="Join")
    await add_ai(ann, table_message(channel, table))
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    assert table.status == "playing"
    asked = await olena.click(table_message(channel, table), label="Resign")
    question = asked.response
    assert question is not None and "Да, сдаюсь" in text_of(question.components)
    confirmed = await olena.click(question, custom_id=custom_ids(question.components,
                                                                 "dom:quit:")[0])
    await env.settle()
    assert table.settings.resigned == (table.seat_of(olena.id),)
    # The answer to her click is hers; the notice is for the whole (English) channel.
    assert "Вы сдались." in texts([confirmed.response or question])
    told = [m.content for m in channel.history() if "olena" in (m.content or "")]
    assert any("resigned at table" in line for line in told), told
    assert not any("сдался" in line for line in told), told


async def test_the_game_over_dm_is_in_each_recipients_language(
        simcord_env: Any, client_locales: dict[int, str]) -> None:
    env = simcord_env
    channel, olena, ann = olena_and_ann(env, client_locales)
    await ann.slash(channel, "domino new traditional", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await olena.click(table_message(channel, table), label="Join")
    await env.settle()
    while table.game.to_move == table.seat_of(olena.id):  # ann's turn: her turn DM
        await env.bot.service.play(table.id, olena.id, None, str(table.game.legal_moves()[0]))
        await env.settle()
    asked = await olena.click(table_message(channel, table), label="Resign")
    await olena.click(asked.response, custom_id=custom_ids(asked.response.components,
                                                           "dom:quit:")[0])
    await env.settle()
    assert table.status == "finished"
    assert f"Игра за столом №{table.id} окончена" in dm_text(olena)
    assert f"Game over at table #{table.id}" in dm_text(ann) and "окончена" not in dm_text(ann)
    assert "olena resigned" in dm_text(ann)  # the result names who ended it
    # Her hand message too, brought up to date by olena's resignation, stays English.
    assert "Your hand at table" in dm_text(ann) and "Ваши фишки" not in dm_text(ann)
