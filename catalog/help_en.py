"""English help pages (`/domino help`) and rules (`/domino rules`), part of the catalog.

`help.<topic>` is one page; `help.game.<game>` the how-to-play page of a game (shown
with its picture); `rules.<game>` the rules told in full.
"""

from __future__ import annotations

HELP: dict[str, str] = {
    "help.topic.start": "Getting started",
    "help.topic.moves": "How to move",
    "help.topic.buttons": "The buttons",
    "help.topic.pickup": "Pickup games",
    "help.topic.time": "Quiet hours and time zones",
    "help.topic.game": "How to play {game}",
    "help.rules_hint": "The rules of {game} in full: `/domino rules game:{name}`.",
    "help.footer": "-# More: /domino help topic:… · the rules: /domino rules",
    "help.start": (
        "## How a game runs in Discord\n"
        "1. Someone opens a table: `/domino new traditional`, `/domino new carousel` or "
        "`/domino new clock` (a solitaire; `/domino daily` is the server's deal of the day). "
        "Each shows only its own options, with their "
        "defaults; leave them out for the usual game, and name people in `invite1`-`invite3` "
        "to ping them.\n"
        "2. The lobby message lists the seats and options. Others press **Join**; the host "
        "may **Add AI** players (easy, normal or hard) and presses **Start**.\n"
        "3. The table message shows the board to everyone and is kept up to date. Your own "
        "tiles are only ever shown to you.\n"
        "4. When it is your turn you are told (a DM, or a mention here if your DMs are "
        "closed). Play with the buttons, or type `/domino play`.\n"
        "5. At the end the table shows how it ended, the places and scores. **Rematch** "
        "opens a new lobby for the same players."),
    "help.moves": (
        "## How to move\n"
        "- Press **Your hand** on the table message: only you see it, with a button for "
        "each tile you can play. A tile that fits two ends asks which end (`L`, `R`; "
        "in Carousel also `U`, `D`).\n"
        "- **Draw** and **Pass** are on the table message; they work only when they are "
        "your moves (you must play a tile you can play).\n"
        "- Or type it: `/domino play move:6-3 L`, `draw`, `pass`. While you type, the "
        "command offers your legal moves. Tiles are shown like [6|3] and typed 6-3.\n"
        "- Big Clock: its message has the buttons: **Draw**, **→ 4** (the drawn tile "
        "onto hour 4), **9 → 11** (the top of hour 9 onto hour 11), **Discard**, "
        "**Hint** and **Give up**."),
    "help.buttons": (
        "## The buttons\n"
        "- Lobby: **Join** takes a seat (you get a private confirmation), **Leave** gives "
        "it up, **Add AI** seats a computer player of the level you pick (host), **Start** "
        "starts the game (host), **Cancel** closes the table (host, or a server manager).\n"
        "- Table: **Your hand** shows your tiles privately, **Draw**, **Pass**, **Resign** "
        "ends the game for you, **Rules** tells the rules with this table's options.\n"
        "- After timeouts: **Take my seat back** lets you play again instead of the AI.\n"
        "- At the end: **Rematch** opens one new lobby and pings the players; **Rules**."),
    "help.pickup": (
        "## Pickup games\n"
        "Games may run for hours or days. Each turn has a clock (the pace: live 2 minutes, "
        "casual 12 hours, correspondence 48 hours, or `turn_minutes`). Reminders come before "
        "it runs out. When it does, by the server's setting the AI plays that turn, the turn "
        "is skipped, or the player forfeits. After 3 timeouts in a row an AI plays your seat "
        "until you press **Take my seat back**. `/domino games` lists your tables and whose "
        "turn it is; `/domino open` the lobbies waiting for players here."),
    "help.time": (
        "## Quiet hours and time zones\n"
        "Times on the table are Discord timestamps: each reader sees them in their own time "
        "zone. Set yours with `/domino profile time_zone:Europe/Kyiv` (any IANA name), and "
        "quiet hours with `quiet_hours:23:00-07:30` (your local time): a reminder due then "
        "waits until they end, or is dropped if your turn ends first. Your turn's clock "
        "still runs, so pick a pace that fits. `turn_dms:False` asks for a mention in the "
        "channel instead of a DM."),
    "help.game.traditional": (
        "## How to play Traditional\n"
        "2-4 players, each with 7 tiles of the double-6 set. The highest double leads. On "
        "your turn lay a tile against an end of the line, number against number; if none "
        "fits, draw until one does (the bot draws for you when you have no choice), and pass "
        "when the stock is empty. Lay your last tile and you win the hand; when nobody can "
        "play it is a *fish*. The winner scores the others' pips minus their own; the "
        "highest count is the goat 🐐."),
    "help.game.carousel": (
        "## How to play Carousel\n"
        "2-7 players (or two pairs), 7 tiles each. The first tile is a double, the spinner: "
        "play goes out from its four sides (`L`, `R`, `U`, `D`). After each play, if the open "
        "ends add up to a multiple of 5 you score a fifth of it (10 → 2 points). Going out "
        "scores the others' pips, rounded to 5, divided by 5. First to the target (61) wins."),
    "help.game.clock": (
        "## How to play Big Clock\n"
        "A solitaire: 12 hours of a clock, one pile each. Draw a tile and place it on a pile "
        "whose top shares a number (or an empty hour), or discard it. Bring every double home "
        "to its hour: [5|5] on hour 5. While a double is in trouble you may move tops between "
        "piles. Stuck with a drawn double: the game is lost. **Hint** suggests a move."),
    "rules.options": "**This table's options**\n{options}",
    "rules.traditional": (
        "## Traditional («Козёл»), 2-4 players\n"
        "**Deal.** 7 tiles each from the double-6 set; the rest is the stock. Two or more "
        "hands with 5 or more tiles of one number: dealt again.\n"
        "**Lead.** The highest double leads (6-6, else 5-5, …); with no double, the heaviest "
        "tile.\n"
        "**Your turn.** Lay a tile against an end of the line, number against number. You "
        "must play when you can; when you cannot, draw one tile a move until one fits; with "
        "the stock empty, pass.\n"
        "**The end.** Lay your last tile and you win the hand. When nobody can play and the "
        "stock is empty it is a **fish**: whoever laid the last tile wins it. Your count is "
        "your pips left (a lone [0|0] counts 24); the winner scores the others' counts minus "
        "their own. The highest count is the **goat**.\n"
        "**A match.** One hand is the game, unless the table sets a target: then hands go on "
        "until a score reaches it."),
    "rules.carousel": (
        "## Carousel («Карусель»), 2-7 players or two pairs\n"
        "**Deal.** 7 tiles each: double-6 for 2-4 players, double-9 for 5-7. 4 players may "
        "play as two pairs, partners opposite.\n"
        "**Opening.** The first player opens with a double (drawing until they find one): the "
        "**spinner**. Until its four sides (L, R, U, D) hold a tile, play goes onto its free "
        "sides; then onto any arm's end.\n"
        "**Scoring.** After each play add up the open ends (a double at an end counts both "
        "halves); a multiple of 5 scores a fifth of it: 10 → 2 points.\n"
        "**The end of a hand.** Going out scores the others' pips, rounded to 5 and divided by "
        "5. When nobody can play it is **blocked**: the fewest pips scores the others' pips "
        "less their own.\n"
        "**The match.** First to 61 wins at once; a score that would pass 61 does not count."),
    "rules.clock": (
        "## Big Clock («Большие часы»), a solitaire\n"
        "**Layout.** The double-12 set without [0|0], one tile dealt face up to each of 12 "
        "hours; each hour is a pile, only its top matters.\n"
        "**Goal.** Bring every double home: [1|1] onto hour 1 … [12|12] onto hour 12.\n"
        "**Drawing.** Draw a tile at a time: a plain tile goes onto a pile whose top shares a "
        "number and is not a double, or onto an empty hour; else discard it. A double goes "
        "home when its hour's top shows its number (or the hour is empty).\n"
        "**Trouble.** While a double is in trouble (drawn and unable to go home, or lying on "
        "another hour) you may move the top of any open pile onto another pile that takes it.\n"
        "**The end.** You win when every hour is home; you lose when a double is in trouble "
        "and nothing can change, or when you give up."),
}
