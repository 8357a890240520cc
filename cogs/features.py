"""The bot's features, made once: each package's parts, the table listeners, the
persistent buttons and `/domino` with every command in it.

Where each thing is handled:

    cogs/lobby/    /domino new and lobby; the lobby message: Join, Leave, Add AI, Start,
                   Cancel; invitations, the lobby role, Rematch
    cogs/play/     the move buttons, /domino play and hand, each player's live hand
                   message, the turn DMs and reminders
    cogs/table/    the table's public message (one presentation per game kind in
                   games/), its buttons (Your hand, Rules, Resign, Take my seat back),
                   /domino cancel, replace and resign, the channel's notices and summaries,
                   the game-over DMs, seats kept for their people
    cogs/pickup/   /domino queue, its forming posts and near-match offers, the
                   scheduled tables' RSVP and notices, /domino profile, games, open
                   and settings
    cogs/stats/    /domino leaderboard, stats, history, replay; the game-over DM's Review
    cogs/daily/    /domino daily, daily-board, daily-channel
    cogs/help/     /domino help and rules
    cogs/privacy/  /domino forget-me, /domino-admin erase-server
    cogs/tournament/  /tournament (a top-level command: /domino is full), the sign-up
                   message's Join / Leave / Check in, the rounds' DMs and the standings
    cogs/common/   the plumbing: answering in time, persistent items and the parts they
                   call, languages, membership, components, words, background sends

A button finds its handler among `Features.parts` (`cogs.common.items.part`). Four
parts listen to `TableService` (the bot registers `listeners` before the tables load;
`Tournaments` registers its own when made); none is held up by Discord: a listener runs
under the table's lock, so every send goes to the background.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.answering import LastResort
from cogs.common.background import Background
from cogs.common.items import Parts
from cogs.common.membership import Membership
from cogs.daily.daily_commands import DailyCommands
from cogs.help.help_commands import HelpCommands
from cogs.lobby.lobby_command import LobbySettings, lobby_command
from cogs.lobby.lobby_message import AiSelect, LobbyButton, LobbyClicks, PartnerSelect
from cogs.lobby.new_command import new_group
from cogs.lobby.open_table import TableOpening
from cogs.pickup.forming_post import FORMING_ITEMS, FormingPosts
from cogs.pickup.near_offers import NEAR_ITEMS, NearOffers
from cogs.pickup.profile import ProfileCommands
from cogs.pickup.queue_commands import QUEUE_ITEMS, QueueCommands
from cogs.pickup.schedule_notices import SCHEDULE_ITEMS, ScheduleNotices
from cogs.pickup.server_settings import ServerSettings
from cogs.play.hands import LiveHands
from cogs.play.move_buttons import PlayButton, TileButton
from cogs.play.moves import Play, PlayCommands
from cogs.play.turn_notices import TurnNotices
from cogs.privacy.commands import PrivacyCommands
from cogs.stats.leaderboard import LEADERBOARD_ITEMS
from cogs.stats.review_button import REVIEW_ITEMS
from cogs.stats.stats_commands import StatsCommands
from cogs.table.held_seats import HeldSeatNotices
from cogs.table.message_updates import TableMessages
from cogs.table.presentation import presentation
from cogs.table.table_buttons import BackButton, TableButton, TableClicks, TableCommands
from cogs.table.table_message import TableChannel, table_message
from cogs.tournament.commands import TournamentCommands
from cogs.tournament.notices import TournamentNotices
from cogs.tournament.signup import SIGNUP_ITEMS, SignupMessages
from engine.registry import GAMES
from storage import Storage
from tables.daily import DailyDeals
from tables.live import TableEvent
from tables.people import People
from tables.privacy import Forgetting, ServerErasure
from tables.queue import PickupQueue
from tables.review_reading import ReviewReading
from tables.reviews import ReviewWorker
from tables.schedule import ScheduledTables
from tables.service import TableService
from tables.tournament.service import Tournaments

Item = type[discord.ui.DynamicItem[Any]]
Cog = commands.Cog  # (inside `Features`, `commands` is its method)

# Every persistent button and menu of the features (their custom ids: tests/pins/); each
# game's own come from its presentation (`game_items`).
ITEMS: tuple[Item, ...] = (PlayButton, TileButton, TableButton, LobbyButton, AiSelect,
                           PartnerSelect, BackButton, *LEADERBOARD_ITEMS, *QUEUE_ITEMS,
                           *SCHEDULE_ITEMS, *SIGNUP_ITEMS, *FORMING_ITEMS,
                           *NEAR_ITEMS, *REVIEW_ITEMS)


def game_items() -> tuple[Item, ...]:
    """The persistent buttons every registered game's presentation brings."""
    return tuple(item for name in GAMES for item in presentation(name).items)


class JoinedGroup(LastResort, commands.GroupCog):
    """A top-level command whose subcommands are other cogs' commands (`join`)."""

    def join(self, *others: commands.Cog | app_commands.Command[Any, ..., Any]
             | app_commands.Group, names: Collection[str] | None = None) -> None:
        """Move the slash commands of `others` (cogs, or commands built at run time) into
        this group, in order, so that none of them is registered at the top level; of a
        cog, only those of `names` when given (the rest stay for another group)."""
        group = self.app_command
        assert group is not None, "a GroupCog always has its group"
        for other in others:
            if isinstance(other, commands.Cog):
                taken = [c for c in other.__cog_app_commands__
                         if names is None or c.name in names]
                for command in taken:
                    group.add_command(command)
                other.__cog_app_commands__ = [c for c in other.__cog_app_commands__
                                              if c not in taken]
            else:
                group.add_command(other)


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class DominoGroup(JoinedGroup, group_name="domino", group_description="Play dominoes"):
    """`/domino`: every player's command joined into one group."""


# Discord counts at most 8,000 characters of names, descriptions and choices for one
# command in each language, and /domino with five games' tables is near it: a server's
# own settings are a command of their own, which Discord offers to its managers only.
ADMIN_COMMANDS = ("settings", "daily-channel", "erase-server")


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class AdminGroup(JoinedGroup, group_name="domino-admin",
                 group_description="A server's dominoes settings (Manage Server)"):
    """`/domino-admin`: the server's settings, its daily deal's channel, its erasure."""


class Features:
    """The feature parts of one bot, the listeners they register and their commands."""

    def __init__(self, bot: discord.Client, service: TableService, store: Storage) -> None:
        self.background = Background()
        self.people = People(service, store)
        people = self.people
        self.membership = Membership(bot, service)
        self.updates = TableMessages(bot, lambda table: table_message(bot, table),
                                     service.set_message, self.background)
        self.channel = TableChannel(bot, people, self.updates, self.background)
        self.hands = LiveHands(bot, service, self.background)
        self.turns = TurnNotices(bot, people, service, self.updates, self.hands)
        self.play = Play(service, self.hands)
        self.scheduled = ScheduledTables(service, store, member=self.membership.still_member)
        self.opening = TableOpening(service, people, self.updates, self.scheduled)
        self.lobby = LobbyClicks(service)
        self.table = TableClicks(service, self.membership)
        self.lobby_settings = LobbySettings(service, self.membership)
        self.held_seats = HeldSeatNotices(bot, people, self.background)
        self.pickup = PickupQueue(service, store, reachable=self.membership.reachable,
                                  member=self.membership.still_member)
        self.forming = FormingPosts(bot, self.pickup, self.background)
        self.near = NearOffers(bot, self.pickup)
        self.scheduled.listeners.append(ScheduleNotices(bot, self.updates).on_notice)
        self.tournaments = Tournaments(service, store)
        self.signups = SignupMessages(bot, self.tournaments)
        self.tournaments.listeners.append(TournamentNotices(
            bot, self.tournaments, people, self.updates, signups=self.signups,
            background=self.background).on_notice)
        self.stats = StatsCommands(store)
        self.daily = DailyDeals(service, store)
        # The computer's review of each finished game, in the background (the bot starts it).
        self.reviews = ReviewWorker(store, clock=service.clock)
        handlers = [make(service) for name in GAMES
                    if (make := presentation(name).handler) is not None]
        self.parts = Parts(self.play, self.lobby, self.opening, self.hands, self.table,
                           self.membership, self.pickup, self.forming, self.near,
                           self.scheduled, self.tournaments, self.stats.leaderboards,
                           ReviewReading(store, service.clock), *handlers)
        self.forgetting = Forgetting(service, store)
        self.erasure = ServerErasure(service, store)
        self._bot, self._service = bot, service

    @property
    def listeners(self) -> list[Callable[[TableEvent], Awaitable[None]]]:
        """What `TableService` tells after every committed change, in this order: the
        channel (and the game's end), the turn notices, the hands, the seats kept for
        their people, the daily deals' results, the reviews (woken by a game's end)."""
        return [self.channel.on_event, self.turns.on_event, self.hands.on_event,
                self.held_seats.on_event, self.daily.on_event, self.reviews.on_event]

    def commands(self) -> tuple[tuple[JoinedGroup, ...], list[commands.Cog]]:
        """The top-level commands (`/domino`, `/domino-admin`) and the cogs whose commands
        they hold, in the order the registered payload keeps (tests/pins/app_commands.json)."""
        bot, service = self._bot, self._service
        cogs: list[commands.Cog] = [
            PlayCommands(self.play, self.hands, service), HelpCommands(service),
            TableCommands(self.table), self.stats, ProfileCommands(self.people),
            ServerSettings(self.people, self.forming), DailyCommands(bot, self.updates, self.daily),
            QueueCommands(bot, self.pickup, self.people, service, self.updates),
            PrivacyCommands(self.forgetting, self.erasure)]
        admin = AdminGroup()
        admin.join(*cogs, names=ADMIN_COMMANDS)
        domino = DominoGroup()
        domino.join(*cogs[:3], new_group(self.opening.new_table),
                    lobby_command(self.lobby_settings.change), *cogs[3:])
        return (domino, admin), cogs

    def top_commands(self) -> list[Cog]:
        """The cogs whose slash commands stand at the top level, beside `/domino`
        (`/tournament`), in the order the registered payload keeps."""
        return [TournamentCommands(self.tournaments, self.people, self.signups)]
