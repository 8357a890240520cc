"""Alt text: what every game's description shares (each game's own is beside its drawer,
render/<game>.py), built from the public view only.

Board descriptions never read `view.hand` or `view.legal_moves`, so a seat's view
and the spectator's view of the same moment describe the board identically.
"""

from __future__ import annotations

from engine.errors import NotationError
from engine.game import GameView
from engine.notation import tile_text
from engine.tiles import Tile
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


def names_and(players: tuple[str, ...], values: tuple[int, ...]) -> str:
    """"Ann 3, Bob 5": each player with their value."""
    return ", ".join(f"{p} {v}" for p, v in zip(players, values, strict=True))


def winners_text(players: tuple[str, ...], winners: tuple[int, ...], labels: Labels) -> str:
    """The winners' names joined by "and", or "nobody"."""
    return labels("and").join(players[s] for s in winners) or labels("alt_nobody")


def counts_text(view: GameView, labels: Labels) -> list[str]:
    """Every seat's tiles in hand and the stock, then the scores: the end of an alt text."""
    return [labels("alt_hands_stock", hands=names_and(view.players, view.hand_sizes),
                   count=view.stock_size),
            labels("alt_scores", scores=names_and(view.players, view.scores))]


def hand_alt(players: tuple[str, ...], seat: int, hand: tuple[Tile, ...],
             playable: frozenset[Tile], labels: Labels = ENGLISH) -> str:
    """Alt text of a hand picture: whose hand, its tiles, which may be played."""
    tiles = ", ".join(tile_text(t) for t in hand) or labels("alt_no_tiles")
    text = labels("alt_hand", name=players[seat], count=len(hand), tiles=tiles)
    if playable:
        text += " " + labels("alt_playable",
                             tiles=", ".join(tile_text(t) for t in hand if t in playable))
    return text
