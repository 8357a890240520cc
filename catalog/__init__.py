"""The message catalog: every string a person reads, by key, and `t(key, locale, **values)`.

A shared leaf: any layer may import it, and it imports nothing of the project.
English is written here (and in catalog/words_en.py, help_en.py, pictures.py); the
translations are gettext .po files, catalog/locales/<lang>/LC_MESSAGES/messages.po
(see catalog/po.py). A key missing in a language falls back to English. A text with
plural forms is a tuple (one, other) here and is chosen by the value `count`. A
value that is itself a `Phrase` is looked up in the same language (a game's name
inside an error, an engine's reason). Without a locale, `t` writes in the current
reader's language (catalog/reader.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from catalog.help_en import HELP
from catalog.lookup import template
from catalog.pictures import PICTURES
from catalog.po import Source
from catalog.reader import current, language_of
from catalog.words_en import WORDS

log = logging.getLogger(__name__)

EN: dict[str, Source] = {
    # generic
    "error.generic": "Sorry, something went wrong on our side. Nothing was changed; "
                     "please try again.",
    "error.no_table_here": "There is no table of yours in this channel.",
    "error.not_clock": "That is not a Big Clock game.",
    "error.no_hand": "You have no hand at this table.",
    "error.not_in_play": "This table is not being played.",
    "error.bad_move": "That is not a move I know: {text}",
    "error.no_seat": "There is no seat {seat} at this table.",
    "error.render": "(picture unavailable)",
    # errors raised by tables/ (tables/errors.py): each carries its key and values
    "error.no_such_table": "There is no such table here.",
    "error.table_gone": "Table #{table} does not exist (or has ended).",
    "error.not_seated": "You are not seated at this table.",
    "error.not_your_turn": "It is not your turn: {whose} is to move.",
    "error.stale_move": "That move is no longer available: the table has moved on.",
    "error.illegal_move": "Illegal move: {reason}.",
    "error.table_full": "This table is full.",
    "error.no_game_here": "You have no game in progress in this channel.",
    "error.channel_closed": "Tables cannot be opened in this channel on this server.",
    "error.unknown_game": "There is no game called {game!r}.",
    "error.not_solitaire": "{game} is not a solitaire.",
    "error.seats_range": "{game} takes {low}-{high} players, not {seats}.",
    "error.bad_options": "Those options do not work: {reason}",
    "error.already_seated": "You are already seated at this table.",
    "error.host_leaves": "You are the host: cancel the table instead of leaving it.",
    "error.host_adds_ai": "Only the host adds AI players.",
    "error.host_starts": "Only the host starts the game.",
    "error.too_few": "At least {low} players are needed: invite someone or add an AI.",
    "error.cannot_start": "This table cannot start: {reason}",
    "error.already_ended": "This table has already ended.",
    "error.host_cancels": "Only the host or a server manager can cancel this table.",
    "error.no_game_to_resign": "There is no game in progress to resign from.",
    "error.resigned_already": "You resigned from this game: an AI plays your seat.",
    "error.resign_actions": "On a resignation: {actions}.",
    "error.host_replaces": "Only the host or a server manager can replace a player.",
    "error.not_a_person": "That seat is not held by a person.",
    "error.not_in_lobby": "This table is not still in its lobby any more.",
    "error.not_playing": "This table is not being played any more.",
    "error.not_status": "This table is not {status} any more.",
    "error.turn_range": "A turn may last from 1 minute to 7 days.",
    "error.lobby_range": "A lobby may stay open from 1 minute to 7 days.",
    "error.timeout_actions": "On a timeout: {actions}.",
    "error.hint_levels": "Hints come at these levels: {levels}.",
    "error.turn_presets": "Turn presets: {presets}.",
    "error.bad_clock": "{text!r} is not a time of day: write it like 23:00.",
    "error.bad_quiet": "Write quiet hours as start-end, like 23:00-07:30 (or off).",
    "error.bad_percent": "{part!r} is not a percentage of the turn.",
    "error.percent_range": "Reminders are percentages of the turn between 1 and 99.",
    "error.bad_zone": "{name!r} is not a time zone (try one like Europe/Kyiv)",
    "error.server_only": "Server settings exist only in a server.",
    "error.table_ended": "This table has ended.",
    "error.no_away_seat": "You have no seat here that an AI is playing for you.",
    "error.ai_level": "An AI plays at one of these levels: {levels}.",
    "error.rematch_players": "Only a player of this table can ask for a rematch.",
    "error.unrated": "{game} has no ratings or leaderboard.",
    # why a move is illegal: the engine's reasons (engine/*/game.py illegal_reason)
    "illegal.other": "{text}",
    "illegal.game_over": "the game is over",
    "illegal.not_held": "you do not hold {tile}",
    "illegal.draw_while_fits": "you cannot draw: you hold a tile that fits ({tile})",
    "illegal.pass_while_fits": "you cannot pass: you hold a tile that fits ({tile})",
    "illegal.stock_empty_pass": "the stock is empty: pass",
    "illegal.pass_stock_left": "you cannot pass while the stock has tiles: draw",
    "illegal.lead_draw": "you lead this hand: play a tile, you cannot draw",
    "illegal.lead_pass": "you lead this hand: play a tile, you cannot pass",
    "illegal.first_no_end": "the first tile of a hand takes no end",
    "illegal.lead_double": "the lead must be {tile} (the highest double)",
    "illegal.lead_heaviest": "the lead must be {tile} (the heaviest tile)",
    "illegal.fits_neither": "{tile} fits neither end (L shows {left}, R shows {right})",
    "illegal.fits_both": "{tile} fits both ends: say {tile} L or {tile} R",
    "illegal.ends_lr": "this game has only the ends L and R, not {end}",
    "illegal.not_this_end": "{tile} does not fit the {end} end (L shows {left}, R shows {right})",
    "illegal.pass_may_draw": "you cannot pass while you may draw: draw",
    "illegal.reserve": ("nothing more may be drawn: the last {count} stays in the stock",
                        "nothing more may be drawn: the last {count} stay in the stock"),
    "illegal.stock_empty": "the stock is empty",
    "illegal.open_not_double": "it is not a double: the opening must be a double",
    "illegal.opening_no_end": "the opening tile takes no end",
    "illegal.open_with_double": "you must open with a double ({tile})",
    "illegal.pass_draw_double": "you cannot pass while you may draw: draw until you find a double",
    "illegal.fits_no_end": "{tile} fits no open end ({open})",
    "illegal.fits_several": "{tile} fits more than one end ({ends}): name the end",
    "illegal.ends_lrud": "there is no end {end}: the ends are L, R, U and D",
    "illegal.side_not_open": ("{end} is not open yet: until all four sides of the spinner hold "
                              "a tile, play on a free side ({open})"),
    "illegal.not_this_side": "{tile} does not fit the {end} end ({open})",
    "illegal.drawn_first": "deal with the drawn tile {tile} first",
    "illegal.draw_first": "draw first: no tile is waiting",
    "illegal.can_go_home": "{tile} can go home to hour {hour}: place it there",
    "illegal.discard_has_place": "you may discard {tile} only when it has no place",
    "illegal.no_hour": "there is no hour {hour} on a {hours}-hour clock",
    "illegal.hour_home": "hour {hour} is home: its pile is closed",
    "illegal.double_own_hour": "a double goes only to its own hour",
    "illegal.on_double": "nothing may be laid on a double",
    "illegal.no_shared_number": "{tile} shares no number with the top of hour {hour} ({top})",
    "illegal.rearrange_trouble": "you may rearrange only while a double is in trouble",
    "illegal.hour_empty": "hour {hour} is empty: there is nothing to move",
    "illegal.same_hour": "a tile must move to another hour",
    # game names
    "game.traditional": "Traditional",
    "game.carousel": "Carousel",
    "game.clock": "Big Clock",
    # lobby
    "lobby.title": "## {game} table #{table}: lobby",
    "lobby.host": "Host: {host}",
    "lobby.seats": "Seats ({filled}/{wanted}):\n{lines}",
    "lobby.free": "(free seat)",
    "lobby.ai_seat": "{name} (AI, {level})",
    "lobby.options": "Options:\n{options}",
    "lobby.turn": "Turn time: {turn}",
    "lobby.expires": "The lobby closes {when} unless the host starts it.",
    "lobby.autostart": "The game starts by itself once every seat is filled.",
    "lobby.forced_by_hand": "Draws and passes are played by hand.",
    "lobby.resign_ends": "A resignation ends the game for everyone.",
    "lobby.join": "Join",
    "lobby.leave": "Leave",
    "lobby.start": "Start",
    "lobby.cancel": "Cancel",
    "lobby.expired_notice": "Table #{table} expired: nobody started it in time.",
    "lobby.left": "You left table #{table}.",
    "lobby.started": "The game at table #{table} has started.",
    "lobby.cancelled": "Table #{table} was cancelled.",
    # table message
    "table.title": "## {game} table #{table}",
    "table.hand_no": "Hand {hand}",
    "table.target": "match to {target}",
    "table.board": "Board: {line}",
    "table.board_empty": "Board: (empty)",
    "table.ends": "Open ends: {ends}",
    "table.count": "Open-end count: {count}",
    "table.stock": "Stock: {stock}",
    "table.player": "{marker}{name}: {tiles} · score {score}",
    "table.turn": "Turn: {mention}, {when}",
    "table.turn_ai": "Turn: {name} (AI) is thinking…",
    "table.last": "Last move: {name} {move}",
    "table.last_score": "Score: {name} +{points} ({reason})",
    "table.your_hand": "Your hand",
    "table.draw": "Draw",
    "table.pass": "Pass",
    "table.resign": "Resign",
    "table.rules": "Rules",
    "table.rematch": "Rematch",
    "table.cancelled": "This table was cancelled.",
    "table.abandoned": "This table was abandoned.",
    "table.timeout_notice": "{name} ran out of time at table #{table}; the AI played for them.",
    # results
    "result.title": "### Game over: {reason}",
    "result.place": "{place}. {name}: {points}{goat}",
    "result.goat": " 🐐 goat",
    "result.winner": "Winner: {names}",
    "result.nobody": "Nobody won.",
    "result.match": "Match score: {scores}",
    # hand
    "hand.title": "### Your hand at table #{table}",
    "hand.tiles": "{tiles}",
    "hand.empty": "(empty)",
    "hand.your_turn": "It is your turn: {count} to play.",
    "hand.not_turn": "It is {name}'s turn.",
    "hand.choose_end": "Where should {tile} go?",
    "hand.end": "{tile} at {end}",
    "hand.played": "You played {move}.",
    "table.move_no": "move {move}",
    "summary.title": "**Hand {hand} is over**: {how}",
    "summary.seat": "{name}: {tiles} · count {count} · +{points}",
    "summary.goats": "Goat: {names}",
    "table.resigned_ai": "{name} resigned: an AI plays their seat.",
    "resign.ask_ai": ("Resign from table #{table}? You will rank last; an AI plays your "
                      "seat and the others play on."),
    "resign.ask_end": "Resign from table #{table}? You will rank last and the game ends.",
    "resign.confirm": "Yes, resign",
    "resign.done": "You resigned.",
    "notice.resigned_ai": "{name} resigned at table #{table}: an AI plays their seat.",
    "hand.drew": "You drew {count} tile(s): {tiles}.",
    "hand.end_points": "(+{points})",
    # clock
    "clock.title": "## Big Clock #{table} · {player}",
    "clock.hour_home": "{hour:>2}: {tile} ✔ home",
    "clock.hour_empty": "{hour:>2}: (empty)",
    "clock.hour_pile": "{hour:>2}: {tile} ×{height}",
    "clock.under": " (under it: {tiles})",
    "clock.drawn": "Drawn tile: {tile}",
    "clock.trouble": "In trouble: {where}",
    "clock.stock": "Stock: {stock} · discarded: {discards} · home: {home}/{hours}",
    "clock.draw": "Draw",
    "clock.typed": "{move} (`{typed}`)",
    "clock.discard": "Discard",
    "clock.hint": "Hint",
    "clock.give_up": "Give up",
    "clock.hint_text": "Suggested move: {move}",
    "daily.already": ("You have had today's daily deal: one try each. A new one comes at "
                      "midnight UTC."),
    "daily.guild_only": "The daily deal belongs to a server: use /domino daily there.",
    "daily.in_dms": ("Today's deal (Big Clock #{number}) is waiting in your DMs: one try, "
                     "good luck!"),
    "daily.no_dms": ("I cannot send you a DM: allow direct messages from this server's "
                     "members, then try again."),
    "daily.dm_title": "Daily deal of **{guild}**, Big Clock #{number}: one try.",
    "daily.mine": ("Your try of Big Clock #{number}: {home}/{hours} hours home in {moves} "
                   "moves ({time}). Streak: {streak} day(s).\nShare: `{share}`"),
    "daily.playing": "Your try of Big Clock #{number} is under way in your DMs.",
    "daily.share": "Big Clock #{number} · {home}/{hours} · {moves} moves",
    "daily.board_title": "**Big Clock #{number}** ({day}): the day's board",
    "daily.board_row": "{place}. {name}: {home}/{hours} hours home · {moves} moves · {time}",
    "daily.board_empty": "Nobody has finished this deal yet.",
    "daily.week_title": "**The week to {day}**",
    "daily.week_row": ("{place}. {name}: {home} hours home · {wins} won · {days} day(s) · "
                       "{moves} moves"),
    "daily.channel_set": "The daily boards will be posted in <#{channel}> once each day is over.",
    "daily.need_manager": "Only a member with Manage Server picks the board channel.",
    "clock.won": "### You won: every hour is home!",
    "clock.lost": "### Game over: {reason}; {home} of {hours} hours home.",
    "clock.more_moves": "More moves with /domino play: {moves}",
    # commands
    "cmd.opened": "Table #{table} is open.",
    "cmd.opened_thread": "Table #{table} is open in its thread: {thread}",
    "cmd.no_thread": "Table #{table} is open here: a thread could not be opened for it.",
    "table.thread_name": "{game} table #{table}",
    "cmd.started": "Your game #{table} has started.",
    "cmd.played": "Played {move}.",
    "cmd.cancelled": "Table #{table} cancelled.",
    "cmd.replaced": "Seat {seat} is now played by an AI.",
    "cmd.resigned": "You resigned.",
    # pickup games: turn clocks, notices, profile, lists, settings (cogs/pickup_cog.py,
    # cogs/notices.py)
    "table.timeout_skip": "{name} ran out of time at table #{table}; their turn was skipped.",
    "table.timeout_forfeit": "{name} ran out of time at table #{table} and forfeits.",
    "table.away": "{name} is away: an AI plays their seat until they take it back.",
    "table.take_back": "Take my seat back",
    "notice.turn_title": "### Your turn at table #{table}",
    "notice.turn_by": "Play {when} ({at}). Table: {link}",
    "notice.reminder": ("⏰ Reminder: your turn at table #{table} ({where}) runs out {when}. "
                        "{link}"),
    "notice.where": "{server} · {channel}",
    "notice.where_dm": "a direct message",
    "notice.game_over": "### Game over at table #{table} ({where})",
    "notice.turn_mention": "{mention}, it is your turn at table #{table} (until {when}).",
    "notice.reminder_mention": "{mention}, reminder: your turn at table #{table} runs out "
                               "{when}.",
    "notice.away": "{name} ran out of time 3 times in a row: an AI plays their seat at "
                   "table #{table} now. They can take it back with the button.",
    "notice.back": "{name} took their seat back at table #{table}.",
    "notice.back_ok": "Your seat is yours again.",
    "notice.lobby_role": "{role} a new {game} table is looking for players: {link}",
    "profile.title": "### Your profile",
    "profile.tz": "Time zone: {tz}",
    "profile.quiet": "Quiet hours: {quiet}",
    "profile.quiet_none": "Quiet hours: none",
    "profile.dms": "Turn DMs: {state}",
    "profile.dms_turns": "a DM for every turn that needs you (and reminders)",
    "profile.dms_reminders": "reminders only",
    "profile.dms_none": "none",
    "profile.language": "Language: {language}",
    "profile.language_auto": "Language: as your Discord app",
    "language.en": "English",
    "language.ru": "Русский",
    "language.uk": "Українська",
    "profile.dms_failed": "Discord refused my last DM, so I mention you in the channel "
                          "instead (changing your profile makes me try again).",
    "games.title": "### Your games",
    "games.none": "You have no lobby or game in progress.",
    "games.lobby": "#{table} {game}: lobby {filled}/{wanted}, closes {when} · {link}",
    "games.mine": "#{table} {game}: **your turn**, {when} · {link}",
    "games.theirs": "#{table} {game}: {name} to move, {when} · {link}",
    "open.title": "### Open lobbies",
    "open.none": "No open lobbies on this server. Open one with /domino new.",
    "open.line": "#{table} {game}: {filled}/{wanted} seats ({names}), host {host}, "
                 "turn {turn}, closes {when} · {link}",
    "settings.title": "### Server settings",
    "settings.turn": "Default turn time: {turn}",
    "settings.lobby": "Default lobby time: {lobby}",
    "settings.reminders": "Reminders at: {reminders}",
    "settings.reminders_none": "none",
    "settings.timeout": "On a timeout: {action}",
    "settings.channels": "Tables may be opened in: {channels}",
    "settings.channels_all": "every channel",
    "settings.role": "Lobbies mention: {role}",
    "settings.role_none": "nobody",
    "settings.language": "Public messages and boards in: {language}",
    "settings.language_auto": "Public messages and boards in: {language} (the server's language)",
    # leaderboard, stats, history, replay (cogs/stats_cog.py, cogs/stats_views.py)
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
    "stats.need_server": "Use scope global here: this is not a server.",
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
    "history.title": "## Last games of {name} · {scope}",
    "history.line": "`{id}` {date} {mark}{game} · {players} · {result}",
    "history.none": "No finished games yet.",
    "history.footer": "Watch one again with /domino replay and its game id.",
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
    # faults: storage, Discord, damaged records (issue 13)
    "table.unreached": ("⚠ {name} could not be told it is their turn: their DMs are closed "
                        "and I may not post in this channel."),
    "notice.unreached_host": ("At table #{table}, {name} could not be told it is their turn: "
                              "their DMs are closed and I may not post in the channel. {link}"),
    "error.not_channel": "{text} is not a channel: mention it like #dominoes.",
    "error.too_long": "That {option} is far too long: {text}",
    "error.managers_only": "Only members with Manage Server change these settings.",
    "error.no_rematch": "Only a game that has finished can be played again.",
    "error.storage_busy": ("The bot's storage is busy right now, so this was not done "
                           "(no move was played). Please try again in a moment."),
    "error.storage_full": ("The bot's storage is full, so this was not done (no move was "
                           "played). Please try again later."),
    "table.quarantined_notice": ("Table #{table} cannot go on: its stored moves no longer "
                                 "replay. The host can cancel it with "
                                 "`/domino cancel table:{table}`."),
}

EN.update(WORDS)
EN.update(HELP)
EN.update(PICTURES)


def _plural_pairs(texts: dict[str, Source]) -> None:
    """Fold each `key.one` / `key.other` pair of English into one plural text `key`
    (one, other): the form the .po files translate, with each language's own forms."""
    for other in [k for k in texts if k.endswith(".other")]:
        key = other.removesuffix(".other")
        one, many = texts.get(f"{key}.one"), texts[other]
        if isinstance(one, str) and isinstance(many, str):
            texts[key] = (one, many)
            del texts[f"{key}.one"], texts[other]


_plural_pairs(EN)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A value that is itself a catalog text (with its own values), shown in the reader's
    language: a game's name inside an error, the engine's reason for an illegal move."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        """The English text (a record's or the command line's error message)."""
        return t(self.key, "en", **self.values)


def t(key: str, locale: str | None = None, /, **values: object) -> str:
    """The text for `key` in `locale` (None: the current reader's language; English when
    missing there), filled with `values`. A plural text takes the form for `count`.

    A missing key is logged and shown as the key itself, never raised.
    """
    text = template(key, locale, values, EN)
    if text is None:
        log.warning("missing translation key %s", key)
        return key
    if not values:
        return text
    filled = {k: t(v.key, locale, **v.values) if isinstance(v, Phrase) else v
              for k, v in values.items()}
    return text.format(**filled)


def has(key: str, locale: str | None = None) -> bool:
    """Whether the catalog has a text for `key` (English has every key; a language
    without its translation shows the English)."""
    del locale
    return key in EN


def tn(key: str, count: int, locale: str | None = None, /, **values: object) -> str:
    """`key` in the plural form `count` takes in `locale` (None: the reader's), filled
    with `count` and `values`: tn("count.tiles", 1) == "1 tile", "5 фишек" in Russian."""
    return t(key, locale, count=count, **values)


def ordinal(n: int, locale: str | None = None) -> str:
    """The ordinal of `n` in `locale` (None: the current reader's): "1st", "22nd", "13th";
    "1-й" in Russian and Ukrainian (the form that goes with «игрок», «гравець»)."""
    if (current() if locale is None else language_of(locale)) in ("ru", "uk"):
        return f"{n}-й"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
