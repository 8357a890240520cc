"""English texts of tournaments (issue 49): what the tournament service refuses. Part of
the catalog (merged into `catalog.EN`; catalog/texts_en.py has the rest)."""

from __future__ import annotations

from catalog.po import Source

TOURNAMENT: dict[str, Source] = {
    # tables/tournament/service.py: states that forbid an action
    "error.tournament.none": "There is no tournament #{id}.",
    "error.tournament.plan": "This tournament cannot be run that way: {reason}",
    "error.tournament.round_length": "A round lasts at least an hour.",
    "error.tournament.start_past": "The start must be in the future.",
    "error.tournament.closed": "Entry to this tournament is closed.",
    "error.tournament.entered": "You have entered this tournament already.",
    "error.tournament.started": ("This tournament has started: withdraw instead of leaving "
                                 "(your results so far stand)."),
    "error.tournament.not_entered": "You are not (or no longer) in this tournament.",
    "error.tournament.no_check_in": "This tournament does not ask for a check-in.",
    "error.tournament.over": "This tournament is over.",
    "error.tournament.not_running": "Only a running tournament can be paused.",
    "error.tournament.not_paused": "This tournament is not paused.",
    "error.tournament.no_round": ("No round is being played now, or its deadline has "
                                  "passed already."),
    "error.tournament.hours": "Extend a round by more than 0 and at most 168 hours.",
    "error.tournament.not_playing": "That player has no table in play in this round.",
    "error.tournament.managers_only": "Only members with Manage Server run tournaments.",
    "error.tournament.hosts_only": ("Only members with Manage Server or the role {role} run "
                                    "tournaments."),
    # cogs/tournament/: the sign-up message and its buttons
    "tournament.title": "🏆 **{name}** · tournament #{id}",
    "tournament.format.swiss": "Swiss",
    "tournament.format.roundrobin": "Round robin",
    "tournament.format.knockout": "Knockout",
    "tournament.about": "{game} · {format} · rounds: {rounds}, {length} each · seats: {seats}",
    "tournament.starts": "Starts {full} ({relative}).",
    "tournament.check_in_needed": "Check in before the start: only those checked in play.",
    "tournament.quiet_clock_on": ("Turn clocks stand still in each player's quiet hours "
                                  "({cmd.profile}); every turn ends by its round's deadline."),
    "tournament.quiet_clock_off": ("Turn clocks run through quiet hours; every turn ends by "
                                   "its round's deadline."),
    "tournament.entrants": "Entrants ({count}): {names}",
    "tournament.entrants_none": "No entrants yet.",
    "tournament.checked_mark": "✓",
    "tournament.status.running": "Entry is closed: the tournament is on.",
    "tournament.status.paused": "The tournament is paused.",
    "tournament.status.finished": "The tournament is over.",
    "tournament.status.cancelled": "The tournament was cancelled.",
    "tournament.join": "Join",
    "tournament.leave": "Leave",
    "tournament.checkin": "Check in",
    "tournament.joined": "You are in tournament #{id}.",
    "tournament.left": "You left tournament #{id}.",
    "tournament.checked_in": "You are checked in for tournament #{id}.",
    "tournament.created": "Tournament #{id} is open for entry: {link}",
    # what the tournament tells
    "tournament.started": "Tournament #{id} has started: {count} players.",
    "tournament.round_dm": ("Tournament #{id}, round {round}: you play at table #{table} "
                            "with {names}, until {deadline}. {link}"),
    "tournament.bye_dm": "Tournament #{id}, round {round}: you have a bye (it counts as a win).",
    "tournament.late": "(This round opened late: the bot was away at its start.)",
    "tournament.reminder": ("Tournament #{id}, round {round} ends {relative}: finish your "
                            "table, or the AI plays it out at the deadline."),
    "tournament.standings_title": "🏆 Tournament #{id} · standings after round {round} of {total}",
    "tournament.standings_head": "Place · name · points · Buchholz",
    "tournament.standing_line": "{place}. {name} · {points} · {buchholz}",
    "tournament.withdrawn_mark": "(withdrawn)",
    "tournament.standings_none": "No results yet.",
    "tournament.finished": "🏆 Tournament #{id} is over. Final places:\n{lines}",
    "tournament.cancelled": "Tournament #{id} was cancelled.",
    "tournament.paused": "Tournament #{id} is paused: no round opens meanwhile.",
    "tournament.resumed": "Tournament #{id} goes on: its deadlines moved by the pause.",
    "tournament.withdrawn": "{names} left tournament #{id}.",
    # the host's controls
    "tournament.done": "Done: tournament #{id}.",
    "tournament.extended": "The round of tournament #{id} now ends {full}.",
    "tournament.removed": "{name} is out of tournament #{id}.",
    "tournament.replaced": ("The AI plays {name}'s seat in tournament #{id}: they forfeit "
                            "that table."),
    "tournament.withdrew": "You left tournament #{id}; your results so far stand.",
    # /tournament create options: (tables/tournament/typed_options.py), shown on the
    # sign-up message and the standings
    "error.tournament.option_form": ("Write the table options as name:value, e.g. "
                                     "`target:100 lead:winner`; {text} is not."),
    "error.tournament.option_long": "Table options take at most {most} characters.",
    "error.tournament.option_unknown": "{game} has no option {name}. Its options: {names}.",
    "error.tournament.option_twice": "The option {name} is given twice.",
    "error.tournament.option_flag": "{name} is on or off, not {value}.",
    "error.tournament.option_number": "{name} takes a whole number, not {value}.",
    "error.tournament.option_range": "{name} takes a number from {low} to {high}, not {value}.",
    "error.tournament.option_choice": "{name} takes one of {choices}, not {value}.",
    "tournament.options": "Table options: {options}",
    "tournament.options_standard": "Table options: the game's standard ones",
}
