"""A server's leaderboard per rated game and a player's page in that server: numbers from
storage and tables/standings.py, names as the bot stored them, links carrying the
server's signature (none on a public server)."""

from __future__ import annotations

import datetime as dt

from aiohttp import web

from catalog.reader import reading
from engine.registry import GAMES
from storage import Storage
from storage.boards import BOARD_ORDERS
from tables.daily import WEEK_DAYS, day_of, week_rows
from tables.standings import Standings, is_rated
from tables.tournament.reading import entries
from web.access import Access
from web.game_pages import ACCESS, lang_query, path_id
from web.links import number
from web.pages import page, png, reader

STORE: web.AppKey[Storage] = web.AppKey("store", Storage)
PER_PAGE = 50
HISTORY_GAMES = 50
# Figures summed on a board beside the wins, where the game's results carry them.
BOARD_FIGURES = ("goat",)
# One point of uncertainty on the shown scale: the display is 1000 + 25 x (mu - 3 sigma).
SIGMA_POINTS = 25


def _guild(request: web.Request) -> int | None:
    return path_id(request, "guild") or None


def suffix(query: str, request: web.Request, **more: str) -> str:
    """The query a page's own links carry: the signature, the chosen language, `more`."""
    parts = [query, lang_query(request), *(f"{k}={v}" for k, v in more.items())]
    joined = "&".join(p for p in parts if p)
    return "?" + joined if joined else ""


def _number(request: web.Request, name: str, default: int) -> int:
    """A small positive number of the query; anything else is a 404."""
    found = number(request.query.get(name, str(default)), most=999_999)
    if not found:
        raise web.HTTPNotFound()
    return found


async def leaderboard(request: web.Request) -> web.Response:
    """`/s/<guild>/leaderboard/<game>?page=&sort=`: 50 lines a page, sorted by one of
    BOARD_ORDERS; an unknown game, order or page number is a 404."""
    guild_id, game = _guild(request), request.match_info["game"]
    access: Access = request.app[ACCESS]
    query = await access.check(request, guild_id)
    order = request.query.get("sort", "rating")
    if not is_rated(game) or order not in BOARD_ORDERS:
        raise web.HTTPNotFound()
    store = request.app[STORE]
    total = await store.leaderboard_size(game, guild_id)
    pages = max(1, -(-total // PER_PAGE))
    number = min(pages, _number(request, "page", 1))
    rows = await store.leaderboard_sorted(game, guild_id, order=order, limit=PER_PAGE,
                                          offset=(number - 1) * PER_PAGE)
    shown = [f for f in BOARD_FIGURES if f in GAMES[game].figures.names]
    sums = {f: await store.figure_sums(game, guild_id, [r.user_id or 0 for r in rows], f)
            for f in shown}
    lines = [(row, round(SIGMA_POINTS * row.sigma),
              {f: sums[f].get(row.user_id or 0, 0) for f in shown}) for row in rows]
    base = f"/s/{guild_id or 0}"
    daily = await _week(store, guild_id, access) if guild_id else None
    return page(request, "leaderboard.html", game=game, lines=lines, figures=shown,
                order=order, orders=list(BOARD_ORDERS), number=number, pages=pages,
                total=total, base=base, here=request.path,
                sign=suffix(query, request), daily=daily,
                link=lambda **more: suffix(query, request, **more))


async def _week(store: Storage, guild_id: int, access: Access) -> list[object]:
    """The week's daily Big Clock board of the server (the week ending today)."""
    today = dt.date.fromisoformat(day_of(access.clock()))
    week = [(today - dt.timedelta(days=k)).isoformat() for k in range(WEEK_DAYS)]
    return list(week_rows(await store.daily_results(guild_id, week)))


async def player(request: web.Request) -> web.Response:
    """`/s/<guild>/player/<user>`: the figures per game, a rating chart for each rated
    game played, the last 50 games and the server's tournaments they entered (with their
    place), with links; a person who neither finished a game nor entered a tournament on
    this server is a 404 there (their stored name is not for every server to read)."""
    guild_id, user_id = _guild(request), path_id(request, "user")
    query = await request.app[ACCESS].check(request, guild_id)
    store = request.app[STORE]
    person = await store.get_player(user_id)
    standings = Standings(store)
    stats = await standings.stats(user_id, guild_id) if person is not None else []
    entered = await entries(store, user_id, guild_id, limit=HISTORY_GAMES) if guild_id else []
    if not stats and not entered:
        raise web.HTTPNotFound()
    # An entrant who never played here yet is named as they entered the tournament.
    name = person.name if person is not None else entered[0].name
    history = await standings.history(user_id, HISTORY_GAMES, guild_id=guild_id or 0)
    return page(request, "player.html", name=name, stats=stats, history=history,
                base=f"/s/{guild_id or 0}", user_id=user_id, sign=suffix(query, request),
                rated=[s.game for s in stats if is_rated(s.game) and s.rated_games],
                entered=entered)


async def chart_png(request: web.Request) -> web.Response:
    """`/s/<guild>/player/<user>/chart/<game>.png`: the rating over time (render/)."""
    guild_id, user_id = _guild(request), path_id(request, "user")
    await request.app[ACCESS].check(request, guild_id)
    game = request.match_info["game"]
    if not is_rated(game) or await request.app[STORE].rank_of(user_id, game, guild_id) is None:
        raise web.HTTPNotFound()  # nobody's chart where they never played
    with reading(reader(request)):
        picture = await Standings(request.app[STORE]).chart(user_id, game, guild_id)
    # A rating changes with each game: a browser asks again after a few minutes.
    return png(request, picture.data, max_age=300)


def add_routes(app: web.Application) -> None:
    """The leaderboard and player routes, under the server's scope `/s/<guild>`."""
    scope = r"/s/{guild:[0-9]{1,20}}"
    app.router.add_get(scope + r"/leaderboard/{game:[a-z_]{1,32}}", leaderboard)
    app.router.add_get(scope + r"/player/{user:[0-9]{1,20}}", player)
    app.router.add_get(scope + r"/player/{user:[0-9]{1,20}}/chart/{game:[a-z_]{1,32}}.png",
                       chart_png)
