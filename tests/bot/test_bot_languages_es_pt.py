"""Spanish and Brazilian Portuguese readers (issue 50): Discord's es-ES and es-419 clients
read the Spanish catalog, pt-BR the Portuguese; a server whose preferred locale is
Spanish writes its lobbies in Spanish; a choice in /domino profile wins over the client."""

from __future__ import annotations

from typing import Any

from catalog import t
from tests.bot.conftest import table_message
from tests.bot.test_bot_languages import answer_text, client_locales, texts

__all__ = ["client_locales"]  # the fixture, used by name below


async def test_spanish_and_portuguese_clients_read_their_language(
        simcord_env: Any, client_locales: dict[int, str]) -> None:
    env = simcord_env
    guild = env.create_guild("Dominó", preferred_locale="es-419")
    channel = guild.create_text_channel("domino")
    ana, joao, pepe = (guild.add_member(env.create_user(n)) for n in ("ana", "joao", "pepe"))
    client_locales.update({ana.id: "es-419", joao.id: "pt-BR", pepe.id: "es-ES"})

    for member, code in ((ana, "es"), (joao, "pt"), (pepe, "es")):
        helped = await member.slash(channel, "domino help")
        shown = answer_text(helped)
        assert t("help.start", code)[:40] in shown, (code, shown[:200])
        assert t("help.start", "en")[:40] not in shown

    # The lobby is the channel's: the server's preferred locale is Spanish.
    await ana.slash(channel, "domino new carousel", seats=2)
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    lobby = texts([table_message(channel, table)])
    assert t("game.carousel", "es") in lobby and t("game.carousel", "en") not in lobby

    # João chooses Spanish in his profile: his answers follow the choice, not the client.
    chose = await joao.slash(channel, "domino profile", language="es")
    assert t("profile.language", "es", language="Español") in answer_text(chose)
    back = await joao.slash(channel, "domino profile", language="pt")
    assert t("profile.language", "pt", language="Português") in answer_text(back)
