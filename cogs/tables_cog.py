"""The `/domino` group and its table commands. Each one hands over to `Actions`.

`DominoCog` owns the group; `join` moves the other cogs' commands into it. The
bot (cogs/bot.py) calls it once, before adding the cogs: the one place where
`/domino` is assembled.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.actions import Actions, rules_text
from cogs.answering import ack, last_resort
from cogs.escape import excerpt
from cogs.games import ALL_GAMES, TABLE_GAMES
from tables.errors import TableError
from tables.live import TableSettings
from tables.people import People
from tables.service import TableService

log = logging.getLogger(__name__)

MAX_EXTRA_PARTS, MAX_EXTRA_PART = 20, 40  # no option name or value of RULES.md is longer
_INTEGER = re.compile(r"-?[0-9]{1,9}")  # ASCII digits only: '²'.isdigit() is True


def parse_extra(text: str | None) -> dict[str, Any]:
    """`key=value` pairs ("target=101 lead=winner"): every option of RULES.md is reachable.

    Raises TableError (echoing at most a short excerpt) for anything else.
    """
    options: dict[str, Any] = {}
    parts = (text or "").replace(",", " ").split()
    if len(parts) > MAX_EXTRA_PARTS:
        raise TableError("error.extra_count", count=MAX_EXTRA_PARTS)
    for part in parts:
        key, sep, raw = part.partition("=")
        if not sep or not key or len(part) > MAX_EXTRA_PART:
            raise TableError("error.extra_form", part=excerpt(part))
        low = raw.lower()
        value: Any = raw
        if low in ("true", "on", "yes"):
            value = True
        elif low in ("false", "off", "no"):
            value = False
        elif _INTEGER.fullmatch(raw):
            value = int(raw)
        options[key.strip()] = value
    return options


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class DominoCog(commands.GroupCog, group_name="domino", group_description="Play dominoes"):
    """Open tables, play moves, see your hand, Big Clock, rules."""

    def __init__(self, actions: Actions, service: TableService, people: People) -> None:
        self.actions = actions
        self.service = service
        self.people = people
        super().__init__()

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
        """A last resort: errors `Actions.guard` did not see (e.g. in argument conversion)."""
        await last_resort(interaction, getattr(error, "original", error))

    @app_commands.command(name="new", description="Open a table for Traditional or Carousel")
    @app_commands.choices(game=TABLE_GAMES)
    @app_commands.describe(
        game="Which game", seats="Players (Traditional 2-4, Carousel 2-7)",
        pace="Turn time preset: live 2 min, casual 12 h, correspondence 48 h "
             "(default: the server's)",
        turn_minutes="Custom time for each turn, in minutes (1 min to 7 days)",
        lobby_minutes="How long the lobby waits for players (default: the server's, 24 h)",
        auto_start="Start as soon as every seat is filled",
        target="Points to win the match (Traditional 0 = one hand; Carousel 11-250)",
        hand_size="Tiles dealt to each player", pairs="Carousel: 4 players in two pairs",
        lead="Traditional: who leads later hands", fish_winner="Traditional: who wins a fish",
        blocked="Carousel: scoring of a blocked hand", tile_bonus="Carousel: tile bonus point",
        must_play="Carousel: a player who can play must play",
        spinner_first="Carousel: the spinner's four sides fill first",
        keep_in_stock="Carousel: the last stock tiles may not be drawn",
        exact_finish="Carousel: a score may not pass the target",
        tile_set="Carousel: the set (0 = by players)", lopsided_suit="Traditional: redeal limit",
        lone_blank="Traditional: what a lone 0-0 counts",
        extra="Any other option as name=value pairs",
    )
    async def new(  # noqa: PLR0917 - one parameter per slash option
        self, interaction: discord.Interaction[Any], game: str,
        seats: app_commands.Range[int, 2, 7] = 2,
        pace: Literal["live", "casual", "correspondence"] | None = None,
        turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
        lobby_minutes: app_commands.Range[int, 1, 10080] | None = None,
        auto_start: bool = True,
        target: app_commands.Range[int, 0, 10000] | None = None,
        hand_size: app_commands.Range[int, 1, 45] | None = None,
        pairs: bool | None = None,
        lead: Literal["highest_double", "winner"] | None = None,
        fish_winner: Literal["maker", "lowest"] | None = None,
        blocked: Literal["difference", "sum"] | None = None,
        tile_bonus: bool | None = None, must_play: bool | None = None,
        spinner_first: bool | None = None, keep_in_stock: bool | None = None,
        exact_finish: bool | None = None,
        tile_set: Literal[0, 6, 9, 12] | None = None,
        lopsided_suit: app_commands.Range[int, 4, 7] | None = None,
        lone_blank: app_commands.Range[int, 0, 1000] | None = None,
        extra: str | None = None,
    ) -> None:
        """Open a lobby message with Join, Leave, Add AI, Start and Cancel."""
        named = {"target": target, "hand_size": hand_size, "pairs": pairs, "lead": lead,
                 "fish_winner": fish_winner, "blocked": blocked, "tile_bonus": tile_bonus,
                 "must_play": must_play, "spinner_first": spinner_first,
                 "keep_in_stock": keep_in_stock, "exact_finish": exact_finish, "set": tile_set,
                 "lopsided_suit": lopsided_suit, "lone_blank": lone_blank}
        async with self.actions.guard(interaction, None):
            options = {k: v for k, v in named.items() if v is not None}
            options.update(parse_extra(extra))
            await ack(interaction)  # the settings are read from storage: answer Discord first
            people = self.people
            guild_id = interaction.guild_id
            settings = TableSettings(
                seats=seats, auto_start=auto_start,
                turn_seconds=await people.turn_seconds(guild_id, pace, turn_minutes),
                lobby_seconds=await people.lobby_seconds(guild_id, lobby_minutes))
            await self.actions.open_table(interaction, game, settings, options)

    @app_commands.command(name="clock", description="Play Big Clock, the solitaire")
    @app_commands.describe(tile_set="The set: double-12 (12 hours), double-9 or double-6",
                           hints="How good the Hint button is: easy, normal or hard")
    async def clock(self, interaction: discord.Interaction[Any],
                    tile_set: Literal[12, 9, 6] = 12,
                    hints: Literal["easy", "normal", "hard"] = "normal") -> None:
        """Start a Big Clock game for the caller in this channel (or DM)."""
        options = {} if tile_set == 12 else {"set": tile_set}
        await self.actions.open_solitaire(interaction, "clock", options, hints)

    @app_commands.command(name="play", description="Play a move at your table in this channel")
    @app_commands.describe(move="The move, e.g. 6-3 L, draw, pass, place 4, move 3 7")
    async def play(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self.actions.play_typed(interaction, move)

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        moves = self.actions.legal_for(interaction.user.id, interaction.channel_id or 0)
        typed = current.strip().lower()
        return [app_commands.Choice(name=m, value=m) for m in moves
                if typed in m.lower()][:25]

    @app_commands.command(name="hand", description="Show your hand at your table here")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.actions.hand_here(interaction)

    @app_commands.command(name="rules", description="A short summary of a game's rules")
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
        async with self.actions.guard(interaction, None):
            await interaction.response.send_message(rules_text(game or ALL_GAMES[0].value, options),
                                                    ephemeral=True)

    @app_commands.command(name="cancel", description="Cancel a table (host or server manager)")
    @app_commands.describe(table="Table number (default: this channel's newest)")
    async def cancel(self, interaction: discord.Interaction[Any], table: int | None = None) -> None:
        await self.actions.cancel_here(interaction, table)

    @app_commands.command(name="replace", description="Give a missing player's seat to an AI")
    @app_commands.describe(seat="Seat number (1 = first)", table="Table number (default: here)")
    async def replace(self, interaction: discord.Interaction[Any],
                      seat: app_commands.Range[int, 1, 7], table: int | None = None) -> None:
        await self.actions.replace(interaction, seat, table)

    @app_commands.command(name="resign", description="Resign from your game in this channel")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        actions = self.actions
        async with actions.guard(interaction, None):
            table = self.service.table_of(interaction.user.id, interaction.channel_id or 0)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.resign(table.id, interaction.user.id)
            await interaction.followup.send(t("cmd.resigned"), ephemeral=True)

