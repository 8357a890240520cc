"""Hand messages storage could not take yet (issue 55: "a hand that stays stale").

A player who opens "Your hand" while another process holds the database's write lock
still got a hand message; before, it was forgotten ("a hand message was not stored"),
so nothing ever updated it and it kept offering the old buttons. Now it is kept here,
in memory, as the player's latest hand message (cogs/play/hands.py reads it first), and
stored in the background once storage lets it: retried after 10, 20, 40 ... seconds, at
most two minutes apart, as long as the process runs (a restart forgets it, as it forgets
the message's interaction token's use: the player opens their hand again).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace

from cogs.common.background import Background
from storage import StorageError
from storage.models import HandMessage

log = logging.getLogger(__name__)

Key = tuple[int, int]  # (table id, user id)
FIRST_RETRY, LAST_RETRY = 10.0, 120.0  # seconds between tries to store one


class UnstoredHands:
    """The latest hand message of each player storage has not taken yet."""

    def __init__(self, store: Callable[[HandMessage], Awaitable[HandMessage | None]],
                 background: Background,
                 replaced: Callable[[HandMessage, HandMessage | None], None],
                 alive: Callable[[int], bool]) -> None:
        """`store` is storage's set_hand_message; `replaced(hand, old)` is told once a
        kept hand is stored, with the one it replaced there (whose buttons go); `alive`
        says whether a table is still in play here (an ended one's hand is not stored)."""
        self._store = store
        self._alive = alive
        self._background = background
        self._replaced = replaced
        self._kept: dict[Key, HandMessage] = {}

    def get(self, table_id: int, user_id: int) -> HandMessage | None:
        return self._kept.get((table_id, user_id))

    def keep(self, hand: HandMessage) -> None:
        """Keep `hand` as the player's latest, and store it as soon as storage lets it."""
        key = (hand.table_id, hand.user_id)
        first = key not in self._kept
        self._kept[key] = hand
        if first:
            self._background.spawn(self._store_later(key), f"hand-store-{hand.table_id}")

    def note(self, hand: HandMessage) -> bool:
        """Note a kept hand's new state (its move number, live or not): True if it is the
        one kept, False when it is not kept here (storage has it)."""
        key = (hand.table_id, hand.user_id)
        kept = self._kept.get(key)
        if kept is None or kept.message_id != hand.message_id:
            return False
        self._kept[key] = replace(kept, seq=hand.seq, live=hand.live)
        return True

    def drop(self, table_id: int, user_id: int) -> HandMessage | None:
        """A newer hand message was stored: the kept one is no longer the latest."""
        return self._kept.pop((table_id, user_id), None)

    async def _store_later(self, key: Key) -> None:
        delay = FIRST_RETRY
        while (hand := self._kept.get(key)) is not None:
            await asyncio.sleep(delay)
            hand = self._kept.get(key)
            if hand is None:
                return  # a newer one was stored meanwhile
            if not self._alive(key[0]):
                del self._kept[key]  # the game ended here: nothing more to update
                return
            try:
                old = await self._store(hand)
            except StorageError as exc:
                delay = min(delay * 2, LAST_RETRY)
                log.info("table %d: a hand message still waits to be stored (%s)", key[0], exc)
                continue
            if self._kept.get(key) is hand:
                del self._kept[key]
                log.info("table %d: a hand message kept in memory was stored", key[0])
                self._replaced(hand, old)
                return
            delay = FIRST_RETRY  # a newer one came while this was stored: store it too
