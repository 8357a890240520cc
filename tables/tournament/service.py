"""Tournaments across days (issue 49): sign-up, rounds that open by themselves, results
from the tables, standings, and the host's controls. A companion of `TableService`
(built from (service, store), as tables.schedule.ScheduledTables is); the cogs and the
web page use only this module's `Tournaments`, the values of tables.tournament.view and
(the web page, which runs nothing) tables.tournament.reading.

The rules it keeps (each pinned by a test of tests/tables/test_tournament_service.py):

- **Entry** closes at the start (`starts_at`, UTC seconds; `read` reads a typed start in
  the host's zone). With check-in required, those not checked in by the start are left
  out. Too few entrants at the start (fewer than one table, at least 2) cancels the
  tournament (`cancelled`). Seeds are fixed at the start by the server's rating of the
  game (the higher first; equal ratings: who entered first).
- **Late entry**: allowed while the tournament runs (or is paused) until round 2 is
  paired; a late entrant scores 0 for the rounds played before (no bye points), is seeded
  after everyone, and is paired from the next round paired.
- **Withdrawal** (the entrant, or the host's `remove`): paired no more; results so far
  stand. At a table still being played they forfeit (placed last there) and the hard AI
  plays their seat on, so the others' game goes on.
- **Rounds open on schedule**: round k opens at starts_at + (k - 1) x round length +
  the time spent paused, once round k - 1 is done (so a round that ends early waits for
  its start; one extended past it delays the next). A round that fell due while the bot
  was down opens at `load()` (told `late`). Its deadline is its opening + the round's
  length. Byes go as tables.tournament.swiss says and score a win (standings.BYE_POINTS).
- **Turn clock**: a round table's longest turn is the tournament's table setting, at
  most the round's length / TURNS_PER_ROUND (24: a day's round gives turns of an hour),
  and at least a minute; no turn ends after the round's deadline. With the tournament's
  `quiet_clock` a turn stands still in its mover's quiet hours, and is at most the waking
  time of the table's least-awake player in the round / TURNS_PER_ROUND
  (tables.turn_clock); the no-show grace then counts each person's waking hours only
  (tables.tournament.attendance.no_show_at).
- **No-show** (tables.tournament.attendance): a person who has made no move of their own
  at their table (nor come back to the seat) within the round's grace (the smaller of
  12 h and a third of the round, from its opening) is replaced by the hard AI and
  forfeits (placed last; decided_by "forfeit"); so is one who never moved at a table
  that ended sooner. Before the grace is over a turn that runs out is an ordinary timeout
  (a sleeping player is no no-show). The host may hand a seat over at any time
  (`replace`).
- **Deadline**: a table unfinished at the round's deadline has every person's seat handed
  to the hard AI, which plays it to the end at once (decided_by "deadline"); forfeits
  still place last. A table cancelled (or never opened) counts as a draw for its seats.
- **Pause**: a paused tournament opens no round and decides no deadline (its tables play
  on); resuming moves the open round's deadline and every later start by the pause.
- **Cancel**: the tournament ends without final standings; tables in play finish as
  ordinary (rated) games.
- Tables are rated as any table (storage.results.finish_table).

Every host action is stored with who did it (`Storage.tournament_actions`); permissions
are the cogs' (Manage Server or the server's role). States that forbid an action raise
TableError with an "error.tournament.*" key.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from storage import Storage
from storage.errors import InvalidState
from storage.tournaments import EntrantRow, RoundTableRow, TournamentRow
from tables.errors import TableError
from tables.live import Person, TableSettings, checked_game
from tables.start_time import read_host_start
from tables.tournament.formats import rounds_total
from tables.tournament.reading import tournament_view
from tables.tournament.rounds import OPENED, REMIND_BEFORE, RoundRunner
from tables.tournament.view import StandingLine, TournamentNotice, TournamentView, plan_of

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)

HOUR = 3600
LATE_ENTRY = ("running", "paused")
LIVE = ("signup", "running", "paused")


class Tournaments(RoundRunner):
    """Runs every tournament of the bot through the table service (see the module)."""

    def __init__(self, service: TableService, store: Storage, *,
                 ai_level: str = "hard") -> None:
        """`ai_level`: who plays no-shows' and the deadline's seats (hard; tests may
        choose a quicker one)."""
        super().__init__(service, store, ai_level=ai_level)

    async def load(self) -> int:
        """At start-up: step every tournament in sign-up or running (a start or a round
        that fell due meanwhile happens now; results of tables that ended meanwhile are
        recorded; a table whose opening was cut short is opened) and arm its timer.
        Returns how many (paused ones included)."""
        found = await self.store.tournaments(statuses=("signup", "running", "paused"))
        for t in found:
            for rt in await self.store.round_tables(t.id):
                if rt.state == "playing":
                    self._watch(rt)
                elif rt.state == "opening" and rt.table_id is None:
                    # Claimed by a process that stopped before its table was stored: opened
                    # again (a lobby it may have left expires by itself). A process opening
                    # it at this very moment would open it twice: start-up is not that.
                    await self.store.move_table(t.id, rt.round, rt.index,
                                                only_from=("opening",), to="waiting")
            await self._step(t.id)
        return len(found)

    # -- creating and entering ----------------------------------------------------------
    async def read(self, host_id: int, text: str) -> float:
        """The start `text` means in the host's profile zone. Raises TableError: no zone
        yet ("error.schedule.no_zone"), or a time refused (tables.start_time)."""
        player = await self.store.get_player(host_id)
        return read_host_start(text, player.tz if player is not None else None, self.clock())

    async def create(self, *, guild_id: int | None, channel_id: int, host: Person, game: str,
                     options: dict[str, Any], settings: TableSettings, format: str,
                     rounds: int, round_seconds: int, seats: int, starts_at: float,
                     min_seats: int | None = None, advance: int = 1, teams: bool = False,
                     check_in: bool = False, title: str = "") -> TournamentRow:
        """Open a tournament for sign-up that starts at `starts_at`. Raises TableError: a
        plan the formats refuse ("error.tournament.plan"), a round under an hour
        ("error.tournament.round_length"), a start past ("error.tournament.start_past"),
        or the game's own refusals (unknown game, seats, options)."""
        checked_game(game, 1 if seats < 2 else seats, options)
        if round_seconds < HOUR:
            raise TableError("error.tournament.round_length")
        if starts_at <= self.clock():
            raise TableError("error.tournament.start_past")
        row = await self.store.create_tournament(
            guild_id=guild_id, channel_id=channel_id, host_id=host.user_id, game=game,
            options=options, table_settings=settings.to_json(), format=format, rounds=rounds,
            round_seconds=round_seconds, seats=seats, min_seats=min_seats, advance=advance,
            teams=teams, check_in=check_in, starts_at=starts_at, title=title)
        try:
            rounds_total(plan_of(row), max(2, seats))
        except ValueError as exc:
            await self.store.set_tournament_status(row.id, "cancelled", only_from=("signup",))
            raise TableError("error.tournament.plan", reason=str(exc)) from None
        self._arm(row.id, starts_at)
        return row

    async def get(self, tournament_id: int) -> TournamentRow:
        """The tournament. Raises TableError ("error.tournament.none")."""
        found = await self.store.get_tournament(tournament_id)
        if found is None:
            raise TableError("error.tournament.none", id=tournament_id)
        return found

    async def join(self, tournament_id: int, person: Person) -> EntrantRow:
        """Enter `person`: in sign-up, or late (see the module). Raises TableError: entry
        closed ("error.tournament.closed"), entered already ("error.tournament.entered")."""
        t = await self.get(tournament_id)
        late = t.status in LATE_ENTRY
        if not (t.status == "signup" or (late and t.current_round <= 1)):
            raise TableError("error.tournament.closed")
        rating = 0.0
        if late:
            line = await self.store.rank_of(person.user_id, t.game, t.guild_id)
            rating = line.rating if line is not None else 0.0
        try:
            entered = await self.store.add_entrant(
                t.id, person.user_id, person.name, rating=rating, checked_in=late,
                statuses=("signup", *LATE_ENTRY))
        except InvalidState:
            raise TableError("error.tournament.closed") from None
        if entered is None:
            raise TableError("error.tournament.entered")
        await self._tell(TournamentNotice("signup_changed", t, users=(person.user_id,)))
        return entered

    async def leave(self, tournament_id: int, user_id: int) -> None:
        """Take back an entry before the start. Raises TableError: started already
        ("error.tournament.started": withdraw instead), not entered
        ("error.tournament.not_entered")."""
        t = await self.get(tournament_id)
        try:
            gone = await self.store.remove_entrant(t.id, user_id, statuses=("signup",))
        except InvalidState:
            raise TableError("error.tournament.started") from None
        if not gone:
            raise TableError("error.tournament.not_entered")
        await self._tell(TournamentNotice("signup_changed", t, users=(user_id,)))

    async def check_in(self, tournament_id: int, user_id: int) -> None:
        """Say one will play (when the tournament asks for it), before the start. Raises
        TableError: no check-in here ("error.tournament.no_check_in"), entry closed,
        not entered."""
        t = await self.get(tournament_id)
        if not t.check_in:
            raise TableError("error.tournament.no_check_in")
        if t.status != "signup":
            raise TableError("error.tournament.closed")
        if not await self.store.update_entrant(t.id, user_id, checked_in=True):
            raise TableError("error.tournament.not_entered")
        await self._tell(TournamentNotice("signup_changed", t, users=(user_id,)))

    async def withdraw(self, tournament_id: int, user_id: int, *, by: int | None = None) -> None:
        """`user_id` leaves the tournament (`by`: the host who removed them, stored as the
        action "remove"); see the module for the effect. Before the start this is
        `leave`. Raises TableError: over ("error.tournament.over"), not entered or gone
        already ("error.tournament.not_entered")."""
        t = await self.get(tournament_id)
        if t.status == "signup":
            await self.leave(t.id, user_id)
        else:
            if t.status not in LIVE:
                raise TableError("error.tournament.over")
            found = next((e for e in await self.store.entrants(t.id) if e.user_id == user_id),
                         None)
            if found is None or not found.active:
                raise TableError("error.tournament.not_entered")
            await self.store.update_entrant(t.id, user_id, active=False,
                                            withdrawn_round=t.current_round)
            rt = await self._playing_table(t, user_id)
            if rt is not None:
                await self._forfeit(rt, user_id)
            await self._tell(TournamentNotice("withdrawn", t, t.current_round, (user_id,)))
        if by is not None and by != user_id:
            await self.store.record_action(t.id, by, "remove", {"user": user_id})

    async def _playing_table(self, t: TournamentRow, user_id: int) -> RoundTableRow | None:
        for rt in await self.store.round_tables(t.id, t.current_round or None):
            if rt.state == "playing" and user_id in rt.seats:
                return rt
        return None

    async def set_messages(self, tournament_id: int, *, signup: int | None = None,
                           standings: int | None = None) -> None:
        """Remember the public sign-up and standings messages (the cogs edit them)."""
        changes = {k: v for k, v in (("signup_message_id", signup),
                                     ("standings_message_id", standings)) if v is not None}
        await self.store.update_tournament(tournament_id, **changes)

    # -- the host's controls ------------------------------------------------------------
    async def pause(self, tournament_id: int, by: int) -> TournamentRow:
        """Stop opening rounds and deciding deadlines. Raises TableError
        ("error.tournament.not_running")."""
        t = await self.get(tournament_id)
        if not await self.store.set_tournament_status(t.id, "paused", only_from=("running",),
                                                      paused_at=self.clock()):
            raise TableError("error.tournament.not_running")
        self._disarm(t.id)
        await self.store.record_action(t.id, by, "pause")
        t = await self.get(t.id)
        await self._tell(TournamentNotice("paused", t, t.current_round))
        return t

    async def resume(self, tournament_id: int, by: int) -> TournamentRow:
        """Go on: the open round's deadline and every later start move by the pause's
        length. Raises TableError ("error.tournament.not_paused")."""
        t = await self.get(tournament_id)
        if t.status != "paused" or t.paused_at is None:
            raise TableError("error.tournament.not_paused")
        length = max(0.0, self.clock() - t.paused_at)
        if not await self.store.set_tournament_status(
                t.id, "running", only_from=("paused",), paused_at=None,
                paused_seconds=t.paused_seconds + length):
            raise TableError("error.tournament.not_paused")
        rounds = await self.store.tournament_rounds(t.id)
        if rounds and rounds[-1].status == "open":
            r = rounds[-1]
            await self.store.move_deadline(t.id, r.number, r.deadline + length,
                                           expected=r.deadline)
        await self.store.record_action(t.id, by, "resume", {"seconds": round(length)})
        t = await self.get(t.id)
        await self._tell(TournamentNotice("resumed", t, t.current_round))
        await self._step(t.id)
        return t

    async def extend(self, tournament_id: int, by: int, hours: float) -> float:
        """Move the open round's deadline `hours` later (its reminder is sent again if it
        went out); returns the new deadline. Raises TableError: no open round, or its
        deadline was handled already ("error.tournament.no_round"), hours not positive
        ("error.tournament.hours")."""
        if not 0 < hours <= 7 * 24:
            raise TableError("error.tournament.hours")
        t = await self.get(tournament_id)
        rounds = await self.store.tournament_rounds(t.id)
        if t.status not in ("running", "paused") or not rounds or rounds[-1].status != "open" \
                or rounds[-1].stage > 2:
            raise TableError("error.tournament.no_round")
        r = rounds[-1]
        deadline = r.deadline + hours * HOUR
        if not await self.store.move_deadline(t.id, r.number, deadline, expected=r.deadline):
            raise TableError("error.tournament.no_round")
        if r.stage == 2 and deadline - REMIND_BEFORE > self.clock():
            await self.store.advance_round_stage(t.id, r.number, 2, OPENED)
        await self.store.record_action(t.id, by, "extend", {"round": r.number, "hours": hours})
        await self._step(t.id)
        return deadline

    async def replace(self, tournament_id: int, by: int, user_id: int) -> None:
        """Hand a no-show's seat at their open table to the hard AI: they forfeit it.
        Raises TableError ("error.tournament.not_playing")."""
        t = await self.get(tournament_id)
        rt = await self._playing_table(t, user_id) if t.status in LIVE else None
        if rt is None:
            raise TableError("error.tournament.not_playing")
        await self._forfeit(rt, user_id)
        await self.store.record_action(t.id, by, "replace", {"user": user_id,
                                                              "round": rt.round})

    async def cancel(self, tournament_id: int, by: int) -> TournamentRow:
        """End the tournament now, without final standings. Raises TableError
        ("error.tournament.over")."""
        t = await self.get(tournament_id)
        if not await self.store.set_tournament_status(t.id, "cancelled", only_from=LIVE,
                                                      finished_at=self.clock()):
            raise TableError("error.tournament.over")
        self._disarm(t.id)
        await self.store.record_action(t.id, by, "cancel")
        t = await self.get(t.id)
        await self._tell(TournamentNotice("cancelled", t, t.current_round))
        return t

    # -- reading ------------------------------------------------------------------------
    async def standings(self, tournament_id: int) -> list[StandingLine]:
        """The standings now (every table done counts, also in an open round), with names;
        withdrawn entrants included (`Standing.active` False)."""
        return list((await self.view(tournament_id)).standings)

    async def view(self, tournament_id: int) -> TournamentView:
        """The whole tournament for the cogs and the web page: rounds, each table's seats
        with names, table ids (replays), results, standings, host actions. Raises
        TableError ("error.tournament.none")."""
        return await tournament_view(self.store, tournament_id)
