"""The leaderboard: a page of a game's board by rating, its ◀ ▶ buttons and what a click
on them answers. `/domino leaderboard` itself is in cogs/stats/stats_commands.py, with the other
read-only commands; `tables.standings.Standings` gives the figures.

A click on a page button answers the clicker privately with that page and their own rank;
later clicks on that private message turn its pages in place.

Custom ids (persistent: everything needed is in the id, so they work after a restart):
    dom:board:<game>:<scope>:<page>    a leaderboard page; scope is g<guild id> or global
"""

from __future__ import annotations

import re
from typing import Any, Final

import discord
from discord import ui

from catalog import t, tn
from cogs.common.answering import ack, guard
from cogs.common.escape import shown
from cogs.common.items import ReaderItem, part
from cogs.common.page_links import link_row, links_of
from cogs.stats.stats_views import blocks_layout, scope_name
from tables.errors import TableError
from tables.standings import BoardLine, LeaderboardPage, Standings, is_rated

BOARD_COLOUR: Final = 0x2E7D32
PER_PAGE: Final = 10
NO_MENTIONS: Final = discord.AllowedMentions.none()


def scope_token(guild_id: int | None) -> str:
    """"g<id>" for a server's board, "global" for everyone's."""
    return "global" if guild_id is None else f"g{guild_id}"


def parse_scope(token: str) -> int | None:
    """The guild id of a scope token (None: global)."""
    return None if token == "global" else int(token[1:])


class BoardButton(ReaderItem[ui.Button[Any]],
                  template=r"dom:board:(?P<game>[a-z]+):(?P<scope>g\d+|global):(?P<page>\d+)"):
    """Show page `page` of a leaderboard to the clicker, with the clicker's own rank."""

    def __init__(self, game: str, guild_id: int | None, page: int, *, label: str = "",
                 disabled: bool = False) -> None:
        self.game, self.guild_id, self.page = game, guild_id, page
        custom_id = f"dom:board:{game}:{scope_token(guild_id)}:{page}"
        super().__init__(ui.Button(label=label[:80] or str(page), custom_id=custom_id,
                                   style=discord.ButtonStyle.secondary, disabled=disabled))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> BoardButton:
        return cls(match["game"], parse_scope(match["scope"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await part(interaction, Leaderboards).turn(interaction, self.game, self.guild_id,
                                                   self.page)


LEADERBOARD_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (BoardButton,)



def board_line(line: BoardLine) -> str:
    """"**3.** Ann · 1042* · 12 games · 7 wins (58%)", the viewer's line marked."""
    name = t("stats.ai_name", name=line.name) if line.ai_level else line.name
    text = t("board.line", rank=line.rank, name=shown(name),
             rating=line.rating, mark="*" if line.provisional else "",
             games=tn("count.games", line.games), wins=tn("count.wins", line.wins),
             rate=round(100 * line.win_rate))
    return t("board.viewer_line", line=text) if line.is_viewer else text


def board_layout(page: LeaderboardPage, scope_name: str,
                 link: str | None = None) -> ui.LayoutView:
    """A leaderboard page with ◀ ▶ buttons and the viewer's own line below the page;
    `link`: the web page's address, a link button below them."""
    head = t("board.title", game=t(f"game.{page.game}"), scope=scope_name)
    lines = [board_line(line) for line in page.rows] if page.rows else [t("board.empty")]
    parts = [head, "\n".join(lines)]
    if page.viewer_row is not None and not page.viewer_on_page:
        parts.append(t("board.you", line=board_line(page.viewer_row)))
    elif page.viewer_row is None:
        parts.append(t("board.you_unrated"))
    parts.append(t("board.footer", page=page.page, pages=page.pages,
                   total=tn("count.players", page.total),
                   note=t("stats.provisional")))
    buttons = [
        BoardButton(page.game, page.guild_id, page.page - 1, label=t("board.prev"),
                    disabled=page.page <= 1),
        BoardButton(page.game, page.guild_id, page.page + 1, label=t("board.next"),
                    disabled=page.page >= page.pages),
    ]
    rows: list[ui.ActionRow[Any]] = [ui.ActionRow(*buttons)]
    if link is not None:
        rows.append(link_row(link))
    return blocks_layout([("\n\n".join(parts), None, None)], BOARD_COLOUR, rows)


def board_link(interaction: discord.Interaction[Any], game: str,
               guild_id: int | None) -> str | None:
    """The server board's web page (no page for the global board, or without links)."""
    links = links_of(interaction.client)
    return links.leaderboard(guild_id, game) if links and guild_id is not None else None


class Leaderboards:
    """The boards' pages: what `/domino leaderboard` posts and what a page button answers."""

    def __init__(self, standings: Standings) -> None:
        self.standings = standings
        self.per_page = PER_PAGE

    async def page(self, interaction: discord.Interaction[Any], game: str,
                   guild_id: int | None, page: int) -> ui.LayoutView:
        """Page `page` of `game`'s board in scope `guild_id` (None: global), with the
        caller's own rank, in the reader's words."""
        board = await self.standings.leaderboard(game, guild_id, page, self.per_page,
                                                 viewer_id=interaction.user.id)
        return board_layout(board, scope_name(guild_id),
                            board_link(interaction, game, guild_id))

    async def turn(self, interaction: discord.Interaction[Any], game: str,
                   guild_id: int | None, page: int) -> None:
        """A page button: the page with the clicker's rank, privately (in place if private)."""
        async with guard(interaction, None):
            if not is_rated(game):
                raise TableError("board.unknown")
            await ack(interaction, thinking=False)
            view = await self.page(interaction, game, guild_id, page)
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                await interaction.edit_original_response(view=view,
                                                         allowed_mentions=NO_MENTIONS)
            else:
                await interaction.followup.send(view=view, ephemeral=True,
                                                allowed_mentions=NO_MENTIONS)
