"""The Discord bot: start-up (storage, tables, persistent buttons, cogs, command sync), shut-down.

Its features are made by cogs/features.py; it answers no interaction itself: a button
finds its feature's handler through `DominoBot.parts` (cogs/common/items.py), a command
is its cog's.

`create_bot(settings)` builds it (the tests do this with simcord);
`run_bot(settings)` runs it until stopped and returns the exit status.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.admission import Admission, InteractionStats
from cogs.common.command_mentions import learn_mentions
from cogs.common.items import Parts
from cogs.common.locales import Languages
from cogs.common.page_links import PageLinks
from cogs.common.translator import CatalogTranslator
from cogs.features import ITEMS, Features, game_items
from cogs.stopping import serve
from settings import Settings
from storage import Storage
from storage.cluster import node_name
from storage.errors import StorageError
from storage.store import is_postgres, sqlite_path
from tables.daily import DailyDeals
from tables.node import ShardNode
from tables.queue import PickupQueue
from tables.service import TableService

log = logging.getLogger(__name__)


class Companion(Protocol):
    """Something run beside the bot on its storage (bot.py's web pages), closed with it."""

    async def close(self) -> None: ...


# Starts a companion on the bot's open storage, clock and tables; None when it could not
# start (the web pages watch the tables in play through the service).
# (and /metrics reads the interactions' figures).
CompanionStarter = Callable[[Storage, Callable[[], float], TableService, InteractionStats],
                            Awaitable[Companion | None]]

# On several processes, how often each reads the people's and servers' languages again
# (a choice made through another process is seen within this time).
LANGUAGES_EVERY = 60.0


def intents() -> discord.Intents:
    """The default, non-privileged intents: no message content, members or presences."""
    chosen = discord.Intents.default()
    chosen.message_content = False
    chosen.members = False
    chosen.presences = False
    return chosen


class DominoTree(app_commands.CommandTree["DominoBot"]):
    """The slash commands' tree: before any command runs, the person who used it becomes
    the reader, so what it answers them is in their language (cogs/common/locales.py);
    a bot that is stopping takes none (cogs/common/admission.py)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        await self.client.languages.read_interaction(interaction)
        return await self.client.admission.admit(interaction)


class DominoBot(commands.Bot):
    """The dominoes bot. `service` holds every table; `features` holds the parts that
    answer interactions (`parts`, what the persistent buttons call) and the commands."""

    service: TableService
    features: Features
    parts: Parts  # the feature handlers the persistent buttons call (cogs/common/items.py)
    pickup: PickupQueue
    daily: DailyDeals

    def __init__(self, database: Path | str, *, dev_guild_id: int | None = None,
                 ai_delay: float = 1.0, clock: Callable[[], float] = time.time,
                 sync_commands: bool = True, table_shards: int | None = None,
                 home_shards: Sequence[int] | None = None,
                 companions: Sequence[CompanionStarter] = (),
                 page_links: PageLinks | None = None, reviews: bool = True,
                 **client: Any) -> None:
        """`table_shards` / `home_shards`: SHARD_COUNT and SHARD_IDS, which shards' tables
        this process holds on PostgreSQL (unset: one shard, held here; see tables.node).
        `companions`: started once storage is open (bot.py passes the web pages);
        `page_links`: the web pages' addresses its messages link to (WEB_BASE_URL);
        `reviews`: the computer reviews finished games in the background (tables.reviews)."""
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(),
                         help_command=None, tree_cls=DominoTree,
                         # Nobody is pinged unless a send names them (the player to move).
                         allowed_mentions=discord.AllowedMentions.none(), **client)
        # A file, `sqlite:///path`, or a postgresql:// URL (see storage.Storage.open).
        self.database = database
        self.data_dir = (Path("data") if is_postgres(database)
                         else sqlite_path(database).parent)
        self.dev_guild_id = dev_guild_id
        self.ai_delay = ai_delay
        self.clock = clock
        self.sync_commands = sync_commands
        self.store: Storage | None = None
        self.table_shards = table_shards or 1
        self.home_shards = tuple(home_shards or range(self.table_shards))
        self.node_name = node_name()
        self.shard_node: ShardNode | None = None
        self.languages = Languages(self)
        self.admission = Admission()  # no interaction taken once stopping (cogs/stopping.py)
        self.companion_starters = tuple(companions)
        self.companions: list[Companion] = []
        self.page_links = page_links
        self.reviews = reviews

    async def setup_hook(self) -> None:
        """Open storage, load the tables, register buttons and cogs, sync the commands."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.store = await Storage.open(self.database, node=self.node_name)
        # The moves storage was too busy for wait in this file across a stop (tables.journal).
        self.service = TableService(self.store, clock=self.clock, ai_delay=self.ai_delay,
                                    journal=self.data_dir / "queued_moves.json")
        self.features = features = Features(self, self.service, self.store)
        self.parts = features.parts
        self.pickup, self.daily = features.pickup, features.daily
        # They listen before the tables load, so timers re-armed at start-up find them.
        self.service.listeners.extend(features.listeners)
        self.add_dynamic_items(*ITEMS, *game_items())
        groups, cogs = features.commands()
        for cog in (*groups, *cogs, *features.top_commands()):
            await self.add_cog(cog)
        self.daily.start_posting()
        await self.tree.set_translator(CatalogTranslator())  # commands in every language
        await self.languages.load()  # every reader's language, before any message is written
        if self.store.dialect == "postgres":
            # Several processes may share the database: hold the tables of our shards.
            self.shard_node = ShardNode(self.service, self.store, self.node_name,
                                        shard_count=self.table_shards, home=self.home_shards)
            loaded = await self.shard_node.start()
            scheduler = self.service.scheduler
            scheduler.spawn(self.languages.keep_reading(scheduler.wait, LANGUAGES_EVERY),
                            "languages")
        else:
            loaded = await self.service.load()
        log.info("storage %s open, %d active tables", self.store.describe(), loaded)
        await self.pickup.load()  # what came due in the queues while the bot was down
        await features.scheduled.load()  # and the starts that passed meanwhile
        await features.tournaments.load()  # and the rounds that fell due meanwhile
        caught = await self.daily.catch_up()  # tries whose end came just before a crash
        if caught:
            log.info("%d daily tries caught up", caught)
        if self.reviews:  # and the games that ended while the bot was down are reviewed
            features.reviews.start(self.node_name)
        for start in self.companion_starters:
            started = await start(self.store, self.clock, self.service, self.admission.stats)
            if started is not None:
                self.companions.append(started)
        # A crash between a move's commit and its edit left the message behind.
        features.background.spawn(
            features.updates.refresh_all(list(self.service.held_tables.values())),
            "refresh-all")
        if self.sync_commands:
            await self.sync_if_needed()
            dev = self.dev_guild_id
            await learn_mentions(self.tree, None if dev is None else discord.Object(dev))

    async def sync_if_needed(self) -> None:
        """Sync to DEV_GUILD_ID at once, and then ONLY there; else globally, only when the
        command set changed (Discord rate-limits global syncs; they reach every server)."""
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            # Syncing globally too would show every command twice in that server, so a
            # development bot syncs one server only, and says so: other servers see nothing.
            log.warning("commands synced to server %s only (DEV_GUILD_ID is set): other "
                        "servers get no slash commands; unset DEV_GUILD_ID to sync globally",
                        self.dev_guild_id)
            return
        # The translated payload: a changed translation is a changed command set too.
        translator = self.tree.translator
        payload = [await command.get_translated_payload(self.tree, translator)
                   if translator is not None else command.to_dict(self.tree)
                   for command in self.tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        stamp = self.data_dir / "commands.sha256"
        if stamp.exists() and stamp.read_text().strip() == digest:
            log.info("command set unchanged; not syncing")
            return
        await self.tree.sync()
        stamp.write_text(digest + "\n")
        log.info("commands synced globally")

    async def close_tables(self) -> None:
        """Stop the companions and the tables' timers, close storage (idempotent); Discord
        stays connected."""
        while self.companions:
            await self.companions.pop().close()
        features = getattr(self, "features", None)
        if features is not None:
            await features.reviews.close()  # an analysis under way released, storage open
        if self.shard_node is not None:
            await self.shard_node.stop()  # the leases go at once: another process adopts
            self.shard_node = None
        service = getattr(self, "service", None)
        if service is not None:
            await service.close()
        if features is not None:
            await features.background.close()
        await self.languages.close()  # client locales still being stored
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def on_message(self, message: discord.Message) -> None:
        """Count the messages posted below each table message (cogs/table/message_updates.py):
        one that scrolled out of sight is posted again at the bottom on its next update."""
        service = getattr(self, "service", None)
        tables = service.tables_in_channel(message.channel.id) if service is not None else []
        if tables:
            self.features.updates.saw(message.channel.id, message.id, tables)
        await self.process_commands(message)

    async def close(self) -> None:
        """Stop the tables' timers and close storage, then disconnect."""
        await self.close_tables()
        await super().close()


class ShardedDominoBot(DominoBot, commands.AutoShardedBot):
    """The bot on several gateway shards: SHARD_COUNT (and SHARD_IDS, those run here), or
    unset, as many as Discord recommends, all in this process."""


def create_bot(settings: Settings | None = None, *, database_path: Path | str | None = None,
               **options: Any) -> DominoBot:
    """A bot from bot.py's Settings (or a database path); `options` go to DominoBot.

    From Settings the bot is sharded (ShardedDominoBot), as Discord requires from
    2,500 servers on; from a path alone it is the plain one-connection bot.
    """
    if settings is not None:
        options.setdefault("dev_guild_id", settings.dev_guild_id)
        options.setdefault("table_shards", settings.shard_count)
        options.setdefault("home_shards", settings.shard_ids)
        ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        return ShardedDominoBot(database_path or settings.database,
                                shard_count=settings.shard_count, shard_ids=ids, **options)
    return DominoBot(database_path or Path("data/dominoes.sqlite3"), **options)


async def check_database(target: Path | str) -> None:
    """Open and migrate the database once before logging in. Raises StorageError."""
    store = await Storage.open(target)
    await store.close()


def run_bot(settings: Settings, companions: Sequence[CompanionStarter] = (),
            page_links: PageLinks | None = None) -> int:
    """Run until stopped (SIGTERM or SIGINT stop it gracefully, cogs/stopping.py: exit
    status 0); returns the exit status (1 when the token or database is refused).
    `companions` start with the bot's storage and stop with it (bot.py: the web pages);
    `page_links`: where its messages link to (WEB_BASE_URL)."""
    try:
        # Before logging in, so a bad file is reported at once, naming it, not as a traceback.
        asyncio.run(check_database(settings.database))
    except StorageError as exc:
        log.error("%s", exc)
        return 1
    bot = create_bot(settings, companions=companions, page_links=page_links)
    try:
        asyncio.run(serve(bot, settings.token))
    except discord.LoginFailure:
        log.error("Discord refused the token (DISCORD_TOKEN). Reset it in the developer "
                  "portal, put the new one in .env, and start again.")
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error("This bot asks for no privileged intents; check the application settings.")
        return 1
    return 0
