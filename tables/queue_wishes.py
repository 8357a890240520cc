"""A queue entry as the matching sees it (issue 24): the seat counts a wish may be matched
at, the variant it is matched in, and the matching's view of a stored entry."""

from __future__ import annotations

from collections.abc import Collection

from catalog import Phrase
from engine.registry import game_spec
from storage.models import QueueEntry
from tables.errors import TableError
from tables.matching import PAIRS, Wish


def checked_wish(game: str, seats: Collection[int], variant: str) -> tuple[int, ...]:
    """The seat counts a wish may be matched at, or TableError when nobody could ever
    match it (a game without such tables, a solitaire, pairs not at four seats)."""
    try:
        spec = game_spec(game)
    except (KeyError, ValueError):
        raise TableError("error.queue.never", game=game, seats=", ".join(map(str, seats))) from None
    low, high = spec.seats
    fitting = tuple(sorted({n for n in seats if low <= n <= high and n > 1}))
    if variant == PAIRS:
        fitting = tuple(n for n in fitting if n == spec.pairs_seats)
    if spec.solitaire or not fitting:
        raise TableError("error.queue.never", game=Phrase(f"game.{spec.name}"),
                         seats=", ".join(map(str, sorted(seats))) or "-")
    return fitting


def seat_counts(wish: Wish) -> tuple[int, ...]:
    """Every seat count the wish's game and variant are played at (none for a game no
    longer registered)."""
    try:
        spec = game_spec(wish.game)
    except (KeyError, ValueError):
        return ()
    if wish.variant == PAIRS:
        return (spec.pairs_seats,) if spec.pairs_seats else ()
    low, high = spec.seats
    return tuple(n for n in range(max(2, low), high + 1))


def wish_variant(game: str, variant: str) -> str:
    """The variant a wish for `game` is matched in: PAIRS for a game always played in
    pairs (a party of two sits as partners there, tables.matching), whatever was asked."""
    try:
        always = game_spec(game).always_pairs
    except (KeyError, ValueError):
        return variant
    return PAIRS if always else variant


def as_wish(entry: QueueEntry) -> Wish:
    """The matching's view of a stored entry."""
    return Wish(entry_id=entry.id, user_id=entry.user_id, game=entry.game,
                seats=frozenset(entry.seats), longest_turn=entry.longest_turn,
                rated=entry.rated, since=entry.created_at, ai_after=entry.ai_after,
                party=entry.party_id, variant=wish_variant(entry.game, entry.variant))
