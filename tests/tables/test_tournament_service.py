"""Tournaments across days without Discord (issue 49): a 3-round Swiss of 8 over three
virtual days played by simulated people, a restart mid-round, a no-show, a withdrawal,
a late entrant, the deadline decided by the AI, pause and resume, cancel, and two
processes on one store pairing a round once."""

from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from storage.models import ACTIVE_STATUSES
from tables.errors import TableError
from tables.live import Person, TableEvent, TableSettings
from tables.service import TableService
from tables.tournament.rounds import DEADLINE_AI
from tables.tournament.service import Tournaments
from tables.tournament.standings import standings as core_standings
from tables.tournament.view import TournamentNotice, core_entrants, plan_of, played_rounds
from tests.tables.conftest import Services, shut
from tests.tables.test_tables_timers import START, VirtualTime, open_service

HOUR, DAY = 3600.0, 86400.0
GUILD, CHANNEL, HOST = 10, 20, 1
PEOPLE = [Person(100 + i, f"P{i}") for i in range(1, 9)]
TOURNEY_START = START + HOUR


class People:
    """Simulated people: each plays a legal move `delay` seconds after their turn is told,
    except those `absent` (who never move)."""

    def __init__(self, service: TableService, vt: VirtualTime, *, delay: float = 60.0,
                 absent: set[int] | None = None) -> None:
        self.service, self.vt, self.delay = service, vt, delay
        self.absent = absent if absent is not None else set()
        service.listeners.append(self.heard)

    async def heard(self, event: TableEvent) -> None:
        if event.kind != "turn" or event.seat is None:
            return
        user = event.table.seats[event.seat].user_id
        if user is None or user in self.absent:
            return
        self.service.scheduler.spawn(self.play(event.table.id, user, event.table.seq),
                                     f"person-{user}")

    async def play(self, table_id: int, user: int, seq: int) -> None:
        await self.service.scheduler.wait(self.delay)
        table = self.service.held(table_id)
        if table is None or table.game is None or table.seq != seq or user in self.absent:
            return
        # TableError: the table moved on meanwhile (an AI took the seat, the game ended)
        with contextlib.suppress(TableError):
            await self.service.play(table_id, user, seq, str(table.game.legal_moves()[0]))


class Heard:
    """The notices a Tournaments told, with the virtual time of each."""

    def __init__(self, vt: VirtualTime) -> None:
        self.vt = vt
        self.notices: list[tuple[float, TournamentNotice]] = []

    async def __call__(self, notice: TournamentNotice) -> None:
        self.notices.append((self.vt.now, notice))

    def kinds(self) -> list[str]:
        return [n.kind for _, n in self.notices]

    def of(self, kind: str) -> list[tuple[float, TournamentNotice]]:
        return [(at, n) for at, n in self.notices if n.kind == kind]


async def _setup(services: Services, path: Path, vt: VirtualTime, *, level: str = "easy",
                 **people: Any) -> tuple[TableService, Tournaments, People, Heard]:
    service, _ = await open_service(services, path, vt)
    return await _companions(service, vt, level=level, **people)


async def _companions(service: TableService, vt: VirtualTime, *, level: str = "easy",
                      heard: Heard | None = None,
                      **people: Any) -> tuple[TableService, Tournaments, People, Heard]:
    tournaments = Tournaments(service, service._store, ai_level=level)
    heard = heard or Heard(vt)
    tournaments.listeners.append(heard)
    return service, tournaments, People(service, vt, **people), heard


async def _create(tournaments: Tournaments, *, entrants: int = 8, rounds: int = 3,
                  round_seconds: float = DAY, options: dict[str, Any] | None = None,
                  **kw: Any) -> int:
    t = await tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host=Person(HOST, "Host"), game="traditional",
        options=options or {}, settings=TableSettings(seats=2), format="swiss",
        rounds=rounds, round_seconds=int(round_seconds), seats=2, starts_at=TOURNEY_START,
        **kw)
    for person in PEOPLE[:entrants]:
        await tournaments.join(t.id, person)
    return t.id


async def _check_standings(tournaments: Tournaments, tournament_id: int) -> None:
    store = tournaments.store
    t = await tournaments.get(tournament_id)
    plan = plan_of(t)
    rounds = await store.tournament_rounds(t.id)
    tables = await store.round_tables(t.id)
    for rt in tables:  # each result is the table's stored one
        if rt.decided_by != "bye" and rt.table_id is not None and rt.state == "done":
            stored = await store.results_of_table(rt.table_id)
            assert rt.result is not None and len(stored) == len(rt.seats)
            if not rt.forfeits:
                assert rt.result["places"] == [r.place for r in stored]
    expected = core_standings(core_entrants(await store.entrants(t.id)),
                              played_rounds(plan, rounds, tables, done_only=False))
    assert [line.standing for line in await tournaments.standings(t.id)] == expected


async def test_a_three_round_swiss_of_eight_runs_over_three_days_on_time(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    assert DEADLINE_AI == "hard" and Tournaments.__init__.__kwdefaults__ == {"ai_level": "hard"}
    tid = await _create(tournaments)
    await vt.advance(HOUR)
    assert [n.kind for _, n in heard.notices].count("signup_changed") == 8
    for day in range(3):
        opened = heard.of("round_opened")
        assert len(opened) == day + 1
        at, notice = opened[-1]
        assert abs(at - (TOURNEY_START + day * DAY)) <= 1 and not notice.late
        assert sorted(notice.users) == sorted(p.user_id for p in PEOPLE)
        await vt.advance(DAY - 60)
        assert len(heard.of("round_done")) == day + 1
        await _check_standings(tournaments, tid)
        await vt.advance(60)
    t = await tournaments.get(tid)
    assert t.status == "finished"
    assert Counter(heard.kinds()) == Counter({"signup_changed": 8, "started": 1,
                                              "round_opened": 3, "table_done": 12,
                                              "round_done": 3, "finished": 1})
    view = await tournaments.view(tid)
    assert [len(r.tables) for r in view.rounds] == [4, 4, 4]
    assert all(x.decided_by == "played" and x.table_id for r in view.rounds for x in r.tables)
    met = Counter(frozenset(x.seats) for r in view.rounds for x in r.tables)
    assert max(met.values()) == 1  # nobody met twice
    # each of the 12 tables hands out one point in all (a draw: half each)
    assert sum(line.standing.points for line in view.standings) == pytest.approx(12.0)
    assert [line.standing.place for line in view.standings] == list(range(1, 9))
    with pytest.raises(TableError) as closed:
        await tournaments.join(tid, Person(999, "Late"))
    assert closed.value.key == "error.tournament.closed"


async def test_a_restart_mid_round_goes_on_and_nothing_is_paired_or_told_twice(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, rounds=2)
    await vt.advance(HOUR + 5 * 60)  # round 1 opened, a few moves made
    assert len(heard.of("round_opened")) == 1
    states = [rt.state for rt in await tournaments.store.round_tables(tid, 1)]
    assert "playing" in states  # the round is under way when the bot stops
    await shut(service)
    again, _ = await services.open(tmp_path / "bot.db", clock=vt.clock, sleep=vt.sleep,
                                   store_clock=vt.clock)
    vt.service = again
    _, tournaments, _, heard = await _companions(again, vt, heard=heard)
    assert await tournaments.load() == 1
    await vt.advance(2 * DAY)
    assert (await tournaments.get(tid)).status == "finished"
    assert Counter(heard.kinds())["round_opened"] == 2
    assert Counter(heard.kinds())["table_done"] == 8
    tables = await tournaments.store.round_tables(tid)
    assert len({rt.table_id for rt in tables}) == len(tables) == 8
    await _check_standings(tournaments, tid)


async def test_reading_a_no_show_is_played_by_the_ai_and_forfeits(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    absent = PEOPLE[3].user_id
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt,
                                            absent={absent})
    tid = await _create(tournaments, entrants=4, rounds=1)
    await vt.advance(HOUR + DAY)
    [rt] = [x for x in await tournaments.store.round_tables(tid) if absent in x.seats]
    assert rt.decided_by == "forfeit" and rt.forfeits == (rt.seats.index(absent),)
    assert rt.result is not None and rt.result["places"][rt.seats.index(absent)] == 2
    entrant = next(e for e in await tournaments.store.entrants(tid) if e.user_id == absent)
    assert entrant.replaced_by_ai
    assert (await tournaments.get(tid)).status == "finished"
    assert heard.of("reminder") == []  # every table was done before the hour before


async def test_reading_a_withdrawal_forfeits_the_table_and_is_paired_no_more(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    quitter = PEOPLE[0].user_id
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt, delay=600)
    tid = await _create(tournaments, entrants=6, rounds=2)
    await vt.advance(HOUR + 60)
    await tournaments.withdraw(tid, quitter, by=HOST)
    await vt.advance(2 * DAY)
    [first] = [x for x in await tournaments.store.round_tables(tid, 1) if quitter in x.seats]
    assert first.result is not None and first.result["places"][first.seats.index(quitter)] == 2
    second = await tournaments.store.round_tables(tid, 2)
    assert all(quitter not in x.seats for x in second)
    assert [x.decided_by for x in second].count("bye") == 1  # 5 left: one bye
    assert [(a.action, a.detail) for a in await tournaments.store.tournament_actions(tid)] == [
        ("remove", {"user": quitter})]
    assert heard.of("withdrawn")[0][1].users == (quitter,)
    lines = await tournaments.standings(tid)
    assert not next(x for x in lines if x.standing.entrant == quitter).standing.active


async def test_reading_a_late_entrant_starts_with_no_points_before_round_two(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=7, rounds=3)
    await vt.advance(HOUR + 60)
    late = PEOPLE[7]
    entered = await tournaments.join(tid, late)
    assert entered.seed == 8 and entered.checked_in
    await vt.advance(DAY)  # round 2 is paired with them
    second = await tournaments.store.round_tables(tid, 2)
    assert any(late.user_id in x.seats for x in second if x.decided_by != "bye")
    assert all(late.user_id not in x.seats for x in await tournaments.store.round_tables(tid, 1))
    with pytest.raises(TableError) as closed:
        await tournaments.join(tid, Person(999, "Later"))
    assert closed.value.key == "error.tournament.closed"
    line = next(x for x in await tournaments.standings(tid) if x.standing.entrant == late.user_id)
    assert line.standing.played + line.standing.byes <= 1  # round 1 counts nothing for them


async def test_reading_a_table_unfinished_at_the_deadline_is_played_out_by_the_ai(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    # Two hours a round: turns of 5 minutes, people who take 4 of them, a long match.
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt, delay=240)
    tid = await _create(tournaments, entrants=2, rounds=1, round_seconds=2 * HOUR,
                        options={"target": 150})
    await vt.advance(HOUR + HOUR + 60)
    assert [n.users for _, n in heard.of("reminder")] != []
    await vt.advance(HOUR)
    [rt] = await tournaments.store.round_tables(tid, 1)
    assert rt.decided_by == "deadline" and rt.state == "done"
    row = await tournaments.store.get_table(rt.table_id or 0)
    assert row is not None and row.status == "finished"
    assert all(s.ai_level == "easy" for s in row.seats)  # the test's level; "hard" by default
    assert (await tournaments.get(tid)).status == "finished"


async def test_pause_moves_the_deadline_and_the_next_start_and_resume_goes_on(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=4, rounds=2)
    await vt.advance(HOUR + 60)
    [r1] = await tournaments.store.tournament_rounds(tid)
    await tournaments.pause(tid, HOST)
    with pytest.raises(TableError) as twice:
        await tournaments.pause(tid, HOST)
    assert twice.value.key == "error.tournament.not_running"
    await vt.advance(5 * HOUR)
    await tournaments.resume(tid, HOST)
    [moved] = await tournaments.store.tournament_rounds(tid)
    assert moved.deadline == pytest.approx(r1.deadline + 5 * HOUR)
    await vt.advance(DAY - HOUR)  # the old start of round 2 passed: not yet
    assert len(await tournaments.store.tournament_rounds(tid)) == 1
    await vt.advance(5 * HOUR + 60)
    at, _ = heard.of("round_opened")[1]
    assert abs(at - (TOURNEY_START + DAY + 5 * HOUR)) <= 1
    assert [a.action for a in await tournaments.store.tournament_actions(tid)] == [
        "pause", "resume"]
    assert heard.kinds().count("paused") == heard.kinds().count("resumed") == 1


async def test_cancel_and_too_few_entrants_end_a_tournament(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=4)
    lonely = await _create(tournaments, entrants=1)
    await tournaments.leave(tid, PEOPLE[0].user_id)
    await tournaments.cancel(tid, HOST)
    with pytest.raises(TableError) as after:
        await tournaments.join(tid, PEOPLE[0])
    assert after.value.key == "error.tournament.closed"
    with pytest.raises(TableError) as over:
        await tournaments.cancel(tid, HOST)
    assert over.value.key == "error.tournament.over"
    await vt.advance(2 * HOUR)
    assert (await tournaments.get(lonely)).status == "cancelled"
    assert [n.tournament.id for _, n in heard.of("cancelled")] == [tid, lonely]
    assert await tournaments.store.active_tables() == []


async def test_two_processes_on_one_store_pair_and_open_a_round_once(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    first, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, rounds=1)
    other, _ = await services.open(tmp_path / "bot.db", clock=vt.clock, sleep=vt.sleep,
                                   store_clock=vt.clock)
    _, beside, _, _ = await _companions(other, vt, heard=heard)
    await beside.load()
    vt.now = TOURNEY_START  # both wake at the start
    await beside._step(tid)
    await tournaments._step(tid)
    await other.settle()
    await vt.settle()
    assert len(await tournaments.store.tournament_rounds(tid)) == 1
    tables = await tournaments.store.round_tables(tid, 1)
    assert len({rt.table_id for rt in tables}) == 4
    live = await tournaments.store.active_tables()
    assert len(live) == 4 and all(t.table.status in ACTIVE_STATUSES for t in live)
    assert Counter(heard.kinds())["round_opened"] == 1
    assert Counter(heard.kinds())["started"] == 1
    await shut(other)
    assert first is not other


async def test_a_round_due_while_the_bot_was_down_opens_at_start_up_told_late(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=4, rounds=1)
    await shut(service)
    await vt.advance(4 * HOUR)  # the start passed with nobody running
    again, _ = await services.open(tmp_path / "bot.db", clock=vt.clock, sleep=vt.sleep,
                                   store_clock=vt.clock)
    vt.service = again
    _, tournaments, _, heard = await _companions(again, vt, heard=heard)
    await tournaments.load()
    await vt.settle()
    [(at, opened)] = heard.of("round_opened")
    assert opened.late and at == START + 4 * HOUR
    [r1] = await tournaments.store.tournament_rounds(tid)
    assert r1.deadline == START + 4 * HOUR + DAY  # a whole round from its late opening


async def test_a_solitaire_round_deals_everyone_the_same_deal_and_ranks_them(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    _, tournaments, _, _ = await _setup(services, tmp_path / "bot.db", vt)
    t = await tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host=Person(HOST, "Host"), game="clock",
        options={}, settings=TableSettings(seats=1), format="swiss", rounds=1,
        round_seconds=int(2 * HOUR), seats=1, starts_at=TOURNEY_START)
    for person in PEOPLE[:3]:
        await tournaments.join(t.id, person)
    await vt.advance(HOUR + 60)
    tables = await tournaments.store.round_tables(t.id, 1)
    seeds = set()
    for rt in tables:
        row = await tournaments.store.get_table(rt.table_id or 0)
        assert row is not None
        seeds.add(row.seed)
    assert len(tables) == 3 and len(seeds) == 1
    await vt.advance(2 * HOUR)  # nobody played: the AI plays each deal out at the deadline
    assert (await tournaments.get(t.id)).status == "finished"
    view = await tournaments.view(t.id)
    assert all(x.state == "done" and x.decided_by == "deadline" for x in view.rounds[0].tables)
    assert sorted(line.standing.entrant for line in view.standings) == [101, 102, 103]


async def test_check_in_extend_and_the_hosts_replace_are_kept_with_who_did_them(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    absent = PEOPLE[1].user_id
    _, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt,
                                            absent={absent}, delay=600)
    tid = await _create(tournaments, entrants=5, rounds=1, check_in=True)
    for person in PEOPLE[:4]:
        await tournaments.check_in(tid, person.user_id)
    with pytest.raises(TableError) as stranger:
        await tournaments.check_in(tid, 999)
    assert stranger.value.key == "error.tournament.not_entered"
    await vt.advance(HOUR + 1)
    unchecked = next(e for e in await tournaments.store.entrants(tid)
                     if e.user_id == PEOPLE[4].user_id)
    assert not unchecked.active and unchecked.withdrawn_round == 0
    tables = await tournaments.store.round_tables(tid, 1)
    assert len(tables) == 2 and all(PEOPLE[4].user_id not in x.seats for x in tables)
    [r1] = await tournaments.store.tournament_rounds(tid)
    assert await tournaments.extend(tid, HOST, 6) == r1.deadline + 6 * HOUR
    await tournaments.replace(tid, HOST, absent)
    with pytest.raises(TableError) as nobody:
        await tournaments.replace(tid, HOST, 999)
    assert nobody.value.key == "error.tournament.not_playing"
    await vt.advance(DAY)
    [rt] = [x for x in await tournaments.store.round_tables(tid, 1) if absent in x.seats]
    assert rt.decided_by == "forfeit" and rt.result is not None
    assert rt.result["places"][rt.seats.index(absent)] == 2
    assert [(a.user_id, a.action) for a in await tournaments.store.tournament_actions(tid)] == [
        (HOST, "extend"), (HOST, "replace")]
    with pytest.raises(TableError) as none:
        await tournaments.check_in(tid + 50, 1)
    assert none.value.key == "error.tournament.none"
    assert heard.kinds().count("signup_changed") == 9  # 5 joined, 4 checked in


async def test_a_table_whose_opening_was_cut_short_opens_at_start_up(
        services: Services, tmp_path: Path) -> None:
    vt = VirtualTime()
    service, tournaments, _, heard = await _setup(services, tmp_path / "bot.db", vt)
    tid = await _create(tournaments, entrants=2, rounds=1)
    await shut(service)
    again, _ = await services.open(tmp_path / "bot.db", clock=vt.clock, sleep=vt.sleep,
                                   store_clock=vt.clock)
    vt.service = again
    vt.now = TOURNEY_START
    raw = again._store  # the process that stopped: round paired, its table claimed
    await raw.set_tournament_status(tid, "running", only_from=("signup",))
    assert await raw.add_round(tid, 1, starts_at=vt.now, deadline=vt.now + DAY,
                               pairing={"tables": [[101, 102]], "byes": []},
                               tables=[[101, 102]], byes=[])
    assert await raw.move_table(tid, 1, 0, only_from=("waiting",), to="opening")
    _, tournaments, _, heard = await _companions(again, vt, heard=heard)
    await tournaments.load()
    await vt.settle()
    [rt] = await raw.round_tables(tid, 1)
    assert rt.state == "playing" and rt.table_id is not None
    assert len(await raw.active_tables()) == 1
