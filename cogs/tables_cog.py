"""The `/domino` group and its table commands. Each calls its feature (cogs/actions.py).

`DominoCog` owns the group; `join` moves the other cogs' commands into it. The
bot (cogs/bot.py) calls it once, before adding the cogs: the one place where
`/domino` is assembled.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.actions import Actions
from cogs.answering import guard, last_resort, seated
from cogs.games import ALL_GAMES, presentation
from cogs.help import help_page, rules_text, topic_choices
from cogs.lobby_command import lobby_command
from cogs.new_command import new_group
from cogs.words import move_words, typed_move
from tables.errors import TableError
from tables.service import TableService

log = logging.getLogger(__name__)


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class DominoCog(commands.GroupCog, group_name="domino", group_description="Play dominoes"):
    """Open tables, play moves, see your hand, Big Clock, rules."""

    def __init__(self, actions: Actions, service: TableService) -> None:
        self.actions = actions
        self.service = service
        super().__init__()
        assert self.app_command is not None, "a GroupCog always has its group"
        # /domino new <game>: one subcommand per registered game, built from its options.
        self.app_command.add_command(new_group(actions.lobby.new_table))
        # /domino lobby: the host's lobby settings, once for every game (not in each `new`).
        self.app_command.add_command(lobby_command(actions.lobby_settings.change))

    def join(self, *others: commands.Cog) -> None:
        """Move the slash commands of `others` into `/domino` (before they are added), so
        that none of them is registered at the top level."""
        group = self.app_command
        assert group is not None, "a GroupCog always has its group"
        for cog in others:
            for command in cog.__cog_app_commands__:
                group.add_command(command)
            cog.__cog_app_commands__ = []

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        """A last resort: errors the handlers' `guard` did not see (e.g. in argument
        conversion)."""
        await last_resort(interaction, getattr(error, "original", error))

    @app_commands.command(name="play", description="Play a move at your table in this channel")
    @app_commands.describe(move="The move, e.g. 6-3 L, draw, pass, place 4, move 3 7")
    async def play(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self.actions.play.typed(interaction, typed_move(move))

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        moves = self.legal_for(interaction.user.id, interaction.channel_id or 0)
        typed, record = current.strip().lower(), typed_move(current).strip().lower()
        # Shown in the one notation, in the reader's words ("[6|3] L", "[6|3] Л"); sent
        # as the record's ("6-3 L"); found by either ("6-3 Л" finds it too).
        shown = [(move_words(m), m) for m in moves]
        return [app_commands.Choice(name=name, value=m) for name, m in shown
                if record in m.lower() or typed in name.lower()][:25]

    def legal_for(self, user_id: int, channel_id: int) -> list[str]:
        """The caller's legal moves in this channel's table (for autocomplete)."""
        try:
            table = self.service.table_of(user_id, channel_id)
        except TableError:
            return []
        seat = table.seat_of(user_id)
        if table.game is None or seat is None or table.game.to_move != seat:
            return []
        moves = [str(m) for m in table.game.view(seat).legal_moves]
        return [*moves, *presentation(table.game_kind).typed_moves]

    @app_commands.command(name="hand", description="Show your hand at your table here")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            if not presentation(table.game_kind).private_hand:
                raise TableError("error.no_hand")
            table, seat = await seated(self.service, table.id, interaction.user.id)
            await self.actions.hands.send_hand(interaction, table, seat)

    @app_commands.command(name="help", description="How to play dominoes here: pages and pictures")
    @app_commands.describe(topic="Which page (default: getting started)")
    @app_commands.choices(topic=[app_commands.Choice(name=words, value=value)
                                 for words, value in topic_choices()])
    async def help(self, interaction: discord.Interaction[Any],
                   topic: str | None = None) -> None:
        async with guard(interaction, None):
            text, file = help_page(topic)
            files = [file] if file is not None else []
            await interaction.response.send_message(text, files=files, ephemeral=True)

    @app_commands.command(name="rules", description="A game's rules (at a table: with its options)")
    @app_commands.choices(game=ALL_GAMES)
    @app_commands.describe(game="Which game (default: the table in this channel)")
    async def rules(self, interaction: discord.Interaction[Any],
                    game: str | None = None) -> None:
        options = None
        if game is None:
            tables = self.service.tables_in_channel(interaction.channel_id or 0)
            if tables:
                table = max(tables, key=lambda x: x.id)
                game, options = table.game_kind, dict(table.row.options)
        async with guard(interaction, None):
            await interaction.response.send_message(rules_text(game or ALL_GAMES[0].value, options),
                                                    ephemeral=True)

    @app_commands.command(name="cancel", description="Cancel a table (host or server manager)")
    @app_commands.describe(table="Table number (default: this channel's newest)")
    async def cancel(self, interaction: discord.Interaction[Any], table: int | None = None) -> None:
        await self.actions.table.cancel_here(interaction, table)

    @app_commands.command(name="replace", description="Give a missing player's seat to an AI")
    @app_commands.describe(seat="Seat number (1 = first)", table="Table number (default: here)")
    async def replace(self, interaction: discord.Interaction[Any],
                      seat: app_commands.Range[int, 1, 7], table: int | None = None) -> None:
        await self.actions.table.replace(interaction, seat, table)

    @app_commands.command(name="resign", description="Resign from your game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.resign(table.id, interaction.user.id)
            await interaction.followup.send(t("cmd.resigned"), ephemeral=True)

