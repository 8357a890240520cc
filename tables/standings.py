"""Leaderboards, stats, history and replays as figures: what the /domino commands (and
the web pages) show.

`Standings` reads storage (indexed queries only) and renders pictures off the event
loop; it returns plain frozen dataclasses of numbers and names, never text for people,
so each reader (a cog, a page) formats them in its own words. It knows nothing of
Discord. Ratings are shown as `storage.display_rating(ordinal)` (1000 + 25 x the
OpenSkill ordinal), provisional until PROVISIONAL_GAMES rated games. A result's
figures are those its game's registry spec declares (`engine.figures`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any, Final

from catalog import t
from catalog.reader import current
from engine.records import replay
from engine.registry import GAMES, GameSpec
from render import DEFAULT_THEME, Picture, render_rating_chart, render_replay_gif
from storage import (
    PROVISIONAL_GAMES,
    FigureTotals,
    LeaderboardRow,
    RatingPoint,
    ResultRow,
    SolitaireResult,
    Storage,
    display_rating,
)
from tables.errors import TableError

log = logging.getLogger(__name__)

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
    viewer_on_page says whether it is among `rows` already; a rating is provisional
    until `provisional_games` rated games.
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
    provisional_games: int = PROVISIONAL_GAMES


@dataclass(frozen=True)
class GameStats:
    """A player's figures for one game type. Fields that do not apply are None.

    streak: +n wins in a row or -n games without a win, latest first (0: no games).
    Table games: rating (shown number, None before any rated game), rank on the board,
    rating_change over the last `change_games` rated games, average_points;
    best_score (the best match score, games whose spec has `best_score`).
    Solitaire games: fastest_win (seconds). series: shown ratings, the first before the
    oldest game charted, one per game. figures: the totals of every figure the game's
    spec declares, by name in its order (Traditional's goat, Big Clock's hours_home...).
    """

    game: str
    games: int
    wins: int
    win_rate: float
    streak: int
    rating: int | None = None
    provisional: bool = True
    rated_games: int = 0
    rank: int | None = None
    board_size: int | None = None
    rating_change: int | None = None
    change_games: int = 0
    average_points: float | None = None
    best_score: int | None = None
    fastest_win: float | None = None
    series: tuple[int, ...] = ()
    figures: dict[str, FigureTotals] = field(default_factory=dict)


@dataclass(frozen=True)
class HistoryEntry:
    """One finished game of a player, newest first in a history.

    table_id is the game id for /domino replay (None only for an old solitaire result
    without a table). The player's result: `won`; for a table game `place` of `size`
    seats, `points`, `team` (pairs: then won or lost is the result) and the shown
    rating's change (None: not rated); `figures` as its game's spec declares them, in
    that order (those the stored result has).
    """

    table_id: int | None
    finished_at: float
    game: str
    players: tuple[str, ...]
    won: bool
    guild_id: int | None
    place: int | None = None
    size: int = 1
    points: int | None = None
    team: int | None = None
    rating_change: int | None = None
    figures: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Placing:
    """A seat of a finished game in its final order: place, name and points."""

    place: int
    name: str
    points: int


@dataclass(frozen=True)
class ReplayFiles:
    """A finished game's replay: the GIF, the record as JSON bytes, and what a line about
    it says: the final order (`placings`; empty for a game without table results, such
    as a solitaire: then `players`) and the number of moves."""

    table_id: int
    game: str
    guild_id: int | None
    gif: Picture
    record_json: bytes
    json_filename: str
    players: tuple[str, ...]
    placings: tuple[Placing, ...]
    moves: int


def is_rated(game: str) -> bool:
    """Whether `game` is a registered game with ratings and a leaderboard."""
    spec = GAMES.get(game)
    return spec is not None and spec.rated


def title(game: str) -> str:
    """A game's name as people read it (the catalog's `game.<name>`)."""
    return t(f"game.{game}")


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


def _declared(spec: GameSpec | None, figures: dict[str, int]) -> dict[str, int]:
    """A stored result's figures in the order its game declares them (PostgreSQL's JSON
    keeps no order); those it lacks (an old result) are left out."""
    if spec is None:
        return dict(figures)
    return {name: figures[name] for name in spec.figures.names if name in figures}


def _table_entry(mine: ResultRow, table: list[ResultRow]) -> HistoryEntry:
    change = None
    if mine.rating_before is not None and mine.rating_after is not None:
        change = display_rating(mine.rating_after) - display_rating(mine.rating_before)
    return HistoryEntry(
        table_id=mine.table_id, finished_at=mine.finished_at, game=mine.game,
        players=tuple(x.name for x in table), won=mine.place == 1, guild_id=mine.guild_id,
        place=mine.place, size=len(table), points=mine.points, team=mine.team,
        rating_change=change, figures=_declared(GAMES.get(mine.game), mine.figures),
    )


def _solitaire_entry(result: SolitaireResult, name: str) -> HistoryEntry:
    return HistoryEntry(
        table_id=result.table_id, finished_at=result.finished_at, game=result.game,
        players=(name,), won=result.won, guild_id=result.guild_id,
        figures=_declared(GAMES.get(result.game), result.figures),
    )


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
        totals = await self.store.game_totals(user_id, game, guild_id,
                                              figures=spec.figures.names)
        own = await self.store.rank_of(user_id, game, guild_id)
        history = await self.store.rating_history(user_id, game, guild_id,
                                                  limit=self.chart_games)
        recent = history[-self.recent_games:]
        change = (display_rating(recent[-1].after) - display_rating(recent[0].before)
                  if recent else None)
        size = await self.store.leaderboard_size(game, guild_id) if own is not None else None
        return GameStats(
            game=game, games=totals.games, wins=totals.wins,
            win_rate=totals.wins / totals.games if totals.games else 0.0,
            streak=totals.streak,
            rating=own.display if own is not None else None,
            provisional=own.provisional if own is not None else True,
            rated_games=own.rated_games if own is not None else 0,
            rank=own.rank if own is not None else None, board_size=size,
            rating_change=change, change_games=len(recent),
            average_points=totals.average_points,
            best_score=totals.best_points if spec.best_score else None,
            series=rating_series(history), figures=totals.figures,
        )

    async def _solitaire_stats(self, user_id: int, spec: GameSpec,
                               guild_id: int | None) -> GameStats:
        totals = await self.store.solitaire_totals(user_id, spec.name, guild_id,
                                                   figures=spec.figures.names)
        return GameStats(
            game=spec.name, games=totals.games, wins=totals.wins,
            win_rate=totals.wins / totals.games if totals.games else 0.0,
            streak=totals.streak, fastest_win=totals.fastest_win, figures=totals.figures,
        )

    async def history(self, user_id: int, limit: int = 10, *, game: str | None = None,
                      guild_id: int | None = None) -> list[HistoryEntry]:
        """The player's last `limit` finished games (table games and Big Clock), newest
        first, with the players and the player's result; `guild_id`: only that server's
        (0: games in DMs)."""
        limit = max(1, limit)
        spec = GAMES.get(game) if game is not None else None
        solitaire = spec is not None and spec.solitaire
        mine = [] if solitaire else await self.store.history(user_id, limit=limit, game=game,
                                                             guild_id=guild_id)
        solo = ([] if game is not None and not solitaire
                else await self.store.solitaire_history(user_id, limit=limit,
                                                        guild_id=guild_id))
        tables = await self.store.results_of_tables(r.table_id for r in mine)
        entries = [_table_entry(r, tables[r.table_id]) for r in mine]
        if solo:
            player = await self.store.get_player(user_id)
            name = player.name if player is not None else str(user_id)
            entries += [_solitaire_entry(s, name) for s in solo]
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
        placings = tuple(Placing(r.place, r.name, r.points)
                         for r in sorted(results, key=lambda r: (r.place, r.seat)))
        log.info("replay of table %d: %d bytes of GIF", table_id, len(gif.data))
        return ReplayFiles(table_id=table_id, game=table.game, guild_id=table.guild_id,
                           gif=gif, record_json=data, json_filename=f"game-{table_id}.json",
                           players=tuple(s.name for s in table.seats), placings=placings,
                           moves=len(record["moves"]))

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
