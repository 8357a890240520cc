"""The Carousel's options and its pure scoring rules (RULES.md section 2).

The functions here take pip counts and seats and return the scores a hand end
gives, as `(seat, points, reason)` in the order they are added; the game adds
them (and judges `exact_finish` and the target).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.options import check_choice, check_range

Score = tuple[int | None, int, str]


@dataclass(frozen=True, slots=True)
class CarouselOptions:
    """Every option of RULES.md section 2, with its default.

    `set` 0 means by the number of players: double-6 for 2-4, double-9 for 5-7.
    Raises ValueError for a value out of range (read_options turns it into RecordError).
    """

    set: int = 0
    hand_size: int = 7
    pairs: bool = False
    spinner_first: bool = True
    must_play: bool = True
    keep_in_stock: bool = False
    tile_bonus: bool = False
    blocked: str = "difference"
    target: int = 61
    exact_finish: bool = True

    def __post_init__(self) -> None:
        check_choice("set", self.set, (0, 6, 9, 12))
        check_range("hand_size", self.hand_size, 1, 45)
        check_choice("blocked", self.blocked, ("difference", "sum"))
        check_range("target", self.target, 11, 250)

    def set_top(self, players: int) -> int:
        """The set's highest number for `players` players."""
        return self.set or (6 if players <= 4 else 9)


def round_pips(pips: int) -> int:
    """Pips to points: to the nearest multiple of 5, divided by 5 (0-2 -> 0, 3-7 -> 1, ...)."""
    return (pips + 2) // 5


def points_text(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def opponents(seat: int, players: int, pairs: bool) -> list[int]:
    """A seat's opponents: the other pair's two players with `pairs`, else everyone else."""
    if pairs:
        return [o for o in range(4) if o % 2 != seat % 2]
    return [s for s in range(players) if s != seat]


def domino_score(pips: Sequence[int], seat: int, pairs: bool) -> Score:
    """`seat` laid its last tile: the rounded opponents' pips.

    With `pairs`, the partner's pips are subtracted first (never below 0).
    """
    total = sum(pips[s] for s in opponents(seat, len(pips), pairs))
    if pairs:
        partner = pips[(seat + 2) % 4]
        raw = max(0, total - partner)
        shown = f"opponents' pips {total} - partner's {partner} = {raw}"
    else:
        raw = total
        shown = f"opponents' pips {raw}"
    points = round_pips(raw)
    return seat, points, f"domino: {shown} -> {points_text(points)}"


def blocked_scores(pips: Sequence[int], pairs: bool, mode: str,
                   names: Sequence[str]) -> list[Score]:
    """The scores of a blocked hand, in the order they are added.

    The one player with the fewest pips scores the rounded sum of (each
    opponent's pips - their own) (`difference`) or of the opponents' pips
    (`sum`). On a tie for fewest: nobody scores with `difference` (one entry
    with seat None says so); with `sum` each tied player, in seat order,
    scores the rounded pips of the players not tied (only the opponents with
    `pairs`) divided by the number tied, rounded down.
    """
    low = min(pips)
    tied = [s for s, p in enumerate(pips) if p == low]
    if len(tied) == 1:
        seat = tied[0]
        others = opponents(seat, len(pips), pairs)
        shown = "+".join(str(pips[o]) for o in others)
        if mode == "difference":
            raw = sum(pips[o] - low for o in others)
            shown = f"opponents' pips {shown} - {len(others)}x{low} = {raw}"
        else:
            raw = sum(pips[o] for o in others)
            shown = f"opponents' pips {shown} = {raw}"
        points = round_pips(raw)
        return [(seat, points, f"blocked: fewest pips {low}; {shown} -> {points_text(points)}")]
    if mode == "difference":
        who = ", ".join(names[s] for s in tied)
        return [(None, 0, f"blocked: {who} tie for the fewest pips ({low}): nobody scores")]
    scores: list[Score] = []
    for seat in tied:
        others = [o for o in opponents(seat, len(pips), pairs) if o not in tied]
        raw = sum(pips[o] for o in others)
        points = round_pips(raw) // len(tied)
        shown = "+".join(str(pips[o]) for o in others) or "0"
        scores.append((seat, points, f"blocked: {len(tied)} tie for the fewest pips ({low}); "
                       f"others' pips {shown} = {raw} -> {round_pips(raw)} / {len(tied)} = "
                       f"{points_text(points)}"))
    return scores
