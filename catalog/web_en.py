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
    # The privacy page (/privacy, issue 55). {forget}, {erase}: the commands, written in
    # the reader's command words by web/pages.py.
    "web.privacy_page.link": "What the bot keeps about you, and how to erase it",
    "web.privacy_page.title": "What the bot keeps, and erasing it",
    "web.privacy_page.games": ("Games: each table's server and channel, its seats (a Discord "
                               "id and the name shown at the time), its moves and results, "
                               "and the ratings they make, to play the games, show them "
                               "again (history, replays, these pages) and rank players. Kept "
                               "while the bot runs: finished games are the history."),
    "web.privacy_page.profile": ("A person's profile: time zone, quiet hours, which direct "
                                 "messages they want, the chosen language and the language of "
                                 "their Discord app, to answer in it and remind them at the "
                                 "right time. Kept until they erase it."),
    "web.privacy_page.waiting": ("Waiting: queue entries (at most 7 days, then renewed or "
                                 "gone), answers to scheduled tables, and the hand messages "
                                 "and notices of games in progress (gone when the game ends)."),
    "web.privacy_page.reads": ("The bot reads no messages and keeps no member lists; its logs "
                               "hold table numbers, not names."),
    "web.privacy_page.forget": ("To erase your data, run {forget} in Discord and confirm "
                                "twice: your profile, language, ratings, queue entries and "
                                "answers are deleted, and in the games you played your name "
                                "becomes \"Forgotten player\", so the others keep their games "
                                "and nobody sees your name. It waits until your games in "
                                "progress end."),
    "web.privacy_page.erase": ("A server's admin (Manage Server) erases everything kept "
                               "because of the server with {erase}, confirmed twice: its "
                               "games, leaderboards, daily results, tournaments, queue and "
                               "settings."),
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
    # A long game's page lists its moves hand by hand, each part a page of its own.
    "web.game.parts": "Moves, hand by hand",
    "web.game.folded": "Moves in all: {n}. Each hand's moves are on a page of their own.",
    "web.game.part_moves": "Moves {first}–{last}",
    "web.game.part_title": "{game}, table #{table}: hand {hand}, moves {first}–{last}",
    "web.game.whole": "The whole game",
    "web.game.part_before": "← Moves {first}–{last}",
    "web.game.part_after": "Moves {first}–{last} →",
    "web.col.place": "Place",
    "web.col.player": "Player",
    "web.col.score": "Score",
    "web.col.scores": "Scores after it",
    "web.col.number": "No.",
    "web.col.move": "Move",
    "web.col.hand": "Hand",
    "web.col.moves": "Moves",
    # Column heads at 360 px (issue 52), each explained by a legend under the table
    "web.short.rank": "#",
    "web.short.games": "G",
    "web.short.wins": "W",
    "web.short.hours": "Hrs",
    # The "hand by hand" table's heads at 360 px: player {n}, or pair {n}, named in its
    # legend; the legend of its cells ("+12 → 40").
    "web.short.hand": "#",
    "web.short.seat": "P{n}",
    "web.short.pair": "Pair {n}",
    "web.game.hands_legend": "+ the points of the hand → the total after it",
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
    # issue 49: a tournament's page, and a player's tournaments
    "web.tournament.title": "{name}: tournament #{id}",
    "web.tournament.number": "tournament #{id}",
    "web.tournament.format": "Format",
    "web.tournament.pairs": "in pairs",
    "web.tournament.status": "Status",
    "web.tournament.status.signup": "Open for entry",
    "web.tournament.status.running": "Being played",
    "web.tournament.status.paused": "Paused",
    "web.tournament.status.finished": "Finished",
    "web.tournament.status.cancelled": "Cancelled",
    "web.tournament.starts": "Start",
    "web.tournament.round_length": "Each round",
    "web.tournament.rounds": "Rounds",
    "web.tournament.rounds_done": "{done} of {total} played",
    "web.tournament.entrants": "Entrants",
    "web.tournament.standings": "Standings",
    "web.tournament.order": ("Places go by points (at each table 1 for the first place "
                             "down to 0 for the last, shared on a tie; a bye 1), then by "
                             "each tiebreak in turn: Buchholz (the points of one's "
                             "opponents), game points, head to head among those still "
                             "tied, and last the seed."),
    "web.tournament.not_started": "The tournament has not started yet. Entered so far:",
    "web.tournament.nobody": "Nobody has entered yet.",
    "web.tournament.withdrawn": "withdrawn",
    "web.tournament.sides": "At each table seats 1 and 3 play against seats 2 and 4.",
    "web.tournament.round": "Round {n}",
    "web.tournament.round_state.open": "being played",
    "web.tournament.round_state.done": "done",
    "web.tournament.opened": "Opened",
    "web.tournament.deadline": "deadline",
    "web.tournament.table": "Table {n}",
    "web.tournament.replay": "Replay",
    "web.tournament.unplayed": "Not played: a draw",
    "web.tournament.state.waiting": "Not open yet",
    "web.tournament.state.opening": "Opening",
    "web.tournament.state.playing": "In play",
    "web.tournament.state.done": "Finished",
    "web.tournament.decided.deadline": "Played out by the AI at the deadline",
    "web.tournament.decided.forfeit": "Decided by a forfeit",
    "web.tournament.forfeit": "(forfeit)",
    "web.tournament.byes": "Bye",
    "web.col.table": "Table",
    "web.col.points": "Points",
    "web.col.buchholz": "Buchholz",
    "web.col.game_points": "Game points",
    "web.col.head_to_head": "Head to head",
    "web.col.seed": "Seed",
    "web.col.tournament": "Tournament",
    "web.short.place": "#",
    "web.short.points": "Pts",
    "web.short.buchholz": "Bch",
    "web.short.game_points": "GP",
    "web.short.head_to_head": "H2H",
    "web.short.seed": "Sd",
    "web.player.tournaments": "Tournaments",
    # The watch page of a table in play (web/watch_pages.py) and its link.
    "web.link.watch": "Watch",
    "web.error.503": "Too many people are watching right now: try again in a minute.",
    "web.watch.title": "{game}, table #{table}: live",
    "web.watch.live": "Live: this page follows the table as it is played.",
    "web.watch.lost": "Connection lost: reconnecting…",
    "web.watch.full": ("Too many people are watching right now: this page tries again in a "
                       "moment."),
    "web.watch.move": "Move {move}",
    "web.watch.stock": "Stock: {n}",
    "web.watch.tiles": "Tiles",
    "web.watch.turn": "{name} to play",
    "web.watch.turn_ai": "{name} (AI) to play",
    # {time}: the time left, m:ss or h:mm:ss (written by the page's script).
    "web.watch.clock": "Time left to move: {time}",
    "web.watch.board_alt": "The board after move {n}",
    "web.watch.privacy": ("Shown here is what everyone at the table sees in its channel: "
                          "never a player's hand, never the stock's tiles."),
    "web.watch.ended": "This game has ended.",
    "web.watch.closed": "This table was closed before its game ended.",
    "web.watch.replay": "Replay it move by move",
    "web.privacy.watch": ("One exception: a table in play has a live page (the Watch link of "
                          "its message) that shows only what everyone at the table sees in its "
                          "channel: the board, the tile counts, the scores, whose turn it is and "
                          "the clock, never a hand or the stock."),
}
