"""Carousel's score reasons and the move words in the reader's language through the real
bot (issue 16): the board in the server's language, answers in the player's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from catalog import t
from cogs.common.game_words import typed_move
from tests.bot.conftest import add_ai, open_table, table_message, text_of
from tests.bot.test_bot_languages import answer_text, client_locales  # noqa: F401

ENGLISH_WORDS = re.compile(r"\b(?:draw|pass|ends|points?|tile bonus|domino|blocked)\b"
                           r"|\] [LRUD]\b")
AT_END = re.compile(r"\] [ЛПВН]\b")


def reader_at_a_table(env: Any, client_locales: dict[int, str],  # noqa: F811
                      locale: str) -> tuple[Any, Any]:
    """A channel of a server whose language is `locale`, and olena, who reads it too."""
    guild = env.create_guild("Доміно", preferred_locale=locale)
    olena = guild.add_member(env.create_user("olena"))
    client_locales[olena.id] = locale
    return guild.create_text_channel("domino"), olena


#: the board's "Last move:" and "Score:" lines, and the answer to /domino play
LINES = {"ru": ("Последний ход: ", "Очки: ", "Сыграно: "),
         "uk": ("Останній хід: ", "Очки: ", "Зіграно: ")}


@pytest.mark.parametrize("locale", ["ru", "uk"])
async def test_a_carousel_table_reads_its_scores_and_moves_in_the_readers_language(
        simcord_env: Any, client_locales: dict[int, str],  # noqa: F811
        monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    last, score, played = LINES[locale]
    monkeypatch.setattr("tables.service.secrets.randbits", lambda bits: 7)  # seed 7
    env = simcord_env
    channel, olena = reader_at_a_table(env, client_locales, locale)
    await open_table(olena, channel, "carousel", seats=2, lobby={"auto_start": False})
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await add_ai(olena, table_message(channel, table))
    await olena.click(table_message(channel, table), label=t("lobby.start", locale))
    await env.settle()
    seen: dict[str, str] = {}
    for _ in range(30):
        assert table.status == "playing"
        choices = await olena.autocomplete(channel, "domino play", "move", "")
        assert choices and not any(ENGLISH_WORDS.search(c["name"]) for c in choices), choices
        at_end = [c for c in choices if AT_END.search(c["name"])]
        if at_end and "typed" not in seen:
            # Typed as read, "5-2 Л": found by the autocomplete, taken by /domino play.
            move = at_end[0]["value"][:-1] + at_end[0]["name"][-1]
            found = await olena.autocomplete(channel, "domino play", "move", move)
            assert [c["value"] for c in found] == [at_end[0]["value"]], (move, found)
            seen["typed"] = move
        else:
            move = choices[0]["value"]
        answer = answer_text(await olena.slash(channel, "domino play", move=move))
        assert answer.startswith(played) and not ENGLISH_WORDS.search(answer), answer
        await env.settle()
        board = text_of([c.to_dict() for c in table_message(channel, table).components])
        lines = [line for line in board.splitlines() if line.startswith((last, score))]
        assert not any(ENGLISH_WORDS.search(line) for line in lines), lines
        for line in lines:
            if line.startswith(score) and "→" in line:
                seen["score"] = line
            if line.startswith(last) and AT_END.search(line):
                seen["end"] = line
        if {"typed", "score", "end"} <= set(seen) or table.status != "playing":
            break
    assert {"typed", "score", "end"} <= set(seen), seen


DRAWS = {"ru": ("Советую ход: с базара (`draw`)", "Последний ход: olena с базара"),
         "uk": ("Раджу хід: з базару (`draw`)", "Останній хід: olena з базару"),
         "en": ("Suggested move: draw (`draw`)", "Last move: olena draw")}


@pytest.mark.parametrize("locale", ["ru", "uk", "en"])
async def test_the_hint_and_the_last_move_say_draw_in_the_readers_words(
        simcord_env: Any, client_locales: dict[int, str],  # noqa: F811
        monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    hint, last = DRAWS[locale]
    monkeypatch.setattr("tables.service.secrets.randbits", lambda bits: 5)  # seed 5
    env = simcord_env
    channel, olena = reader_at_a_table(env, client_locales, locale)
    await olena.slash(channel, "domino new clock", set=6)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    for _ in range(30):  # follow the hints until one says draw
        hinted = await olena.click(table_message(channel, table),
                                   custom_id=f"dom:hint:{table.id}:{table.seq}")
        move = hinted.response.content.split("`")[1]  # the typed form: the record's
        if move == "draw":
            break
        await olena.slash(channel, "domino play", move=move)
    assert hinted.response.content == hint
    await olena.slash(channel, "domino play", move="draw")
    await env.settle()
    board = text_of([c.to_dict() for c in table_message(channel, table).components])
    assert last in board.splitlines(), board


def test_a_typed_move_in_the_readers_words_is_the_records() -> None:
    assert typed_move("6-3 Л") == "6-3 L" and typed_move("[6|3] н") == "[6|3] D"
    assert typed_move("пас") == "pass" and typed_move(" С  базара ") == "draw"
    # Big Clock's arrows, as /domino play's description in ru/uk shows them (issue 54)
    assert typed_move("→ 4") == "place 4" and typed_move(" 9 → 11 ") == "move 9 11"
    assert typed_move("9->11") == "move 9 11" and typed_move("→ 4 5") == "→ 4 5"
    # Mexican Train's Cyrillic train letter is the engine's to read: passed as typed
    assert typed_move("12-5 \u041c") == "12-5 \u041c"
    assert typed_move("з базару") == "draw" and typed_move("Скидання") == "discard"
    for kept in ("6-3 L", "place 4", "move 9 11", "6-3 Ж", "draw"):
        assert typed_move(kept) == kept
