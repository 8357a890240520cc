"""`/domino leaderboard`, `/domino stats`, `/domino history` and `/domino replay`.

The commands are part of `/domino`, which cogs/domino_bot.py assembles (`DominoCog.join`).
The figures come from
`tables.standings.Standings`; cogs/stats/stats_views.py formats them.

Scopes: `scope` "server" (the default in a server) shows this server's board, ratings and
games; "global" (the default in DMs) shows everyone's. Replies are public; the board's
pages and their buttons are cogs/stats/leaderboard.py's.

Replays: a game played in a server can be replayed in that server (any channel), or in
a DM with the bot by one of its human players; a game played in DMs only in DMs by its
players. Anywhere else the command refuses, so servers stay apart. The GIF and the JSON
record are checked against the upload limit (8 MB) before posting; a GIF too big is left
out with a clear note (the record alone is posted), and a record too big is refused.
"""

from __future__ import annotations

import io
import logging
from typing import Any, Final, Literal

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from catalog.reader import read_as
from cogs.common.answering import LastResort, ack, guard, unless_slow
from cogs.common.escape import alt_text
from cogs.common.game_words import RATED_GAMES
from cogs.common.locales import languages_of
from cogs.common.page_links import links_of
from cogs.stats.leaderboard import Leaderboards
from cogs.stats.stats_views import history_layout, replay_summary, scope_name, stats_layout
from storage import Storage
from tables.errors import TableError
from tables.standings import Standings, is_rated
from tables.tournament.reading import tournament_record

log = logging.getLogger(__name__)

Scope = Literal["server", "global"]
UPLOAD_LIMIT: Final = 8 * 1024 * 1024
NO_MENTIONS: Final = discord.AllowedMentions.none()


def megabytes(size: int) -> str:
    """"8.4 MB"."""
    return f"{size / (1024 * 1024):.1f} MB"



async def public(interaction: discord.Interaction[Any]) -> None:
    """What the handler posts from here on is for the whole channel: write it in the
    server's language (in a DM: the person's own)."""
    languages = languages_of(interaction.client)
    read_as(await languages.server(interaction.guild_id, interaction.user.id))

class StatsCommands(LastResort, commands.Cog):
    """Leaderboards, player stats, game history and replays (read-only commands)."""

    def __init__(self, store: Storage) -> None:
        self.store = store
        self.standings = Standings(store)
        self.upload_limit = UPLOAD_LIMIT
        self.leaderboards = Leaderboards(self.standings)


    # -- helpers ------------------------------------------------------------------------
    @staticmethod
    def scope_of(interaction: discord.Interaction[Any], scope: Scope | None) -> int | None:
        """The guild id to read (None: global); "server" needs a server."""
        if scope is None:
            scope = "server" if interaction.guild_id is not None else "global"
        if scope == "global":
            return None
        if interaction.guild_id is None:
            raise TableError("stats.need_server")
        return interaction.guild_id

    # -- /domino leaderboard --------------------------------------------------------------
    @app_commands.command(name="leaderboard", description="The best players of a game")
    @app_commands.choices(game=RATED_GAMES)
    @app_commands.describe(game="Which game", scope="This server's board or the global one",
                           page="Page number")
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          game: str | None = None, scope: Scope | None = None,
                          page: app_commands.Range[int, 1, 10000] = 1) -> None:
        """A page of the board by rating (of the first rated game when none is given), with
        the caller's own rank."""
        game = game or RATED_GAMES[0].value
        async with guard(interaction, None):
            guild_id = self.scope_of(interaction, scope)
            await ack(interaction)
            await public(interaction)
            view = await self.leaderboards.page(interaction, game, guild_id, page)
            await interaction.followup.send(view=view, allowed_mentions=NO_MENTIONS)

    @staticmethod
    def player_link(interaction: discord.Interaction[Any], user_id: int,
                    guild_id: int | None) -> str | None:
        """A player's web page in this server (none for the global scope, or without links)."""
        links = links_of(interaction.client)
        return links.player(guild_id, user_id) if links and guild_id is not None else None

    # -- /domino stats --------------------------------------------------------------------
    @app_commands.command(name="stats", description="A player's figures in every game")
    @app_commands.describe(player="Whose stats (default: yours)",
                           scope="This server's games and ratings, or everywhere")
    async def stats(self, interaction: discord.Interaction[Any],
                    player: discord.User | None = None, scope: Scope | None = None) -> None:
        """Per game type: games, wins, rating and its change, points, goats, best results,
        streak, and a small chart of the rating history; then their tournaments (played,
        won, best place, in progress: tables.tournament.reading.tournament_record)."""
        async with guard(interaction, None):
            who = player or interaction.user
            guild_id = self.scope_of(interaction, scope)
            await interaction.response.defer(thinking=True)
            await public(interaction)
            figures = await self.standings.stats(who.id, guild_id)
            files: list[discord.File] = []
            charts: dict[str, tuple[str, str]] = {}
            for item in figures:
                if is_rated(item.game) and len(item.series) >= 2:
                    picture = await self.standings.chart(who.id, item.game, guild_id)
                    filename = f"rating-{item.game}.png"
                    alt = alt_text(picture.alt, [who.display_name])
                    files.append(discord.File(io.BytesIO(picture.data), filename,
                                              description=alt[:1000]))
                    charts[item.game] = (filename, alt)
            record = await tournament_record(self.store, who.id, guild_id)
            view = stats_layout(who.display_name, scope_name(guild_id), figures, charts,
                                self.player_link(interaction, who.id, guild_id), record=record)
            await interaction.followup.send(view=view, files=files,
                                            allowed_mentions=NO_MENTIONS)

    # -- /domino history ------------------------------------------------------------------
    @app_commands.command(name="history", description="A player's last finished games")
    @app_commands.describe(player="Whose games (default: yours)",
                           scope="Games of this server, or everywhere", count="How many")
    async def history(self, interaction: discord.Interaction[Any],
                      player: discord.User | None = None, scope: Scope | None = None,
                      count: app_commands.Range[int, 1, 25] = 10) -> None:
        """Date, game, players, result and game id of the last finished games."""
        async with guard(interaction, None):
            who = player or interaction.user
            guild_id = self.scope_of(interaction, scope)
            await ack(interaction)
            await public(interaction)
            if guild_id is None:
                entries = await self.standings.history(who.id, count)
            else:  # a server's own games only: read further back, keep this server's
                wide = await self.standings.history(who.id, max(100, count * 10))
                entries = [e for e in wide if e.guild_id == guild_id][:count]
            view = history_layout(who.display_name, scope_name(guild_id), entries,
                                  self.player_link(interaction, who.id, guild_id))
            await interaction.followup.send(view=view, allowed_mentions=NO_MENTIONS)

    # -- /domino replay -------------------------------------------------------------------
    async def check_replay(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Refuse unknown or unfinished games and games of another server (see the module
        docstring for who may replay what)."""
        table = await self.store.get_table(game_id)
        if table is None:
            raise TableError("replay.unknown", id=game_id)
        if table.status != "finished":
            raise TableError("replay.unfinished", id=game_id)
        here = interaction.guild_id
        players = {s.user_id for s in table.seats if s.user_id is not None}
        if here is not None and here == table.guild_id:
            return
        if here is None and interaction.user.id in players:
            return
        raise TableError("replay.elsewhere", id=game_id)

    @app_commands.command(name="replay", description="The animated replay and record of a game")
    @app_commands.describe(game_id="The game id, as in /domino history")
    async def replay(self, interaction: discord.Interaction[Any],
                     game_id: app_commands.Range[int, 1, 2**53]) -> None:
        """Post the replay GIF and the JSON record (it replays with `python -m engine
        replay`); every hand is shown, which is fine once the game is over."""
        async with guard(interaction, game_id):
            await unless_slow(interaction, self.check_replay(interaction, game_id))
            await ack(interaction)
            await public(interaction)
            files = await self.standings.replay(game_id)
            gif_size, json_size = len(files.gif.data), len(files.record_json)
            lines = [t("replay.title", summary=replay_summary(files))]
            attach: list[discord.File] = []
            if json_size > self.upload_limit:
                await interaction.followup.send(
                    t("replay.too_big", id=game_id, size=megabytes(json_size),
                      limit=megabytes(self.upload_limit)), allowed_mentions=NO_MENTIONS)
                return
            if gif_size + json_size > self.upload_limit:
                lines.append(t("replay.gif_too_big", size=megabytes(gif_size),
                               limit=megabytes(self.upload_limit)))
            else:
                attach.append(discord.File(io.BytesIO(files.gif.data), f"replay-{game_id}.gif",
                                           description=alt_text(files.gif.alt, [])[:1000]))
            attach.append(discord.File(io.BytesIO(files.record_json), files.json_filename,
                                       description=t("replay.record_alt", id=game_id)))
            lines.append(t("replay.how", filename=files.json_filename))
            await interaction.followup.send("\n".join(lines), files=attach,
                                            allowed_mentions=NO_MENTIONS)

