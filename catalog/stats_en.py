"""English texts of leaderboards, stats, history and replays, and of results as
/domino stats words them. Part of the catalog (merged into `catalog.EN`;
catalog/texts_en.py has the rest). Plural texts are `key.one` / `key.other` pairs or
(one, other) tuples, as there.
"""

from __future__ import annotations

from catalog.po import Source

STATS: dict[str, Source] = {
    # leaderboard, stats, history, replay (cogs/stats/stats_commands.py, cogs/stats/stats_views.py)
    "board.title": "## {game} leaderboard · {scope}",
    "board.line": "**{rank}.** {name} · {rating}{mark} · {games} · {wins} ({rate}%)",
    "board.viewer_line": "▶ {line}",
    "board.empty": "Nobody has a rating here yet: finish a game between two players.",
    "board.you": "Your rank: {line}",
    "board.you_unrated": "You have no rating on this board yet.",
    "board.footer": "-# Page {page} of {pages} · {total}. {note}",
    "board.prev": "◀ Previous",
    "board.next": "Next ▶",
    "board.unknown": "That leaderboard no longer exists.",
    "stats.scope_server": "this server",
    "stats.scope_global": "global",
    "stats.need_server": "Pick the scope global here: this is not a server.",
    "stats.ai_name": "{name} (AI)",
    "stats.title": "## Stats of {name} · {scope}",
    "stats.none": "No finished games yet.",
    "stats.game": "### {game}",
    "stats.games": "Games: {games} · wins: {wins} ({rate}%)",
    "stats.unrated": "Rating: none yet (only games between people are rated here)",
    "stats.rating": "Rating: **{rating}{mark}**{rank}",
    "stats.rank": " · rank {rank} of {size}",
    "stats.change": "Change over the last {games}: {change}",
    "stats.average": "Average points: {points}",
    "stats.goats": "Times the goat: {goats}",
    "stats.best_score": "Best match score: {score}",
    "stats.best_result": "Best result: {result}",
    "stats.fastest": "Fastest win: {time}",
    "stats.streak": "Current streak: {streak}",
    "stats.provisional": "A rating marked * is provisional until 10 rated games.",
    "stats.tournaments": "### Tournaments",
    "stats.tournaments_line": "Played: {played} · won: {wins} · best place: {best}",
    "stats.tournaments_ongoing": "In progress now: {count}",
    "history.title": "## Last games of {name} · {scope}",
    "history.line": "`{id}` {date} {mark}{game} · {players} · {result}",
    "history.none": "No finished games yet.",
    "history.footer": "Watch one again with {cmd.replay} and its game id.",
    "replay.unknown": "There is no game #{id}.",
    "replay.unfinished": "Game #{id} has not finished: only finished games can be replayed.",
    "replay.elsewhere": ("Game #{id} was played elsewhere: replay it in its own server, "
                         "or in a DM with me if you played in it."),
    "replay.title": "**Replay** · {summary}",
    "replay.how": "-# The record replays with `python -m engine replay {filename}`.",
    "replay.record_alt": "Record of game #{id} (JSON)",
    "replay.summary": ("{game} #{table}: {standing}; {count} move.",
                       "{game} #{table}: {standing}; {count} moves."),
    "stats.chart_title": "{game} rating ({scope})",
    # results in /domino stats and history (tables/standings.py)
    "standing.won": "won",
    "standing.lost": "lost",
    "standing.place_of": "{place} of {size}",
    "standing.points": ("{count} point", "{count} points"),
    "standing.goat": "goat",
    "standing.rating_change": "rating {change}",
    "standing.hours_home": ("{count} hour home", "{count} hours home"),
    "standing.discards": ("{count} discard", "{count} discards"),
    "standing.streak_wins": ("{count} win", "{count} wins in a row"),
    "standing.streak_losses": ("{count} game without a win", "{count} games without a win"),
    "standing.no_games": "no games yet",
    "standing.best_win": ("won with {count} discard", "won with {count} discards"),
    "time.days": "{count} d",
    "time.hours": "{count} h",
    "time.minutes": "{count} min",
    "replay.gif_too_big": ("The animation is too big to post ({size}; the limit is {limit}), "
                           "so only the record is attached."),
    "replay.too_big": ("The record of game #{id} is too big to post ({size}; the limit is "
                       "{limit})."),
    # --- the computer's review, from a game-over DM's Review (issue 53) ---
    "review.button": "Review",
    "review.title": "**The computer's review of game #{table}**",
    "review.turning": ("Turning point: move {move}, {name} played {played}; better was {best} "
                       "({grade}, {loss} points lost)."),
    "review.yours": "Your costliest moves:",
    "review.line": "move {move}: {played}, better {best} ({grade}, {loss} points lost)",
    "review.clean": "The computer found no mistake of yours.",
    "review.clock_won": "You brought every hour home: nothing to improve.",
    "review.clock_never": "This deal could not be won from the start, whatever you played.",
    "review.clock_lost": ("The deal could still be won until move {move}; {played} there lost "
                          "it."),
    "review.pending": ("The review of game #{table} is not ready yet: the computer makes it in "
                       "the minutes after a game ends. Try again soon."),
    "review.none": ("Game #{table} has no review: the server turned reviews off, or the "
                    "computer does not review this game."),
    "review.grade.good": "good",
    "review.grade.inaccuracy": "inaccuracy",
    "review.grade.mistake": "mistake",
    "review.grade.blunder": "blunder",
    "error.review.no_game": "There is no finished game #{table}.",
}
