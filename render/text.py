"""Alt text: a short description of every picture, built from the public view only.

Board descriptions never read `view.hand` or `view.legal_moves`, so a seat's view
and the spectator's view of the same moment describe the board identically.
"""

from __future__ import annotations

from engine.carousel.view import CarouselView
from engine.clock.view import DRAWN, ClockView
from engine.errors import NotationError
from engine.notation import move_text, tile_text, tiles_in
from engine.tiles import Tile
from engine.traditional.view import TraditionalView
from render.canvas import plural

CLOCK_ENDS = {"won": "every hour is home", "lost": "no move is left", "resigned": "given up"}
"""How a Big Clock game ended, in words (its outcome's reason is a code)."""


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


def _winners(players: tuple[str, ...], winners: tuple[int, ...]) -> str:
    return " and ".join(players[s] for s in winners) or "nobody"


def traditional_alt(view: TraditionalView) -> str:
    """Alt text of a Traditional board: hand, ends, last move, turn, counts, stock, scores."""
    parts = [f"Traditional dominoes, hand {view.hand_number}"
             + (f" (match to {view.target})" if view.target else "") + "."]
    if view.line and view.ends is not None:
        parts.append(f"Line of {plural(len(view.line), 'tile')}; open ends L {view.ends[0]}, "
                     f"R {view.ends[1]}.")
    else:
        parts.append("The line is empty.")
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(f"Last move: {view.players[seat]} {move_text(text)}.")
    if view.outcome is not None:
        parts.append(f"Game over: {_traditional_end(view)}; "
                     f"{_winners(view.players, view.outcome.winners)} won.")
    elif view.to_move is not None:
        parts.append(f"{view.players[view.to_move]} to move.")
    parts.append(f"Tiles in hand: {_names_and(view.players, view.hand_sizes)}. "
                 f"Stock {view.stock_size}.")
    parts.append(f"Scores: {_names_and(view.players, view.scores)}.")
    return " ".join(parts)


def _traditional_end(view: TraditionalView) -> str:
    """How the last hand ended, in words: "Bob went out", "Fish: nobody can play"."""
    result = view.results[-1] if view.results else None
    if result is None or result.reason != "domino" or result.winner < 0:
        return "Fish: nobody can play"
    return f"{view.players[result.winner]} went out"


def carousel_alt(view: CarouselView) -> str:
    """Alt text of a Carousel board: spinner, arm ends, count, last score, turn, scores."""
    parts = [f"Carousel dominoes, hand {view.hand_number}, target {view.target}"
             + (", pairs" if view.pairs else "") + "."]
    if view.pairs and len(view.players) == 4:
        p = view.players
        parts.append(f"Pairs: {p[0]} and {p[2]} {view.scores[0]}, "
                     f"{p[1]} and {p[3]} {view.scores[1]}.")
    if view.spinner is None:
        parts.append("No spinner yet.")
    else:
        ends = ", ".join(f"{side} {view.ends[side]} ({plural(len(view.arms[side]), 'tile')})"
                         for side in ("L", "R", "U", "D"))
        parts.append(f"Spinner {tile_text(view.spinner)}; arms {ends}. "
                     f"Open-end count {view.count}.")
    if view.last_move is not None:
        seat, text = view.last_move
        parts.append(f"Last move: {view.players[seat]} {move_text(text)}.")
    if view.scoring:
        event = view.scoring[-1]
        who = view.players[event.seat] if event.seat is not None else "nobody"
        parts.append(f"Last score: {who} +{event.points} ({tiles_in(event.reason)}).")
    if view.outcome is not None:
        parts.append(f"Match over: {_winners(view.players, view.outcome.winners)} won.")
    elif view.to_move is not None:
        parts.append(f"{view.players[view.to_move]} to move.")
    parts.append(f"Tiles in hand: {_names_and(view.players, view.hand_sizes)}. "
                 f"Stock {view.stock_size}.")
    parts.append(f"Scores: {_names_and(view.players, view.scores)}.")
    return " ".join(parts)


def clock_alt(view: ClockView) -> str:
    """Alt text of a Big Clock board: hours home, each hour's top, drawn tile, trouble, counts."""
    parts = [f"Big Clock for {view.player}: {len(view.home)} of {view.hours} hours home."]
    hours = []
    for hour in range(1, view.hours + 1):
        top = view.tops[hour - 1]
        if hour in view.home:
            hours.append(f"{hour} home")
        elif top is None:
            hours.append(f"{hour} empty")
        else:
            hours.append(f"{hour} {tile_text(top)} x{view.heights[hour - 1]}")
    parts.append("Hours: " + ", ".join(hours) + ".")
    if view.drawn is not None:
        parts.append(f"Drawn tile {tile_text(view.drawn)}.")
    if view.in_trouble:
        parts.append("In trouble: " + ", ".join(
            f"{tile_text(tile)} {'drawn' if at == DRAWN else f'at hour {at}'}"
            for tile, at in view.in_trouble) + ".")
    parts.append(f"Stock {view.stock_size}, discards {len(view.discards)}.")
    if view.outcome is not None:
        parts.append(f"Game over: {CLOCK_ENDS.get(view.outcome.reason, view.outcome.reason)}.")
    return " ".join(parts)


def hand_alt(players: tuple[str, ...], seat: int, hand: tuple[Tile, ...],
             playable: frozenset[Tile]) -> str:
    """Alt text of a hand picture: whose hand, its tiles, which may be played."""
    tiles = ", ".join(tile_text(t) for t in hand) or "no tiles"
    text = f"{players[seat]}'s hand, {plural(len(hand), 'tile')}: {tiles}."
    if playable:
        text += " Playable: " + ", ".join(tile_text(t) for t in hand if t in playable) + "."
    return text
