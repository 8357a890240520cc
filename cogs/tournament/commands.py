"""`/tournament` (issue 49): a top-level command of its own (`/domino` is at Discord's
8,000-character limit): create and the host's controls (pause, resume, cancel, extend,
remove, replace) for hosts (Manage Server, or the server's tournament host role set in
`/domino-admin settings host_role:`), standings and withdraw (anyone).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from catalog import t
from cogs.common.answering import LastResort, ack, answer, guard, is_manager, person
from cogs.common.components import layout, when
from cogs.common.escape import shown
from cogs.common.game_words import TABLE_GAMES
from cogs.tournament.notices import page_rows, standing_lines
from cogs.tournament.signup import ACCENT, SignupMessages, name_of, options_line
from engine.registry import game_spec
from storage.tournaments import TournamentRow
from tables.errors import NotAllowed, TableError
from tables.live import TableSettings
from tables.people import People
from tables.tournament.service import Tournaments
from tables.tournament.typed_options import MOST, typed_options

log = logging.getLogger(__name__)

HOUR = 3600
FORMATS = [app_commands.Choice(name="Swiss", value="swiss"),
           app_commands.Choice(name="Round robin", value="roundrobin"),
           app_commands.Choice(name="Knockout", value="knockout")]
TOURNAMENT = "The tournament's number"


def has_role(interaction: discord.Interaction[Any], role_id: int | None) -> bool:
    """Whether the member who acted holds the role `role_id` (never when None)."""
    roles = getattr(interaction.user, "roles", None) or ()
    return role_id is not None and any(role.id == role_id for role in roles)


@app_commands.guild_only()
class TournamentCommands(LastResort, commands.GroupCog, group_name="tournament",
                         group_description="Tournaments played over days"):
    """`/tournament`: its subcommands."""

    def __init__(self, tournaments: Tournaments, people: People,
                 signups: SignupMessages) -> None:
        self.tournaments = tournaments
        self.people = people
        self.signups = signups
        super().__init__()

    async def _host(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse anyone who is neither a manager nor holds the server's tournament host
        role (and anywhere outside a server). Raises NotAllowed."""
        if interaction.guild_id is None:
            raise NotAllowed("error.tournament.managers_only")
        if is_manager(interaction):
            return
        role = (await self.people.server(interaction.guild_id)).tournament_role_id
        if has_role(interaction, role):
            return
        if role is None:
            raise NotAllowed("error.tournament.managers_only")
        raise NotAllowed("error.tournament.hosts_only", role=f"<@&{role}>")

    async def _here(self, interaction: discord.Interaction[Any],
                    tournament_id: int) -> TournamentRow:
        """The tournament, when it is this server's (else: there is none)."""
        row = await self.tournaments.get(tournament_id)
        if row.guild_id != interaction.guild_id:
            raise TableError("error.tournament.none", id=tournament_id)
        return row

    @app_commands.command(name="create", description="Open a tournament for entry "
                                                     "(Manage Server or host role)")
    @app_commands.describe(
        game="The game", format="How the rounds are paired", rounds="How many rounds",
        round_hours="Hours each round lasts", start="When it starts, e.g. 18:00 or in 2h",
        seats="Players at each table", advance="Players each knockout table sends on",
        check_in="Entrants must check in before the start",
        quiet_clock="Turns stand still in each player's quiet hours (on)",
        title="The tournament's name",
        options="The game's table options, e.g. target:100 lead:winner")
    @app_commands.choices(game=TABLE_GAMES, format=FORMATS)
    async def create(  # noqa: PLR0917 - one parameter per slash option
        self, interaction: discord.Interaction[Any], game: str, format: str,
        rounds: app_commands.Range[int, 1, 20], round_hours: app_commands.Range[int, 1, 168],
        start: app_commands.Range[str, 1, 60],
        seats: app_commands.Range[int, 1, 8] | None = None,
        advance: app_commands.Range[int, 1, 4] = 1, check_in: bool = False,
        quiet_clock: bool = True, title: app_commands.Range[str, 1, 80] | None = None,
        options: app_commands.Range[str, 1, MOST] | None = None,
    ) -> None:
        """Open the tournament for `game` with its table `options` (typed as name:value,
        tables.tournament.typed_options) and post its sign-up message in this channel.
        `quiet_clock` (on unless the host says): a turn at its tables stands still in its
        mover's quiet hours (tables.turn_clock)."""
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            chosen = typed_options(game, options)
            host = person(interaction.user)
            starts_at = await self.tournaments.read(host.user_id, start)
            count = seats if seats is not None else game_spec(game).seats[0]
            guild_id = interaction.guild_id
            settings = TableSettings(
                seats=count, turn_seconds=await self.people.turn_seconds(guild_id, None, None),
                lobby_seconds=await self.people.lobby_seconds(guild_id, None),
                quiet_clock=quiet_clock)
            row = await self.tournaments.create(
                guild_id=guild_id, channel_id=interaction.channel_id or 0, host=host,
                game=game, options=chosen, settings=settings, format=format, rounds=rounds,
                round_seconds=round_hours * HOUR, seats=count, starts_at=starts_at,
                advance=advance, check_in=check_in, title=title or "")
            message = await self.signups.post(row.id)
            await answer(interaction, t("tournament.created", id=row.id,
                                        link=message.jump_url), ephemeral=True)

    # -- the host's controls ------------------------------------------------------------
    @app_commands.command(name="pause", description="Pause a tournament "
                                                    "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def pause(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            await self.tournaments.pause((await self._here(interaction, tournament)).id,
                                         interaction.user.id)
            await answer(interaction, t("tournament.done", id=tournament), ephemeral=True)

    @app_commands.command(name="resume", description="Go on with a paused tournament "
                                                     "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def resume(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            await self.tournaments.resume((await self._here(interaction, tournament)).id,
                                          interaction.user.id)
            await answer(interaction, t("tournament.done", id=tournament), ephemeral=True)

    @app_commands.command(name="cancel", description="End a tournament now "
                                                     "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def cancel(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            await self.tournaments.cancel((await self._here(interaction, tournament)).id,
                                          interaction.user.id)
            await answer(interaction, t("tournament.done", id=tournament), ephemeral=True)

    @app_commands.command(name="extend", description="Give the round in play more time "
                                                     "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT, hours="Hours more")
    async def extend(self, interaction: discord.Interaction[Any], tournament: int,
                     hours: app_commands.Range[int, 1, 168]) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            row = await self._here(interaction, tournament)
            deadline = await self.tournaments.extend(row.id, interaction.user.id, hours)
            await answer(interaction, t("tournament.extended", id=row.id,
                                        full=when(deadline, "F")), ephemeral=True)

    @app_commands.command(name="remove", description="Take a player out of a tournament "
                                                     "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT, player="The player")
    async def remove(self, interaction: discord.Interaction[Any], tournament: int,
                     player: discord.User) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            row = await self._here(interaction, tournament)
            await self.tournaments.withdraw(row.id, player.id, by=interaction.user.id)
            await answer(interaction, t("tournament.removed", id=row.id,
                                        name=shown(person(player).name)), ephemeral=True)

    @app_commands.command(name="replace", description="Let the AI play a no-show's seat "
                                                      "(Manage Server or host role)")
    @app_commands.describe(tournament=TOURNAMENT, player="The player")
    async def replace(self, interaction: discord.Interaction[Any], tournament: int,
                      player: discord.User) -> None:
        async with guard(interaction, None):
            await self._host(interaction)
            await ack(interaction, ephemeral=True)
            row = await self._here(interaction, tournament)
            await self.tournaments.replace(row.id, interaction.user.id, player.id)
            await answer(interaction, t("tournament.replaced", id=row.id,
                                        name=shown(person(player).name)), ephemeral=True)

    # -- anyone's -----------------------------------------------------------------------
    @app_commands.command(name="standings", description="A tournament's standings")
    @app_commands.describe(tournament=TOURNAMENT, public="Show them to the channel")
    async def standings(self, interaction: discord.Interaction[Any], tournament: int,
                        public: bool = False) -> None:
        async with guard(interaction, None):
            await ack(interaction, ephemeral=not public)
            view = await self.tournaments.view((await self._here(interaction, tournament)).id)
            done = max([r.number for r in view.rounds if r.status == "done"] or [0])
            lines = standing_lines(list(view.standings)) or [t("tournament.standings_none")]
            shown_layout = layout([t("tournament.title", name=name_of(view.tournament),
                                     id=tournament),
                                   options_line(view.tournament),
                                   t("tournament.standings_title", id=tournament, round=done,
                                     total=view.rounds_total),
                                   t("tournament.standings_head"), "\n".join(lines)],
                                  None, page_rows(interaction.client, view.tournament), ACCENT)
            await interaction.followup.send(view=shown_layout, ephemeral=not public,
                                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="withdraw", description="Leave a tournament (your results "
                                                       "so far stand)")
    @app_commands.describe(tournament=TOURNAMENT)
    async def withdraw(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        async with guard(interaction, None):
            await ack(interaction, ephemeral=True)
            row = await self._here(interaction, tournament)
            await self.tournaments.withdraw(row.id, interaction.user.id)
            await answer(interaction, t("tournament.withdrew", id=row.id), ephemeral=True)
