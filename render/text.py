"""Alt text: a short description of every picture, built from the public view only.

Board descriptions never read `view.hand` or `view.legal_moves`, so a seat's view
and the spectator's view of the same moment describe the board identically.
"""

from __future__ import annotations

from engine.carousel.view import CarouselView
from engine.clock.view import DRAWN, ClockView
from engine.errors import NotationError
from engine.notation import tile_text
from engine.tiles import Tile
from engine.traditional.view import TraditionalView
from render.labels import ENGLISH, Labels


def move_tile(text: str) -> Tile | None:
    """The tile a move text like "6-3 R" or "6-6" lays; None for draw, pass and the like."""
    head = text.split(maxsplit=1)[0] if text.strip() else ""
    if not head or not head[0].isdigit():
        return None
    try:
        return Tile.parse(head)
    except NotationError:
        return None


def _names_and(players: tuple[str, ...], values: tuple[int, ...]) -> str:
    return ", ".join(f"{p} {v}" for p, v in zip(players, values, strict=True))


def _winners(players: tuple[str, ...], winners: tuple[int, ...], labels: Labels) -> str:
    return labels("and").join(players[s] for s in winners) or labels("alt_nobody")


def _counts(view: TraditionalView | CarouselView, labels: Labels) -> list[str]:
    return [labels("alt_hands_stock", hands=_names_and(view.players, view.hand_sizes),
                   count=view.stock_size),
            labels("alt_scores", scores=_names_and(view.players, view.scores))]


def traditional_alt(view: TraditionalView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Traditional board: hand, ends, last move, turn, counts, stock, scores."""
    parts = [labels("alt_traditional_match", hand=view.hand_number, target=view.target)
             if view.target else labels("alt_traditional", hand=view.hand_number)]
    if view.line and view.ends is not None:
        parts.append(labels("alt_line", count=len(view.line), left=view.ends[0],
                            right=view.ends[1]))
    else:
        parts.append(labels("alt_line_empty"))
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(labels("alt_last_move", name=view.players[seat], move=labels.move(text)))
    if view.outcome is not None:
        parts.append(labels("alt_game_over", end=_traditional_end(view, labels),
                            names=_winners(view.players, view.outcome.winners, labels)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    return " ".join(parts + _counts(view, labels))


def _traditional_end(view: TraditionalView, labels: Labels) -> str:
    """How the last hand ended, in words: "Bob went out", "Fish: nobody can play"."""
    result = view.results[-1] if view.results else None
    if result is None or result.reason != "domino" or result.winner < 0:
        return labels("alt_fish")
    return labels("alt_went_out", name=view.players[result.winner])


def carousel_alt(view: CarouselView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Carousel board: spinner, arm ends, count, last score, turn, scores."""
    parts = [labels("alt_carousel_pairs" if view.pairs else "alt_carousel",
                    hand=view.hand_number, target=view.target)]
    if view.pairs and len(view.players) == 4:
        p = view.players
        parts.append(labels("alt_pairs", first=f"{p[0]} + {p[2]} {view.scores[0]}",
                            second=f"{p[1]} + {p[3]} {view.scores[1]}"))
    if view.spinner is None:
        parts.append(labels("alt_no_spinner"))
    else:
        arms = ", ".join(labels("alt_arm", side=labels.end(side), end=view.ends[side],
                                count=len(view.arms[side])) for side in ("L", "R", "U", "D"))
        parts.append(labels("alt_spinner", tile=tile_text(view.spinner), arms=arms,
                            count=view.count))
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(labels("alt_last_move", name=view.players[seat], move=labels.move(text)))
    if view.scoring:
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else labels("alt_nobody")
        parts.append(labels("alt_last_score", name=who, points=event.points,
                            reason=labels.reason(event.reason)))
    if view.outcome is not None:
        parts.append(labels("alt_match_over",
                            names=_winners(view.players, view.outcome.winners, labels)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    return " ".join(parts + _counts(view, labels))


CLOCK_ENDS = ("won", "lost", "resigned")
"""How a Big Clock game may end (its outcome's reason): each has its words, picture.clock_*."""


def clock_end(reason: str, labels: Labels) -> str:
    """A Big Clock ending in words ("every hour is home"); an unknown code as it is."""
    return labels(f"clock_{reason}") if reason in CLOCK_ENDS else reason


def clock_alt(view: ClockView, labels: Labels = ENGLISH) -> str:
    """Alt text of a Big Clock board: hours home, each hour's top, drawn tile, trouble, counts."""
    parts = [labels("alt_clock", player=view.player, home=len(view.home), hours=view.hours)]
    hours = []
    for hour in range(1, view.hours + 1):
        top = view.tops[hour - 1]
        if hour in view.home:
            hours.append(labels("alt_hour_home", hour=hour))
        elif top is None:
            hours.append(labels("alt_hour_empty", hour=hour))
        else:
            hours.append(labels("alt_hour_pile", hour=hour, tile=tile_text(top),
                                height=view.heights[hour - 1]))
    parts.append(labels("alt_hours", hours=", ".join(hours)))
    if view.drawn is not None:
        parts.append(labels("alt_drawn", tile=tile_text(view.drawn)))
    if view.in_trouble:
        parts.append(labels("alt_trouble", tiles=", ".join(
            labels("alt_trouble_drawn", tile=tile_text(tile)) if at == DRAWN
            else labels("alt_trouble_at", tile=tile_text(tile), hour=at)
            for tile, at in view.in_trouble)))
    parts.append(labels("alt_clock_counts", stock=view.stock_size, discards=len(view.discards)))
    if view.outcome is not None:
        parts.append(labels("alt_clock_over", reason=clock_end(view.outcome.reason, labels)))
    return " ".join(parts)


def hand_alt(players: tuple[str, ...], seat: int, hand: tuple[Tile, ...],
             playable: frozenset[Tile], labels: Labels = ENGLISH) -> str:
    """Alt text of a hand picture: whose hand, its tiles, which may be played."""
    tiles = ", ".join(tile_text(t) for t in hand) or labels("alt_no_tiles")
    text = labels("alt_hand", name=players[seat], count=len(hand), tiles=tiles)
    if playable:
        text += " " + labels("alt_playable",
                             tiles=", ".join(tile_text(t) for t in hand if t in playable))
    return text
