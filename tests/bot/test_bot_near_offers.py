"""Near-match offers through the bot (issue 51): one waiting for 4 seats, when two others
wait for 3, is asked once by DM whether 3 would do; Yes seats the three at once, No keeps
the wish and is never asked again for that entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from catalog import t
from cogs.domino_bot import DominoBot
from tests.bot.conftest import custom_ids
from tests.bot.test_bot_faults import answer_text
from tests.bot.test_bot_pickup import dms, virtual_clock


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot(clock=virtual_clock)


def offers(member: Any) -> list[Any]:
    head = t("near.ask", game=t("game.traditional"), asked="4", seats=3).split(":")[0]
    return [m for m in dms(member) if (m.content or "").startswith(head)]


async def three_waiting(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    await ann.slash(channel, "domino queue join", game="traditional", seats="4")
    await bob.slash(channel, "domino queue join", game="traditional", seats="3")
    assert offers(ann) == []  # with Bob alone, 3 seats would seat nobody
    await cy.slash(channel, "domino queue join", game="traditional", seats="3")
    await env.settle()


async def test_yes_seats_the_three_at_once(world: dict[str, Any]) -> None:
    env = world["env"]
    ann, bob, cy = world["members"]
    await three_waiting(world)
    assert env.bot.service.held_tables == {}
    (offer,) = offers(ann)
    assert not offers(bob) and not offers(cy)
    ids = custom_ids([c.to_dict() for c in offer.components], "dom:near:")
    assert [i.rsplit(":", 2)[1:] for i in ids] == [["3", "yes"], ["3", "no"]]
    said = await ann.user.click(offer, custom_id=ids[0])
    await env.settle()
    (table,) = env.bot.service.held_tables.values()
    assert sorted(s.user_id for s in table.seats) == sorted(m.id for m in (ann, bob, cy))
    assert f"#{table.id}" in answer_text(said)


async def test_no_keeps_the_wish_and_is_never_asked_again(world: dict[str, Any]) -> None:
    env, guild = world["env"], world["guild"]
    ann = world["members"][0]
    await three_waiting(world)
    (offer,) = offers(ann)
    said = await ann.user.click(offer, custom_id=custom_ids(
        [c.to_dict() for c in offer.components], "dom:near:")[1])
    assert t("near.kept") in answer_text(said)
    await env.bot.pickup.run(guild.id)
    await env.settle()
    assert len(offers(ann)) == 1 and env.bot.service.held_tables == {}
    (entry,) = [e for e in await env.bot.pickup.waiting(guild.id) if e.user_id == ann.id]
    assert entry.seats == (4,)
