"""Leaderboards, stats, history and replays, ready to print: what the /domino commands show.

`Standings` reads storage (indexed queries only) and renders pictures off the event
loop; it returns plain frozen dataclasses, so a cog only formats them. It knows nothing
of Discord. Ratings are shown as `storage.display_rating(ordinal)` (1000 + 25 x the
OpenSkill ordinal), provisional until PROVISIONAL_GAMES rated games.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any, Final

from catalog import ordinal, t
from catalog.reader import current
from engine.records import replay
from engine.registry import GAMES, GameSpec
from render import DEFAULT_THEME, Picture, render_rating_chart, render_replay_gif
from storage import (
    PROVISIONAL_GAMES,
    LeaderboardRow,
    RatingPoint,
    ResultRow,
    SolitaireResult,
    Storage,
    display_rating,
)
from tables.errors import TableError

log = logging.getLogger(__name__)

PROVISIONAL_NOTE: Final = (f"Ratings marked * are provisional until {PROVISIONAL_GAMES} "
                           "rated games have been played.")
MAX_PER_PAGE: Final = 25


@dataclass(frozen=True)
class BoardLine:
    """One line of a leaderboard. rating is the shown number; an AI has user_id None."""

    rank: int
    user_id: int | None
    ai_level: str | None
    name: str
    rating: int
    provisional: bool
    games: int
    wins: int
    win_rate: float
    is_viewer: bool = False


@dataclass(frozen=True)
class LeaderboardPage:
    """A page of a board. page is 1-based, 1 <= page <= pages (pages >= 1 even when empty).

    viewer_row is the viewer's own line wherever they rank (None: not on this board);
    viewer_on_page says whether it is among `rows` already.
    """

    game: str
    guild_id: int | None
    rows: tuple[BoardLine, ...]
    page: int
    pages: int
    per_page: int
    total: int
    viewer_row: BoardLine | None
    viewer_on_page: bool
    note: str = PROVISIONAL_NOTE


@dataclass(frozen=True)
class GameStats:
    """A player's figures for one game type. Fields that do not apply are None.

    Table games: rating (shown number, None before any rated game), rank on the board,
    rating_change over the last `change_games` rated games, average_points;
    goats (games whose spec has `goats`); best_score (the best match score, games whose
    spec has `best_score`).
    Big Clock: best_result (text), best_discards (fewest in a win), best_hours_home,
    fastest_win (seconds). streak: +n wins in a row or -n games without a win, latest
    first. series: shown ratings, the first before the oldest game charted, one per game.
    """

    game: str
    title: str
    games: int
    wins: int
    win_rate: float
    streak: int
    streak_text: str
    rating: int | None = None
    provisional: bool = True
    rated_games: int = 0
    rank: int | None = None
    board_size: int | None = None
    rating_change: int | None = None
    change_games: int = 0
    average_points: float | None = None
    goats: int | None = None
    best_score: int | None = None
    best_result: str | None = None
    best_discards: int | None = None
    best_hours_home: int | None = None
    fastest_win: float | None = None
    series: tuple[int, ...] = ()


@dataclass(frozen=True)
class HistoryEntry:
    """One finished game of a player, newest first in a history.

    table_id is the game id for /domino replay (None only for an old solitaire result
    without a table); result is a short English text such as "1st of 3 · 61 points".
    """

    table_id: int | None
    finished_at: float
    game: str
    players: tuple[str, ...]
    result: str
    won: bool
    guild_id: int | None


@dataclass(frozen=True)
class ReplayFiles:
    """A finished game's replay: the GIF, the record as JSON bytes and a one-line summary."""

    table_id: int
    game: str
    guild_id: int | None
    gif: Picture
    record_json: bytes
    json_filename: str
    summary: str


def is_rated(game: str) -> bool:
    """Whether `game` is a registered game with ratings and a leaderboard."""
    spec = GAMES.get(game)
    return spec is not None and spec.rated


def title(game: str) -> str:
    """A game's name as people read it (the catalog's `game.<name>`)."""
    return t(f"game.{game}")


def ordinal_text(n: int) -> str:
    """"1st", "2nd", "3rd", "11th" (in the reader's language: "1-й")."""
    return ordinal(n)


def streak_text(streak: int) -> str:
    """"3 wins in a row", "2 games without a win", "no games yet" (the reader's language)."""
    if streak > 0:
        return t("standing.streak_wins", count=streak)
    if streak < 0:
        return t("standing.streak_losses", count=-streak)
    return t("standing.no_games")


def rating_series(history: list[RatingPoint]) -> tuple[int, ...]:
    """Shown ratings: before the first game of `history`, then after each game."""
    if not history:
        return ()
    return (display_rating(history[0].before),
            *(display_rating(p.after) for p in history))


def _line(row: LeaderboardRow, viewer_id: int | None) -> BoardLine:
    return BoardLine(
        rank=row.rank, user_id=row.user_id, ai_level=row.ai_level, name=row.name,
        rating=row.display, provisional=row.provisional, games=row.games, wins=row.wins,
        win_rate=row.win_rate,
        is_viewer=viewer_id is not None and row.user_id == viewer_id and row.ai_level is None,
    )


def _table_result(mine: ResultRow, table: list[ResultRow]) -> str:
    """"1st of 3 · 61 points · goat · rating +18", or "won"/"lost" for pairs."""
    if mine.team is not None:
        parts = [t("standing.won" if mine.place == 1 else "standing.lost")]
    else:
        parts = [t("standing.place_of", place=ordinal_text(mine.place), size=len(table))]
    parts.append(t("standing.points", count=mine.points))
    if mine.goat:
        parts.append(t("standing.goat"))
    if mine.rating_before is not None and mine.rating_after is not None:
        change = display_rating(mine.rating_after) - display_rating(mine.rating_before)
        parts.append(t("standing.rating_change", change=f"{change:+d}"))
    return " · ".join(parts)


def _solitaire_result(result: SolitaireResult) -> str:
    return " · ".join((t("standing.won" if result.won else "standing.lost"),
                       t("standing.hours_home", count=result.hours_home),
                       t("standing.discards", count=result.discards)))


class Standings:
    """The read side of the bot's games: boards, stats, history, replays and charts."""

    def __init__(self, store: Storage, *, chart_games: int = 100, recent_games: int = 10,
                 theme: str = DEFAULT_THEME) -> None:
        """`chart_games`: rated games in a chart; `recent_games`: games of rating_change."""
        self.store = store
        self.chart_games = chart_games
        self.recent_games = recent_games
        self.theme = theme

    @staticmethod
    def _require_rated(game: str) -> None:
        if not is_rated(game):
            raise TableError("error.unrated", game=title(game))

    async def leaderboard(self, game: str, guild_id: int | None = None, page: int = 1,
                          per_page: int = 10, viewer_id: int | None = None) -> LeaderboardPage:
        """Page `page` (1-based, clamped into range) of the board of `game` in a guild
        (None = global), with the viewer's own line wherever they rank.

        per_page is clamped to 1..25. Raises TableError for a game without ratings.
        """
        self._require_rated(game)
        per_page = max(1, min(MAX_PER_PAGE, per_page))
        total = await self.store.leaderboard_size(game, guild_id)
        pages = max(1, -(-total // per_page))
        page = max(1, min(pages, page))
        rows = await self.store.leaderboard(game, guild_id, limit=per_page,
                                            offset=(page - 1) * per_page)
        lines = tuple(_line(r, viewer_id) for r in rows)
        viewer = None
        if viewer_id is not None:
            own = await self.store.rank_of(viewer_id, game, guild_id)
            viewer = _line(own, viewer_id) if own is not None else None
        return LeaderboardPage(
            game=game, guild_id=guild_id, rows=lines, page=page, pages=pages,
            per_page=per_page, total=total, viewer_row=viewer,
            viewer_on_page=any(line.is_viewer for line in lines),
        )

    async def stats(self, user_id: int, guild_id: int | None = None, *,
                    include_unplayed: bool = False) -> list[GameStats]:
        """The player's figures per game type, in GAMES order, in a guild (ratings and
        counts of that guild) or everywhere (None: global ratings). Game types the player
        never finished are left out unless include_unplayed."""
        out: list[GameStats] = []
        for spec in GAMES.values():
            figures = (await self._solitaire_stats(user_id, spec, guild_id) if spec.solitaire
                       else await self._table_stats(user_id, spec, guild_id))
            if figures.games or include_unplayed:
                out.append(figures)
        return out

    async def _table_stats(self, user_id: int, spec: GameSpec,
                           guild_id: int | None) -> GameStats:
        game = spec.name
        totals = await self.store.game_totals(user_id, game, guild_id)
        own = await self.store.rank_of(user_id, game, guild_id)
        history = await self.store.rating_history(user_id, game, guild_id,
                                                  limit=self.chart_games)
        recent = history[-self.recent_games:]
        change = (display_rating(recent[-1].after) - display_rating(recent[0].before)
                  if recent else None)
        size = await self.store.leaderboard_size(game, guild_id) if own is not None else None
        return GameStats(
            game=game, title=title(game), games=totals.games, wins=totals.wins,
            win_rate=totals.wins / totals.games if totals.games else 0.0,
            streak=totals.streak, streak_text=streak_text(totals.streak),
            rating=own.display if own is not None else None,
            provisional=own.provisional if own is not None else True,
            rated_games=own.rated_games if own is not None else 0,
            rank=own.rank if own is not None else None, board_size=size,
            rating_change=change, change_games=len(recent),
            average_points=totals.average_points,
            goats=totals.goats if spec.goats else None,
            best_score=totals.best_points if spec.best_score else None,
            series=rating_series(history),
        )

    async def _solitaire_stats(self, user_id: int, spec: GameSpec,
                               guild_id: int | None) -> GameStats:
        totals = await self.store.solitaire_totals(user_id, spec.name, guild_id)
        if totals.best_discards is not None:
            best: str | None = t("standing.best_win", count=totals.best_discards)
        elif totals.best_hours_home is not None:
            best = t("standing.hours_home", count=totals.best_hours_home)
        else:
            best = None
        return GameStats(
            game=spec.name, title=title(spec.name), games=totals.games, wins=totals.wins,
            win_rate=totals.wins / totals.games if totals.games else 0.0,
            streak=totals.streak, streak_text=streak_text(totals.streak),
            best_result=best, best_discards=totals.best_discards,
            best_hours_home=totals.best_hours_home, fastest_win=totals.fastest_win,
        )

    async def history(self, user_id: int, limit: int = 10, *,
                      game: str | None = None) -> list[HistoryEntry]:
        """The player's last `limit` finished games (table games and Big Clock), newest
        first, with the players and the player's result."""
        limit = max(1, limit)
        spec = GAMES.get(game) if game is not None else None
        solitaire = spec is not None and spec.solitaire
        mine = [] if solitaire else await self.store.history(user_id, limit=limit, game=game)
        solo = ([] if game is not None and not solitaire
                else await self.store.solitaire_history(user_id, limit=limit))
        tables = await self.store.results_of_tables(r.table_id for r in mine)
        entries = [
            HistoryEntry(
                table_id=r.table_id, finished_at=r.finished_at, game=r.game,
                players=tuple(x.name for x in tables[r.table_id]),
                result=_table_result(r, tables[r.table_id]), won=r.place == 1,
                guild_id=r.guild_id,
            )
            for r in mine
        ]
        if solo:
            player = await self.store.get_player(user_id)
            name = player.name if player is not None else str(user_id)
            entries += [
                HistoryEntry(table_id=s.table_id, finished_at=s.finished_at, game=s.game,
                             players=(name,), result=_solitaire_result(s), won=s.won,
                             guild_id=s.guild_id)
                for s in solo
            ]
        entries.sort(key=lambda e: (e.finished_at, e.table_id or 0), reverse=True)
        return entries[:limit]

    async def replay(self, table_id: int, theme: str | None = None) -> ReplayFiles:
        """The replay GIF and JSON record of a finished game (every hand can be known
        from the record, which is fine once the game is over).

        The record replays with `python -m engine replay`. Raises TableError for an
        unknown game or one that did not finish (in progress, cancelled, abandoned).
        """
        table = await self.store.get_table(table_id)
        if table is None:
            raise TableError("replay.unknown", id=table_id)
        if table.status != "finished":
            raise TableError("replay.unfinished", id=table_id)
        # Rewritten by the engine from its replay, so that every hand's deal is explicit.
        record = await asyncio.to_thread(_full_record, await self.store.record(table_id))
        gif = await asyncio.to_thread(render_replay_gif, record, theme or self.theme, current())
        data = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
        results = await self.store.results_of_table(table_id)
        name = title(table.game)
        if results:
            ranked = sorted(results, key=lambda r: (r.place, r.seat))
            standing = ", ".join(f"{ordinal_text(r.place)} {r.name} ({r.points})"
                                 for r in ranked)
        else:
            standing = ", ".join(s.name for s in table.seats)
        summary = t("replay.summary", game=name, table=table_id, standing=standing,
                    count=len(record["moves"]))
        log.info("replay of table %d: %d bytes of GIF", table_id, len(gif.data))
        return ReplayFiles(table_id=table_id, game=table.game, guild_id=table.guild_id,
                           gif=gif, record_json=data, json_filename=f"game-{table_id}.json",
                           summary=summary)

    async def chart(self, user_id: int, game: str, guild_id: int | None = None,
                    theme: str | None = None) -> Picture:
        """The player's rating history in `game` (a guild's rating, or global for None)
        as a small PNG line chart; the first PROVISIONAL_GAMES games are shaded when the
        chart starts at the player's first rated game. Raises TableError for Big Clock."""
        self._require_rated(game)
        history = await self.store.rating_history(user_id, game, guild_id,
                                                  limit=self.chart_games)
        own = await self.store.rank_of(user_id, game, guild_id)
        rated = own.rated_games if own is not None else 0
        # Games shown that were among the first PROVISIONAL_GAMES rated ones.
        shaded = max(0, PROVISIONAL_GAMES - (rated - len(history)))
        scope = t("stats.scope_global" if guild_id is None else "stats.scope_server")
        heading = t("stats.chart_title", game=title(game), scope=scope)
        return await asyncio.to_thread(
            render_rating_chart, rating_series(history), theme or self.theme, title=heading,
            provisional=min(shaded, len(history)), locale=current(),
        )


def _full_record(stored: dict[str, Any]) -> dict[str, Any]:
    """A stored record as the engine writes it: every deal so far explicit, the seed beside."""
    return replay(stored).record()
