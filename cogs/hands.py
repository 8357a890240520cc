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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

import discord

from catalog import t
from catalog.reader import current, reading
from cogs.answering import guard, seated, unless_slow
from cogs.languages import languages_of
from cogs.table_updates import TableMessages, fault_text
from cogs.words import move_words
from engine.notation import tiles_in
from storage import StorageError
from storage.models import HandMessage
from tables.errors import MoveQueued, StaleMove
from tables.live import LiveTable, TableEvent
from tables.service import TableService

log = logging.getLogger(__name__)

TOKEN_LIFE = 14 * 60  # seconds: an interaction token lives 15 minutes; keep a margin
Key = tuple[int, int]  # (table id, user id)
DmLayout = Callable[..., Awaitable[tuple[discord.ui.LayoutView, list[discord.File], bool]]]


class HandDraw(Protocol):
    """How a hand message is drawn (`cogs.play.hand_message`: the tiles and move buttons)."""

    def __call__(self, table: LiveTable, seat: int, *, buttons: bool,
                 status: str | None = None) -> Awaitable[tuple[discord.ui.LayoutView,
                                                               list[discord.File]]]: ...


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


def snapshot(table: LiveTable) -> LiveTable:
    """The table as it is now (its game, move number and who resigned), safe to render
    later."""
    return LiveTable(table.row, table.game.copy() if table.game is not None else None,
                     resigned=table.resigned)


def deciding(table: LiveTable, seat: int) -> bool:
    """Whether `seat` has a real decision to make now (their move buttons are live)."""
    game = table.game
    if table.status != "playing" or game is None or game.to_move != seat:
        return False
    return not table.played_by_ai(seat) and not table.forced_next()


class LiveHands:
    """Keeps every player's latest hand message current; the only one with buttons."""

    def __init__(self, bot: discord.Client, service: TableService, updates: TableMessages,
                 draw: HandDraw) -> None:
        self.bot = bot
        self.service = service
        self.updates = updates
        self.draw = draw
        self._newest: dict[Key, Update] = {}
        self._workers: dict[Key, asyncio.Task[None]] = {}
        # Replaced hand messages whose buttons go, with the table and seat to draw them.
        self._stale: dict[Key, list[tuple[LiveTable, int, HandMessage]]] = {}
        self._status: dict[Key, str] = {}  # the note of the player's last move
        self._shown: dict[Key, tuple[str, ...]] = {}  # the tiles last shown, for "you drew"
        # A click whose move is being committed: its player's updates wait for it.
        self._clicks: dict[Key, Click] = {}
        # How a turn DM is drawn (cogs/notices.py): a stripped DM keeps its turn's words.
        self.dm_layout: DmLayout | None = None

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

    async def layout(self, table: LiveTable, seat: int, *,
                     buttons: bool | None = None) -> tuple[discord.ui.LayoutView,
                                                           list[discord.File], bool]:
        """The hand message of `seat` now: (layout, files, live). `buttons` None: live
        exactly when the seat has a real decision."""
        assert table.game is not None
        live = deciding(table, seat) if buttons is None else buttons
        layout, files = await self.draw(table, seat, buttons=live,
                                        status=self.status(table, seat, live))
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
            replaced = await self.service.store.set_hand_message(hand)
        except StorageError as exc:
            log.warning("table %d: a hand message was not stored: %s", table.id, exc)
            return
        if replaced is not None and replaced.live and replaced.editable(now):
            self._strip_later((table.id, user), table, seat, replaced)

    def _strip_later(self, key: Key, table: LiveTable, seat: int, old: HandMessage) -> None:
        """Take `old`'s buttons away in the player's worker, after what it is doing."""
        self._stale.setdefault(key, []).append((table, seat, old))
        self._ensure_worker(key)

    async def _strip(self, table: LiveTable, seat: int, old: HandMessage) -> None:
        draw = (self.dm_layout if old.token is None and self.dm_layout is not None
                else self.layout)
        with reading(await languages_of(self.bot).person(old.user_id)):
            layout, files, _ = await draw(snapshot(table), seat, buttons=False)
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
        self._queue((table.id, user), Update(snapshot(table), seat, only_live))

    def _queue(self, key: Key, update: Update) -> None:
        """The player's next update is `update` (replacing one not begun); while a click of
        theirs is being committed, it waits for the click's own update."""
        self._newest[key] = update
        self._ensure_worker(key)

    def _ensure_worker(self, key: Key) -> None:
        """Start the player's worker if it is not running (nor waiting for a click)."""
        if key not in self._workers and key not in self._clicks:
            self._workers[key] = self.updates.spawn(self._work(key), f"hand-{key[0]}-{key[1]}")

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
        self._queue(key, Update(snapshot(table), seat, False, click))
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
            return await self.draw(table, seat, buttons=False)

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
        return await self.service.store.note_hand_message(
            replace(hand, seq=table.seq, live=live))

    async def _latest(self, table: LiveTable, seat: int) -> HandMessage | None:
        """The seat's latest hand message as stored (None: none, or an AI's seat)."""
        user = table.seats[seat].user_id
        stored = await self.service.store.hand_messages(table.id)
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
            await self.service.store.note_hand_message(replace(hand, seq=table.seq, live=live))

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

    # -- "Your hand" (and /domino hand, cogs/tables_cog.py): a new hand message ----------
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
        notice's business (cogs/notices.py: a new DM, or this message made live); the
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
