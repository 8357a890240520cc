"""English texts of pickup games: turn clocks and notices, the queue and parties,
scheduled tables, the host's lobby settings and the seats kept for invited people.
Part of the catalog (merged into `catalog.EN`; catalog/texts_en.py has the rest).
Plural texts are `key.one` / `key.other` pairs or (one, other) tuples, as there.
"""

from __future__ import annotations

from catalog.po import Source

PICKUP: dict[str, Source] = {
    # pickup games: turn clocks, notices, profile, lists, settings (cogs/pickup/profile.py,
    # cogs/play/turn_notices.py)
    "table.timeout_skip": "{name} ran out of time at table #{table}; their turn was skipped.",
    "table.timeout_forfeit": "{name} ran out of time at table #{table} and forfeits.",
    "table.away": "{name} is away: an AI plays their seat until they take it back.",
    "table.take_back": "Take my seat back",
    "notice.turn_title": "### Your turn at table #{table}",
    "notice.turn_by": "Your turn runs out {when} ({at}). Table: {link}",
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
    "profile.tz_none": ("Time zone: not chosen (I read your quiet hours in UTC until you "
                        "choose one with the option time_zone)"),
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
    "language.es": "Español",
    "language.pt": "Português",
    "profile.dms_failed": "Discord refused my last DM, so I mention you in the channel "
                          "instead (changing your profile makes me try again).",
    "games.title": "### Your games",
    "games.none": "You have no lobby or game in progress.",
    "games.lobby": "#{table} {game}: lobby {filled}/{wanted}, closes {when} · {link}",
    "games.mine": "#{table} {game}: **your turn**, {when} · {link}",
    "games.theirs": "#{table} {game}: {name} to move, {when} · {link}",
    "open.title": "### Open lobbies",
    "open.none": "No open lobbies on this server. Open one with {cmd.new}.",
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
    "settings.host_role": "Tournament hosts: Manage Server and {role}",
    "settings.host_role_none": "Tournament hosts: Manage Server only",
    "settings.reviews_on": "Game reviews: on (the computer reviews each finished game)",
    "settings.reviews_off": "Game reviews: off",
    "settings.language": "Public messages and boards in: {language}",
    "settings.language_auto": "Public messages and boards in: {language} (the server's language)",
    # --- pickup: scheduled tables' start times (tables/start_time.py) ---
    "error.start.unreadable": "I cannot read that time. Try one of these: {examples}.",
    "start.examples": "`20:00`, `tomorrow 19:30`, `fri 21:00`, `in 3h`",
    "error.start.past": "That time has passed already ({when}).",
    "error.start.too_far": "A table can be scheduled at most {days} days ahead.",
    "error.start.gap": ("The clocks in {zone} skip {time}: it never shows there. Did you "
                        "mean {first} or {second}? Type either as it is written."),
    "error.start.twice": ("The clocks in {zone} show {time} twice. Did you mean {first} or "
                          "{second}? Type either as it is written."),
    # queue (issue 24): the pickup queue, parties, scheduled tables and RSVPs
    "error.queue.never": ("Nobody could ever be matched with that: {game} is not played at "
                          "{seats} seats."),
    "error.queue.hours": "A queue entry waits at most {most} hours before it must be renewed.",
    "error.queue.ai_wait": "The wait before AI seats may fill your table cannot be negative.",
    "error.queue.not_in": "You are not waiting in this server's queue for that.",
    "error.queue.gone": "That queue entry is gone: you were seated, or you left the queue.",
    "error.queue.party_size": "A party is you and one or two friends: at most {most} people.",
    "error.queue.party_gone": "That party is gone, or you were not invited to it.",
    "error.queue.unreachable": ("{name} cannot be invited: they are not in this server, or I "
                                "cannot send them messages."),
    "error.queue.seats": "Seat counts are numbers such as `4` or `3 4`: {text}",
    "error.schedule.no_zone": ("Set your time zone first with {cmd.profile}, so that I read "
                               "{text} in your own time."),
    "error.rsvp.gone": "This table is no longer waiting for its start: it has started or ended.",
    "queue.joined": ("You are in the queue for {game}: {seats} seats, turns up to {turn}. I "
                     "will tell you when your table opens."),
    "queue.updated": ("Your queue entry for {game} is updated: {seats} seats, turns up to "
                      "{turn}. Your place in the queue is kept."),
    "queue.left": "You left the queue.",
    "queue.title": "**Waiting in the queue**",
    "queue.line": "{name}: {game}, {seats} seats, waiting for {wait}",
    "queue.none": "Nobody is waiting in the queue of this server.",
    "queue.seated": "Your table from the queue is ready: #{table}, {game}, with {names}. {link}",
    "queue.seated_public": "Table #{table} from the queue: {mentions}. Good game!",
    "queue.expired": ("Your queue entry for {game} expired, so you are no longer waiting. Renew "
                      "it for another day with the button."),
    "queue.renew": "Renew",
    "queue.renewed": "Renewed: you wait for {game} until {when}.",
    "queue.party_invite": ("{host} invites you to queue together for {game}. Confirm to join "
                           "the party; you will be seated at one table."),
    "queue.party_confirm": "Confirm",
    "queue.party_sent": "Invitations sent to {names}. Each of them confirms with a button.",
    "queue.party_confirmed": "You are in the party of {host}.",
    "schedule.starts": "Starts {full} ({relative})",
    "rsvp.going": "Going",
    "rsvp.maybe": "Maybe",
    "rsvp.cant": "Can't",
    "rsvp.saved": "Your answer for table #{table}: {answer}.",
    "rsvp.counts": "Going: {going} · Maybe: {maybe} · Can't: {cant}",
    "schedule.reminder": "Table #{table} ({game}) starts {relative}. {link}",
    "schedule.ping": "Table #{table} starts now: {mentions}",
    "schedule.closed": ("Table #{table} did not fill by its start and its grace, so it closed. "
                        "Nothing was played."),
    "schedule.late": "Table #{table} was due to start {full} while I was offline: it starts now.",
    "schedule.late_closed": ("Table #{table} was due to start {full} while I was offline, "
                             "without enough players: it closed."),
    "schedule.next": "The next weekly table #{table} opens for {full}.",
    "new.start": "Start at, in your time: 20:00, fri 21:00, in 3h",
    "new.repeat": "Repeat every week",
    "new.grace": "Minutes to wait for late players",
    "new.ai_fill": "AI takes the empty seats at the start",
    "repeat.weekly": "weekly",
    "settings.pickup": "Queue tables open in: {channel} (a thread each: {threads})",
    "settings.pickup_none": "the channel of the first queue join",
    "error.schedule.repeat": "A table repeats `weekly`, or not at all.",
    # --- pickup that holds up (issue 51) ---
    "error.schedule.needs_start": ("{options} only work for a scheduled table: give its start "
                                   "time too (the option `start`), or leave them out."),
    "error.queue.party_bot": ("{name} is a bot: bots cannot be invited to a party, they "
                              "could never confirm."),
    "queue.opened": ("Your join completed a table: table #{table} ({game}) is open and "
                     "starting. {link}"),
    "table.closed_unfilled": "This table did not fill in time, so it closed. Nothing was played.",
    "queue.party_ended": ("{name} is no longer waiting with you, so your party for {game} "
                          "ended. You wait on your own now, your place in the queue kept; "
                          "{cmd.queue_leave} takes you out."),
    "schedule.due": ("Was due {full}: waiting for late players, then it starts with those "
                     "seated, or closes."),
    "queue.renew_opened": ("Renewed, and your entry completed a table: table #{table} "
                           "({game}) is open and starting. {link}"),
    "queue.party_opened": ("You are in the party of {host}, and your table is complete: "
                           "table #{table} ({game}) is open and starting. {link}"),
    "schedule.ping_none": "Table #{table} starts now.",
    "schedule.grace": ("Table #{table} is due to start, but seats are free: it waits "
                       "{minutes} min for late players. {mentions}"),
    "schedule.grace_none": ("Table #{table} is due to start, but seats are free: it waits "
                            "{minutes} min for late players."),
    "schedule.grace_started": "Table #{table} started after waiting for late players. {link}",
    # --- lobby-cmd: /domino lobby, the host's lobby settings ---
    "lobby_set.description": "Change your lobby's settings before it starts",
    "lobby_set.table": "Table number (default: your lobby here)",
    "lobby_set.turn_minutes": "Turn time: {value}",
    "lobby_set.lobby_minutes": "The lobby waits: {value}",
    "lobby_set.auto_start": "Starts by itself once every seat is filled: {value}",
    "lobby_set.forced_moves": "Draws and passes with nothing to choose play themselves: {value}",
    "lobby_set.on_resign": "When a player resigns: {value}",
    "lobby_set.changed": "Table #{table}: the lobby's settings are now\n{lines}",
    "lobby_set.current": ("Table #{table}: the lobby's settings (the host changes them with "
                          "{cmd.lobby})\n{lines}"),
    "lobby.settings_hint": "The host can change these settings with {cmd.lobby}.",
    "error.host_changes": "Only the host changes the lobby's settings.",
    "error.lobby_set.none_here": ("You host no lobby in this channel. Give the table's number "
                                  "(its option table)."),
    "error.lobby_set.which": ("You host several lobbies here ({tables}): give the table's "
                              "number (its option table)."),
    "error.lobby_set.unknown": "{name} is not a lobby setting.",
    "error.lobby_set.range": "Give a number from {low} to {high}.",
    "error.lobby_set.seats.on_resign": ("With fewer than {low} seats a resignation always ends "
                                        "the game: there is nothing to choose."),
    "error.lobby_set.scheduled.lobby_minutes": ("This lobby starts at its scheduled time: it "
                                                "has no lobby time to change."),
    "error.lobby_set.scheduled.auto_start": ("This lobby starts at its scheduled time, not "
                                             "when it is full."),
    # --- held-seats: seats kept for invited people absent at the start (tables/holds.py) ---
    "lobby_set.hold_minutes": "A seat kept for each invited person absent at the start: {value}",
    "lobby.holds": ("Invited people not seated at the start get a seat kept for {time}: an AI "
                    "plays it until they take it."),
    "table.held": ("{name}: kept for {mention} until {full} ({relative}); an AI plays it "
                   "until they take it."),
    "table.take_held": "Take my seat",
    "notice.held": ("{host} kept you a seat at table #{table} ({game}): an AI plays it "
                    "until you take it, up to {full} ({relative}). {link}"),
    "notice.held_mention": ("{mention}: {host} kept you a seat at table #{table} ({game}): "
                            "an AI plays it until you take it, up to {full} ({relative})."),
    "notice.claimed_ok": "The seat is yours: you play it from now on.",
    "error.hold.none": "No seat is kept for you at this table.",
    "error.hold.over": "The seat kept for you is no longer kept: its time is over.",
    # --- the queue's forming posts (issue 51) ---
    "forming.title": "**{game}: a table is forming**",
    "forming.line": "{name}: {seats} seats, waiting for {wait}",
    "forming.more": "…and {count} more",
    "forming.how": ("Join to wait with them: {seats} seats, turns up to {turn}. Another wish: "
                    "{cmd.queue_join}."),
    "forming.join": "Join",
    "forming.opened": "**{game}**: table #{table} opened. {link}",
    "forming.ended": "**{game}**: nobody is waiting any more.",
    "error.forming.gone": "Nobody is waiting for {game} any more.",
    "error.forming.already": "You are already waiting for {game}. To stop: {cmd.queue_leave}.",
    "settings.forming": "Posts of who waits in the queue's channel: {state}",
    # --- near-match offers (issue 51) ---
    "near.ask": ("You wait for {game} at {asked} seats. Others waiting would make a table of "
                 "{seats} with you now: would {seats} seats do? (I ask once for this wait.)"),
    "near.yes": "Yes, {seats} seats",
    "near.no": "No, keep waiting",
    "near.kept": "You keep waiting as you asked.",
}
