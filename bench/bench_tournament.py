"""Tournament benchmark (issue 49): the pure core's pairing, timed and checked.

- One Swiss round of 1,000 entrants at 2 seats and at 4 seats: CPU time of the pairing
  (`time.process_time`) for each of rounds 1-5 of a simulated tournament, over several
  seeds; median and worst. Goal: under 1 s each.
- A 7-round Swiss of 64 entrants at 2 seats, 4 seats and 4 in pairs (and odd fields, 63
  at 2 seats and 62 at exactly 4, so that byes happen): repeat opponents (pairs seated
  together who had met, summed over the rounds; goal 0), repeat partners in pairs, the
  most byes of an entrant (goal <= 1); median and worst over the seeds.
- Round robin: for fields of 2-16 at several table sizes, the rounds played against the
  lower bound ceil((n - 1) / (k - 1)), the spread of meetings (fewest, most meetings of any
  two players) and the CPU of building the schedule.
- The service simulation: a 7-round Swiss of 64 entrants in four time zones over 7 virtual
  days, played by the real service on a temporary SQLite store with virtual time and
  simulated people (bench/tournament_service_sim.py): tables finished before their
  deadline (goal >= 95%), repeat opponents (0), most byes of one entrant (<= 1), rounds
  opened late and by how much (none; within 1 s); median and worst over the seeds. About
  10-15 s CPU a seed at 64, opening at 13:00 or at 12:00 UTC (the no-show grace keeps the
  sleepers of New York from forfeiting at 12:00: 35 s there before it, when the hard AI
  played many forfeited seats); `--service-entrants` makes it smaller.

  The simulation runs twice: with the quiet clock (turns stand still in the mover's quiet
  hours, the default of /tournament create) and with the plain clock.

Run: .venv/bin/python bench/bench_tournament.py [--seeds N] [--service-entrants N]
     [--service-opens HOUR] [--service-clock both|quiet|plain] [--write]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import tournament_service_sim  # noqa: E402
from bench.common import write_section  # noqa: E402
from bench.tournament_service_sim import OPENS_UTC  # noqa: E402
from tables.tournament import roundrobin  # noqa: E402
from tables.tournament.model import Entrant, Round  # noqa: E402
from tables.tournament.standings import points  # noqa: E402
from tables.tournament.swiss import swiss_round  # noqa: E402
from tests.tables import tournament_sim  # noqa: E402

BIG, BIG_ROUNDS = 1000, 5
FIELDS = ((64, 2, 2, False), (63, 2, 2, False), (64, 4, 4, False), (62, 4, 4, False),
          (64, 4, 4, True))
ROBINS = ((8, 2, None), (9, 2, None), (16, 2, None), (9, 3, 3), (12, 3, 3), (8, 4, 4),
          (12, 4, 4), (16, 4, 4), (10, 4, 2), (16, 4, 2), (10, 5, 5), (12, 6, 3))


def big_round_times(seats: int, seeds: int) -> list[float]:
    """CPU seconds of each pairing of rounds 1..BIG_ROUNDS of a 1,000-entrant Swiss."""
    times = []
    for seed in range(seeds):
        rng = random.Random(seed)
        entrants = [Entrant(i, i + 1) for i in range(BIG)]
        played: list[Round] = []
        for number in range(1, BIG_ROUNDS + 1):
            past = [r.pairing() for r in played]
            score = points(played)
            start = time.process_time()
            pairing = swiss_round(entrants, score, past, seats=seats)
            times.append(time.process_time() - start)
            played.append(tournament_sim.play(pairing, number, rng))
    return times


def swiss_quality(n: int, seats: int, low: int, teams: bool,
                  seeds: int) -> dict[str, list[int]]:
    """Per seed: repeat opponents, repeat partners and the most byes of an entrant over a
    7-round Swiss."""
    found: dict[str, list[int]] = {"repeats": [], "partners": [], "byes": []}
    for seed in range(seeds):
        steps = list(tournament_sim.swiss(n, seats, 7, seed, teams=teams, min_seats=low))
        byes = Counter(p for s in steps for p in s.pairing.byes)
        found["repeats"].append(sum(s.repeats for s in steps))
        found["partners"].append(sum(s.partner_repeats for s in steps))
        found["byes"].append(max(byes.values(), default=0))
    return found


def robin_rows() -> list[tuple[int, int, int | None, int, int, tuple[int, int], float]]:
    """(n, seats, min seats, rounds, lower bound, spread, CPU s) for each of ROBINS."""
    rows = []
    for n, seats, low in ROBINS:
        roundrobin.schedule.cache_clear()
        start = time.process_time()
        schedule = roundrobin.schedule(n, seats, low)
        spent = time.process_time() - start
        bound = n - 1 + n % 2 if seats == 2 else roundrobin.lower_bound(n, seats, low)
        rows.append((n, seats, low, len(schedule), bound, roundrobin.spread(schedule),
                     spent))
    return rows


def service_simulation(seeds: int, entrants: int, opens: int,
                       quiet_clock: bool = True) -> list[str]:
    """The rows of the 7-round Swiss of `entrants` in four time zones over 7 virtual days,
    played by the real service with virtual time and simulated people (some slow, some
    absent; bench/tournament_service_sim.py says who does what), the first round opening
    at `opens` o'clock UTC, with the quiet clock or not: median and worst over `seeds`
    seeds."""
    found = tournament_service_sim.simulate(seeds, entrants, opens=opens,
                                            quiet_clock=quiet_clock)
    assert all(f["finished"] for f in found), "a simulated tournament did not finish"

    def of(key: str, scale: float = 1.0, unit: str = "") -> tuple[str, str]:
        values = [f[key] * scale for f in found]
        worst = min(values) if key == "in_time" else max(values)
        return f"{statistics.median(values):.4g}{unit}", f"{worst:.4g}{unit}"

    rows = [("Tables finished before the round's deadline", of("in_time", 100, "%"), ">= 95%"),
            ("Repeat opponents (all avoidable here)", of("repeats"), "0"),
            ("Most byes of one entrant", of("byes"), "<= 1"),
            ("Rounds opened more than 1 s late", of("late_rounds"), "0"),
            ("Latest opening after its time", of("latest", 1, " s"), "<= 1 s"),
            ("Tables with a no-show's forfeit", of("forfeits"), "-"),
            ("CPU of one tournament", of("cpu", 1, " s"), "-")]
    tables = statistics.median(f["tables"] for f in found)
    clock = ("turns stand still in the mover's quiet hours, 23:00-08:00 local, and last"
             " 37.5 minutes" if quiet_clock else "the plain clock: turns of an hour, quiet"
             " hours or not")
    return [f"The service simulation: {entrants} entrants (UTC-5, UTC+0, UTC+3, UTC+9), 7"
            f" rounds of a day from {opens:02d}:00 UTC, {clock}; {tables:g} tables a"
            f" tournament, {seeds} seeds (the hard AI plays no-shows and the deadline's"
            " seats):", "",
            "| What | Median | Worst | Goal |", "|---|---:|---:|---|",
            *(f"| {what} | {mid} | {worst} | {goal} |" for what, (mid, worst), goal in rows)]


def spread_of(values: list[int] | list[float]) -> str:
    return f"{statistics.median(values):g} / {max(values):g}"


def report(seeds: int, entrants: int = 64, opens: int = OPENS_UTC,
           clocks: tuple[bool, ...] = (True, False)) -> str:
    """The section of bench/README.md: every measurement of the module's docstring, the
    service simulation once for each of `clocks` (the quiet clock on, off)."""
    flags = "" if (entrants, opens) == (64, OPENS_UTC) else (
        f" --service-entrants {entrants} --service-opens {opens}")
    flags += "" if clocks == (True, False) else (
        " --service-clock " + ("quiet" if clocks == (True,) else "plain"))
    lines = [f"## Tournaments\n\nMeasured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
             f" with `bench/bench_tournament.py --seeds {seeds}{flags}` on {os.cpu_count()} cores,"
             f" Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}"
             " (the machine is shared). CPU time (`time.process_time`).\n",
             "| What | Median | Worst | Goal |", "|---|---:|---:|---|"]
    for seats in (2, 4):
        times = big_round_times(seats, max(1, seeds // 3))
        lines.append(f"| One Swiss round of {BIG:,} at {seats} seats (rounds 1-{BIG_ROUNDS},"
                     f" {len(times)} pairings) | {statistics.median(times) * 1000:.0f} ms |"
                     f" {max(times) * 1000:.0f} ms | < 1 s |")
    lines += ["", f"7-round Swiss, {seeds} seeds (median / worst):", "",
              "| Field | Repeat opponents | Repeat partners | Most byes of one entrant |",
              "|---|---:|---:|---:|"]
    for n, seats, low, teams in FIELDS:
        found = swiss_quality(n, seats, low, teams, seeds)
        name = f"{n} at {seats} seats" + (" in pairs" if teams else "")
        partners = spread_of(found["partners"]) if teams else "-"
        lines.append(f"| {name} | {spread_of(found['repeats'])} | {partners} |"
                     f" {spread_of(found['byes'])} |")
    lines += ["", "Round robin (every two players meet at least once; the spread is the "
              "fewest and most meetings of any two):", "",
              "| Field | Rounds | Lower bound | Spread | CPU |", "|---|---:|---:|---:|---:|"]
    for count, seats, least, rounds, bound, (few, most), spent in robin_rows():
        size = f"{seats}" if least in (None, seats) else f"{least}-{seats}"
        lines.append(f"| {count} at {size} seats | {rounds} | {bound} | {few}-{most} |"
                     f" {spent * 1000:.0f} ms |")
    for quiet_clock in clocks:
        lines += ["", *service_simulation(seeds, entrants, opens, quiet_clock)]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Measure and print; `--write` records the section in bench/README.md."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10, help="seeds of each Swiss (10)")
    parser.add_argument("--service-entrants", type=int, default=64,
                        help="entrants of the service simulation (64; fewer runs quicker)")
    parser.add_argument("--service-opens", type=int, default=OPENS_UTC,
                        help=f"the hour (UTC) its rounds open ({OPENS_UTC})")
    parser.add_argument("--service-clock", choices=("both", "quiet", "plain"), default="both",
                        help="its turn clocks: quiet hours stop them, or not, or each (both)")
    parser.add_argument("--write", action="store_true", help="record in bench/README.md")
    args = parser.parse_args(argv)
    clocks = {"both": (True, False), "quiet": (True,), "plain": (False,)}[args.service_clock]
    section = report(args.seeds, args.service_entrants, args.service_opens, clocks)
    print(section)
    if args.write:
        write_section("Tournaments", section)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
