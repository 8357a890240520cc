"""The pickup bench's simulation (issue 51): a server's people against the real queue, in
virtual time, per scenario (when people want games) and feature (what the product does).

People: PEOPLE in four zones (UTC-5, UTC, UTC+3, UTC+8), each active two or three windows
a day (one or two hours each, at seeded local hours), each preferring Traditional or
Carousel (and half of them willing to play the other too), with a longest turn of 12, 18
or 24 h. Scenarios:

- "spread" (the default): a person's first want comes at a uniform time over the first
  three days; once seated, they want again 1-5 days later (uniform).
- "synchronised": everyone wants at the first instant; again three days after a seating.

Features, each on top of the one before:

- "queue": a person active while wanting a game queues for it (4 seats, 24 h entry); when
  the entry has expired they renew it the next time they are active (the expiry notice's
  Renew). No AI seats.
- "ai": as "queue", and the half of people who opt in (seeded) queue with
  `ai_after_hours` 6 or 12 (seeded): after that wait, AI seats fill their table.
- "forming": as "ai", and the public forming post: a person active and not waiting looks at
  the queue channel with probability LOOK per active hour; seeing a post of a game they
  would play, they press Join with probability CLICK (the product queues them with the
  first in line's wish, 24 h, no AI). Such an entry is not renewed when it expires.
  A seating from a Join starts the person's rest as any seating does.
- "forming_rare": as "forming", people looking with probability LOOK_RARE (a sensitivity
  check of that assumption).

A seated table is closed at once (its moves are not the point). Measured per run: the
people's own wants (not Joins): the median and 90th percentile time from "wants a game" to
"seated" (and from queueing, which is what the product can act on), the share seated
within 24 h (wants younger than 24 h at the end left out);
tables per day, Joins per day, the share of seatings at a table with an AI seat.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from storage import Storage
from storage.models import QueueEntry
from tables.live import Person, TableEvent
from tables.queue import PickupQueue
from tables.service import TableService
from tests.tables.test_tables_timers import START, VirtualTime

HOUR, DAY = 3600, 86400
PEOPLE, DAYS, GUILD, CHANNEL = 40, 14, 1, 2
OFFSETS = (-5, 0, 3, 8)
GAMES = ("traditional", "carousel")
LOOK, CLICK = 0.3, 0.5  # the forming post: looks per active hour, Joins per post seen
LOOK_RARE = 0.1  # "forming_rare": the same with people looking a third as often
AI_SHARE, AI_HOURS = 0.5, (6, 12)  # who opts in to AI seats, and after how long
SCENARIOS = ("spread", "synchronised")
FEATURES = ("queue", "ai", "forming", "forming_rare")


@dataclass
class Someone:
    person: Person
    offset: int
    game: str
    also: frozenset[str]  # every game they would play (their own among them)
    turn: int
    windows: list[tuple[int, int]]  # local (start hour, length in hours)
    ai_hours: int | None
    wants_since: float | None = None  # their own want (None: resting until `next_want`)
    next_want: float = START
    clicked_at: float | None = None  # a Join on a forming post waiting
    queued_at: float | None = None  # when they first queued for their own want
    waits: list[float] = field(default_factory=list)  # their own wants, to seated
    queued_waits: list[float] = field(default_factory=list)  # the same from queueing
    click_waits: list[float] = field(default_factory=list)

    def online(self, now: float) -> bool:
        local = ((now - START) / HOUR + self.offset) % 24
        return any(start <= local < start + length for start, length in self.windows)


def people(seed: int, scenario: str) -> list[Someone]:
    """The seeded crowd of a run."""
    rng = random.Random(seed)
    out = []
    for i in range(PEOPLE):
        slots = rng.sample([7, 8, 12, 13, 18, 19, 20, 21, 22], rng.choice((2, 3)))
        game = rng.choice(GAMES)
        also = frozenset(GAMES) if rng.random() < 0.5 else frozenset({game})
        ai = rng.choice(AI_HOURS) if rng.random() < AI_SHARE else None
        first = START if scenario == "synchronised" else START + rng.uniform(0, 3 * DAY)
        out.append(Someone(Person(1000 + i, f"p{i}"), OFFSETS[i % 4], game, also,
                           rng.choice((12, 18, 24)) * HOUR,
                           [(s, rng.choice((1, 2))) for s in slots], ai, next_want=first))
    return out


def rest(rng: random.Random, scenario: str) -> float:
    """How long after a seating a person wants again."""
    return 3 * DAY if scenario == "synchronised" else rng.uniform(1 * DAY, 5 * DAY)


async def simulate(scenario: str, feature: str, folder: Path, seed: int) -> dict[str, float]:
    """One run; its figures (see `figures`)."""
    vt = VirtualTime()
    store = await Storage.open(folder / f"{scenario}-{feature}-{seed}.db", clock=vt.clock)
    service = TableService(store, clock=vt.clock, sleep=vt.sleep, ai_delay=0)
    vt.service = service
    queue = PickupQueue(service, service._store)
    crowd = people(seed, scenario)
    rng = random.Random(seed * 7919 + 1)
    by_id = {s.person.user_id: s for s in crowd}
    tally = {"started": 0, "ai_tables_seated": 0, "seated": 0, "clicks": 0}
    to_close: list[int] = []

    async def listen(event: TableEvent) -> None:
        if event.kind != "started":
            return
        tally["started"] += 1
        with_ai = any(seat.user_id is None for seat in event.table.seats)
        for seat in event.table.seats:
            someone = by_id.get(seat.user_id or -1)
            if someone is None:
                continue
            tally["seated"] += 1
            tally["ai_tables_seated"] += with_ai
            if someone.wants_since is not None:
                someone.waits.append(vt.now - someone.wants_since)
                someone.queued_waits.append(vt.now - (someone.queued_at or vt.now))
            elif someone.clicked_at is not None:
                someone.click_waits.append(vt.now - someone.clicked_at)
            someone.wants_since = someone.clicked_at = someone.queued_at = None
            someone.next_want = vt.now + rest(rng, scenario)
        to_close.append(event.table.id)

    service.listeners.append(listen)
    for _hour in range(DAYS * 24):
        now = vt.now
        for someone in crowd:
            if someone.wants_since is None and someone.next_want <= now:
                someone.wants_since = now  # their own want (a waiting Join becomes one)
                someone.clicked_at = None
        for someone in crowd:
            if not someone.online(now):
                continue
            waiting = {e.user_id: e for e in await queue.waiting(GUILD)}
            mine = waiting.get(someone.person.user_id)
            if someone.wants_since is not None:
                if someone.queued_at is None:
                    someone.queued_at = now
                if mine is None or mine.game != someone.game:
                    await queue.join(GUILD, CHANNEL, someone.person, someone.game,
                                     seats=[4], longest_turn=someone.turn, hours=24,
                                     ai_wait=None if feature == "queue" or someone.ai_hours
                                     is None else someone.ai_hours * HOUR)
            elif (feature.startswith("forming") and mine is None
                  and someone.clicked_at is None
                  and rng.random() < (LOOK if feature == "forming" else LOOK_RARE)):
                await _look(queue, someone, list(waiting.values()), rng=rng, now=now,
                            tally=tally)
        for table_id in to_close:
            table = service.held_tables.get(table_id)
            if table is not None and table.is_live:
                await service.cancel(table_id, table.host_id)
        to_close.clear()
        await vt.advance(HOUR)
        for someone in crowd:  # a Join's entry that expired: not renewed
            if someone.clicked_at is not None and vt.now - someone.clicked_at >= DAY:
                someone.clicked_at = None
    await service.close()
    await store.close()
    return figures(crowd, tally)


async def _look(queue: PickupQueue, someone: Someone, waiting: list[QueueEntry], *,
                rng: random.Random, now: float, tally: dict[str, int]) -> None:
    """A person looks at the queue channel: the forming posts of the games people wait
    for; they may press Join on one of a game they would play (as the product does: the
    first in line's wish)."""
    posts = sorted({e.game for e in waiting} & someone.also)
    if not posts or rng.random() >= CLICK:
        return
    game = rng.choice(posts)
    first = min((e for e in waiting if e.game == game), key=lambda e: e.created_at)
    someone.clicked_at = now
    tally["clicks"] += 1
    await queue.join(GUILD, CHANNEL, someone.person, game, seats=first.seats,
                     longest_turn=first.longest_turn, rated=first.rated,
                     variant=first.variant)


def figures(crowd: list[Someone], tally: dict[str, int]) -> dict[str, float]:
    """The people's own wants: median and 90th percentile hours to seated, the share
    seated within 24 h; tables and Joins per day; the share of seatings with an AI."""
    waits = sorted(w for s in crowd for w in s.waits)
    queued = [w for s in crowd for w in s.queued_waits]
    end = START + DAYS * DAY
    pending = [end - s.wants_since for s in crowd
               if s.wants_since is not None and end - s.wants_since >= DAY]
    within = sum(w <= DAY for w in waits)
    total = len(waits) + len(pending)
    p90 = waits[min(len(waits) - 1, int(0.9 * len(waits)))] if waits else float("nan")
    return {"tables_per_day": tally["started"] / DAYS,
            "median_h": statistics.median(waits) / HOUR if waits else float("nan"),
            "queued_median_h": statistics.median(queued) / HOUR if queued else float("nan"),
            "p90_h": p90 / HOUR, "within_24h": within / total if total else 0.0,
            "wants": float(total), "clicks_per_day": tally["clicks"] / DAYS,
            "with_ai": tally["ai_tables_seated"] / tally["seated"] if tally["seated"] else 0.0}
