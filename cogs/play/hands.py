"""Each player's hand as a live view: one latest hand message per player and table.

The latest hand message (a turn DM, or the ephemeral "Your hand") is stored
(`Storage.set_hand_message`), so a restart keeps editing it. After every change
that concerns a player (their move, their turn beginning at a real decision,
the game's end) it is edited in the background to show their current hand, with
move buttons only while a real decision is theirs. When a newer hand message
replaces it, the old one loses its buttons. Edits of one player's message are
coalesced: only the newest state is sent, and a slow Discord never holds a move.
Every edit of a player's hand messages, taking an old one's buttons away too, is
made by that player's one worker, in order: an update begun on the message a new
one has just replaced cannot give it its buttons back after they were taken.

A move clicked on a hand message is answered by that same update
(`answer_click`): the click's interaction carries the edit instead of the
channel, so every hand message is written here, by one worker per player. "Your
hand" and `/domino hand` post a new one (`show_hand`, `send_hand`).

An ephemeral message can be edited while its interaction token lives (15
minutes); a DM always.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Any

import discord

from catalog import t
from catalog.reader import current, reading
from cogs.common.answering import fault_text, guard, seated, unless_slow
from cogs.common.background import Background
from cogs.common.game_words import move_words
from cogs.common.locales import languages_of
from cogs.play.hand_message import Drawn, add_turn, draw_hand
from cogs.play.unstored_hands import UnstoredHands
from cogs.table.table_buttons import HandOpener
from engine.notation import tiles_in
from storage import StorageError
from storage.models import HandMessage
from tables.errors import MoveQueued, StaleMove
from tables.live import LiveTable, TableEvent
from tables.service import TableService

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60  # seconds: an interaction token lives 15 minutes; keep a margin
Key = tuple[int, int]  # (table id, user id)

@dataclass(eq=False)
class Click:
    """A move clicked on a hand message: the next update of that hand answers it."""

    interaction: discord.Interaction[Any]
    language: str  # the clicker's, read before the click's callback
    error: Exception | None = None  # what answering it raised, for its handler's guard


@dataclass(eq=False)
class Update:
    """What the worker of one player's hand does next (requests coalesce into one)."""

    table: LiveTable
    seat: int
    only_live: bool
    click: Click | None = None


def deciding(table: LiveTable, seat: int) -> bool:
    """Whether `seat` has a real decision to make now (their move buttons are live)."""
    game = table.game
    if table.status != "playing" or game is None or game.to_move != seat:
        return False
    return not table.played_by_ai(seat) and not table.forced_next()


class LiveHands(HandOpener):
    """Keeps every player's latest hand message current; the only one with buttons."""

    def __init__(self, bot: discord.Client, service: TableService,
                 background: Background) -> None:
        self.bot = bot
        self.service = service
        self.stored = service.hand_messages
        self.background = background
        self._newest: dict[Key, Update] = {}
        self._workers: dict[Key, asyncio.Task[None]] = {}
        # Replaced hand messages whose buttons go, with the table and seat to draw them.
        self._stale: dict[Key, list[tuple[LiveTable, int, HandMessage]]] = {}
        self._status: dict[Key, str] = {}  # the note of the player's last move
        self._shown: dict[Key, tuple[str, ...]] = {}  # the tiles last shown, for "you drew"
        # A click whose move is being committed: its player's updates wait for it.
        self._clicks: dict[Key, Click] = {}
        # The latest hand messages storage was too busy for: kept, stored later.
        self._unstored = UnstoredHands(
            self.stored.set_hand_message, background, self._stored_late,
            lambda table_id: (held := service.held(table_id)) is not None and held.is_live)

    # -- what the player is told ---------------------------------------------------------
    def note(self, table: LiveTable, seat: int, text: str) -> None:
        """A line for the player's hand message until their next decision ("You played
        6-3")."""
        user = table.seats[seat].user_id
        if user is not None:
            self._status[(table.id, user)] = text

    def status(self, table: LiveTable, seat: int, live: bool) -> str | None:
        """The line to show with the hand now: at a decision of theirs, the tiles drawn for
        them since they last saw their hand; otherwise the note of their last move."""
        user = table.seats[seat].user_id
        assert user is not None and table.game is not None
        key = (table.id, user)
        if not live:
            return self._status.get(key)
        self._status.pop(key, None)
        hand = tuple(str(tile) for tile in table.game.view(seat).hand or ())
        before = self._shown.get(key)
        drawn = [tile for tile in hand if before is not None and tile not in before]
        if not drawn or before is None or len(hand) <= len(before):
            return None
        return t("hand.drew", count=len(drawn), tiles=tiles_in(", ".join(drawn)))  # [4|1]

    async def layout(self, table: LiveTable, seat: int, *, buttons: bool | None = None,
                     turn: bool = False) -> tuple[discord.ui.LayoutView, list[discord.File],
                                                  bool]:
        """The hand message of `seat` now: (layout, files, live); a turn DM (`turn`) also
        shows the board, where the table is and its clock. `buttons` None: live exactly
        when the seat has a real decision."""
        assert table.game is not None
        live = deciding(table, seat) if buttons is None else buttons
        drawn: Drawn = await draw_hand(table, seat, buttons=live,
                                       status=self.status(table, seat, live))
        if turn:
            drawn = await add_turn(self.bot, table, drawn)
        layout, files = drawn
        user = table.seats[seat].user_id
        if user is not None:
            self._shown[(table.id, user)] = tuple(
                str(tile) for tile in table.game.view(seat).hand or ())
        return layout, files, live

    # -- adopting a new latest message ---------------------------------------------------
    async def adopt(self, table: LiveTable, seat: int, channel_id: int, message_id: int, *,
                    live: bool, token: str | None = None) -> None:
        """Make this message the seat's latest hand message (a DM, or an ephemeral with its
        interaction `token`); the one it replaces loses its buttons."""
        user = table.seats[seat].user_id
        if user is None:
            return
        now = self.service.clock()
        hand = HandMessage(table.id, user, channel_id, message_id, table.seq, token,
                           now + TOKEN_LIFE if token else None, live)
        try:
            replaced = await self.stored.set_hand_message(hand)
        except StorageError as exc:
            # Still the latest: kept in memory, updated like any, stored once it can be.
            log.warning("table %d: a hand message is kept to be stored later: %s",
                        table.id, exc)
            replaced = self._unstored.get(table.id, user)
            self._unstored.keep(hand)
        else:
            older = self._unstored.drop(table.id, user)  # an unstored one it replaces
            if older is not None and older.message_id != message_id:
                replaced = older
        if (replaced is not None and replaced.message_id != message_id and replaced.live
                and replaced.editable(now)):
            self._strip_later((table.id, user), table, seat, replaced)

    def _stored_late(self, hand: HandMessage, old: HandMessage | None) -> None:
        """A kept hand message was stored at last: the one it replaced there (an older
        message, opened before) loses its buttons."""
        table = self.service.held(hand.table_id)
        seat = table.seat_of(hand.user_id) if table is not None else None
        if (table is None or seat is None or old is None or old.message_id == hand.message_id
                or not old.live or not old.editable(self.service.clock())):
            return
        self._strip_later((hand.table_id, hand.user_id), table, seat, old)

    def _strip_later(self, key: Key, table: LiveTable, seat: int, old: HandMessage) -> None:
        """Take `old`'s buttons away in the player's worker, after what it is doing."""
        self._stale.setdefault(key, []).append((table, seat, old))
        self._ensure_worker(key)

    async def _strip(self, table: LiveTable, seat: int, old: HandMessage) -> None:
        # A turn DM keeps its turn's words (an ephemeral hand has none).
        with reading(await languages_of(self.bot).person(old.user_id)):
            layout, files, _ = await self.layout(table.snapshot(), seat, buttons=False,
                                                 turn=old.token is None)
        try:
            await self._edit(old, layout, files)
        except discord.HTTPException as exc:
            log.info("table %d: an old hand message kept its buttons: %s", table.id,
                     fault_text(exc))

    # -- keeping it current --------------------------------------------------------------
    def request(self, table: LiveTable, seat: int, *, only_live: bool = False) -> None:
        """Bring the seat's latest hand message up to date soon (in the background);
        `only_live`: only if it shows move buttons (they go)."""
        user = table.seats[seat].user_id
        if user is None or table.game is None:
            return
        self._queue((table.id, user), Update(table.snapshot(), seat, only_live))

    def _queue(self, key: Key, update: Update) -> None:
        """The player's next update is `update` (replacing one not begun); while a click of
        theirs is being committed, it waits for the click's own update."""
        self._newest[key] = update
        self._ensure_worker(key)

    def _ensure_worker(self, key: Key) -> None:
        """Start the player's worker if it is not running (nor waiting for a click)."""
        if key not in self._workers and key not in self._clicks:
            self._workers[key] = self.background.spawn(self._work(key),
                                                       f"hand-{key[0]}-{key[1]}")

    async def answer_click(self, interaction: discord.Interaction[Any], table: LiveTable,
                           seat: int, work: Awaitable[object]) -> None:
        """A move clicked on the seat's hand message: commit it (`work`), then answer the
        click with the update of that message to the new hand (the player's updates
        asked for meanwhile are that same one). If the commit takes longer than Discord's
        window, the click is acknowledged first and the message is edited as any other;
        a move storage is too busy for is queued (`MoveQueued`: the note says so). Raises
        what `work` raises (nothing was committed then)."""
        user = table.seats[seat].user_id
        assert user is not None
        key = (table.id, user)
        click = Click(interaction, current())
        self._clicks[key] = click
        try:
            # A move storage keeps waiting (another process holds the database's lock) is
            # answered in time: it is queued, the hand updated as any other once stored.
            await unless_slow(interaction, work, thinking=False, note=t("error.move_queued"))
        except BaseException as exc:
            self._clicks.pop(key, None)
            if key in self._newest or key in self._stale:  # what was asked meanwhile goes
                self._ensure_worker(key)
            if isinstance(exc, MoveQueued) and interaction.response.is_done():
                return  # told by the note already
            raise
        self._clicks.pop(key, None)
        self._queue(key, Update(table.snapshot(), seat, False, click))
        worker = self._workers.get(key)
        if worker is not None:  # it answers the click first, then any newer update
            await asyncio.wait({worker})
        if click.error is not None:
            raise click.error

    async def _work(self, key: Key) -> None:
        ended = False
        try:
            while key not in self._clicks and (key in self._newest or key in self._stale):
                update = self._newest.pop(key, None)
                if update is not None:
                    ended = not update.table.is_live
                    await self._do(key, update)
                # After the update: it may have been editing a message replaced meanwhile.
                for table, seat, old in self._stale.pop(key, []):
                    await self._strip(table, seat, old)
        finally:
            self._workers.pop(key, None)
            if ended and key not in self._newest:
                # Its last hand message is sent: an ended table keeps nothing here (issue 29).
                self._status.pop(key, None)
                self._shown.pop(key, None)

    async def _do(self, key: Key, update: Update) -> None:
        """One update: a click's answer, or an edit of the latest hand message."""
        click = update.click
        if click is not None and not click.interaction.response.is_done():
            await self._answer(key, update, click)
            return
        try:
            await self._update(update.table, update.seat, update.only_live)
        except (discord.HTTPException, StorageError) as exc:
            log.warning("table %d: a hand message was not updated: %s", key[0],
                        fault_text(exc) if isinstance(exc, discord.HTTPException) else exc)

    async def _answer(self, key: Key, update: Update, click: Click) -> None:
        """Edit the clicked hand message to `update`'s state, as the click's answer; what
        goes wrong is the click's (its handler's guard answers it). A clicked message a
        newer one replaced meanwhile loses its buttons again after."""
        table, seat, interaction = update.table, update.seat, click.interaction
        try:
            with reading(click.language):
                layout, files, live = await self.layout(table, seat)
            await interaction.response.edit_message(view=layout, attachments=files)
            message = interaction.message
            if message is not None and not await self.answered(table, seat, message.id, live):
                hand = await self._latest(table, seat)
                if live and hand is not None:
                    ephemeral = message.flags.ephemeral  # edited through the click's token
                    self._strip_later(key, table, seat, replace(
                        hand, channel_id=message.channel.id, message_id=message.id,
                        token=interaction.token if ephemeral else None,
                        expires_at=self.service.clock() + TOKEN_LIFE if ephemeral else None,
                        live=True))
        except Exception as exc:
            click.error = exc

    async def answer_stripped(self, interaction: discord.Interaction[Any], table_id: int,
                              seq: int) -> None:
        """A move clicked on a hand message of a table another process holds: answer the
        click by taking the message's buttons away, before the move is committed there
        (the holder's update of this message then comes after ours)."""
        async def stripped() -> tuple[discord.ui.LayoutView, list[discord.File]]:
            table, seat = await seated(self.service, table_id, interaction.user.id)
            if table.seq != seq:
                raise StaleMove()  # the message is the holder's to bring up to date
            return await draw_hand(table, seat, buttons=False)

        layout, files = await unless_slow(interaction, stripped(), thinking=False)
        if interaction.response.is_done():
            await interaction.edit_original_response(view=layout, attachments=files)
        else:
            await interaction.response.edit_message(view=layout, attachments=files)

    async def answered(self, table: LiveTable, seat: int, message_id: int,
                       live: bool) -> bool:
        """A click's answer edited hand message `message_id` to the table's state: note it
        if it is still the latest. Returns whether it is."""
        hand = await self._latest(table, seat)
        if hand is None or hand.message_id != message_id:
            return False
        return await self._note(replace(hand, seq=table.seq, live=live))

    async def _note(self, hand: HandMessage) -> bool:
        """Note the latest hand message's new state, kept in memory or stored."""
        return self._unstored.note(hand) or await self.stored.note_hand_message(hand)

    async def _latest(self, table: LiveTable, seat: int) -> HandMessage | None:
        """The seat's latest hand message: one kept until storage takes it, else as
        stored (None: none, or an AI's seat)."""
        user = table.seats[seat].user_id
        kept = self._unstored.get(table.id, user) if user is not None else None
        if kept is not None:
            return kept
        stored = await self.stored.hand_messages(table.id)
        return next((h for h in stored if user is not None and h.user_id == user), None)

    async def _update(self, table: LiveTable, seat: int, only_live: bool) -> None:
        hand = await self._latest(table, seat)
        if hand is None or not hand.editable(self.service.clock()):
            return
        if only_live and not hand.live:
            return
        # Whoever's move brought it up to date, it is written for its player.
        with reading(await languages_of(self.bot).person(hand.user_id)):
            layout, files, live = await self.layout(table, seat)
        await self._edit(hand, layout, files)
        # Only while it is the latest: a newer message adopted meanwhile stays the latest
        # (and this one loses its buttons after this edit, `_strip_later`).
        if live != hand.live or hand.seq != table.seq:
            await self._note(replace(hand, seq=table.seq, live=live))

    async def _edit(self, hand: HandMessage, layout: discord.ui.LayoutView,
                    files: list[discord.File]) -> None:
        if hand.token is None:
            channel = self.bot.get_partial_messageable(hand.channel_id)
            await channel.get_partial_message(hand.message_id).edit(view=layout,
                                                                    attachments=files)
            return
        assert self.bot.application_id is not None
        webhook = discord.Webhook.partial(self.bot.application_id, hand.token, client=self.bot)
        await webhook.edit_message(hand.message_id, view=layout, attachments=files)

    # -- "Your hand" (and /domino hand, cogs/play/moves.py): a new hand message -----------
    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """A fresh ephemeral message with the caller's hand and a button per playable tile."""
        async with guard(interaction, table_id):
            table, seat = await seated(self.service, table_id, interaction.user.id)
            await self.send_hand(interaction, table, seat)

    async def send_hand(self, interaction: discord.Interaction[Any], table: LiveTable,
                        seat: int) -> None:
        """Send the hand as it is now, ephemerally; it becomes the seat's latest."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        now = LiveTable(table.row, table.game)  # this moment's game and move number
        assert now.game is not None
        layout, files, live = await self.layout(now, seat)
        message = await interaction.followup.send(view=layout, files=files, ephemeral=True,
                                                  wait=True)
        await self.adopt(now, seat, interaction.channel_id or table.channel_id, message.id,
                         live=live, token=interaction.token)

    # -- the listener ----------------------------------------------------------------------
    async def on_event(self, event: TableEvent) -> None:
        """After a committed change: the hands it concerns are brought up to date.

        A player's own move updates their hand; their turn beginning is the turn
        notice's business (cogs/play/turn_notices.py: a new DM, or this message made live); the
        end of the game, a resignation or an AI taking a seat takes the buttons away.
        """
        table, seat = event.table, event.seat
        if event.kind == "move" and seat is not None and not event.forced:
            user = table.seats[seat].user_id
            if user is not None:
                self.note(table, seat, t("hand.played", move=move_words(str(event.move))))
                self.request(table, seat)
        elif event.kind in ("finished", "cancelled"):
            for index, s in enumerate(table.seats):
                if s.user_id is not None:
                    self.request(table, index, only_live=True)
                    self._status.pop((table.id, s.user_id), None)  # nothing more to tell
                    self._shown.pop((table.id, s.user_id), None)
        elif event.kind in ("resigned", "seats", "away") and seat is not None:
            self.request(table, seat)
