"""Scripted humans who play whole games through simcord as people would, and count.

Each human acts only on their latest hand message (the turn DM, or the ephemeral
"Your hand" when no DM with buttons is there): they click its first enabled move
button, and the end when the tile asks for one. What they did and what the bot
sent is counted (`Tally`), so the tests and bench/bench_turns.py read one record.
Used on main and on later branches alike: nothing here assumes a feature.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from simcord.results import ResponseMessage

from tests.bot.conftest import text_of

MOVE_PREFIXES = ("dom:play:", "dom:tile:")
_MESSAGE = re.compile(r"^/channels/(\d+)/messages(/\d+)?$")
HAND_LINE = re.compile(r"^(?:\[\d+\|\d+\]\s*)+$", re.M)  # the hand: a line of tiles only
TILE = re.compile(r"\[(\d+)\|(\d+)\]")


def enabled_ids(components: list[dict[str, Any]], prefixes: tuple[str, ...]) -> list[str]:
    """Enabled custom ids starting with one of `prefixes`, in reading order."""
    out: list[str] = []
    stack = list(components)
    while stack:
        c = stack.pop(0)
        stack[0:0] = list(c.get("components", []))
        if isinstance(c.get("accessory"), dict):
            stack.insert(0, c["accessory"])
        cid = c.get("custom_id") or ""
        if cid.startswith(prefixes) and not c.get("disabled"):
            out.append(cid)
    return out


def payload(message: Any) -> list[dict[str, Any]]:
    return [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]


@dataclass
class Tally:
    """What one game cost: clicks by kind, DMs per user, the bot's REST calls by kind."""

    moves: int = 0                      # moves in the record
    decisions: Counter[int] = field(default_factory=Counter)   # user -> real choices made
    forced_clicks: Counter[int] = field(default_factory=Counter)  # user -> draw/pass clicked
    clicks: int = 0
    hand_opens: int = 0                 # "Your hand" clicks needed
    dms: Counter[int] = field(default_factory=Counter)          # user -> DMs sent
    calls: Counter[str] = field(default_factory=Counter)        # kind -> REST calls

    @property
    def api_calls(self) -> int:
        return sum(self.calls.values())


def classify(entry: Any, dm_channels: dict[int, int]) -> tuple[str, int | None]:
    """A REST call's kind ("send", "dm", "edit", "interaction", "other"), and the DM's user."""
    method, path = entry.method, entry.path
    if path.startswith("/interactions/"):
        return "interaction", None
    if path.startswith("/webhooks/"):
        return ("interaction-edit" if method == "PATCH" else "interaction"), None
    found = _MESSAGE.match(path)
    if found:
        channel = int(found[1])
        if method == "POST" and found[2] is None:
            return ("dm", dm_channels.get(channel)) if channel in dm_channels else ("send", None)
        if method == "PATCH":
            return "edit", None
    return "other", None


class Seeds:
    """Stands for `secrets` in tables.lobby: every table is dealt from `seed`."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randbits(self, _bits: int) -> int:
        return self.seed


def latest_hand(member: Any) -> Any | None:
    """The member's newest DM from the bot that has enabled move buttons."""
    channel = member.user.dm_channel
    for message in reversed(list(channel.history())):
        if enabled_ids(payload(message), MOVE_PREFIXES):
            return message
    return None


def table_message(env: Any, table: Any) -> Any:
    return ResponseMessage(env, env.backend.get_message(table.channel_id, table.message_id))


async def human_move(env: Any, member: Any, table: Any, tally: Tally) -> None:
    """The member makes one move from their latest hand message."""
    seat = table.seat_of(member.id)
    legal = [str(m) for m in table.game.legal_moves()]
    hand, actor = latest_hand(member), member.user  # a DM is clicked as the user
    channel_id = member.user.dm_channel.id
    if hand is None or not any(f":{table.seq}:" in c
                               for c in enabled_ids(payload(hand), MOVE_PREFIXES)):
        tally.hand_opens += 1
        hand = (await member.click(table_message(env, table), label="Your hand")).response
        actor, channel_id = member, table.channel_id
    ids = [c for c in enabled_ids(payload(hand), MOVE_PREFIXES) if f":{table.seq}:" in c]
    assert ids, f"seat {seat}: no move buttons for move {table.seq + 1} (legal: {legal})"
    if all(m in ("draw", "pass") for m in legal):
        tally.forced_clicks[member.id] += 1
    else:
        tally.decisions[member.id] += 1
    chosen = ids[0]
    result = await actor.click(hand, custom_id=chosen)
    tally.clicks += 1
    if chosen.startswith("dom:tile:"):  # which end: on an answer, or on the same message
        shown = result.response
        if shown is None or not enabled_ids(payload(shown), ("dom:play:",)):
            shown = ResponseMessage(env, env.backend.get_message(channel_id, hand.id))
        end = enabled_ids(payload(shown), ("dom:play:",))[0]
        await actor.click(shown, custom_id=end)
        tally.clicks += 1


async def play_game(env: Any, table: Any, members: list[Any], *, limit: int = 600,
                    after_move: Any = None) -> Tally:
    """Play `table` to its end (or for `limit` turns) with its human seats (`members`); AI
    seats play themselves.
    `after_move(table)` (a coroutine function) runs after each human move, once settled,
    and may return another live table object to go on with (after a restart)."""
    by_id = {m.id: m for m in members}
    dm_channels = {m.user.dm_channel.id: m.id for m in members}
    log = env.http_requests
    start = len(log)
    tally = Tally()
    steps = 0
    await env.settle()
    while table.status == "playing" and steps < limit:
        steps += 1
        seat = table.game.to_move
        if table.played_by_ai(seat):
            await env.settle()
            continue
        await human_move(env, by_id[table.seats[seat].user_id], table, tally)
        await env.settle()
        if after_move is not None:
            table = await after_move(table) or table
    assert table.status != "playing" or steps >= limit, "the game did not end"
    for entry in log[start:]:
        kind, user = classify(entry, dm_channels)
        tally.calls[kind] += 1
        if user is not None:
            tally.dms[user] += 1
    tally.moves = table.seq
    return tally


def shown_tiles(message: Any) -> set[str]:
    """The tiles a hand message shows as the hand (its line of tiles only, "[6|3] [5|5]"),
    in record notation ("6-3")."""
    line = HAND_LINE.search(text_of(payload(message)))
    if line is None:
        return set()
    return {f"{max(int(a), int(b))}-{min(int(a), int(b))}" for a, b in TILE.findall(line[0])}


async def check_hands(env: Any, table: Any, members: list[Any]) -> None:
    """Each human's latest hand message shows their hand; no older one has a live button."""
    stored = {h.user_id: h for h in await env.bot.store.hand_messages(table.id)}
    for member in members:
        seat = table.seat_of(member.id)
        dms = list(member.user.dm_channel.history())
        latest = stored.get(member.id)
        for message in dms:
            if latest is None or message.id != latest.message_id:
                assert not enabled_ids(payload(message), MOVE_PREFIXES), (
                    f"an older hand message of {member.name} has live buttons")
        if latest is None:
            continue
        message = env.backend.get_message(latest.channel_id, latest.message_id)
        hand = {str(tile) for tile in table.game.view(seat).hand}
        assert shown_tiles(message) == hand, f"{member.name}: {shown_tiles(message)} != {hand}"
        live = enabled_ids(payload(message), MOVE_PREFIXES)
        deciding = (table.status == "playing" and table.game.to_move == seat)
        assert bool(live) == deciding, f"{member.name}: buttons {live}, deciding {deciding}"
