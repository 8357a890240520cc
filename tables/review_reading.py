"""A finished game's review as one person reads it (issue 53): its state (not ready yet,
none, or done), the turning point and the person's own costliest moves, each with the
move played and the better one, from the figures `tables.reviews.ReviewWorker` stored."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.review.stored import from_figures
from storage import Storage
from tables.errors import TableError
from tables.reviews import WINDOW


@dataclass(frozen=True)
class Judged:
    """One decision as shown: move number `move` (from 1), by `name`, `played` and the
    `best` move (record notation), its `grade` and the points it lost."""

    move: int
    name: str
    played: str
    best: str
    grade: str
    loss: float


@dataclass(frozen=True)
class PersonReview:
    """`state` "pending" (being made), "none" (switched off, or not a game reviewed) or
    "done"; then the turning point, the reader's costliest moves (`seated`: they played
    the game) and Big Clock's `clock` verdict (its figures) when it is one."""

    state: str
    turning: Judged | None = None
    costly: tuple[Judged, ...] = ()
    seated: bool = False
    clock: dict[str, Any] | None = None


class ReviewReading:
    """Reads the stored reviews for the people who ask."""

    def __init__(self, store: Storage, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def for_person(self, table_id: int, user_id: int) -> PersonReview:
        """The review of `table_id` as `user_id` reads it. Raises TableError
        (error.review.no_game) for a table that never finished."""
        row = await self.store.get_table(table_id)
        if row is None or row.status != "finished":
            raise TableError("error.review.no_game", table=table_id)
        stored = await self.store.table_review(table_id)
        if stored is None:
            # Never claimed: on its way, unless it never will be (switched off, too old).
            off = (row.guild_id is not None
                   and not (await self.store.get_guild_settings(row.guild_id)).reviews)
            too_old = row.updated_at < self.clock() - WINDOW
            return PersonReview("none" if off or too_old else "pending")
        if stored.status == "working":
            return PersonReview("pending")
        if stored.status != "done" or stored.review is None:
            return PersonReview("none")
        review = from_figures(stored.review)
        names = [seat.name for seat in row.seats]
        seats = [i for i, seat in enumerate(row.seats) if seat.user_id == user_id]

        def judged(ply: int) -> Judged | None:
            found = review.decision_at(ply)
            if found is None:
                return None
            return Judged(ply + 1, names[found.seat] if found.seat < len(names) else "?",
                          found.played, found.best, found.grade.value, found.loss)

        turning = judged(review.turning_point) if review.turning_point is not None else None
        costly = tuple(j for seat in seats if seat < len(review.costliest)
                       for ply in review.costliest[seat] if (j := judged(ply)) is not None)
        clock = None
        if review.clock is not None:
            clock = {"won": review.clock.won, "last_winnable": review.clock.last_winnable,
                     "losing_move": review.clock.losing_move}
        return PersonReview("done", turning, costly, bool(seats), clock)
