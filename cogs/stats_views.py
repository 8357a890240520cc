"""Messages of /domino leaderboard, stats and history (Components V2) and the board's buttons.

Everything shown comes from `tables.standings` dataclasses; this module only formats.
Names are written as text, never as mentions, so a board pings nobody.

Custom ids (persistent: everything needed is in the id, so they work after a restart):
    dom:board:<game>:<scope>:<page>    a leaderboard page; scope is g<guild id> or global
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import ui

from catalog import t, tn
from cogs.escape import shown
from cogs.handlers import handlers_of
from cogs.messages import when
from engine.registry import GAMES
from tables.standings import BoardLine, GameStats, HistoryEntry, LeaderboardPage

BOARD_COLOUR = 0x2E7D32
STATS_COLOUR = 0x1565C0
MAX_TEXT = 3900  # a TextDisplay holds 4000 characters


def scope_token(guild_id: int | None) -> str:
    """"g<id>" for a server's board, "global" for everyone's."""
    return "global" if guild_id is None else f"g{guild_id}"


def parse_scope(token: str) -> int | None:
    """The guild id of a scope token (None: global)."""
    return None if token == "global" else int(token[1:])


class BoardButton(ui.DynamicItem[ui.Button[Any]],
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
        await handlers_of(interaction).board_click(interaction, self.game, self.guild_id,
                                                   self.page)


STATS_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (BoardButton,)


def _layout(blocks: Sequence[tuple[str, str | None, str | None]], colour: int,
            rows: Sequence[ui.ActionRow[Any]] = ()) -> ui.LayoutView:
    """One container per block (text, picture file name, alt text), then button rows."""
    view = ui.LayoutView(timeout=None)
    for text, filename, alt in blocks:
        children: list[ui.Item[Any]] = [ui.TextDisplay(text[:MAX_TEXT])]
        if filename is not None:
            children.append(ui.MediaGallery(discord.MediaGalleryItem(
                f"attachment://{filename}", description=(alt or "")[:1000] or None)))
        view.add_item(ui.Container(*children, accent_colour=colour))
    for row in rows:
        view.add_item(row)
    return view


# -- leaderboard ---------------------------------------------------------------------------
def board_line(line: BoardLine) -> str:
    """"**3.** Ann · 1042* · 12 games · 7 wins (58%)", the viewer's line marked."""
    name = t("stats.ai_name", name=line.name) if line.ai_level else line.name
    text = t("board.line", rank=line.rank, name=shown(name),
             rating=line.rating, mark="*" if line.provisional else "",
             games=tn("count.games", line.games), wins=tn("count.wins", line.wins),
             rate=round(100 * line.win_rate))
    return t("board.viewer_line", line=text) if line.is_viewer else text


def board_layout(page: LeaderboardPage, scope_name: str) -> ui.LayoutView:
    """A leaderboard page with ◀ ▶ buttons and the viewer's own line below the page."""
    head = t("board.title", game=t(f"game.{page.game}"), scope=scope_name)
    lines = [board_line(line) for line in page.rows] if page.rows else [t("board.empty")]
    parts = [head, "\n".join(lines)]
    if page.viewer_row is not None and not page.viewer_on_page:
        parts.append(t("board.you", line=board_line(page.viewer_row)))
    elif page.viewer_row is None:
        parts.append(t("board.you_unrated"))
    parts.append(t("board.footer", page=page.page, pages=page.pages,
                   total=tn("count.players", page.total),
                   note=t("stats.provisional") if page.note else ""))
    buttons = [
        BoardButton(page.game, page.guild_id, page.page - 1, label=t("board.prev"),
                    disabled=page.page <= 1),
        BoardButton(page.game, page.guild_id, page.page + 1, label=t("board.next"),
                    disabled=page.page >= page.pages),
    ]
    return _layout([("\n\n".join(parts), None, None)], BOARD_COLOUR, [ui.ActionRow(*buttons)])


# -- stats ---------------------------------------------------------------------------------
def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def stats_text(figures: GameStats) -> str:
    """The lines of one game type's figures."""
    lines = [t("stats.game", game=figures.title),
             t("stats.games", games=figures.games, wins=figures.wins,
               rate=round(100 * figures.win_rate))]
    if not GAMES[figures.game].solitaire:
        if figures.rating is None:
            lines.append(t("stats.unrated"))
        else:
            rank = (t("stats.rank", rank=figures.rank, size=figures.board_size)
                    if figures.rank is not None else "")
            lines.append(t("stats.rating", rating=figures.rating,
                           mark="*" if figures.provisional else "", rank=rank))
            if figures.rating_change is not None:
                lines.append(t("stats.change", change=f"{figures.rating_change:+d}",
                               games=tn("count.rated_games", figures.change_games)))
        if figures.average_points is not None:
            lines.append(t("stats.average", points=f"{figures.average_points:.1f}"))
    if figures.goats is not None:
        lines.append(t("stats.goats", goats=figures.goats))
    if figures.best_score is not None:
        lines.append(t("stats.best_score", score=figures.best_score))
    if figures.best_result is not None:
        lines.append(t("stats.best_result", result=figures.best_result))
    if figures.fastest_win is not None:
        lines.append(t("stats.fastest", time=_duration(figures.fastest_win)))
    lines.append(t("stats.streak", streak=figures.streak_text))
    return "\n".join(lines)


def stats_layout(name: str, scope_name: str, figures: Sequence[GameStats],
                 charts: dict[str, tuple[str, str]]) -> ui.LayoutView:
    """One container per game type; charts maps a game to (file name, alt text)."""
    head = t("stats.title", name=shown(name), scope=scope_name)
    if not figures:
        return _layout([(head + "\n" + t("stats.none"), None, None)], STATS_COLOUR)
    blocks: list[tuple[str, str | None, str | None]] = []
    for index, item in enumerate(figures):
        text = stats_text(item)
        if index == 0:
            text = head + "\n" + text
        chart = charts.get(item.game)
        blocks.append((text, chart[0] if chart else None, chart[1] if chart else None))
    if any(item.provisional and item.rating is not None for item in figures):
        text, filename, alt = blocks[-1]
        blocks[-1] = (text + "\n-# " + t("stats.provisional"), filename, alt)
    return _layout(blocks, STATS_COLOUR)


# -- history -------------------------------------------------------------------------------
def history_line(entry: HistoryEntry) -> str:
    """"`#12` <t:..:d> Traditional · Ann, Bob · 1st of 2 · 61 points"."""
    game_id = f"#{entry.table_id}" if entry.table_id is not None else "-"
    players = ", ".join(shown(p) for p in entry.players)
    return t("history.line", id=game_id, date=when(entry.finished_at, "d"),
             game=t(f"game.{entry.game}"), players=players, result=entry.result,
             mark="🏆 " if entry.won else "")


def history_layout(name: str, scope_name: str, entries: Sequence[HistoryEntry]) -> ui.LayoutView:
    """The last finished games, newest first, with their game ids for /domino replay."""
    head = t("history.title", name=shown(name), scope=scope_name)
    body = "\n".join(history_line(e) for e in entries) if entries else t("history.none")
    foot = "-# " + t("history.footer") if entries else ""
    return _layout([("\n".join(x for x in (head, body, foot) if x), None, None)], STATS_COLOUR)
