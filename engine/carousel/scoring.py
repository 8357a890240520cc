"""Every scoring rule of the Carousel (RULES.md section 2), in one place.

- the open-end count of a layout and the points it scores (`open_end_count`,
  `count_parts`, `count_points`), and a play's score with the tile bonus
  (`play_score`);
- a hand's end: the domino and the blocked hand (`domino_score`,
  `blocked_scores`), pips rounded to points (`round_pips`);
- the target: a score that `exact_finish` refuses (`past_target_reason`).

The functions take a layout, pip counts and seats and return points with the
reason in words; the game adds them to the match (and ends it at the target).
A hand end gives its scores as `(seat, points, reason)` in the order they are
added.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.carousel.spinner import Spinner
from engine.tiles import Tile

Score = tuple[int | None, int, str]


def count_parts(layout: Spinner) -> list[int]:
    """The numbers the open-end count adds up, in order: spinner halves, then L R U D.

    The spinner gives both halves while its L or R side is free; an arm
    gives its last tile's outer number, twice when that tile is a double;
    an empty arm gives nothing.
    """
    parts: list[int] = []
    arms = layout.arms
    if not arms[0] or not arms[1]:
        parts += (layout.value, layout.value)
    for arm in arms:
        if arm:
            last = arm[-1]
            parts.append(last.outer)
            if last.tile.high == last.tile.low:
                parts.append(last.outer)
    return parts


def open_end_count(layout: Spinner) -> int:
    """The open-end count (RULES.md "Open-end count"): the sum of `count_parts`."""
    arms = layout.arms
    total = 0 if arms[0] and arms[1] else 2 * layout.value
    for arm in arms:
        if arm:
            last = arm[-1]
            total += 2 * last.outer if last.tile.high == last.tile.low else last.outer
    return total


def count_points(count: int) -> int:
    """The points an open-end count scores: a fifth of it when it is a multiple of 5
    above 0, else none."""
    return count // 5 if count and count % 5 == 0 else 0


def tile_bonus(tile: Tile) -> int:
    """The `tile_bonus` option's point for laying a tile whose pips are a multiple of 5."""
    return 1 if tile.pips and tile.pips % 5 == 0 else 0


def play_score(layout: Spinner, tile: Tile, with_bonus: bool) -> tuple[int, str] | None:
    """What laying `tile` (already on `layout`) scores, with the reason in words;
    None when it scores nothing. `with_bonus` is the `tile_bonus` option."""
    count = open_end_count(layout)
    points = count_points(count)
    bonus = tile_bonus(tile) if with_bonus else 0
    if not points and not bonus:
        return None
    parts = "+".join(map(str, count_parts(layout)))
    texts = [f"ends {parts} = {count} -> {points_text(points)}"] if points else []
    if bonus:
        texts.append(f"tile bonus {tile} -> 1 point")
    reason = "; ".join(texts)
    if points and bonus:
        reason += f" = {points_text(points + bonus)}"
    return points + bonus, reason


def past_target_reason(reason: str, target: int) -> str:
    """The reason of a score that `exact_finish` does not record: it passes the target."""
    return f"{reason} (not recorded: past the target {target})"


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
