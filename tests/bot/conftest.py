"""Simcord fixtures: the real bot on a temporary database, with AI seats moving at once."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord._modal as simcord_modal
import simcord.actors as simcord_actors

from catalog import t
from cogs.domino_bot import DominoBot, create_bot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "dominoes.sqlite3"


@pytest.fixture
async def make_bot(db_path: Path) -> AsyncIterator[Callable[..., DominoBot]]:
    """Build bots (on the test's database, AI seats at once); all of them closed at the end.

    simcord never calls `bot.close()`, and an open storage connection's (non-daemon)
    thread would keep the test process alive after the last test.
    """
    made: list[DominoBot] = []

    def make(**options: Any) -> DominoBot:
        options.setdefault("ai_delay", 0)
        options.setdefault("database_path", db_path)
        options.setdefault("reviews", False)  # no analysis in the background (one test has)
        bot = create_bot(**options)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        await bot.close_tables()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., DominoBot]) -> DominoBot:
    return make_bot()


# A command, button, menu or form the bot leaves unanswered is one Discord shows as
# "This interaction failed" after 3 seconds: every one of every test through simcord
# must be answered (issue 55). A test of a deliberate silence is marked `unanswered`.
ANSWERED = (discord.InteractionType.application_command.value,
            discord.InteractionType.component.value,
            discord.InteractionType.modal_submit.value)


def check_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, an interaction the bot leaves unanswered raises AssertionError."""
    real = simcord_actors._dispatch_actor_interaction

    async def answered(actor: Any, kind: int, *args: Any, **kwargs: Any) -> Any:
        result = await real(actor, kind, *args, **kwargs)
        if kind in ANSWERED and not result.acknowledged:
            raise AssertionError(f"the bot left an interaction unanswered: {result!r}")
        return result

    monkeypatch.setattr(simcord_actors, "_dispatch_actor_interaction", answered)
    monkeypatch.setattr(simcord_modal, "_dispatch_actor_interaction", answered)


@pytest.fixture(autouse=True)
def every_interaction_answered(monkeypatch: pytest.MonkeyPatch,
                               request: pytest.FixtureRequest) -> None:
    """Fail the interaction's test at once when the bot left it unanswered."""
    if request.node.get_closest_marker("unanswered") is None:
        check_answers(monkeypatch)


@pytest.fixture
def world(simcord_env: Any) -> dict[str, Any]:
    """A guild with a channel and three members."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("dominoes")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("ann", "bob", "cy")]
    return {"env": simcord_env, "guild": guild, "channel": channel, "members": members}


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a message payload, nested ones included."""
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out.extend(walk(c.get("components", [])))
        if isinstance(c.get("accessory"), dict):
            out.append(c["accessory"])
    return out


def text_of(components: list[dict[str, Any]]) -> str:
    """All text of a V2 message: text displays, labels and media descriptions."""
    parts = []
    for c in walk(components):
        for key in ("content", "label"):
            if c.get(key):
                parts.append(str(c[key]))
        for item in c.get("items", []):
            if item.get("description"):
                parts.append(item["description"])
    return "\n".join(parts)


def custom_ids(components: list[dict[str, Any]], prefix: str = "") -> list[str]:
    return [c["custom_id"] for c in walk(components)
            if (c.get("custom_id") or "").startswith(prefix) and c.get("custom_id")
            and not c.get("disabled")]


async def add_ai(member: Any, message: Any, level: str = "normal") -> Any:
    """The member picks an AI level in the lobby message's Add AI menu."""
    menu = custom_ids([c if isinstance(c, dict) else c.to_dict() for c in message.components],
                      "dom:addai:")
    assert menu, "no Add AI menu (a full lobby disables it)"
    return await member.select(message, [level], custom_id=menu[0])


def tile_pattern(tile: Any) -> re.Pattern[str]:
    """A tile in any notation and orientation: 6-3, 3-6, 6|3, 3|6, 6:3."""
    a, b = tile.high, tile.low
    return re.compile(rf"(?<!\d)({a}\s*[-|:]\s*{b}|{b}\s*[-|:]\s*{a})(?!\d)")


# --- helpers shared by the bot tests -----------------------------------------------------------
def public_text(channel: Any, viewer: Any) -> str:
    """Everything a spectator can read in the channel: content, V2 text, labels, alt texts."""
    parts = []
    for msg in channel.history(viewer=viewer):
        if msg.flags.ephemeral:
            continue
        parts.append(msg.content or "")
        parts.append(text_of([c.to_dict() for c in msg.components]))
        parts.extend(a.description or "" for a in msg.attachments)
        parts.extend(str(e.to_dict()) for e in msg.embeds)
    return "\n".join(parts)


def hidden_tiles(game: Any) -> set[Any]:
    """Tiles in players' hands right now (none of them is on the board)."""
    tiles: set[Any] = set()
    for seat in range(len(game.players)):
        tiles |= set(game.view(seat).hand or ())
    return tiles


# A finished hand's summary lists the tiles each player had left: public once the hand
# is over (RULES.md), and no clue to the hands dealt after it. Its picture's alt text
# says "Hand 2 is over." (Mexican Train: "Round 2 is over.").
SUMMARY_LINE = re.compile(r"^.*· count \d+ · \+\d+$|^(?:Hand|Round) \d+ is over\. .*$",
                          re.M)


def assert_no_hand_in_public(channel: Any, viewer: Any, game: Any) -> None:
    text = SUMMARY_LINE.sub("", public_text(channel, viewer))
    for tile in hidden_tiles(game):
        match = tile_pattern(tile).search(text)
        where = text[max(0, match.start() - 80):match.end() + 20] if match else ""
        assert match is None, f"hand tile {tile} appears in public: ...{where}"


def table_message(channel: Any, table: Any) -> Any:
    """The table's one public message, as stored now."""
    for msg in channel.history():
        if msg.id == table.message_id:
            return msg
    raise AssertionError("table message not found")


async def open_table(member: Any, channel: Any, game: str, *,
                     lobby: dict[str, Any] | None = None, **options: Any) -> Any:
    """`member` opens a `game` table with /domino new and its `options`, then changes the
    lobby's settings given in `lobby` (turn_minutes, lobby_minutes, auto_start,
    forced_moves, on_resign) with /domino lobby, as a host does: /domino new's result."""
    opened = await member.slash(channel, f"domino new {game}", **options)
    if lobby:
        changed = await member.slash(channel, "domino lobby", **lobby)
        answer = changed.followups[-1] if changed.followups else changed.response
        assert answer is not None and answer.ephemeral, "a private answer"
        # The answer is the one a change gets, in whatever language the member reads.
        heads = {t("lobby_set.changed", lang, table=0, lines="").split("0")[0]
                 for lang in ("en", "ru", "uk")}
        assert any(answer.content.startswith(h) for h in heads), answer.content
    return opened


async def take_turn(member: Any, channel: Any, table: Any) -> str:
    """The member opens their hand (a fresh ephemeral message) and plays its first move button."""
    shown = await member.click(table_message(channel, table), label="Your hand")
    hand = shown.response
    assert hand is not None and hand.ephemeral
    seat = table.seat_of(member.id)
    for tile in table.game.view(seat).hand:  # the hand is there, privately
        assert tile_pattern(tile).search(text_of(hand.components)), tile
    ids = custom_ids(hand.components, "dom:play:") + custom_ids(hand.components, "dom:tile:")
    assert ids, f"no move buttons in {text_of(hand.components)}"
    chosen = ids[0]
    result = await member.click(hand, custom_id=chosen)
    if chosen.startswith("dom:tile:"):
        choice = result.response
        assert choice is not None and choice.ephemeral
        chosen = custom_ids(choice.components, "dom:play:")[0]
        result = await member.click(choice, custom_id=chosen)
    assert not result.followups, [f.content for f in result.followups]
    return chosen


async def play_out(world: dict[str, Any], table: Any, *, limit: int = 2000) -> int:
    """Play the table to its end with buttons, checking privacy after every human move."""
    env, channel = world["env"], world["channel"]
    spectator = world["members"][2]
    by_id = {m.id: m for m in world["members"]}
    moves = 0
    while table.status == "playing" and moves < limit:
        seat = table.game.to_move
        if table.seats[seat].is_ai:
            await env.settle()
            continue
        member = by_id[table.seats[seat].user_id]
        await take_turn(member, channel, table)
        await env.settle()
        assert_no_hand_in_public(channel, spectator, table.game)
        moves += 1
    return moves


async def against_an_ai(env: Any) -> tuple[Any, Any]:
    """In a new server, ann opens a Traditional table, adds an AI and starts it: the channel
    and ann."""
    guild = env.create_guild()
    channel = guild.create_text_channel("t")
    ann = guild.add_member(env.create_user("ann"))
    await open_table(ann, channel, "traditional", seats=2, lobby={"auto_start": False})
    table = max(env.bot.service.held_tables.values(), key=lambda t: t.id)
    await add_ai(ann, table_message(channel, table))
    await ann.click(table_message(channel, table), label="Start")
    return channel, ann


def show_admin_to_everyone(env: Any, guild: Any) -> None:
    """A server whose managers let everyone see /domino-admin (Discord's integration
    settings can): the bot itself still refuses whoever lacks Manage Server."""
    commands = [c for scope in env.backend.commands.values() for c in scope.values()]
    admin = next(c for c in commands if c["name"] == "domino-admin")
    guild.set_command_permissions(int(admin["id"]), {guild.default_role: True})
