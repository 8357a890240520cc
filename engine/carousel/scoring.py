"""Every scoring rule of the Carousel (RULES.md section 2), in one place.

- a play's score: the open-end count's points with the tile bonus (`play_score`; the
  count itself, its points and the rounding of pips are every fives game's,
  `engine.fives`);
- a hand's end: the domino and the blocked hand (`domino_score`, `blocked_scores`);
- the target: a score that `exact_finish` refuses (`past_target_reason`).

The functions take a layout, pip counts and seats and return points with the
reason as a catalog `Phrase` (its "score." key and the numbers), so each reader
gets it in their language and the record its English (`str(reason)`); the game
adds them to the match (and ends it at the target). A hand end gives its scores
as `(seat, points, reason)` in the order they are added.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from catalog import Phrase
from engine.fives import (
    Spinner,
    count_parts,
    count_points,
    open_end_count,
    points_phrase,
    round_pips,
    tile_bonus,
)
from engine.game import Game
from engine.tiles import Tile

Score = tuple[int | None, int, Phrase]


def play_score(layout: Spinner, tile: Tile, with_bonus: bool) -> tuple[int, Phrase] | None:
    """What laying `tile` (already on `layout`) scores, with the reason; None when it
    scores nothing. `with_bonus` is the `tile_bonus` option."""
    count = open_end_count(layout)
    points = count_points(count)
    bonus = tile_bonus(tile) if with_bonus else 0
    if not points and not bonus:
        return None
    ends = Phrase("score.ends", {"parts": "+".join(map(str, count_parts(layout))),
                                 "total": count, "points": points_phrase(points)})
    if not bonus:
        return points, ends
    bonus_reason = Phrase("score.bonus", {"tile": str(tile), "points": points_phrase(1)})
    if not points:
        return bonus, bonus_reason
    return points + bonus, Phrase("score.ends_bonus", {
        "ends": ends, "bonus": bonus_reason, "points": points_phrase(points + bonus)})


def past_target_reason(reason: Phrase, target: int) -> Phrase:
    """The reason of a score that `exact_finish` does not record: it passes the target."""
    return Phrase("score.past_target", {"reason": reason, "target": target})


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
        shown = Phrase("score.pips_less_partner", {"total": total, "partner": partner,
                                                   "raw": raw})
    else:
        raw = total
        shown = Phrase("score.pips", {"total": raw})
    points = round_pips(raw)
    return seat, points, Phrase("score.domino", {"shown": shown,
                                                 "points": points_phrase(points)})


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
        listed = "+".join(str(pips[o]) for o in others)
        if mode == "difference":
            raw = sum(pips[o] - low for o in others)
            shown = Phrase("score.pips_less_own", {"pips": listed, "others": len(others),
                                                   "low": low, "raw": raw})
        else:
            raw = sum(pips[o] for o in others)
            shown = Phrase("score.pips_sum", {"pips": listed, "raw": raw})
        points = round_pips(raw)
        return [(seat, points, Phrase("score.blocked", {
            "low": low, "shown": shown, "points": points_phrase(points)}))]
    if mode == "difference":
        who = ", ".join(names[s] for s in tied)
        return [(None, 0, Phrase("score.blocked_tie", {"names": who, "low": low}))]
    scores: list[Score] = []
    for seat in tied:
        others = [o for o in opponents(seat, len(pips), pairs) if o not in tied]
        raw = sum(pips[o] for o in others)
        points = round_pips(raw) // len(tied)
        scores.append((seat, points, Phrase("score.blocked_shared", {
            "tied": len(tied), "low": low, "pips": "+".join(str(pips[o]) for o in others) or "0",
            "raw": raw, "rounded": round_pips(raw), "points": points_phrase(points)})))
    return scores


def result_figures(game: Game[Any]) -> list[dict[str, int]]:
    """Each seat's figures of a finished match (`engine.figures`): `hands`, the hands the
    match took (its points are the result's own)."""
    return [{"hands": game.finished_hands} for _ in game.players]
