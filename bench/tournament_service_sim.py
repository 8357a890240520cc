"""The service simulation of bench/bench_tournament.py (issue 49): a 7-round Swiss of 64
entrants in four time zones over 7 virtual days, played by the real tournament service
(tables.tournament.service.Tournaments on the real TableService, a temporary SQLite store,
virtual time as tests/tables/test_tournament_service.py has it) and simulated people.

The people: an entrant lives in one of four zones (UTC-5, UTC+0, UTC+3, UTC+9: January in
New York, London, Moscow and Tokyo, no summer time) and is awake 08:00-23:00 local, their
profile's quiet hours the rest (23:00-08:00). With the quiet clock (the default of
/tournament create, tables/turn_clock.py) a turn stands still while its mover sleeps and
lasts a 24th of their 15 waking hours of a round (37.5 minutes); without it, an hour. Told
their turn while awake, they move after a random delay (most within minutes; a few slow
ones take 20-55 minutes of the round's hour-long turns); told it asleep, they move that
long after waking, so without the quiet clock the turn clock often runs out on sleepers
first (the service plays for them; the third timeout in a row hands the seat to an AI). A
few are absent: they never move (a no-show once the round's grace is over, or at the end of
a table that ended sooner: replaced by the AI and placed last,
tables/tournament/attendance.py). The first round opens at 13:00 UTC by default, the one
hour all four zones are awake (08:00 in New York, 22:00 in Tokyo), as a thoughtful
organiser would set it; `opens` chooses another hour.

Measured per seed: the share of round tables (byes left out) finished before the round's
deadline (not decided by the deadline rule), repeat opponents (pairs that met before;
always avoidable for 64 at 2 seats over 7 rounds), the most byes of one entrant, how many
rounds opened more than 1 s after they fell due and the latest opening, and besides: the
tables with a no-show's forfeit and the CPU seconds of the seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from storage.models import Player
from tables.errors import TableError
from tables.live import Person, TableEvent, TableSettings
from tables.service import TableService
from tables.tournament.service import Tournaments
from tests.tables.conftest import Services
from tests.tables.test_tables_timers import START, VirtualTime

HOUR, DAY, MINUTE = 3600.0, 86400.0, 60.0
ZONES = ((-5, "America/New_York"), (0, "Europe/London"), (3, "Europe/Moscow"),
         (9, "Asia/Tokyo"))
WAKE, SLEEP = 8, 23  # local hours awake: [08:00, 23:00)
OPENS_UTC = 13  # the one hour all four zones are awake: 08:00 in New York, 22:00 in Tokyo
ROUNDS = 7


@dataclass(frozen=True)
class Someone:
    """A simulated entrant: their zone's offset in hours, and how they take a turn."""

    user_id: int
    offset: int
    kind: str  # "quick", "slow" or "absent"

    def delay(self, rng: random.Random) -> float:
        """Seconds from a turn told while awake to the move."""
        if self.kind == "slow":
            return rng.uniform(20 * MINUTE, 55 * MINUTE)
        return min(45 * MINUTE, rng.expovariate(1 / (4 * MINUTE)) + 10)

    def awake_in(self, now: float) -> float:
        """Seconds from `now` until this person is awake (0 when awake now)."""
        local = (now + self.offset * HOUR) % DAY
        if WAKE * HOUR <= local < SLEEP * HOUR:
            return 0.0
        return (WAKE * HOUR - local) % DAY


def people(count: int, rng: random.Random) -> list[Someone]:
    """`count` entrants spread over the four zones: 2 of 64 absent, 1 in 8 slow."""
    absent = set(rng.sample(range(count), max(1, count // 32)))
    out = []
    for i in range(count):
        kind = "absent" if i in absent else ("slow" if rng.random() < 0.125 else "quick")
        out.append(Someone(1000 + i, ZONES[i % len(ZONES)][0], kind))
    return out


class Players:
    """Moves for the simulated people when the service tells them their turn."""

    def __init__(self, service: TableService, vt: VirtualTime, who: list[Someone],
                 rng: random.Random) -> None:
        self.service, self.vt, self.rng = service, vt, rng
        self.by_id = {p.user_id: p for p in who}
        service.listeners.append(self.heard)

    async def heard(self, event: TableEvent) -> None:
        if event.kind != "turn" or event.seat is None:
            return
        user = event.table.seats[event.seat].user_id
        person = self.by_id.get(user) if user is not None else None
        if person is None or person.kind == "absent":
            return
        wait = person.awake_in(self.vt.now) + person.delay(self.rng)
        self.service.scheduler.spawn(self.play(event.table.id, person.user_id,
                                               event.table.seq, wait), f"person-{user}")

    async def play(self, table_id: int, user: int, seq: int, wait: float) -> None:
        await self.service.scheduler.wait(wait)
        table = self.service.held(table_id)
        if table is None or table.game is None or table.seq != seq:
            return
        # TableError: the table moved on meanwhile (the clock ran out, an AI took the seat)
        with contextlib.suppress(TableError):
            moves = table.game.legal_moves()
            await self.service.play(table_id, user, seq, str(self.rng.choice(moves)))


async def one_seed(seed: int, entrants: int, ai_level: str,
                   opens: int = OPENS_UTC, quiet_clock: bool = True) -> dict[str, float]:
    """Run one tournament opening at `opens` o'clock UTC, its turn clocks standing still
    in each mover's quiet hours (`quiet_clock`, as /tournament create has it by default)
    or not; the figures of the module's docstring."""
    starts_at = START - START % DAY + opens * HOUR
    starts_at += DAY if starts_at <= START else 0
    rng = random.Random(seed)
    who = people(entrants, rng)
    cpu = time.process_time()
    services = Services()
    with tempfile.TemporaryDirectory() as folder:
        try:
            vt = VirtualTime()
            service, _ = await services.open(Path(folder) / "bot.db", clock=vt.clock,
                                             sleep=vt.sleep, store_clock=vt.clock)
            vt.service = service
            store = service._store
            for p in who:
                await store.upsert_player(Player(p.user_id, f"E{p.user_id}",
                                                 tz=dict(ZONES)[p.offset],
                                                 quiet_start=SLEEP * 60,
                                                 quiet_end=WAKE * 60))
            tournaments = Tournaments(service, store, ai_level=ai_level)
            Players(service, vt, who, rng)
            t = await tournaments.create(
                guild_id=10, channel_id=20, host=Person(1, "Host"), game="traditional",
                options={}, settings=TableSettings(seats=2, quiet_clock=quiet_clock),
                format="swiss", rounds=ROUNDS,
                round_seconds=int(DAY), seats=2, starts_at=starts_at)
            for p in who:
                await tournaments.join(t.id, Person(p.user_id, f"E{p.user_id}"))
            await vt.advance(starts_at - vt.now + ROUNDS * DAY + HOUR)
            row = await tournaments.get(t.id)
            rounds = await store.tournament_rounds(t.id)
            tables = await store.round_tables(t.id)
        finally:
            await services.close_all()
    played = [rt for rt in tables if rt.decided_by != "bye"]
    met = Counter(frozenset(rt.seats) for rt in played)
    byes = Counter(p for rt in tables if rt.decided_by == "bye" for p in rt.seats)
    late = [max(0.0, r.starts_at - float(r.pairing.get("due", r.starts_at))) for r in rounds]
    return {
        "finished": float(row.status == "finished" and len(rounds) == ROUNDS),
        "in_time": sum(rt.decided_by != "deadline" for rt in played) / max(1, len(played)),
        "repeats": float(sum(n - 1 for n in met.values())),
        "byes": float(max(byes.values(), default=0)),
        "late_rounds": float(sum(x > 1 for x in late)),
        "latest": max(late, default=0.0),
        "forfeits": float(sum(rt.decided_by == "forfeit" for rt in played)),
        "tables": float(len(played)),
        "cpu": time.process_time() - cpu,
    }


def simulate(seeds: int, entrants: int = 64, ai_level: str = "hard",
             opens: int = OPENS_UTC, quiet_clock: bool = True) -> list[dict[str, float]]:
    """The figures of each of `seeds` seeds (0..seeds-1)."""
    logging.getLogger("tables").setLevel(logging.ERROR)  # timeouts and AI seats are usual here
    return [asyncio.run(one_seed(seed, entrants, ai_level, opens, quiet_clock))
            for seed in range(seeds)]
