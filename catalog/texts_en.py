"""English texts of the bot's messages (tables, turns, errors, boards, the daily
deal, Mexican Train...), part of the catalog (merged into `catalog.EN`); pickup games'
texts are in catalog/pickup_en.py, the stats' in catalog/stats_en.py. Plural texts are
written as `key.one` / `key.other` pairs here and folded into one (one, other) text by
the catalog.
"""

from __future__ import annotations

from catalog.po import Source

TEXTS: dict[str, Source] = {
    # generic
    "error.generic": "Sorry, something went wrong on our side. Nothing was changed; "
                     "please try again.",
    "error.no_table_here": "There is no table of yours in this channel.",
    "error.not_clock": "That is not a Big Clock game.",
    "error.no_hand": "You have no hand at this table.",
    "error.not_in_play": "This table is not being played.",
    "error.bad_move": "That is not a move I know: {text}",
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
    "error.bad_quiet": "Write quiet hours as start-end, like 23:00-07:30 (or `off`).",
    "error.bad_percent": "{part!r} is not a percentage of the turn.",
    "error.percent_range": "Reminders are percentages of the turn between 1 and 99.",
    "error.dm_modes": "Turn DMs: one of {modes}.",
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
    "lobby.started": "The game at table #{table} has started.",
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
    "hand.choose_end": "Where should {tile} go?",
    "hand.end": "{tile} {end}",
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
    "hand.drew": ("You drew {count} tile: {tiles}.", "You drew {count} tiles: {tiles}."),
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
    "clock.hint_give_up": "No rearranging of the piles can win this game now: "
                          "give up ({move}).",
    "daily.already": ("You have had today's daily deal: one try each. A new one comes at "
                      "midnight UTC."),
    "daily.guild_only": "The daily deal belongs to a server: use {cmd.daily} there.",
    "daily.in_dms": ("Today's deal (Big Clock #{number}) is waiting in your DMs: one try, "
                     "good luck!"),
    "daily.no_dms": ("I cannot send you a DM: allow direct messages from this server's "
                     "members, then try again."),
    "daily.dm_title": "Daily deal of **{guild}**, Big Clock #{number}: one try.",
    # `count` is the number of moves (its plural form); the streak is told as a number.
    "daily.mine": (("Your try of Big Clock #{number}: {home}/{hours} hours home in {moves} "
                    "move ({time}). Days in a row: {streak}.\nShare: `{share}`"),
                   ("Your try of Big Clock #{number}: {home}/{hours} hours home in {moves} "
                    "moves ({time}). Days in a row: {streak}.\nShare: `{share}`")),
    "daily.playing": "Your try of Big Clock #{number} is under way in your DMs.",
    "daily.share": ("Big Clock #{number} · {home}/{hours} · {moves} move",
                    "Big Clock #{number} · {home}/{hours} · {moves} moves"),
    "daily.board_title": "**Big Clock #{number}** ({day}): the day's board",
    "daily.board_row": ("{place}. {name}: {home}/{hours} hours home · {moves} move · {time}",
                        "{place}. {name}: {home}/{hours} hours home · {moves} moves · {time}"),
    "daily.board_empty": "Nobody has finished this deal yet.",
    "daily.week_title": "**The week to {day}**",
    "daily.week_row": (("{place}. {name}: {home} hours home · {wins} won · days played: "
                        "{days} · {moves} move"),
                       ("{place}. {name}: {home} hours home · {wins} won · days played: "
                        "{days} · {moves} moves")),
    "daily.channel_set": "The daily boards will be posted in <#{channel}> once each day is over.",
    "daily.need_manager": "Only a member with Manage Server picks the board channel.",
    "clock.won": "### You won: every hour is home!",
    "clock.lost": "### Game over: {reason}; {home} of {hours} hours home.",
    "clock.more_moves": "More moves with {cmd.play}: {moves}",
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
                                 "replay. The host can cancel it with {cmd.cancel} "
                                 "(table {table})."),
    # holes (issue 29): a move while storage is busy, a click from outside the server
    "error.move_queued": ("The bot's storage is busy right now, so your move is queued: it "
                          "will be played as soon as the storage is free."),
    "error.not_member": ("Table #{table} belongs to a server you are not a member of, so "
                         "you cannot take part in it."),
    # mexican (issue 25): Mexican Train
    "game.mexican": "Mexican Train",
    "option.mexican.set": "The set",
    "option.mexican.set.name": "Set",
    "option.mexican.set.12": "double-12 (13 rounds)",
    "option.mexican.set.9": "double-9 (10 rounds)",
    "option.mexican.rounds": "A whole game or a short one",
    "option.mexican.rounds.name": "Rounds",
    "option.mexican.hand_size": "Tiles in each hand",
    "option.mexican.hand_size.name": "Hand size",
    "option.mexican.blank_double": "What a [0|0] left in hand counts at the end of a round",
    "option.mexican.blank_double.name": "Blank double",
    "option.mexican.blank_double.0": "0 points",
    "option.mexican.blank_double.50": "50 points",
    "mexican.option_range": "{option} must be from {low} to {high}, not {value}",
    "mexican.option_choice": "{option} must be one of {choices}, not {value}",
    "mexican.too_many_rounds": "the double-{top} set has only {most} rounds, not {rounds}",
    "mexican.hands_too_big": (
        "{players} hands of {size} tiles do not fit in the double-{top} set less its engine: "
        "at most {most} tiles each"),
    "mexican.train_of": "{name}'s train ({train})",
    "mexican.the_mexican_train": "the Mexican train (M)",
    "mexican.word.train": "train",
    "mexican.word.marker": "marker",
    "mexican.word.hub": "hub",
    "mexican.word.engine": "engine",
    "mexican.word.open": "open",
    "mexican.word.waiting": "waiting double",
    "illegal.mexican_drawn": (
        "you have drawn this turn already: play the drawn tile if it fits, else pass"),
    "illegal.mexican_no_train": "there is no train {train}: the trains are T1 to {last} and M",
    "illegal.mexican_double_waits": (
        "the double {double} on {train} waits: only a tile showing {number} may be played, "
        "on it"),
    "illegal.mexican_not_satisfying": (
        "{tile} does not satisfy the double {double} on {train}: it needs a tile showing "
        "{number}"),
    "illegal.mexican_fits_none": "{tile} fits none of the trains you may play on",
    "illegal.mexican_fits_several": "{tile} fits more than one train ({trains}): name the train",
    "illegal.mexican_closed": (
        "{train} is closed: only its owner plays on it until it carries a marker"),
    "illegal.mexican_refuses": "{tile} does not fit {train}, which ends in {number}",
    "end.mexican.domino": "{name} went out",
    "end.mexican.blocked": "Blocked: nobody can lay a tile",
    "help.game.mexican": (
        "## How to play Mexican Train\n2-8 players, double-12 set, 13 rounds. Each round's "
        "double (the engine) lies in the hub. You build your own train from it, and anyone "
        "may build the shared Mexican train (`M`). Cannot play? Draw one; still nothing: "
        "pass, and your train gets a marker — open to all until you play on it again. A "
        "double must be satisfied before anything else: whoever laid it plays again, then "
        "everyone in turn; a player who cannot satisfy it draws one, and if that does not fit "
        "either, passes, and their train gets a marker. Going out ends the round; everyone "
        "adds the pips left in hand. Lowest total wins."),
    "rules.mexican": (
        "## Mexican Train («Мексиканский поезд»), 2-8 players\n**Rounds.** One round per "
        "double, from [12|12] down to [0|0] (13 rounds): the round's double is its "
        "**engine**, laid in the **hub**.\n**Deal.** 15 tiles each for 2-4 players, 12 "
        "for 5-6, 10 for 7-8; the rest is the stock.\n**Trains.** Everyone has a train "
        "starting at the hub; the "
        "**Mexican train** (M) is shared. A tile goes against a train's open end, number "
        "against number. You play on your own train, on the Mexican train, or on a train "
        "with a **marker**.\n**Your turn.** One tile. Cannot play: draw one and play it if "
        "it fits, else pass: your train gets a marker. Playing on your own train takes it "
        "off.\n**Doubles.** A double must be satisfied first: the player who laid it plays "
        "again, then everyone in turn, only on it. Whoever cannot satisfy it draws one tile; "
        "if that does not fit either, they pass and their train gets a marker.\n"
        "**Scoring.** A round ends when someone goes out or nobody can play; everyone adds "
        "the pips in hand. Lowest total after the last round wins."),
    "picture.mexican_round": "Round {round} of {rounds}",
    "picture.mexican_total": "total {count}",
    "picture.mexican_shared": "Mexican train",
    "picture.mexican_marker": "open",
    "picture.mexican_waits": "double waits",
    "picture.mexican_engine": "Engine",
    "picture.mexican_out": "{name} went out",
    "picture.mexican_blocked": "blocked",
    "picture.mexican_round_over": "Round {round}: {how}",
    "picture.mexican_round_points": "+{count} this round",
    "picture.alt_mexican": ("Mexican Train, round {round} of {rounds}, engine {engine}."
                           " Trains: {trains}. Players: {players}."),
    "picture.alt_mexican_waiting": "{train}: the double {tile} waits to be satisfied.",
    "mexican.table_engine": "Round {round} of {rounds} · engine {tile}",
    "mexican.table_train": "{train}: {tiles} → {end}",
    "mexican.table_train_open": "{train} (marker: open): {tiles} → {end}",
    "mexican.table_waiting": "The double {tile} waits to be satisfied.",
    # mexican2 (issue 25): where a tile goes, when more than one end or train takes it
    "place.at_end": "at {end}",
    "place.mexican_own": "on your train",
    "place.mexican_shared": "on the Mexican train",
    "place.mexican_of": "on {name}'s train",
    "option.mexican.rounds.0": "the whole game: a round per double",
    "option.mexican.rounds.5": "a short game: 5 rounds",
    "table.hand_no.mexican": "Round {hand}",
    "summary.title.mexican": "**Round {hand} is over**: {how}",
    # Mexican Train has totals, not a match: the lowest wins (cogs/messages.game_key)
    "result.match.mexican": "Totals (lowest wins): {scores}",
    # faults2 (issue 55): a graceful stop, per-person limits, typed numbers
    "bot.stopping": ("The bot is restarting, so this was not done. Please try again in a "
                     "minute."),
    "error.limit.lobbies": ("You already host {most} open lobbies, the most one person may. "
                            "Start or cancel one of them first."),
    "error.limit.scheduled": ("You already host {most} scheduled tables, the most one person "
                              "may. Cancel one of them first."),
    "error.limit.queue": ("You are already in {most} queues, the most one person may. Leave "
                          "one of them first ({cmd.queue_leave})."),
    "error.not_member_server": ("That belongs to a server you are not a member of, so you "
                                "cannot take part in it."),
    "forget.placeholder": "Forgotten player",
    "forget.ask": ("**Forget me.** This erases what the bot keeps about you: your profile "
                   "(time zone, quiet hours, DMs, language), your ratings, your queue "
                   "entries and answers to scheduled tables. In the games you played, your "
                   "name becomes \"Forgotten player\" for everyone; the others keep their "
                   "games. Messages already posted in the channels are not changed."),
    "forget.ask_again": ("**Are you sure?** This cannot be undone: your ratings and "
                         "history are gone for good."),
    "forget.button_first": "Forget me",
    "forget.button_final": "Yes, erase my data",
    "forget.button_keep": "Keep my data",
    "forget.done": ("Done: the bot no longer keeps anything about you. Using it again "
                    "stores what it needs anew."),
    "forget.nothing": "The bot kept nothing about you: nothing was erased.",
    "forget.kept": "Nothing was erased.",
    "error.forget.seated": ("You are seated at {tables}: leave or resign there first, then "
                            "ask again (the other players need your seat until the game ends)."),
    "erase_server.ask": ("**Erase this server's data.** This erases everything the bot "
                         "keeps because of this server: its tables and their records, "
                         "results and replays, the server's leaderboards, daily results, "
                         "tournaments, queue, settings and language. Each person keeps "
                         "their own profile and global rating. Messages already posted in "
                         "the channels are not changed."),
    "erase_server.ask_again": ("**Are you sure?** This cannot be undone: the server's games, "
                               "leaderboards and tournaments are gone for good."),
    "erase_server.button_first": "Erase this server's data",
    "erase_server.button_final": "Yes, erase everything",
    "erase_server.done": "Done: the bot no longer keeps anything of this server's.",
    "erase_server.nothing": "The bot kept nothing of this server's: nothing was erased.",
    "erase_server.tournament": "tournament {number}",
    "error.erase_server.in_play": ("Still in play on this server: {what}. Finish or cancel "
                                   "them first, then ask again."),
    "error.erase_server.not_manager": ("Only a member with Manage Server can erase this "
                                       "server's data."),
    # issue 54: Mexican Train's hand size left to its default is said in words, never 0
    "option.mexican.hand_size.0": "by players and set",
}
