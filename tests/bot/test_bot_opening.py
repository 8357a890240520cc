"""Opening and finding games (issue 15) through the real bot: /domino new <game>, the
lobby, AI levels, invitations, Rematch, help and rules."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from catalog import t
from cogs.common.game_words import share_words, strength_words, value_words
from cogs.help.help_commands import TOPICS
from cogs.lobby.new_command import choice_words, with_default
from engine.ai import LEVELS
from engine.registry import GAMES
from storage.models import GuildSettings
from tables.ai_names import NAMES
from tests.bot.conftest import (
    add_ai,
    custom_ids,
    open_table,
    play_out,
    show_admin_to_everyone,
    table_message,
    text_of,
    walk,
)
from tests.bot.test_bot_guards import simultaneous_clicks

INT, BOOL = 4, 5  # Discord's option types
# The rarer table settings are not here: the host changes them with /domino lobby.
TABLE_SETTINGS = {"seats", "pace", "thread", "invite1", "invite2", "invite3",
                  "start", "repeat", "grace", "ai_fill"}  # a scheduled table (issue 24)
SOLITAIRE_SETTINGS = {"hints", "auto_draw"}


def newest(env: Any) -> Any:
    return max(env.bot.service.held_tables.values(), key=lambda t: t.id)


def command(bot: Any, path: str) -> dict[str, Any]:
    """One (sub)command of the registered payload by its path ("domino new carousel")."""
    nodes = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    node: dict[str, Any] = {}
    for part in path.split():
        node = next(n for n in nodes if n["name"] == part)
        nodes = node.get("options", [])
    return node


def said(result: Any) -> list[Any]:
    """Every message the interaction produced: its response and its follow-ups."""
    return [*([result.response] if result.response else []), *result.followups]


def public(channel: Any, viewer: Any) -> list[Any]:
    return [m for m in channel.history(viewer=viewer) if not m.flags.ephemeral]


def components(message: Any) -> list[dict[str, Any]]:
    """A message's components as payload dicts (a response's are dicts already)."""
    return [c if isinstance(c, dict) else c.to_dict() for c in message.components]


def words(message: Any) -> str:
    return (message.content or "") + "\n" + text_of(components(message))


def pinged(channel: Any, message: Any) -> set[int]:
    """The users a posted message pinged (Discord's resolved mentions)."""
    posted = next(m for m in channel.history() if m.id == message.id)
    return {u.id for u in posted.mentions}


# -- the payload is what the engine accepts ---------------------------------------------------
@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_range_in_the_payload_is_what_the_engine_accepts(
        simcord_env: Any, game: str) -> None:
    spec = GAMES[game]
    sent = {o["name"]: o for o in command(simcord_env.bot, f"domino new {game}")["options"]}
    for info in spec.options:
        option = sent.pop(info.name)
        assert not option.get("required"), info.name
        if not info.choices:
            assert option["description"] == with_default(t(info.key),
                                                          value_words(info, info.default))
        if info.type is bool:
            assert option["type"] == BOOL, info.name
        elif info.choices:  # named in words, valued as the engine reads them
            assert [c["value"] for c in option["choices"]] == list(info.choices), info.name
            # The default is said once, in its choice's name, not again in the description.
            assert option["description"] == t(info.key)
            assert [c["name"] for c in option["choices"]] == [
                choice_words(value_words(info, c), c == info.default) for c in info.choices]
            assert sum("(default)" in c["name"] for c in option["choices"]) == 1, info.name
        else:
            assert (option["type"], option["min_value"], option["max_value"]) == (
                INT, info.low, info.high), info.name
    # Nothing of another game: only the table's own settings are left; a game of one seat
    # count (Partnership Dominó's 4) asks for none.
    fixed = spec.seats[0] == spec.seats[1]
    assert set(sent) == (SOLITAIRE_SETTINGS if spec.solitaire
                         else TABLE_SETTINGS - {"seats"} if fixed else TABLE_SETTINGS)
    if not spec.solitaire and not fixed:
        assert (sent["seats"]["min_value"], sent["seats"]["max_value"]) == spec.seats


# -- refusals are private and come before anything is posted ----------------------------------
REFUSALS: list[tuple[str, dict[str, Any], str]] = [
    ("domino new traditional", {}, "cannot be opened in this channel"),
    ("domino new carousel", {"seats": 7, "hand_size": 45}, "do not work"),
    ("domino new clock", {}, "cannot be opened in this channel"),
    ("domino play", {"move": "draw"}, "no game"),
    ("domino hand", {}, "no game"),
    ("domino cancel", {}, "no table"),
    ("domino replace", {"seat": 2}, "no table"),
    ("domino resign", {}, "no game"),
    ("domino replay", {"game_id": 999}, "no game #999"),
    ("domino profile", {"time_zone": "Mars/Olympus"}, "not a time zone"),
    ("domino-admin settings", {"turn_minutes": 5}, "Manage Server"),
]


@pytest.mark.parametrize(("name", "options", "why"), REFUSALS, ids=[r[0] for r in REFUSALS])
async def test_a_refusal_is_private_and_nothing_is_posted(
        world: dict[str, Any], name: str, options: dict[str, Any], why: str) -> None:
    env, channel, guild = world["env"], world["channel"], world["guild"]
    ann, _, cy = world["members"]
    if name.startswith("domino new") and "seats" not in options:
        other = guild.create_text_channel("games")
        await env.bot.store.set_guild_settings(
            GuildSettings(guild.id, allowed_channels=frozenset({other.id})))
    if name.startswith("domino-admin"):
        show_admin_to_everyone(env, guild)
    before = len(public(channel, cy))
    result = await ann.slash(channel, name, **options)
    messages = said(result)
    assert messages and all(m.ephemeral for m in messages), name
    assert why.lower() in " ".join(words(m) for m in messages).lower(), name
    assert len(public(channel, cy)) == before, name
    assert not [x for x in env.bot.service.held_tables.values() if x.status == "lobby"]


# -- the lobby ---------------------------------------------------------------------------------
async def test_the_lobby_lists_every_option_in_words_with_the_defaults(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    opened = await ann.slash(channel, "domino new carousel", target=101, blocked="sum")
    assert opened.response is not None and opened.response.ephemeral  # "Table #1 is open."
    text = words(table_message(channel, newest(env)))
    assert "Match to: 101\n" in text
    assert "Blocked hand: fewest pips scores the others' pips\n" in text
    assert "Pairs: off (default)" in text and "Set: by players" in text
    assert "blocked=" not in text and "difference" not in text


@pytest.mark.parametrize("level", LEVELS)
async def test_each_ai_level_can_be_seated_from_the_lobby(world: dict[str, Any],
                                                          level: str) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await open_table(ann, channel, "traditional", seats=3, lobby={"auto_start": False})
    table = newest(env)
    await add_ai(ann, table_message(channel, table), level)
    await add_ai(ann, table_message(channel, table), level)
    await env.settle()
    seats = table.seats[1:]
    assert [s.ai_level for s in seats] == [level, level]
    assert [s.name for s in seats] == list(NAMES[level][:2])  # named like players
    text = words(table_message(channel, table))
    assert f"{NAMES[level][0]} (AI, {level})" in text and "Bot (" not in text


async def test_only_the_host_adds_an_ai_and_is_told_privately(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await ann.slash(channel, "domino new traditional", seats=3)
    table = newest(env)
    refused = await add_ai(bob, table_message(channel, table), "hard")
    assert refused.followups and all(m.ephemeral for m in refused.followups)
    assert "Only the host" in " ".join(words(m) for m in refused.followups)
    assert len(table.seats) == 1


async def test_invited_people_are_pinged_with_a_join_button_and_the_joiner_told_privately(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, cy = world["members"]
    opened = await ann.slash(channel, "domino new traditional", seats=3, invite1=bob, invite2=cy)
    table = newest(env)
    invite = next(m for m in opened.followups if not m.ephemeral and m.id != table.message_id)
    assert bob.mention in words(invite) and cy.mention in words(invite)
    assert pinged(channel, invite) == {bob.id, cy.id}  # they, and only they, pinged
    joined = await bob.click(invite, custom_id=f"dom:lobby:join:{table.id}")
    assert said(joined) and all(m.ephemeral for m in said(joined))
    assert f"You joined table #{table.id}" in words(said(joined)[-1])
    assert table.seat_of(bob.id) == 1


# -- the end -----------------------------------------------------------------------------------
async def finished_table(world: dict[str, Any]) -> Any:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    await open_table(ann, channel, "traditional", seats=3, lobby={"auto_start": False})
    table = newest(env)
    await bob.click(table_message(channel, table), label="Join")
    await add_ai(ann, table_message(channel, table), "easy")
    await ann.click(table_message(channel, table), label="Start")
    await env.settle()
    await play_out(world, table)
    assert table.status == "finished"
    return table


async def test_rematch_makes_one_lobby_on_a_double_click_and_pings_the_players(
        world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann, bob, _ = world["members"]
    table = await finished_table(world)
    final = table_message(channel, table)
    text = words(final)
    assert "Game over: " in text and "(domino)" not in text and "(fish)" not in text
    first, second = await simultaneous_clicks(env, [bob, ann], final, f"dom:rematch:{table.id}")
    lobbies = [x for x in env.bot.service.held_tables.values() if x.status == "lobby"]
    assert len(lobbies) == 1
    lobby = lobbies[0]
    assert lobby.settings.rematch_of == table.id
    assert [s.ai_level for s in lobby.seats if s.is_ai] == ["easy"]  # the AI sits again
    host = bob if lobby.host_id == bob.id else ann
    other = ann if host is bob else bob
    assert lobby.seat_of(other.id) is None  # people are asked, not seated
    everything = [*said(first), *said(second)]
    ping = next(m for m in everything if not m.ephemeral and other.mention in words(m))
    assert pinged(channel, ping) == {other.id}
    assert custom_ids(components(ping), f"dom:lobby:join:{lobby.id}")
    told = [m for m in everything if m.ephemeral and "already has its rematch" in words(m)]
    assert len(told) == 1
    again = await other.click(final, label="Rematch")  # later, too: the same lobby
    assert "already has its rematch" in " ".join(words(m) for m in said(again))
    assert len([x for x in env.bot.service.held_tables.values() if x.status == "lobby"]) == 1


# -- help and rules ----------------------------------------------------------------------------
HELP_TOPICS = [*TOPICS, *GAMES]


@pytest.mark.parametrize("topic", HELP_TOPICS)
async def test_help_answers_every_page_privately(world: dict[str, Any], topic: str) -> None:
    channel, ann = world["channel"], world["members"][0]
    result = await ann.slash(channel, "domino help", topic=topic)
    assert result.response is not None and result.response.ephemeral
    assert t(f"help.{topic}" if topic not in GAMES else f"help.game.{topic}") in (
        result.response.content)
    assert len(result.response.content) <= 2000  # Discord's limit
    if topic in GAMES:  # a game's page shows a table of it
        assert [a.filename for a in result.response.attachments] == [f"{topic}.png"]


@pytest.mark.parametrize("game", list(GAMES))
async def test_rules_answer_for_every_game(world: dict[str, Any], game: str) -> None:
    channel, ann = world["channel"], world["members"][0]
    result = await ann.slash(channel, "domino rules", game=game)
    assert result.response is not None and result.response.ephemeral
    assert result.response.content.startswith(t(f"rules.{game}")[:40])


async def test_rules_at_a_table_add_its_options_in_words(world: dict[str, Any]) -> None:
    channel, ann = world["channel"], world["members"][0]
    await ann.slash(channel, "domino new traditional", target=101, lead="winner")
    result = await ann.slash(channel, "domino rules")
    text = result.response.content
    assert "Match to: 101" in text and "Lead: the last hand's winner, any tile" in text
    assert "Hand size: 7 (default)" in text and len(text) <= 2000


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_its_words_in_the_catalog(game: str) -> None:
    from catalog import has

    keys = [f"game.{game}", f"help.game.{game}", f"rules.{game}"]
    for info in GAMES[game].options:
        keys += [info.key, f"{info.key}.name", *[info.choice_key(c) for c in info.choices]]
    assert [key for key in keys if not has(key)] == []
    # Discord's limit, without the cut `with_default` makes: nothing is lost.
    assert all(len(t("option.default", text=t(i.key), value=value_words(i, i.default))) <= 100
               for i in GAMES[game].options)


def level_menu(env: Any, channel: Any) -> list[dict[str, Any]]:
    """The newest table's AI level menu: its options, as Discord gets them."""
    components = [c if isinstance(c, dict) else c.to_dict()
                  for c in table_message(channel, newest(env)).components]
    menu = next(c for c in walk(components) if str(c.get("custom_id")).startswith("dom:addai:"))
    options: list[dict[str, Any]] = menu["options"]
    return options


async def test_the_lobby_says_how_strong_each_ai_level_is(world: dict[str, Any]) -> None:
    env, channel = world["env"], world["channel"]
    ann = world["members"][0]
    await open_table(ann, channel, "carousel", seats=3, lobby={"auto_start": False})
    options = level_menu(env, channel)
    described = {o["value"]: o.get("description") for o in options}
    easy, normal, hard = (strength_words("carousel", level, seats=3) for level in LEVELS)
    assert easy is None and "description" not in options[0]
    # Carousel's normal wins 97-99.5% against easy; hard 83.6% of 1,000 3-player
    # matches against normal at the tables' budget (README, 2026-12-05).
    assert described == {"easy": None, "normal": "Wins almost every game against easy AI",
                         "hard": "Wins about 4 games in 5 against normal AI"}
    assert (normal, hard) == (described["normal"], described["hard"])
    # At 2 players hard wins 93.3% of 1,000: a table of two says so.
    bob = world["members"][1]
    await open_table(bob, channel, "carousel", seats=2, lobby={"auto_start": False})
    two = next(o for o in level_menu(env, channel) if o["value"] == "hard")
    assert two["description"] == "Wins about 9 games in 10 against normal AI"


def test_every_level_above_easy_says_its_strength_in_every_language() -> None:
    for name, spec in GAMES.items():
        if spec.solitaire:
            assert strength_words(name, "hard") is None
            continue
        assert [level for level, _ in spec.ai_strength] == list(LEVELS[1:]), name
        assert all(0.5 < share <= 1 for _, share in spec.ai_strength), name
        for locale in ("en", "ru", "uk"):
            for level in LEVELS[1:]:
                words = strength_words(name, level, locale)
                assert words is not None and "{" not in words and len(words) <= 100
                assert ("ИИ" in words) == (locale == "ru") and ("ШІ" in words) == (locale == "uk")
    assert share_words("hard", 0.66, "ru") == "Выигрывает у обычного ИИ примерно 2 из 3 партий"
    assert share_words("normal", 0.63, "uk") == "Виграє в легкого ШІ приблизно 3 з 5 партій"
    assert share_words("hard", 0.96) == "Wins almost every game against normal AI"


def test_the_lobbys_hard_words_are_the_readmes_rows() -> None:
    # `GameSpec.ai_strength` (the usual table) and `ai_strength_by_seats` are copied by
    # hand from the README's strength table: each must read as the same words as its row.
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    checked = []
    for name in ("traditional", "carousel"):
        spec = GAMES[name]
        for seats in [spec.usual_players, *(at for _, at, _ in spec.ai_strength_by_seats)]:
            row = re.search(rf"^\| {name.capitalize()}, {seats} players \| "
                            r"(\d+\.\d)% ", readme, re.MULTILINE)
            assert row is not None, (name, seats)
            share = spec.strength("hard", seats)
            assert share is not None
            assert share_words("hard", share) == share_words("hard", float(row[1]) / 100)
            checked.append((name, seats))
    assert checked == [("traditional", 3), ("carousel", 4), ("carousel", 2), ("carousel", 3)]


def test_a_level_reads_its_figure_at_the_tables_number_of_players() -> None:
    spec = GAMES["carousel"]
    assert spec.strength("hard", 2) == 0.933 and spec.strength("hard", 3) == 0.836
    # Unmeasured seat counts and no count at all read as the usual table.
    assert spec.strength("hard", 6) == spec.strength("hard") == 0.815
    assert spec.strength("normal", 2) == 0.98 and spec.strength("easy", 2) is None
    assert strength_words("carousel", "hard", seats=2) == \
        "Wins about 9 games in 10 against normal AI"
    assert strength_words("traditional", "hard", "ru", seats=2) == \
        "Выигрывает у обычного ИИ примерно 2 из 3 партий"
