"""The tournament host role through the bot (issue 49): `/domino-admin settings host_role:`
names a role whose members create and run tournaments as Manage Server does; members
without it (and without Manage Server) are refused, and `no_host_role` takes it back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from cogs.domino_bot import DominoBot
from tests.bot.conftest import show_admin_to_everyone
from tests.bot.test_bot_tournament import said, settle, virtual_clock

CREATE = {"game": "traditional", "format": "swiss", "rounds": 2, "round_hours": 24,
          "start": "in 1h", "seats": 2}


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


@pytest.fixture
def server(simcord_env: Any) -> dict[str, Any]:
    """A server with a manager, a tournament host role, one member holding it (`host`)
    and one who does not (`other`), every one in zone UTC."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    hosts = guild.create_role("tournament hosts")
    boss = guild.add_member(simcord_env.create_user("boss"), roles=[guild.create_role(
        "bosses", permissions=discord.Permissions(manage_guild=True))])
    host = guild.add_member(simcord_env.create_user("hana"), roles=[hosts])
    other = guild.add_member(simcord_env.create_user("otto"))
    return {"env": simcord_env, "guild": guild, "channel": channel, "hosts": hosts,
            "boss": boss, "host": host, "other": other}


async def signups(env: Any) -> list[Any]:
    return list(await env.bot.features.tournaments.store.tournaments(statuses=("signup",)))


async def test_a_member_with_the_host_role_runs_a_tournament_and_one_without_cannot(
        server: dict[str, Any]) -> None:
    env, channel, hosts = server["env"], server["channel"], server["hosts"]
    host, other, boss = server["host"], server["other"], server["boss"]
    for member in (host, other, boss):
        await member.slash(channel, "domino profile", time_zone="UTC")
    # Before a role is named, the role's member is refused as anyone without Manage Server.
    refused = await host.slash(channel, "tournament create", **CREATE)
    assert "Manage Server" in said(refused) and not await signups(env)

    shown = await boss.slash(channel, "domino-admin settings", host_role=hosts)
    assert f"Tournament hosts: Manage Server and <@&{hosts.id}>" in said(shown)
    stored = await env.bot.features.tournaments.store.get_guild_settings(server["guild"].id)
    assert stored.tournament_role_id == hosts.id

    await host.slash(channel, "tournament create", **CREATE, title="Role cup")
    await settle(env)
    (row,) = await signups(env)
    assert row.host_id == host.id and row.title == "Role cup"
    cancelled_by_host = await host.slash(channel, "tournament cancel", tournament=row.id)
    assert "Manage Server" not in said(cancelled_by_host)
    await settle(env)
    assert (await env.bot.features.tournaments.get(row.id)).status == "cancelled"

    refused = await other.slash(channel, "tournament create", **CREATE)
    assert f"Manage Server or the role <@&{hosts.id}>" in said(refused)
    assert not await signups(env)
    await boss.slash(channel, "tournament create", **CREATE)  # Manage Server still hosts
    await settle(env)
    (by_boss,) = await signups(env)
    assert by_boss.host_id == boss.id
    refused = await other.slash(channel, "tournament pause", tournament=by_boss.id)
    assert f"<@&{hosts.id}>" in said(refused)

    cleared = await boss.slash(channel, "domino-admin settings", no_host_role=True)
    assert "Tournament hosts: Manage Server only" in said(cleared)
    refused = await host.slash(channel, "tournament create", **CREATE)
    assert "Manage Server" in said(refused) and "<@&" not in said(refused)
    assert len(await signups(env)) == 1


async def test_only_a_manager_names_the_host_role(server: dict[str, Any]) -> None:
    env, channel, hosts = server["env"], server["channel"], server["hosts"]
    show_admin_to_everyone(env, server["guild"])
    denied = await server["host"].slash(channel, "domino-admin settings", host_role=hosts)
    assert "Manage Server" in said(denied)
    stored = await env.bot.features.tournaments.store.get_guild_settings(server["guild"].id)
    assert stored.tournament_role_id is None
