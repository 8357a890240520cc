"""English texts of the web pages (web/), part of the catalog (merged into `catalog.EN`)."""

from __future__ import annotations

from catalog.po import Source

WEB: dict[str, Source] = {
    "web.title": "Dominoes",
    # {games}: every registered game's name, joined by web/pages.py (none is written here).
    "web.about": ("Dominoes is a Discord bot for playing dominoes in groups ({games}), with "
                  "leaderboards and pickup games that run for days across time zones. These "
                  "pages show a server's leaderboards, its players' records and every finished "
                  "game, move by move."),
    "web.privacy": ("Only finished games and results are shown here, never a game in play. "
                    "A finished game's page replays it move by move, and its record (to "
                    "download) holds its deal, so it can be replayed anywhere. A server's "
                    "pages open from the links the bot gives, unless the server's admins "
                    "made them public."),
    "web.rules_of": "The rules of {game}",
    "web.back_home": "Back to the first page",
    "web.language.en": "English",
    "web.language.ru": "Русский",
    "web.language.uk": "Українська",
    "web.language.es": "Español",
    "web.language.pt": "Português",
    "web.error.403": ("This page opens only from a link the bot gave, and this link is "
                      "missing, wrong or expired. Ask the bot for a new one."),
    "web.error.404": "There is no such page.",
    "web.error.405": "This address only shows pages.",
    "web.error.413": "This address takes no uploads.",
    "web.error.414": "That address is too long.",
    "web.error.429": "Too many requests from your address: wait a moment and try again.",
    "web.error.other": "Something went wrong with this request.",
    "web.game.title": "{game}, table #{table}",
    "web.game.board_alt": "The board after move {n} of {total}",
    "web.game.after_move": "After move {n} of {total}",
    "web.game.prev": "The move before",
    "web.game.next": "The next move",
    "web.game.slider": "Move number",
    "web.game.keys": ("The arrow keys ← → step through the moves; Home and End go to the "
                      "start and the end."),
    "web.game.hands": "Hand by hand",
    "web.game.moves": "Every move",
    "web.game.download": "Download the game record (JSON)",
    "web.col.place": "Place",
    "web.col.player": "Player",
    "web.col.score": "Score",
    "web.col.scores": "Scores after it",
    "web.col.number": "No.",
    "web.col.move": "Move",
    "web.col.hand": "Hand",
    # Column heads at 360 px (issue 52), each explained by a legend under the table
    "web.short.rank": "#",
    "web.short.games": "G",
    "web.short.wins": "W",
    "web.short.hours": "Hrs",
    # web2 (issue 26): the leaderboard, player pages and links
    "web.board.title": "{game}: the leaderboard",
    "web.board.legend": ("Rating ± uncertainty: the rating is a careful estimate of skill; the "
                         "± part shrinks as more games are played. A ? marks a rating still "
                         "provisional."),
    "web.board.pages": "Pages of the leaderboard",
    "web.board.prev": "Before",
    "web.board.next": "Next",
    "web.board.page": "Page {page} of {pages}",
    "web.board.empty": "Nobody has a rating in this game on this server yet.",
    "web.board.daily": "This week's daily Big Clock",
    "web.col.rank": "Rank",
    "web.col.rating": "Rating",
    "web.col.games": "Games",
    "web.col.wins": "Wins",
    "web.col.days": "Days",
    "web.col.hours": "Hours home",
    "web.col.game": "Game",
    "web.col.players": "Players",
    "web.figure.goat": "Goat",
    "web.figure.hands": "Hands",
    "web.figure.hours_home": "Hours home",
    "web.figure.discards": "Discards",
    "web.figure.rounds": "Rounds",
    "web.figure.low_round": "Lowest round",
    "web.player.none": "No finished games on this server yet.",
    "web.player.best": "Best score",
    "web.player.chart_alt": "The rating of {name} in {game} over time",
    "web.player.last": "The last {n} games",
    "settings.web_public": "Web pages: public (anyone with the address may open them)",
    "settings.web_private": "Web pages: private (they open only from the bot's links)",
    "web.link.open": "Open the web page",
    "web.link.game": "The game move by move: {url}",
}
