"""English help pages (`/domino help`) and rules (`/domino rules`), part of the catalog.

`help.<topic>` is one page; `help.game.<game>` the how-to-play page of a game (shown
with its picture); `rules.<game>` the rules told in full.
"""

from __future__ import annotations

HELP: dict[str, str] = {
    "help.topic.start": "Getting started",
    "help.topic.alone": "Playing alone against the computer",
    "help.topic.moves": "How to move",
    "help.topic.buttons": "The buttons",
    "help.topic.pictures": "Reading the pictures",
    "help.topic.pickup": "Pickup games",
    "help.topic.time": "Quiet hours and time zones",
    "help.topic.daily": "The daily deal",
    "help.topic.queue": "Queues and scheduled tables",
    "help.topic.game": "How to play {game}",
    "help.rules_hint": "The rules of {game} in full: {cmd.rules}, game: {game}.",
    "help.footer": "-# More: {cmd.help} (pick a topic) · the rules: {cmd.rules}",
    "help.start": (
        "## How a game runs in Discord\n"
        "1. Someone opens a table: {cmd.new_traditional}, {cmd.new_carousel}, "
        "{cmd.new_mexican}, {cmd.new_partnership} or {cmd.new_clock} (a solitaire; "
        "{cmd.daily} is the server's "
        "deal of the day). "
        "Each shows only its own options, with their defaults; leave them out for the usual "
        "game, and name people in the invite options to ping them.\n"
        "2. The lobby message lists the seats and options. Others press **Join**; the host "
        "may add computer players with the menu **Add an AI player…** (easy, normal or "
        "hard) and presses **Start**. Before that the host may change the turn time, the "
        "lobby time, auto start and the rest with {cmd.lobby}.\n"
        "3. The table message shows the board to everyone and is kept up to date. Your own "
        "tiles are only ever shown to you.\n"
        "4. When it is your turn you are told (a DM, or a mention here if your DMs are "
        "closed). Play with the buttons, or with {cmd.play}.\n"
        "5. At the end the table shows how it ended, the places and scores. **Rematch** "
        "opens a new lobby for the same players."),
    "help.alone": (
        "## Playing alone against the computer\n"
        "1. Open a table: {cmd.new_traditional}, {cmd.new_carousel}, {cmd.new_mexican} or "
        "{cmd.new_partnership}. It has 2 seats unless you set the number of players "
        "(Partnership Dominó always has 4).\n"
        "2. In the lobby, pick a level in the menu **Add an AI player…**: *easy* plays any "
        "tile that fits, *normal* takes the most it can this move, *hard* thinks ahead. "
        "Do it once for each free seat.\n"
        "3. Once every seat is taken the game starts by itself. The computer moves at once; "
        "on your turn press **Your hand** and tap a tile. Draws and passes you cannot avoid "
        "are played for you.\n"
        "Big Clock needs nobody: {cmd.new_clock} deals it at once. Each game's page of this "
        "help tells its rules in a few lines."),
    "help.moves": (
        "## How to move\n"
        "- Press **Your hand** on the table message: only you see it, with a button for "
        "each tile you can play. A tile that fits two ends asks which end: L and R are the "
        "two ends of the line; in Carousel also U and D, the spinner's upper and lower "
        "sides.\n"
        "- **Draw** and **Pass** are on the table message; they work only when they are "
        "your moves (you must play a tile you can play).\n"
        "- Or type it with {cmd.play}: `6-3 L`, `draw`, `pass`. While you type, the command "
        "offers your legal moves. Tiles are shown like [6|3] and typed 6-3.\n"
        "- Mexican Train: name the train after the tile: `12-5 M` for the Mexican train, "
        "`12-5 T2` for the second seat's train (T1 is the first seat's); leave it out when "
        "only one train takes the tile.\n"
        "- Big Clock: its message has the buttons: **Draw**, **→ 4** (the drawn tile "
        "onto hour 4), **9 → 11** (the top of hour 9 onto hour 11), **Discard**, "
        "**Hint** and **Give up**."),
    "help.buttons": (
        "## The buttons\n"
        "- Lobby: **Join** takes a seat (you get a private confirmation), **Leave** gives "
        "it up, the menu **Add an AI player…** seats a computer player of the level you "
        "pick (host), **Start** starts the game (host), **Cancel** closes the table (host, "
        "or a server manager).\n"
        "- Table: **Your hand** shows your tiles privately, **Draw**, **Pass**, **Resign** "
        "ends the game for you, **Rules** tells the rules with this table's options.\n"
        "- After timeouts: **Take my seat back** lets you play again instead of the AI.\n"
        "- At the end: **Rematch** opens one new lobby and pings the players; **Rules**."),
    "help.pictures": (
        "## Reading the pictures\n"
        "- At the top, one chip per player: name, tiles in hand, score. The player to move "
        "has a filled chip, an arrow before the name and the words *to move*. When a game "
        "is over, a banner under the title says who won (or how Big Clock ended) and the "
        "winner's chip has a green frame.\n"
        "- The tile laid last has a yellow frame. In your hand, the tiles you may play stand "
        "higher, in a blue frame.\n"
        "- Tiles above 6 show their number instead of pips.\n"
        "- A badge at each open end names the end and its number: **L 5** is the left end "
        "showing 5 (in Carousel also U and D, the spinner's upper and lower sides).\n"
        "- Carousel: **Count** is the sum of the open ends, and each badge shows what its end "
        "adds: **R 5+5** is a double at the end (both halves count); while L or R is free the "
        "spinner's two halves count, shown on the L and R badges; a badge with a letter only "
        "adds nothing yet. A count that is a multiple of 5 scores a fifth of it: the line of "
        "the last move then ends with what it scored (**+3**).\n"
        "- Mexican Train: the engine in the hub, then a row per train (the Mexican train "
        "last), each ending in its open end (**→ 12**: no tile yet, the engine's number). "
        "**+14** at a row's start: 14 tiles not shown (tiles, not points). **open**: the "
        "train has a marker, anyone may play on it; **double waits**: its double must be "
        "satisfied.\n"
        "- Big Clock: the badge on an hour's tile is the height of its pile (**×4**: four "
        "tiles; a single tile has none); **✓** marks an hour that is home. A red frame marks "
        "a double in trouble; the tile in the middle is the one you drew."),
    "help.pickup": (
        "## Pickup games\n"
        "Games may run for hours or days. Each turn has a clock (the pace: live 2 minutes, "
        "casual 12 hours, correspondence 48 hours, or a custom time in minutes). Reminders "
        "come before it runs out. When it does, by the server's setting the AI plays that "
        "turn, the turn is skipped, or the player forfeits. After 3 timeouts in a row an AI "
        "plays your seat until you press **Take my seat back**. {cmd.games} lists your "
        "tables and whose turn it is; {cmd.open} the lobbies waiting for players here."),
    "help.time": (
        "## Quiet hours and time zones\n"
        "Times on the table are Discord timestamps: each reader sees them in their own time "
        "zone. Set yours with {cmd.profile} (time zone: any IANA name, like Europe/Kyiv), "
        "and quiet hours there too, like 23:00-07:30 (your local time): a reminder due then "
        "waits until they end, or is dropped if your turn ends first. Your turn's clock "
        "still runs, so pick a pace that fits. Its turn-DMs option picks which DMs you get: "
        "every turn, reminders only, or none (then you are mentioned in the channel)."),
    "help.daily": (
        "## The daily deal\n"
        "{cmd.daily} deals the server's Big Clock of the day: the same deal for everyone "
        "here, one try each. You play it in your DMs with the bot, so nobody sees your "
        "moves. A new deal comes every day at midnight UTC. {cmd.daily_board} shows the "
        "day's results (and the week's); a server manager picks with {cmd.daily_channel} "
        "where the boards are posted once each day is over."),
    "help.game.traditional": (
        "## How to play Traditional\n"
        "2-4 players, each with 7 tiles of the usual set (0 to 6 pips on a half). The "
        "highest double (both halves alike, like [6|6]) leads. On your turn lay a tile "
        "against an end of the line, number against number; if none fits, draw from the "
        "stock until one does, and pass when the stock is empty: draws and passes you "
        "cannot avoid are played for you. Lay your last tile and you win the hand; when "
        "nobody can play it is a *fish*.\n"
        "**Pips** are the dots on a tile; your **count** is the pips left in your hand. The "
        "winner scores the others' counts minus their own; the highest count is the "
        "**goat** 🐐. The usual game is one hand (a table may set a target score)."),
    "help.game.carousel": (
        "## How to play Carousel\n"
        "2-7 players (or two pairs), 7 tiles each. The first tile is a double, the "
        "**spinner**; it has four sides: L and R along the line, U and D (up, down) across "
        "it. **Until all four sides hold a tile, every play goes onto a free side of the "
        "spinner**; then onto the end of any of the four arms.\n"
        "After each play add up the open ends (a double at an end counts both halves; the "
        "spinner counts both its halves until L and R both hold a tile): a multiple of 5 "
        "scores a fifth of it (10 → 2 points).\n"
        "You must play a tile that fits; if none does, draw until one does, and pass when "
        "nothing may be drawn. Going out scores the others' pips, rounded to the nearest "
        "multiple of 5 and divided by 5. When nobody can play the hand is *blocked*: the "
        "player with the fewest pips scores each opponent's pips less their own, added up "
        "(hands of 2, 10 and 12 pips: 8 + 10 = 18, rounded to 20: 4 points); when two or "
        "more tie for the fewest, nobody scores.\n"
        "The match is to exactly 61: a score that would pass 61 does not count."),
    "help.game.clock": (
        "## How to play Big Clock\n"
        "A solitaire: 12 hours of a clock, one pile each; only a pile's top tile matters. "
        "Draw a tile and place it on a pile whose top shares a number (or on an empty "
        "hour), or discard it when it fits nowhere. A pile whose top is a double takes "
        "nothing: nothing is laid on a double.\n"
        "Bring every double **home**: onto its own hour ([5|5] on hour 5), where it closes "
        "the pile for good. A double is **in trouble** when it was drawn and cannot go home, "
        "or lies on another hour; only then may you move tops between piles to free its "
        "hour. Stuck with a drawn double: the game is lost. **Hint** suggests a move."),
    "rules.options": "**This table's options**\n{options}",
    "rules.traditional": (
        "## Traditional («Козёл»), 2-4 players\n"
        "**Deal.** 7 tiles each from the usual set (0-0 to 6-6); the rest is the stock. "
        "Two or more hands with 5 or more tiles of one number: dealt again.\n"
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
        "**Deal.** 7 tiles each: the set to 6-6 for 2-4 players, to 9-9 for 5-7. 4 players "
        "may play as two pairs, partners opposite.\n"
        "**Opening.** The first player opens with a double (drawing until they find one): the "
        "**spinner**. Until its four sides (L, R, U, D) hold a tile, play goes onto its free "
        "sides; then onto any arm's end.\n"
        "**Scoring.** After each play add up the open ends (a double at an end counts both "
        "halves; the spinner counts both its halves until L and R both hold a tile); a "
        "multiple of 5 scores a fifth of it: 10 → 2 points.\n"
        "**The end of a hand.** Going out scores the others' pips, rounded to the nearest "
        "multiple of 5 and divided by 5. When nobody can play it is **blocked**: the player "
        "with the fewest pips scores each opponent's pips less their own, added up (hands of "
        "2, 10 and 12 pips: 8 + 10 = 18, rounded to 20: 4 points); when two or more tie for "
        "the fewest, nobody scores.\n"
        "**The match.** First to 61 wins at once; a score that would pass 61 does not count."),
    "rules.clock": (
        "## Big Clock («Большие часы»), a solitaire\n"
        "**Layout.** The set to [12|12] without [0|0], one tile dealt face up to each of 12 "
        "hours; each hour is a pile, only its top matters.\n"
        "**Goal.** Bring every double home: [1|1] onto hour 1 … [12|12] onto hour 12.\n"
        "**Drawing.** Draw a tile at a time: a plain tile goes onto a pile whose top shares a "
        "number and is not a double, or onto an empty hour; else discard it. A double goes "
        "home when its hour's top shows its number (or the hour is empty).\n"
        "**Trouble.** While a double is in trouble (drawn and unable to go home, or lying on "
        "another hour) you may move the top of any open pile onto another pile that takes it.\n"
        "**The end.** You win when every hour is home; you lose when a double is in trouble "
        "and nothing can change, or when you give up."),
    "help.game.partnership": (
        "## How to play Partnership Dominó\n"
        "4 players in two pairs, partners opposite: seats 1 and 3 against 2 and 4. Every "
        "tile of the double-6 set is dealt, 7 each: there is no stock, nobody draws. The "
        "holder of [6|6] leads it in the first hand. On your turn lay a tile against an end "
        "of the line, number against number, or pass when none fits. Lay your last tile "
        "and your pair wins the hand; when nobody can play the hand is **blocked** and the "
        "pair with fewer pips in its two hands wins it. The winners score the pips left in "
        "all four hands; the first pair to 200 wins the match."),
    "rules.partnership": (
        "## Partnership Dominó («Dominó en parejas»), 4 players in two pairs\n"
        "**Pairs.** Seats 1 and 3 play against seats 2 and 4; partners sit opposite and "
        "score as one.\n"
        "**Deal.** The double-6 set, 7 tiles each: all 28 are dealt, there is no stock.\n"
        "**Lead.** The first hand is led by the holder of [6|6], with it. A later hand is "
        "led, with any tile, by whoever went out; after a blocked hand by its blocker when "
        "the blocker's pair won it, by the player after the blocker when it lost, by the "
        "same leader again after a tie.\n"
        "**Play.** In turn, lay a tile against an end of the line, number against number. "
        "You must play when you can; when you cannot, you pass. Nobody draws.\n"
        "**The end of a hand.** Lay your last tile and your pair wins the hand. When, after "
        "a tile, nobody can play, the hand is **blocked**: the player who laid that tile is "
        "the blocker, and the pair with fewer pips left in its two hands wins (equal: "
        "nobody scores).\n"
        "**Scoring.** The winners score the pips left in all four hands (or, if the table "
        "says so, the losing pair's only); a table may add a bonus for a **capicúa**, going "
        "out with a tile that fits both ends.\n"
        "**The match.** Hands go on until a pair reaches the target (200 unless the table "
        "sets another)."),
    "help.queue": (
        "## Queues and scheduled tables\n**The queue.** {cmd.queue_join} with a game, "
        "the seat counts you accept (`4` or `3 4`), the longest turn you accept, and "
        "after how many hours AI seats may fill your table. As soon as enough people "
        "want the same, I open the table with all of you seated, in the server's pickup "
        "channel, and tell each of you once (a DM, or a mention if you chose no DMs). "
        "{cmd.queue_list} shows who waits and for how long; {cmd.queue_leave} takes you "
        "out. An entry waits 24 hours unless you chose otherwise; when it expires I "
        "tell you privately, with a Renew button.\n**Friends.** Add `friends: @bob @cy` "
        "(up to two): each confirms with a button and you are seated at one table; in "
        "Carousel pairs, two friends are a pair.\n**Scheduled tables.** {cmd.new} with "
        "`start:` (`20:00`, `tomorrow 19:30`, `fri 21:00`, `in 3h` or a date and time), "
        "read in your profile's time zone: the lobby shows the start in each reader's "
        "own time, with a countdown. Going / Maybe / Can't sit beside Join; those Going "
        "are reminded 1 hour and 10 minutes before (outside their quiet hours) and "
        "pinged at the start. Then the table starts with those seated (Going people "
        "first); `ai_fill:` fills the empty seats with AI, else `grace:` minutes wait "
        "for more. `repeat: weekly` opens next week's table when this one starts.\n"
        "**Seats that wait.** When the host sets `hold_minutes:` with {cmd.lobby}, each "
        "invited person not seated at the start gets a seat kept for them: an AI plays it "
        "until they take it with one click (I tell them once, with the button) or the "
        "time is over."),
}
