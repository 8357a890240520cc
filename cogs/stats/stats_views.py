"""Messages of /domino stats and history (Components V2); the leaderboard's are in
cogs/stats/leaderboard.py.

Everything shown comes from `tables.standings` dataclasses of numbers; this module
writes them in the reader's words, a result's figures (`engine.figures`) each by its
name. Names are written as text, never as mentions, so a board pings nobody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
from discord import ui

from catalog import ordinal, t, tn
from cogs.common.components import Layout, when
from cogs.common.escape import shown
from cogs.common.page_links import link_row
from engine.registry import GAMES
from storage import FigureTotals
from tables.standings import GameStats, HistoryEntry, ReplayFiles
from tables.tournament.reading import TournamentRecord

STATS_COLOUR = 0x1565C0
MAX_TEXT = 3900  # a TextDisplay holds 4000 characters


def scope_name(guild_id: int | None) -> str:
    """"this server" or "global", as a board's or a player's figures' title says."""
    return t("stats.scope_global") if guild_id is None else t("stats.scope_server")


def blocks_layout(blocks: Sequence[tuple[str, str | None, str | None]], colour: int,
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


def tournaments_text(record: TournamentRecord) -> str | None:
    """"### Tournaments / Played: 3 · won: 1 · best place: 1st of 8 / In progress now: 1";
    None for a player in no tournament (nothing is shown)."""
    lines = []
    if record.played:
        best = t("standing.place_of", place=ordinal(record.best or 0), size=record.best_of)
        lines.append(t("stats.tournaments_line", played=record.played, wins=record.wins,
                       best=best))
    if record.ongoing:
        lines.append(t("stats.tournaments_ongoing", count=record.ongoing))
    return "\n".join([t("stats.tournaments"), *lines]) if lines else None


def stats_layout(name: str, scope_name: str, figures: Sequence[GameStats],
                 charts: dict[str, tuple[str, str]], link: str | None = None, *,
                 record: TournamentRecord | None = None) -> ui.LayoutView:
    """One container per game type; charts maps a game to (file name, alt text);
    `record`: the player's tournaments, a container of its own after the games (none
    when they are in none); `link`: the player's web page, a link button below."""
    rows = [link_row(link)] if link is not None else []
    head = t("stats.title", name=shown(name), scope=scope_name)
    tournaments = tournaments_text(record) if record is not None else None
    if not figures:
        first = head + "\n" + t("stats.none")
        blocks_none: list[tuple[str, str | None, str | None]] = [(first, None, None)]
        if tournaments is not None:
            blocks_none.append((tournaments, None, None))
        return blocks_layout(blocks_none, STATS_COLOUR, rows)
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
    if tournaments is not None:
        blocks.append((tournaments, None, None))
    return blocks_layout(blocks, STATS_COLOUR, rows)


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
    return blocks_layout([("\n".join(x for x in (head, body, foot) if x), None, None)],
                         STATS_COLOUR, [link_row(link)] if link is not None else [])
