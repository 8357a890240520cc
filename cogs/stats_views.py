"""Messages of /domino leaderboard, stats and history (Components V2) and the board's buttons.

Everything shown comes from `tables.standings` dataclasses of numbers; this module
writes them in the reader's words, a result's figures (`engine.figures`) each by its
name. Names are written as text, never as mentions, so a board pings nobody.

Custom ids (persistent: everything needed is in the id, so they work after a restart):
    dom:board:<game>:<scope>:<page>    a leaderboard page; scope is g<guild id> or global
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord import ui

from catalog import ordinal, t, tn
from cogs.escape import shown
from cogs.handlers import handlers_of
from cogs.layout import Layout
from cogs.messages import when
from cogs.page_links import link_row
from engine.registry import GAMES
from storage import FigureTotals
from tables.standings import BoardLine, GameStats, HistoryEntry, LeaderboardPage, ReplayFiles

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
    view = Layout()
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
    return _layout([("\n\n".join(parts), None, None)], BOARD_COLOUR, rows)


# -- figures -------------------------------------------------------------------------------
def streak_text(streak: int) -> str:
    """"3 wins in a row", "2 games without a win", "no games yet"."""
    if streak > 0:
        return t("standing.streak_wins", count=streak)
    if streak < 0:
        return t("standing.streak_losses", count=-streak)
    return t("standing.no_games")


# How one game's result shows a figure in a history line (None: not shown). Every
# figure a registered game declares is here or in UNSHOWN_FIGURES (a test checks).
RESULT_FIGURES: dict[str, Callable[[int], str | None]] = {
    "goat": lambda value: t("standing.goat") if value else None,
    "hours_home": lambda value: t("standing.hours_home", count=value),
    "discards": lambda value: t("standing.discards", count=value),
}
# Kept for the record and the web pages.
UNSHOWN_FIGURES = frozenset({"hands", "rounds", "low_round"})


def best_result(figures: Mapping[str, FigureTotals]) -> str | None:
    """A solitaire's best: the win with the fewest discards, else the most hours home."""
    discards, home = figures.get("discards"), figures.get("hours_home")
    if discards is not None and discards.low_in_win is not None:
        return t("standing.best_win", count=discards.low_in_win)
    if home is not None and home.high is not None:
        return t("standing.hours_home", count=home.high)
    return None


def figure_lines(figures: Mapping[str, FigureTotals]) -> list[str]:
    """The stats lines of a game's figure totals: the times the goat, the best result."""
    lines = []
    if "goat" in figures:
        lines.append(t("stats.goats", goats=figures["goat"].total))
    best = best_result(figures)
    if best is not None:
        lines.append(t("stats.best_result", result=best))
    return lines


def history_result(entry: HistoryEntry) -> str:
    """"1st of 3 · 61 points · goat · rating +18", "won"/"lost" for pairs and solitaires
    ("won · 12 hours home · 3 discards")."""
    if entry.place is None or entry.team is not None:
        parts = [t("standing.won" if entry.won else "standing.lost")]
    else:
        parts = [t("standing.place_of", place=ordinal(entry.place), size=entry.size)]
    if entry.points is not None:
        parts.append(t("standing.points", count=entry.points))
    for name, value in entry.figures.items():
        show = RESULT_FIGURES.get(name)
        text = show(value) if show is not None else None
        if text is not None:
            parts.append(text)
    if entry.rating_change is not None:
        parts.append(t("standing.rating_change", change=f"{entry.rating_change:+d}"))
    return " · ".join(parts)


def replay_summary(files: ReplayFiles) -> str:
    """"Traditional #12: 1st Ann (61), 2nd Bob (40); 87 moves."."""
    if files.placings:
        standing = ", ".join(f"{ordinal(p.place)} {p.name} ({p.points})"
                             for p in files.placings)
    else:
        standing = ", ".join(files.players)
    return t("replay.summary", game=t(f"game.{files.game}"), table=files.table_id,
             standing=standing, count=files.moves)


# -- stats ---------------------------------------------------------------------------------
def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def stats_text(figures: GameStats) -> str:
    """The lines of one game type's figures."""
    lines = [t("stats.game", game=t(f"game.{figures.game}")),
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
    lines += figure_lines(figures.figures)
    if figures.best_score is not None:
        lines.append(t("stats.best_score", score=figures.best_score))
    if figures.fastest_win is not None:
        lines.append(t("stats.fastest", time=_duration(figures.fastest_win)))
    lines.append(t("stats.streak", streak=streak_text(figures.streak)))
    return "\n".join(lines)


def stats_layout(name: str, scope_name: str, figures: Sequence[GameStats],
                 charts: dict[str, tuple[str, str]], link: str | None = None) -> ui.LayoutView:
    """One container per game type; charts maps a game to (file name, alt text);
    `link`: the player's web page, a link button below."""
    rows = [link_row(link)] if link is not None else []
    head = t("stats.title", name=shown(name), scope=scope_name)
    if not figures:
        return _layout([(head + "\n" + t("stats.none"), None, None)], STATS_COLOUR, rows)
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
    return _layout(blocks, STATS_COLOUR, rows)


# -- history -------------------------------------------------------------------------------
def history_line(entry: HistoryEntry) -> str:
    """"`#12` <t:..:d> Traditional · Ann, Bob · 1st of 2 · 61 points"."""
    game_id = f"#{entry.table_id}" if entry.table_id is not None else "-"
    players = ", ".join(shown(p) for p in entry.players)
    return t("history.line", id=game_id, date=when(entry.finished_at, "d"),
             game=t(f"game.{entry.game}"), players=players, result=history_result(entry),
             mark="🏆 " if entry.won else "")


def history_layout(name: str, scope_name: str, entries: Sequence[HistoryEntry],
                   link: str | None = None) -> ui.LayoutView:
    """The last finished games, newest first, with their game ids for /domino replay;
    `link`: the player's web page (their last 50 games there), a link button below."""
    head = t("history.title", name=shown(name), scope=scope_name)
    body = "\n".join(history_line(e) for e in entries) if entries else t("history.none")
    foot = "-# " + t("history.footer") if entries else ""
    return _layout([("\n".join(x for x in (head, body, foot) if x), None, None)], STATS_COLOUR,
                   [link_row(link)] if link is not None else [])
