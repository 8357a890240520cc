"""Big Clock moves and what the player of a Big Clock game may see (RULES.md section 3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.clock.options import DEFAULT_OPTIONS, ClockOptions
from engine.errors import NotationError
from engine.game import Outcome, ScoreEvent
from engine.tiles import Tile

Kind = Literal["draw", "place", "move", "discard", "resign"]
_MOVE_TEXT = re.compile(
    r"^\s*(?:(?P<bare>draw|discard|resign)|place\s+(?P<hour>\d{1,3})"
    r"|move\s+(?P<a>\d{1,3})\s+(?P<b>\d{1,3}))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ClockMove:
    """`draw`, `place H` (the drawn tile onto hour H), `move A B` (top of hour A onto hour B),
    `discard` or `resign`.

    `a` is the hour of `place` and the source of `move`; `b` is the target of
    `move`; both are None for the other kinds.
    """

    kind: Kind
    a: int | None = None
    b: int | None = None

    @staticmethod
    def draw() -> ClockMove:
        return _DRAW

    @staticmethod
    def place(hour: int) -> ClockMove:
        return ClockMove("place", hour)

    @staticmethod
    def move(source: int, target: int) -> ClockMove:
        return ClockMove("move", source, target)

    @staticmethod
    def discard() -> ClockMove:
        return _DISCARD

    @staticmethod
    def resign() -> ClockMove:
        return _RESIGN

    @staticmethod
    def parse(text: str) -> ClockMove:
        """Read `draw`, `place 3`, `move 4 12`, `discard`, `resign` (keywords in any case).

        Raises NotationError naming the text when it is not a clock move.
        """
        match = _MOVE_TEXT.match(text)
        if match is None:
            raise NotationError(
                f"{text!r} is not a clock move (write draw, place H, move A B, discard "
                "or resign, with H, A, B hour numbers)"
            )
        bare = match.group("bare")
        if bare is not None:
            return {"draw": _DRAW, "discard": _DISCARD, "resign": _RESIGN}[bare.lower()]
        hour = match.group("hour")
        if hour is not None:
            return ClockMove("place", int(hour))
        return ClockMove("move", int(match.group("a")), int(match.group("b")))

    @property
    def tile(self) -> Tile | None:
        """None: a Big Clock move names hours, never a tile."""
        return None

    @property
    def end(self) -> str | None:
        """None: a Big Clock move names hours, never an end."""
        return None

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {self.a}"
        if self.kind == "move":
            return f"move {self.a} {self.b}"
        return self.kind


_DRAW = ClockMove("draw")
_DISCARD = ClockMove("discard")
_RESIGN = ClockMove("resign")

DRAWN = "drawn"  # where a drawn double in trouble lies (the others lie at an hour)


@dataclass(frozen=True, slots=True)
class ClockView:
    """Everything the player (or a spectator, seat None) may know of a Big Clock game.

    Only the order of the stock is hidden. `tops[h - 1]` and `heights[h - 1]`
    describe hour h (top None and height 0 for an empty hour); `home` lists the
    hours that are home, ascending; `in_trouble` lists each double in trouble
    with where it lies (an hour, or "drawn"); `legal_moves` is filled only for
    the player while the game goes on and leaves out `resign`, which is always
    allowed then. `history` is every move played, in record notation. `options` are
    the game's.
    `piles[h - 1]` is hour h's whole pile, bottom first (its last tile is the top):
    every tile under a top was laid face up in front of the player, who may
    remember it, so the view carries them.
    """

    player: str
    seat: int | None
    hours: int
    piles: tuple[tuple[Tile, ...], ...]
    home: tuple[int, ...]
    in_trouble: tuple[tuple[Tile, int | str], ...]
    drawn: Tile | None
    stock_size: int
    discards: tuple[Tile, ...]
    legal_moves: tuple[ClockMove, ...]
    history: tuple[str, ...]
    outcome: Outcome | None
    options: ClockOptions = DEFAULT_OPTIONS

    game = "clock"

    # -- what every game's view has (engine.game.GameView) ------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The one player's name, as the only seat."""
        return (self.player,)

    @property
    def to_move(self) -> int | None:
        """The player (seat 0) until the game is over, then None."""
        return None if self.outcome is not None else 0

    @property
    def hand(self) -> tuple[Tile, ...] | None:
        """None: Big Clock has no hidden hand, the board shows everything."""
        return None

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Empty: no hands."""
        return ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Empty: Big Clock keeps no points (its figures are hours home and discards)."""
        return ()

    @property
    def last_score(self) -> ScoreEvent | None:
        """None: no points."""
        return None

    @property
    def tops(self) -> tuple[Tile | None, ...]:
        """Each hour's top tile (`tops[h - 1]`), None for an empty hour: the piles' last."""
        return tuple(pile[-1] if pile else None for pile in self.piles)

    @property
    def heights(self) -> tuple[int, ...]:
        """How many tiles each hour holds (`heights[h - 1]`)."""
        return tuple(len(pile) for pile in self.piles)

    @property
    def last_move(self) -> str | None:
        return self.history[-1] if self.history else None

    def text(self) -> str:
        """A compact clock for a terminal: each hour's top, height and home mark, then the
        drawn tile, stock, discards, doubles in trouble and legal moves."""
        lines = [f"Big Clock (double-{self.hours}): {len(self.home)} of {self.hours} hours home"]
        for hour, pile in enumerate(self.piles, start=1):
            top, height = (pile[-1] if pile else None), len(pile)
            if hour in self.home:
                shown = f"{top}  home"
            elif top is None:
                shown = "(empty)"
            else:
                shown = f"{top}  x{height}"
            lines.append(f"{hour:>3}: {shown}")
        drawn = str(self.drawn) if self.drawn is not None else "-"
        lines.append(f"drawn: {drawn}   stock: {self.stock_size}")
        lines.append("discards: " + (" ".join(str(t) for t in self.discards) or "-"))
        if self.in_trouble:
            where = ", ".join(
                f"{tile} {'drawn' if at == DRAWN else f'at hour {at}'}"
                for tile, at in self.in_trouble
            )
            lines.append(f"in trouble: {where}")
        if self.last_move is not None:
            lines.append(f"last move: {self.last_move}")
        if self.outcome is not None:
            lines.append(f"game over: {self.outcome.reason}")
        if self.legal_moves:
            lines.append("legal: " + ", ".join(str(m) for m in self.legal_moves) + ", resign")
        return "\n".join(lines)
