"""A server's tournament page (issue 49): what it is, its standings with the tiebreaks in
their order, and every round's tables with their results and links to each finished
game's replay. A table still in play shows only what its channel sees: who sits where.

The figures come from tables/tournament/reading.py; every word is the catalog's, in the
reader's language.
"""

from __future__ import annotations

import datetime as dt

from aiohttp import web

from engine.registry import GAMES
from storage.tournaments import TABLE_STATES, TOURNAMENT_STATUSES
from tables.errors import TableError
from tables.tournament.formats import FORMATS
from tables.tournament.reading import replayable, tournament_view
from tables.tournament.view import TournamentView
from web.board_pages import STORE, suffix
from web.game_pages import ACCESS, path_id
from web.pages import TEMPLATES, page, reader

# The standings' columns after the name, in the order the tiebreaks are applied
# (tables/tournament/standings.py); each has a long head (web.col.*) and a short one
# (web.short.*) explained by the legend under the table.
STANDING_COLUMNS = ("points", "buchholz", "game_points", "head_to_head", "seed")
# The languages that write a decimal comma (1,5 points).
COMMA = frozenset({"ru", "uk", "es", "pt"})
# What the template may build keys from (tests/web/test_web_catalog_keys.py reads these).
STATUSES = TOURNAMENT_STATUSES
STATES = TABLE_STATES
TOURNAMENT_FORMATS = FORMATS
ROUND_STATES = ("open", "done")
DECIDED = ("deadline", "forfeit")


def figure(value: float, lang: str) -> str:
    """Points as people write them: 2, 1.5, 0.67 (1,5 where a comma is the decimal mark)."""
    text = f"{value:g}" if value == round(value, 2) else f"{value:.2f}"
    return text.replace(".", ",") if lang in COMMA else text


def moment(seconds: float) -> str:
    """A UTC time as the page shows it, the same in every language: 2026-12-07 15:00 UTC."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def machine_time(seconds: float) -> str:
    """The same time for a <time datetime=...>."""
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%dT%H:%MZ")


TEMPLATES.filters["moment"] = moment
TEMPLATES.filters["machine_time"] = machine_time


def length(seconds: int) -> tuple[str, int]:
    """A round's length as one of the catalog's durations: (unit, count)."""
    if seconds % 86400 == 0:
        return "days", seconds // 86400
    if seconds % 3600 == 0:
        return "hours", seconds // 3600
    return "minutes", max(1, seconds // 60)


async def tournament_page(request: web.Request) -> web.Response:
    """`/s/<guild>/tournament/<id>`: the tournament of that server. Unsigned (on a private
    server), or in the DMs' scope (no link signs a tournament there), is a 403; no such
    tournament, or one of another server, is a 404."""
    guild_id = path_id(request, "guild") or None
    tournament_id = path_id(request, "tournament")
    # In DMs (guild 0) no link ever signs this page: a 403 there, as a player page's.
    query = await request.app[ACCESS].check(request, guild_id)
    if guild_id is None:
        raise web.HTTPNotFound()
    store = request.app[STORE]
    try:
        view = await tournament_view(store, tournament_id)
    except TableError:
        raise web.HTTPNotFound() from None
    if view.tournament.guild_id != guild_id or view.tournament.game not in GAMES:
        raise web.HTTPNotFound()
    lang = reader(request)
    unit, count = length(view.tournament.round_seconds)
    return page(request, "tournament.html", view=view, row=view.tournament,
                replays=await replayable(store, view), base=f"/s/{guild_id}",
                sign=suffix(query, request), columns=STANDING_COLUMNS,
                figure=lambda value: figure(value, lang), unit=unit, count=count,
                names={e.user_id: e.name for e in view.entrants},
                done=_rounds_done(view), decided=DECIDED)


def _rounds_done(view: TournamentView) -> int:
    return max([r.number for r in view.rounds if r.status == "done"] or [0])


def add_routes(app: web.Application) -> None:
    """The tournament route, under the server's scope `/s/<guild>`."""
    app.router.add_get(r"/s/{guild:[0-9]{1,20}}/tournament/{tournament:[0-9]{1,20}}",
                       tournament_page)
