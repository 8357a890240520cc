"""How a tournament runs by itself (tables.tournament.service has the rules it keeps):
one timer per tournament on the tables' Scheduler, and `_step`, which does whatever is
due now from what storage says and arms the timer for the next thing.

`_step` is safe to run any time, in any process, as often as wished: every change it
makes is a compare-and-set in storage (the start, a round inserted if absent, each table
waiting -> opening -> playing -> done, each notice stage), so what one process did the
others skip. It runs at start-up (`load`), at each timer and after each table's end.

A round's stages (`RoundRow.stage`): 0 paired, 1 its opening told (`round_opened`), 2 the
reminder before the deadline told, 3 the deadline handled.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from storage import Storage
from storage.models import ACTIVE_STATUSES
from storage.tournaments import EntrantRow, RoundRow, RoundTableRow, TournamentRow
from tables.errors import NoSuchTable, TableError
from tables.live import LiveTable, Person, TableSettings
from tables.quiet import quiet_until
from tables.tournament.attendance import Attendance, no_show_grace
from tables.tournament.formats import next_pairing, round_seed
from tables.tournament.view import (
    TournamentNotice,
    core_entrants,
    forfeit_places,
    plan_of,
    played_rounds,
)
from tables.turn_clock import awake_seconds, quiet_of

if TYPE_CHECKING:
    from tables.service import TableService

log = logging.getLogger(__name__)

OPENED, REMINDED, DECIDED = 1, 2, 3
REMIND_BEFORE = 3600.0  # the reminder, this long before a round's deadline
STALE = 300.0  # a step this late (the bot was down) is told as late, a reminder left out
TURNS_PER_ROUND = 24  # a turn lasts at most a round's length / this (see service.py)
DEADLINE_AI = "hard"  # who plays the absent seats to the end at the deadline

TournamentListener = Callable[[TournamentNotice], Awaitable[None]]


def fitted_settings(t: TournamentRow, seats: int, *, ends_by: float | None = None,
                    awake: float | None = None) -> TableSettings:
    """The settings of a round table: the tournament's, at `seats`, started by the
    tournament (not when full), the longest turn at most the round's length /
    TURNS_PER_ROUND and, with the tournament's `quiet_clock`, at most `awake` (the
    seconds its least-awake player is awake in the round: tables.turn_clock) /
    TURNS_PER_ROUND, and at least a minute; every turn ends by `ends_by` (the round's
    deadline)."""
    settings = TableSettings.from_json(t.table_settings)
    longest = t.round_seconds // TURNS_PER_ROUND
    if settings.quiet_clock and awake is not None:
        longest = min(longest, int(awake // TURNS_PER_ROUND))
    turn = max(60, min(settings.turn_seconds, longest))
    return dataclasses.replace(settings, seats=seats, auto_start=False, turn_seconds=turn,
                               ends_by=ends_by)


async def least_awake(store: Storage, users: Sequence[int], start: float,
                      end: float) -> float:
    """The fewest seconds any of `users` is awake (outside their quiet hours) from `start`
    to `end`: all of it for a user without quiet hours (or in an unknown zone)."""
    fewest = end - start
    for user in users:
        quiet = await quiet_of(store, user)
        with contextlib.suppress(ValueError):
            fewest = min(fewest, awake_seconds(start, end, quiet))
    return fewest


class RoundRunner(Attendance):
    """The self-running part of `Tournaments` (see the module)."""

    def __init__(self, service: TableService, store: Storage, *,
                 ai_level: str = DEADLINE_AI) -> None:
        super().__init__(service, store, ai_level=ai_level)
        self.listeners: list[TournamentListener] = []
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    async def _tell(self, notice: TournamentNotice) -> None:
        for listener in self.listeners:
            try:
                await listener(notice)
            except Exception:  # a failed notice never stops a round
                log.exception("tournament listener failed on %s of %d", notice.kind,
                              notice.tournament.id)

    # -- the timer ----------------------------------------------------------------------
    def _arm(self, tournament_id: int, at: float) -> None:
        """Step the tournament at `at` (one timer per tournament: the last armed wins)."""
        self._disarm(tournament_id)

        async def fire() -> None:
            await self.service.scheduler.wait(max(0.0, at - self.clock()))
            if self._timers.get(tournament_id) is task:
                del self._timers[tournament_id]
            await self._step(tournament_id)

        task = self.service.scheduler.spawn(fire(), f"tournament-{tournament_id}")
        self._timers[tournament_id] = task

    def _disarm(self, tournament_id: int) -> None:
        old = self._timers.pop(tournament_id, None)
        if old is not None and not old.done() and old is not asyncio.current_task():
            old.cancel()

    def _later(self, tournament_id: int) -> None:
        """Step the tournament in the background, soon (from a table's listener)."""
        self.service.scheduler.spawn(self._step(tournament_id),
                                     f"tournament-step-{tournament_id}")

    # -- the step -----------------------------------------------------------------------
    async def _step(self, tournament_id: int) -> None:
        """Do what is due now for the tournament and arm its timer for what comes next."""
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        async with lock:
            for _ in range(1000):  # each pass moves one stage on, or returns
                if not await self._pass(tournament_id):
                    return
            log.error("tournament %d: its step did not settle", tournament_id)

    async def _pass(self, tournament_id: int) -> bool:
        """One move on; True when another pass may find more to do now."""
        t = await self.store.get_tournament(tournament_id)
        if t is None or t.status not in ("signup", "running"):
            return False
        now = self.clock()
        if t.status == "signup":
            if now < t.starts_at:
                self._arm(t.id, t.starts_at)
                return False
            await self._begin(t)
            return True
        rounds = await self.store.tournament_rounds(t.id)
        if rounds and rounds[-1].status == "open":
            return await self._run_round(t, rounds[-1])
        plan = plan_of(t)
        entrants = await self.store.entrants(t.id)
        tables = await self.store.round_tables(t.id)
        pairing = next_pairing(plan, core_entrants(entrants), played_rounds(plan, rounds, tables))
        if pairing is None or not pairing.seated():
            await self._finish(t)
            return False
        number = len(rounds) + 1
        due = t.starts_at + (number - 1) * t.round_seconds + t.paused_seconds
        if now < due:
            self._arm(t.id, due)
            return False
        await self.store.add_round(
            t.id, number, starts_at=now, deadline=now + t.round_seconds,
            pairing={"tables": [list(x) for x in pairing.tables], "byes": list(pairing.byes),
                     "teams": pairing.teams, "due": due},
            tables=pairing.tables, byes=pairing.byes)
        return True  # inserted here or elsewhere: the open round is run next pass

    async def _begin(self, t: TournamentRow) -> None:
        """Close entry: drop those who did not check in (when required), seed by rating,
        run, or cancel with too few entrants."""
        entrants = await self.store.entrants(t.id)
        if t.check_in:
            for e in entrants:
                if e.active and not e.checked_in:
                    await self.store.update_entrant(t.id, e.user_id, active=False,
                                                    withdrawn_round=0)
            entrants = await self.store.entrants(t.id)
        active = [e for e in entrants if e.active]
        plan = plan_of(t)
        fewest = 2 if plan.solitaire else max(2, plan.min_seats or plan.seats)
        if len(active) < fewest:
            if await self.store.set_tournament_status(t.id, "cancelled", only_from=("signup",),
                                                      finished_at=self.clock()):
                await self._tell(TournamentNotice("cancelled", await self._row(t.id)))
            return
        rated = []
        for e in active:
            line = await self.store.rank_of(e.user_id, t.game, t.guild_id)
            rated.append((-(line.rating if line is not None else 0.0), e.joined_at, e.user_id))
        seeds = {user: (i + 1, -rating) for i, (rating, _, user) in enumerate(sorted(rated))}
        await self.store.set_seeds(t.id, seeds)
        if await self.store.set_tournament_status(t.id, "running", only_from=("signup",)):
            await self._tell(TournamentNotice("started", await self._row(t.id),
                                              users=tuple(e.user_id for e in active)))

    async def _finish(self, t: TournamentRow) -> None:
        if await self.store.set_tournament_status(t.id, "finished", only_from=("running",),
                                                  finished_at=self.clock()):
            self._disarm(t.id)
            entrants = await self.store.entrants(t.id)
            await self._tell(TournamentNotice("finished", await self._row(t.id),
                                              users=tuple(e.user_id for e in entrants)))

    async def _row(self, tournament_id: int) -> TournamentRow:
        found = await self.store.get_tournament(tournament_id)
        assert found is not None
        return found

    # -- a round ------------------------------------------------------------------------
    async def _run_round(self, t: TournamentRow, r: RoundRow) -> bool:
        """Open what waits, record what ended, tell, remind, decide at the deadline; True
        when the round is done (the next pass pairs the next one)."""
        tables = await self.store.round_tables(t.id, r.number)
        entrants = {e.user_id: e for e in await self.store.entrants(t.id)}
        for rt in tables:
            if rt.state == "waiting":
                await self._open_table(t, r, rt, entrants)
        for rt in await self.store.round_tables(t.id, r.number):
            if rt.state == "playing" and rt.table_id is not None:
                self._watch(rt)
                await self._record(t, rt)
        now = self.clock()
        grace_at = r.starts_at + no_show_grace(t.round_seconds)
        woken = None  # when someone whose grace counts waking hours only is judged
        if now >= grace_at:
            woken = await self._no_shows(
                await self.store.round_tables(t.id, r.number), r.starts_at, t.round_seconds,
                quiet_clock=TableSettings.from_json(t.table_settings).quiet_clock)
        tables = await self.store.round_tables(t.id, r.number)
        stage = r.stage
        if stage < OPENED and await self.store.advance_round_stage(t.id, r.number, stage, OPENED):
            stage = OPENED
            due = float(r.pairing.get("due", r.starts_at))
            users = tuple(p for rt in tables for p in rt.seats)
            await self._tell(TournamentNotice("round_opened", t, r.number, users, tuple(tables),
                                              late=r.starts_at - due > STALE))
        if all(rt.state == "done" for rt in tables):
            if await self.store.finish_round(t.id, r.number):
                await self._tell(TournamentNotice("round_done", t, r.number,
                                                  tables=tuple(tables)))
            return True
        now = self.clock()
        remind_at = r.deadline - REMIND_BEFORE
        if stage < REMINDED and now >= remind_at:
            # told here, or by another process that moved the stage first
            if await self.store.advance_round_stage(t.id, r.number, stage, REMINDED) \
                    and now - remind_at <= STALE:
                await self._remind(t, r, tables)
            stage = REMINDED
        if stage == REMINDED and now >= r.deadline:
            if await self.store.advance_round_stage(t.id, r.number, stage, DECIDED):
                await self._at_deadline(tables)
            return False  # the tables' ends step the tournament again
        if stage <= REMINDED:  # wake for the next of: the grace's end (or a sleeper's
            # grace's end after it), the reminder, the deadline
            nexts = [remind_at if stage < REMINDED else r.deadline]
            nexts += [grace_at] if now < grace_at else [woken] if woken is not None else []
            self._arm(t.id, min(nexts))
        return False  # the tables' ends step the tournament again

    async def _open_table(self, t: TournamentRow, r: RoundRow, rt: RoundTableRow,
                          entrants: dict[int, EntrantRow]) -> None:
        """Open one round table with its players seated (once: waiting -> opening here)."""
        if not await self.store.move_table(t.id, r.number, rt.index, only_from=("waiting",),
                                           to="opening"):
            return
        people = [Person(p, entrants[p].name if p in entrants else str(p)) for p in rt.seats]
        try:
            if plan_of(t).solitaire:
                table = await self.service.start_solitaire(
                    guild_id=t.guild_id, channel_id=t.channel_id, person=people[0],
                    game=t.game, options=dict(t.options), seed=round_seed(t.id, r.number))
            else:
                awake = await least_awake(self.store, rt.seats, self.clock(), r.deadline)
                settings = fitted_settings(t, len(people), ends_by=r.deadline, awake=awake)
                table = await self.service.open_lobby(
                    guild_id=t.guild_id, channel_id=t.channel_id, host=people[0], game=t.game,
                    settings=settings, options=dict(t.options))
                for person in people[1:]:
                    await self.service.join(table.id, person)
                table = await self.service.start(table.id, people[0].user_id)
        except TableError as exc:  # the channel closed to tables, options refused...
            log.warning("tournament %d round %d: table %d did not open: %s", t.id, r.number,
                        rt.index, exc)
            await self.store.move_table(t.id, r.number, rt.index, only_from=("opening",),
                                        to="done", result={"places": [1] * len(rt.seats),
                                                           "scores": []})
            return
        self._known[table.id] = (t.id, r.number, rt.index)
        await self.store.move_table(t.id, r.number, rt.index, only_from=("opening",),
                                    to="playing", table_id=table.id)

    def _watch(self, rt: RoundTableRow) -> None:
        if rt.table_id is not None and rt.table_id not in self._known:
            self._known[rt.table_id] = (rt.tournament_id, rt.round, rt.index)
            self._moved[rt.table_id] = set(rt.moved)

    async def _record(self, t: TournamentRow, rt: RoundTableRow) -> None:
        """Store the result of a round table whose bot table has ended (once)."""
        table_id = rt.table_id
        assert table_id is not None
        try:
            row = await self.service.row(table_id)
        except NoSuchTable:
            return
        if row.status in ACTIVE_STATUSES:
            return
        n = len(rt.seats)
        places, scores = [1] * n, [0.0] * n  # cancelled or abandoned: a draw
        if row.status == "finished":
            if n == 1:
                loaded = await self.store.load_table(table_id)
                ended = LiveTable.from_storage(loaded, ended=True) if loaded else None
                outcome = ended.game.outcome() if ended and ended.game else None
                scores = [float(outcome.scores[0]) if outcome else 0.0]
            else:
                results = await self.store.results_of_table(table_id)
                if len(results) == n:
                    places = [r.place for r in results]
                    scores = [float(r.points) for r in results]
        if row.status == "finished" and n > 1:
            rt = await self._never_came(rt)
        result = {"places": list(forfeit_places(places, rt.forfeits)), "scores": scores}
        if await self.store.move_table(t.id, rt.round, rt.index, only_from=("playing",),
                                       to="done", result=result):
            self._known.pop(table_id, None)
            self._moved.pop(table_id, None)
            self._timed_out.pop(table_id, None)
            done = dataclasses.replace(rt, state="done", result=result)
            await self._tell(TournamentNotice("table_done", t, rt.round, rt.seats, (done,)))

    async def _remind(self, t: TournamentRow, r: RoundRow,
                      tables: list[RoundTableRow]) -> None:
        """Remind the people still playing, outside their quiet hours unless the deadline
        itself falls inside them."""
        users = []
        for rt in tables:
            if rt.state != "playing" or rt.table_id is None:
                continue
            try:
                live = await self.service.table(rt.table_id)
            except NoSuchTable:
                continue
            for seat in live.seats:
                if seat.user_id is None:
                    continue  # an AI plays it now
                player = await self.store.get_player(seat.user_id)
                if player is not None and (
                        quiet_until(self.clock(), player.tz, player.quiet_start,
                                    player.quiet_end) is not None
                        and quiet_until(r.deadline, player.tz, player.quiet_start,
                                        player.quiet_end) is None):
                    continue
                users.append(seat.user_id)
        if users:
            await self._tell(TournamentNotice("reminder", t, r.number, tuple(users)))

    async def _at_deadline(self, tables: list[RoundTableRow]) -> None:
        """The deadline rule: each unfinished table's people's seats go to the hard AI,
        which plays the game to its end (decided_by "deadline")."""
        for rt in tables:
            if rt.state == "playing" and rt.table_id is not None:
                await self.store.mark_table(rt.tournament_id, rt.round, rt.index,
                                            decided_by="deadline")
                await self._hand_to_ai(rt.table_id, None)
