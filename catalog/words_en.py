"""English words for opening and finding games: options, endings, plurals, help, rules.

Part of the catalog (merged into `catalog.EN`); kept apart because it is long.
Option keys follow `engine.options.OptionInfo`: `option.<game>.<name>` describes an
option (its default is added from the engine, never written here),
`option.<game>.<name>.name` is its short name and `option.<game>.<name>.<value>`
the words for one of its choices.
"""

from __future__ import annotations

WORDS: dict[str, str] = {
    # option values and how a description says its default
    "option.on": "on",
    "option.off": "off",
    "option.default": "{text} (default: {value})",
    "option.line": "{name}: {value}",
    "option.line_default": "{name}: {value} (default)",
    # Traditional
    "option.traditional.hand_size": "Tiles dealt to each player",
    "option.traditional.hand_size.name": "Hand size",
    "option.traditional.lopsided_suit": "A hand with this many of one number is lopsided; "
                                        "2 lopsided hands: deal again",
    "option.traditional.lopsided_suit.name": "Redeal at",
    "option.traditional.lead": "Who leads each hand",
    "option.traditional.lead.name": "Lead",
    "option.traditional.lead.highest_double": "the highest double",
    "option.traditional.lead.winner": "the last hand's winner, any tile",
    "option.traditional.fish_winner": "Who wins a fish (nobody can play)",
    "option.traditional.fish_winner.name": "Fish won by",
    "option.traditional.fish_winner.maker": "whoever laid the last tile",
    "option.traditional.fish_winner.lowest": "the lowest count",
    "option.traditional.lone_blank": "What a hand of only [0|0] counts",
    "option.traditional.lone_blank.name": "A lone [0|0] counts",
    "option.traditional.target": "Points to win a match (0: one hand is the game)",
    "option.traditional.target.name": "Match to",
    "option.traditional.target.0": "one hand is the game",
    # Carousel
    "option.carousel.set": "The set",
    "option.carousel.set.name": "Set",
    "option.carousel.set.0": "by players: double-6 for 2-4, double-9 for 5-7",
    "option.carousel.set.6": "double-6",
    "option.carousel.set.9": "double-9",
    "option.carousel.set.12": "double-12",
    "option.carousel.hand_size": "Tiles dealt to each player (the set must hold every hand)",
    "option.carousel.hand_size.name": "Hand size",
    "option.carousel.pairs": "4 players as two pairs, partners opposite",
    "option.carousel.pairs.name": "Pairs",
    "option.carousel.spinner_first": "Every play goes onto the spinner until its 4 sides hold "
                                     "a tile",
    "option.carousel.spinner_first.name": "Spinner first",
    "option.carousel.must_play": "A player who can play must play",
    "option.carousel.must_play.name": "Must play",
    "option.carousel.keep_in_stock": "The last stock tiles are never drawn",
    "option.carousel.keep_in_stock.name": "Keep in stock",
    "option.carousel.tile_bonus": "1 point for laying a tile whose pips are a multiple of 5",
    "option.carousel.tile_bonus.name": "Tile bonus",
    "option.carousel.blocked": "How a blocked hand scores",
    "option.carousel.blocked.name": "Blocked hand",
    "option.carousel.blocked.difference": "fewest pips scores the others' pips less their own",
    "option.carousel.blocked.sum": "fewest pips scores the others' pips",
    "option.carousel.target": "Points that win the match",
    "option.carousel.target.name": "Match to",
    "option.carousel.exact_finish": "A score that would pass the target does not count",
    "option.carousel.exact_finish.name": "Exact finish",
    # Big Clock
    "option.clock.set": "The set, and so the hours",
    "option.clock.set.name": "Set",
    "option.clock.set.12": "double-12, 12 hours",
    "option.clock.set.9": "double-9, 9 hours",
    "option.clock.set.6": "double-6, 6 hours",
    # the table's own settings, offered by every /domino new
    "new.description": "Open a {game} table",
    "new.group": "Open a table for a game",
    "new.seats": "Players, {low}-{high}",
    "new.pace": "Time for each turn (default: the server's)",
    "pace.live": "live: 2 minutes a turn",
    "pace.casual": "casual: 12 hours a turn",
    "pace.correspondence": "correspondence: 48 hours a turn",
    "new.turn_minutes": "Custom time for each turn, in minutes, 1 to 10080 (default: the pace)",
    "new.lobby_minutes": "How long the lobby waits, in minutes (default: the server's, 24 h)",
    "new.auto_start": "Start as soon as every seat is filled",
    "new.hints": "How good the Hint button is",
    "new.invite": "Someone to invite: they are pinged with a Join button",
    "lobby.invited": "{mentions}: {host} invites you to this {game} table. Press Join to "
                     "take a seat.",
    "lobby.rematch_invite": "{mentions}: {host} asks for a rematch of table #{old}. Press "
                            "Join to take a seat.",
    "lobby.rematch_exists": "Table #{old} already has its rematch: table #{table} · {link}",
    "lobby.ai_pick": "Add an AI player…",
    "lobby.ai_level.easy": "Easy AI: plays any legal tile",
    "lobby.ai_level.normal": "Normal AI: plays greedily, like a casual player",
    "lobby.ai_level.hard": "Hard AI: thinks ahead (slower)",
    "lobby.joined_private": "You joined table #{table} ({game}), seat {seat} of {seats}. "
                            "The game starts when the host starts it{auto}.",
    "lobby.joined_auto": " or every seat is filled",
    "level.easy": "easy",
    "level.normal": "normal",
    "level.hard": "hard",
    # how a game ended, in words
    "end.traditional.domino": "{name} went out",
    "end.traditional.fish": "Fish: nobody can play",
    "end.carousel.domino": "{name} went out",
    "end.carousel.blocked": "Blocked: nobody can play",
    "end.carousel.won": "{name} reached the target",
    "end.clock.won": "every hour is home",
    "end.clock.lost": "no move is left",
    "end.clock.resigned": "given up",
    "end.resigned": "{name} resigned",
    "end.unknown": "the game ended",
    # counts, with their plural forms (`catalog.tn`)
    "count.tiles.one": "{count} tile",
    "count.tiles.other": "{count} tiles",
    "count.points.one": "{count} point",
    "count.points.other": "{count} points",
    "count.games.one": "{count} game",
    "count.games.other": "{count} games",
    "count.wins.one": "{count} win",
    "count.wins.other": "{count} wins",
    "count.rated_games.one": "{count} rated game",
    "count.rated_games.other": "{count} rated games",
    "count.players.one": "{count} player",
    "count.players.other": "{count} players",
}
