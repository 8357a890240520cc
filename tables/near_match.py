"""Near matches in the pickup queue (issue 51): a person waiting for seat counts nobody
else waits for is asked, once for that entry, whether another count would do when it
would seat them now, e.g. one waiting for 4 when two others wait for 3.

`near_offers` is pure: it asks `tables.matching.match` what would open with the one wish
widened. Only a game's queue of at most MOST_WAITING wishes is looked at (a long queue
fills its tables without asking), and at most MOST_OFFERS people are asked in one pass.
The turn time keeps nobody apart (a table takes the shortest its people accept), so only
seat counts are offered; a party's wishes are its leader's to change, so parties are
never asked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence

from storage import Storage
from storage.models import QueueEntry
from tables.matching import Wish, match
from tables.queue_wishes import seat_counts

MOST_WAITING = 60
MOST_OFFERS = 10


def near_offers(wishes: Sequence[Wish], now: float, *,
                counts: Callable[[Wish], Collection[int]],
                reachable: Callable[[int], bool], asked: Collection[int]) -> list[tuple[int, int]]:
    """(entry id, seat count) for each person to ask, oldest first: with that count added
    to their wish, a table with them would open now. `counts(wish)` are the seat counts
    the wish's game and variant are played at; `asked` the entries asked before."""
    by_key: dict[tuple[str, bool, str], list[Wish]] = {}
    for wish in wishes:
        by_key.setdefault((wish.game, wish.rated, wish.variant), []).append(wish)
    offers: list[tuple[int, int]] = []
    for group in by_key.values():
        if len(group) > MOST_WAITING or len(group) < 2:
            continue
        for wish in group:
            if len(offers) >= MOST_OFFERS:
                return offers
            if wish.entry_id in asked or wish.party is not None:
                continue
            # The nearest count first: one seat fewer or more than they asked before two.
            wanted = min(wish.seats)
            for n in sorted((c for c in counts(wish) if c not in wish.seats),
                            key=lambda c: (abs(c - wanted), -c)):
                widened = [dataclasses.replace(w, seats=w.seats | {n})
                           if w.entry_id == wish.entry_id else w for w in group]
                if any(wish.entry_id in found.entries
                       for found in match(widened, now, reachable=reachable)):
                    offers.append((wish.entry_id, n))
                    break
    return offers


async def ask_near(store: Storage, waiting: Sequence[Wish], by_id: Mapping[int, QueueEntry],
                   now: float, *, reachable: Callable[[int], bool]
                   ) -> list[tuple[QueueEntry, int]]:
    """The entries to ask now, each with its seat count, marked asked in storage (once an
    entry, whichever process asks first)."""
    asked = await store.offered_entries([w.entry_id for w in waiting])
    found = near_offers(waiting, now, counts=seat_counts, reachable=reachable, asked=asked)
    return [(by_id[entry_id], seats) for entry_id, seats in found
            if await store.mark_offered(entry_id)]
