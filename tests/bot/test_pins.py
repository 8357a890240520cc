"""Pins of what a refactor must not change: the slash-command payload and the custom ids.

Discord keeps the registered commands and the buttons of every message ever posted;
a changed payload forces a re-sync, and a changed custom id leaves old buttons dead.
The expected values are test data (tests/pins/), written once from the bot as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.common.items import ReaderItem

PINS = Path(__file__).resolve().parent.parent / "pins"
FIELDS = ("action", "table", "seq", "move", "tile", "game", "guild_id", "page", "tournament",
          "entry", "seats", "answer")

# One sample id of every kind the bot has ever posted, with what it must parse to.
SAMPLES: list[tuple[str, str, dict[str, Any]]] = [
    ("dom:play:12:3:6-3_L", "PlayButton", {"table": 12, "seq": 3, "move": "6-3 L"}),
    ("dom:play:12:3:6-3", "PlayButton", {"table": 12, "seq": 3, "move": "6-3"}),
    ("dom:play:7:0:draw", "PlayButton", {"table": 7, "seq": 0, "move": "draw"}),
    ("dom:play:7:41:pass", "PlayButton", {"table": 7, "seq": 41, "move": "pass"}),
    ("dom:play:7:2:place_4", "PlayButton", {"table": 7, "seq": 2, "move": "place 4"}),
    ("dom:play:7:2:move_3_7", "PlayButton", {"table": 7, "seq": 2, "move": "move 3 7"}),
    ("dom:play:7:2:discard", "PlayButton", {"table": 7, "seq": 2, "move": "discard"}),
    ("dom:play:9:5:12-11_U", "PlayButton", {"table": 9, "seq": 5, "move": "12-11 U"}),
    ("dom:tile:12:3:6-3", "TileButton", {"table": 12, "seq": 3, "tile": "6-3"}),
    ("dom:hand:12", "TableButton", {"action": "hand", "table": 12}),
    ("dom:resign:12", "TableButton", {"action": "resign", "table": 12}),
    ("dom:quit:12", "TableButton", {"action": "quit", "table": 12}),
    ("dom:rules:12", "TableButton", {"action": "rules", "table": 12}),
    ("dom:rematch:12", "TableButton", {"action": "rematch", "table": 12}),
    ("dom:hint:12:5", "HintButton", {"table": 12, "seq": 5}),
    ("dom:lobby:join:12", "LobbyButton", {"action": "join", "table": 12}),
    ("dom:lobby:leave:12", "LobbyButton", {"action": "leave", "table": 12}),
    ("dom:lobby:ai:12", "LobbyButton", {"action": "ai", "table": 12}),
    ("dom:lobby:start:12", "LobbyButton", {"action": "start", "table": 12}),
    ("dom:lobby:cancel:12", "LobbyButton", {"action": "cancel", "table": 12}),
    ("dom:back:12", "BackButton", {"table": 12}),
    ("dom:addai:12", "AiSelect", {"table": 12}),
    ("dom:partner:12", "PartnerSelect", {"table": 12}),
    ("dom:board:traditional:g123:2", "BoardButton",
     {"game": "traditional", "guild_id": 123, "page": 2}),
    ("dom:board:carousel:global:1", "BoardButton",
     {"game": "carousel", "guild_id": None, "page": 1}),
    ("dom:tour:join:5", "TournamentButton", {"action": "join", "tournament": 5}),
    ("dom:tour:leave:5", "TournamentButton", {"action": "leave", "tournament": 5}),
    ("dom:tour:checkin:5", "TournamentButton", {"action": "checkin", "tournament": 5}),
    ("dom:forming:9:carousel", "FormingJoin", {"guild_id": 9, "game": "carousel"}),
    ("dom:near:31:3:yes", "NearMatchButton", {"entry": 31, "seats": 3, "answer": "yes"}),
    ("dom:near:31:3:no", "NearMatchButton", {"entry": 31, "seats": 3, "answer": "no"}),
    ("dom:review:12", "ReviewButton", {"table": 12}),
]
NOT_IDS = ["dom:play:12:3:", "dom:hand:x", "dom:lobby:kick:12", "dom:board:traditional:12:1",
           "dom:tile:12:3:6", "dom:tour:kick:5"]


def dynamic_items(bot: Any) -> dict[re.Pattern[str], Any]:
    """The DynamicItem classes the running bot dispatches clicks to, by template."""
    # discord.py keeps them in its view store; there is no public accessor.
    items: dict[re.Pattern[str], Any] = bot._connection._view_store._dynamic_items
    return items


def command_payload(bot: Any) -> list[dict[str, Any]]:
    """What the bot registers with Discord: every app command, as sync sends it."""
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def test_the_registered_commands_are_unchanged(simcord_env: Any) -> None:
    expected = json.loads((PINS / "app_commands.json").read_text(encoding="utf-8"))
    assert command_payload(simcord_env.bot) == expected


def test_the_custom_id_templates_are_unchanged(simcord_env: Any) -> None:
    expected = json.loads((PINS / "custom_ids.json").read_text(encoding="utf-8"))
    templates = {cls.__name__: pattern.pattern
                 for pattern, cls in dynamic_items(simcord_env.bot).items()}
    assert templates == expected


@pytest.mark.parametrize(("custom_id", "kind", "fields"), SAMPLES,
                         ids=[s[0] for s in SAMPLES])
async def test_an_old_button_still_reaches_its_handler(simcord_env: Any, custom_id: str,
                                                       kind: str, fields: dict[str, Any]) -> None:
    """The live bot matches the id to exactly one item, which parses it back to its fields
    and rebuilds the very same id."""
    matches = [(pattern, cls) for pattern, cls in dynamic_items(simcord_env.bot).items()
               if pattern.fullmatch(custom_id)]
    assert [cls.__name__ for _, cls in matches] == [kind]
    pattern, cls = matches[0]
    clicked = SimpleNamespace(label="Label", custom_id=custom_id)
    item = await cls.from_custom_id(None, clicked, pattern.fullmatch(custom_id))
    assert {k: getattr(item, k) for k in FIELDS if hasattr(item, k)} == fields
    assert item.custom_id == custom_id
    assert callable(item.callback)


def test_every_registered_button_makes_the_clicker_the_reader(simcord_env: Any) -> None:
    """One base sets the reader's language before any callback (cogs.common.items.ReaderItem), so
    no button can answer in another person's language."""
    kinds = set(dynamic_items(simcord_env.bot).values())
    assert kinds and all(issubclass(cls, ReaderItem) for cls in kinds), \
        [cls.__name__ for cls in kinds if not issubclass(cls, ReaderItem)]


def test_what_is_not_an_id_matches_nothing(simcord_env: Any) -> None:
    patterns = dynamic_items(simcord_env.bot)
    for text in NOT_IDS:
        assert not any(p.fullmatch(text) for p in patterns), text
