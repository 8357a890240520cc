"""What one seat (or a spectator) may see of a Carousel game, and its terminal picture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.carousel.options import DEFAULT_OPTIONS, CarouselOptions
from engine.fives import SIDES, ArmTile, Spinner
from engine.game import Outcome, ScoreEvent
from engine.moves import LineMove
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class CarouselView:
    """Exactly what `seat` may know; `seat` None is a spectator.

    The layout: `spinner` is the opening double (None before the opening),
    laid by `spinner_seat`. `arms` maps each side "L", "R", "U", "D" (always
    all four keys) to its tiles from the spinner outward, each an `ArmTile`
    with `inner` (the number touching the tile before it) and `outer` (the
    number facing out). `ends` maps each side to its open number (empty
    before the opening). `playable_sides` are the sides that accept a tile
    now (with `spinner_first`, only the spinner's free sides until all four
    hold a tile). `count` is the current open-end count and `count_parts` the
    numbers it adds up (spinner halves first, then L R U D).

    `hand` is the seat's own hand (None for a spectator); other hands are
    shown only by size, and the stock only by size (`stock_size`, of which
    `stock_drawable` may still be drawn). `scores` are match totals per seat
    (with `pairs`, each partner shows the pair's total). `history` lists the
    current hand's moves as (seat, text), a draw as "draw" without its tile;
    `scoring` lists every score event of the match. `legal_moves` is empty
    unless `seat` is to move. `options` are the table's (public, as every seat knows
    them).
    """

    players: tuple[str, ...]
    seat: int | None
    hand: tuple[Tile, ...] | None
    hand_sizes: tuple[int, ...]
    spinner: Tile | None
    spinner_seat: int | None
    arms: Mapping[str, tuple[ArmTile, ...]]
    ends: Mapping[str, int]
    playable_sides: tuple[str, ...]
    count: int
    count_parts: tuple[int, ...]
    stock_size: int
    stock_drawable: int
    scores: tuple[int, ...]
    hand_number: int
    to_move: int | None
    legal_moves: tuple[LineMove, ...]
    history: tuple[tuple[int, str], ...]
    scoring: tuple[ScoreEvent, ...]
    outcome: Outcome | None
    options: CarouselOptions = DEFAULT_OPTIONS

    game = "carousel"

    @property
    def pairs(self) -> bool:
        """Whether partners play as pairs (the `pairs` option)."""
        return self.options.pairs

    @property
    def target(self) -> int:
        """The match's target score (the `target` option)."""
        return self.options.target

    @property
    def last_move(self) -> tuple[int, str] | None:
        """The hand's last move as (seat, text), None before its first."""
        return self.history[-1] if self.history else None

    @property
    def last_score(self) -> ScoreEvent | None:
        """The match's latest score event (`scoring`'s last), None before the first."""
        return self.scoring[-1] if self.scoring else None

    def layout(self) -> Spinner | None:
        """The layout shown, as a `Spinner` to lay tiles on (None before the opening)."""
        if self.spinner is None:
            return None
        assert self.spinner_seat is not None
        layout = Spinner(self.spinner, self.spinner_seat, self.options.spinner_first)
        layout.arms = [list(self.arms[s]) for s in SIDES]
        layout.ends = [self.ends[s] for s in SIDES]
        layout.free = sum(1 for arm in layout.arms if not arm)
        return layout

    def text(self) -> str:
        """A few lines for a terminal: layout, count, scores, your hand, your moves."""
        names = self.players
        lines = [f"Carousel - hand {self.hand_number} - target {self.target}"
                 + (" - pairs " + " vs ".join(f"{names[a]}+{names[a + 2]}" for a in (0, 1))
                    if self.pairs else "")]
        if self.spinner is None:
            lines.append("No spinner yet: the opener must lay a double.")
        else:
            assert self.spinner_seat is not None
            lines.append(f"Spinner [{self.spinner}] laid by {names[self.spinner_seat]}")
            for side in SIDES:
                tiles = " ".join(f"[{t.inner}|{t.outer}]" for t in self.arms[side]) or "(free)"
                mark = "" if side in self.playable_sides else "  (closed for now)"
                lines.append(f"  {side}: {tiles}  -> open {self.ends[side]}{mark}")
            parts = "+".join(map(str, self.count_parts)) or "0"
            lines.append(f"Open-end count: {parts} = {self.count}")
        lines.append(f"Stock: {self.stock_size} ({self.stock_drawable} may be drawn)")
        lines.append("Scores: " + ", ".join(
            f"{n} {s} ({size} tiles)"
            for n, s, size in zip(names, self.scores, self.hand_sizes, strict=True)))
        if self.last_move is not None:
            lines.append(f"Last move: {names[self.last_move[0]]} {self.last_move[1]}")
        for event in self.scoring[-3:]:
            who = names[event.seat] if event.seat is not None else "nobody"
            lines.append(f"Score: {who} +{event.points}: {event.reason}")
        if self.outcome is not None:
            won = " + ".join(names[s] for s in self.outcome.winners) or "nobody"
            lines.append(f"Match over ({self.outcome.reason}): {won} won")
        elif self.to_move is not None:
            lines.append(f"To move: {names[self.to_move]}")
        if self.hand is not None:
            lines.append("Your hand: " + (" ".join(str(t) for t in self.hand) or "(empty)"))
        if self.legal_moves:
            lines.append("Your moves: " + ", ".join(str(m) for m in self.legal_moves))
        return "\n".join(lines)
