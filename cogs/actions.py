"""The cogs' parts of one bot, made once and shared by the slash commands and the buttons.

Each feature is its own module with its buttons, handlers and layouts:

    cogs/lobby.py          /domino new, invitations, Join, Leave, Add AI, Start, Cancel, Rematch
    cogs/lobby_command.py  /domino lobby: the host changes their lobby's settings
    cogs/play.py           a move by button or /domino play, from the click to the commit
    cogs/hands.py          each player's hand message: "Your hand", kept current after moves
    cogs/table_buttons.py  Rules, Resign, Take my seat back; /domino cancel and replace
    cogs/clock_messages.py Big Clock's message and its Hint button
    cogs/table_message.py  the table's public message and what its channel is told (its
                           layouts: cogs/messages.py, cogs/clock_messages.py, by
                           cogs/games.py; sent, coalesced, by cogs/table_updates.py)
    cogs/notices.py        turn DMs, reminders and their fallbacks
The slash commands: cogs/tables_cog.py (`/domino` and its table commands, help,
rules), cogs/pickup_cog.py, cogs/daily_cog.py, cogs/stats_cog.py.

`Actions` builds them and holds them in `parts`, where a button finds its
handler (`cogs.items.part`). Three of them listen to `TableService` (the bot
registers `listeners`); none is held up by Discord: a listener runs under the
table's lock, so every send goes to the background.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from cogs.answering import guard
from cogs.clock_messages import Hints
from cogs.hands import LiveHands
from cogs.help import rules_text
from cogs.items import Parts
from cogs.lobby import Lobby
from cogs.lobby_command import LobbySettings
from cogs.lobby_holds import HeldSeatNotices
from cogs.membership import Membership
from cogs.notices import Notices
from cogs.play import Play, hand_message
from cogs.table_buttons import TableClicks
from cogs.table_message import TableChannel, table_message
from cogs.table_updates import TableMessages
from tables.live import TableEvent
from tables.people import People
from tables.service import TableService


class Actions:
    """The feature handlers of one bot, and the listeners they register."""

    guard = staticmethod(guard)  # every handler's error handling (cogs/answering.py)

    def __init__(self, bot: discord.Client, service: TableService, people: People) -> None:
        self.bot = bot
        self.service = service
        self.updates = TableMessages(bot, lambda table: table_message(bot, table),
                                     service.set_message)
        self.channel = TableChannel(bot, self.updates)
        self.hands = LiveHands(bot, service, self.updates, hand_message)
        self.notices = Notices(bot, people, service, self.updates, self.hands)
        self.play = Play(service, self.hands)
        self.lobby = Lobby(service, people, self.updates)
        self.membership = Membership(bot, service)
        self.table = TableClicks(service, self.membership, rules_text)
        self.lobby_settings = LobbySettings(service, self.membership)
        self.held_seats = HeldSeatNotices(bot, people, self.updates)
        self.parts = Parts(self.play, self.lobby, self.hands, self.table, Hints(service),
                           self.membership)

    @property
    def listeners(self) -> list[Callable[[TableEvent], Awaitable[None]]]:
        """What `TableService` tells after every committed change, in this order: the
        channel, the turn notices, the hands, the seats kept for their people."""
        return [self.channel.on_event, self.notices.on_event, self.hands.on_event,
                self.held_seats.on_event]

