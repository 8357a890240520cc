"""Big Clock («Большие часы»), the one-player game of RULES.md section 3.

Readings of the rules that the text leaves open, each pinned by a test named
`test_reading_...` in tests/engine/test_clock.py:
- a double is in trouble when it lies on top of another hour than its own, or
  when it was drawn and cannot go home right now;
- `draw` is allowed while only doubles on the board are in trouble, never
  while a drawn tile waits; rearranging is allowed while a drawn tile waits,
  but only while some double (perhaps the drawn one) is in trouble;
- `discard` of a drawn double is allowed only while it is in trouble, and
  loses the game (reason `lost`); a double that can go home must be placed;
- the game is lost at once when nothing else can change: the drawn double is
  in trouble and no rearranging move exists, or no tile waits, the stock is
  empty and no rearranging move exists. With a full set and no tile waiting,
  an empty stock and no double in trouble means every hour is home (doubles are
  conserved); an explicit deal that leaves out doubles can get stuck without a
  double in trouble, and that is lost too;
- `resign` is always allowed while the game goes on, and is never listed in
  `legal_moves` (as the record format asks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from catalog import Phrase
from engine.clock.deal import ClockDeal
from engine.clock.options import ClockOptions
from engine.clock.spec import SPEC
from engine.clock.view import DRAWN, ClockMove, ClockView
from engine.game import Game, Outcome, Termination
from engine.options import options_to_dict
from engine.records import record_start, write_record
from engine.tiles import Tile


class ClockEnd(Termination):
    """How a Big Clock deal ended: every hour home (won), no way on (lost), given up (resigned)."""

    WON = "won"
    LOST = "lost"
    RESIGNED = "resigned"


class ClockGame(Game[ClockMove]):
    """A Big Clock game. Hours are numbered 1..N; `piles[h]` is hour h's pile, bottom first."""

    kind = SPEC.name

    def __init__(
        self,
        players: Sequence[str] = ("Player",),
        options: ClockOptions | None = None,
        *,
        seed: int | None = None,
        deal: ClockDeal | None = None,
    ) -> None:
        """Lay out the clock from `deal` if given, else from `seed`.

        Raises ValueError unless exactly one player is given, when neither a
        deal nor a seed is given, or when the deal does not fit the set.
        """
        super().__init__(players)
        if not SPEC.takes(len(players)):
            raise ValueError("Big Clock takes exactly one player")
        if deal is None and seed is None:
            raise ValueError("give a deal or a seed")
        self.options = options or ClockOptions()
        n = self.options.set
        if deal is not None and len(deal.hours) != n:
            raise ValueError(f"a double-{n} clock deals one tile to each of its {n} hours")
        self.seed = seed
        self.deal = dealt = deal if deal is not None else ClockDeal.from_seed(seed or 0, n)
        self.hours = n
        # Index 0 is unused so that hour h is piles[h]; lists keep the hot paths cheap.
        self.piles: list[list[Tile]] = [[], *([t] for t in dealt.hours)]
        self.stock: list[Tile] = list(dealt.stock)
        self.stock_pos = 0
        self.drawn: Tile | None = None
        self.discards: list[Tile] = []
        self._outcome: Outcome | None = None
        self._settle()  # a deal may already be won (or stuck)

    # -- state ----------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else 0

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    def top(self, hour: int) -> Tile | None:
        """The top tile of `hour` (1..N), None when the hour is empty."""
        pile = self.piles[hour]
        return pile[-1] if pile else None

    def is_home(self, hour: int) -> bool:
        """Whether `hour` is home: its own double lies on top, and the pile is closed."""
        pile = self.piles[hour]
        return bool(pile) and pile[-1].high == hour and pile[-1].low == hour

    def home_hours(self) -> list[int]:
        """The hours that are home, ascending."""
        return [h for h in range(1, self.hours + 1) if self.is_home(h)]

    def _accepts(self, hour: int, tile: Tile) -> bool:
        # The one acceptance rule for drawn and moved tiles alike: an empty hour
        # takes anything, a double's top takes nothing (that covers home piles),
        # otherwise the tops must share a number; a double goes only home.
        if tile.high == tile.low and tile.high != hour:
            return False
        pile = self.piles[hour]
        if not pile:
            return True
        top = pile[-1]
        if top.high == top.low:
            return False
        return top.high in (tile.high, tile.low) or top.low in (tile.high, tile.low)

    def in_trouble(self) -> list[tuple[Tile, int | str]]:
        """Every double in trouble with where it lies: at another hour than its own
        (hours ascending), then the drawn double when it cannot go home right now."""
        troubled: list[tuple[Tile, int | str]] = []
        for hour in range(1, self.hours + 1):
            pile = self.piles[hour]
            if pile and pile[-1].high == pile[-1].low and pile[-1].high != hour:
                troubled.append((pile[-1], hour))
        if self._drawn_in_trouble():
            assert self.drawn is not None
            troubled.append((self.drawn, DRAWN))
        return troubled

    def _drawn_in_trouble(self) -> bool:
        drawn = self.drawn
        if drawn is None or drawn.high != drawn.low:
            return False
        return not self._accepts(drawn.high, drawn)

    def _any_trouble(self) -> bool:
        for hour in range(1, self.hours + 1):
            pile = self.piles[hour]
            if pile and pile[-1].high == pile[-1].low and pile[-1].high != hour:
                return True
        return self._drawn_in_trouble()

    def _rearranging_moves(self) -> list[ClockMove]:
        if not self._any_trouble():
            return []
        n = self.hours
        moves = []
        for source in range(1, n + 1):
            pile = self.piles[source]
            if not pile or self.is_home(source):
                continue
            tile = pile[-1]
            for target in range(1, n + 1):
                if target != source and self._accepts(target, tile):
                    moves.append(ClockMove("move", source, target))
        return moves

    # -- the rules ------------------------------------------------------------
    def legal_moves(self) -> list[ClockMove]:
        """Every legal move but `resign`, in this order: draw, place H by hour, move A B
        by A then B, discard. Empty once the game is over."""
        if self._outcome is not None:
            return []
        moves: list[ClockMove] = []
        drawn = self.drawn
        if drawn is None:
            if self.stock_size:
                moves.append(ClockMove.draw())
            moves.extend(self._rearranging_moves())
            return moves
        places = [ClockMove("place", h) for h in range(1, self.hours + 1)
                  if self._accepts(h, drawn)]
        moves.extend(places)
        moves.extend(self._rearranging_moves())
        if not places:
            moves.append(ClockMove.discard())
        return moves

    def parse_move(self, text: str) -> ClockMove:
        return ClockMove.parse(text)

    def illegal_reason(self, move: ClockMove) -> Phrase | None:
        if self._outcome is not None:
            return Phrase("illegal.game_over")
        kind = move.kind
        if kind == "resign":
            return None
        if kind == "draw":
            if self.drawn is not None:
                return Phrase("illegal.drawn_first", {"tile": self.drawn})
            if not self.stock_size:
                return Phrase("illegal.stock_empty")
            return None
        if kind == "move":
            return self._move_reason(move)
        drawn = self.drawn
        if drawn is None:
            return Phrase("illegal.draw_first")
        if kind == "place":
            assert move.a is not None
            return self._target_reason(move.a, drawn)
        # discard
        if any(self._accepts(h, drawn) for h in range(1, self.hours + 1)):
            if drawn.is_double:
                return Phrase("illegal.can_go_home", {"tile": drawn, "hour": drawn.high})
            return Phrase("illegal.discard_has_place", {"tile": drawn})
        return None

    def _hour_reason(self, hour: int) -> Phrase | None:
        if not 1 <= hour <= self.hours:
            return Phrase("illegal.no_hour", {"hour": hour, "hours": self.hours})
        return None

    def _target_reason(self, hour: int, tile: Tile) -> Phrase | None:
        # Why `tile` may not go onto `hour`, in the order a player would check.
        reason = self._hour_reason(hour)
        if reason is not None:
            return reason
        if self.is_home(hour):
            return Phrase("illegal.hour_home", {"hour": hour})
        if tile.is_double and tile.high != hour:
            return Phrase("illegal.double_own_hour")
        top = self.top(hour)
        if top is None:
            return None
        if top.is_double:
            return Phrase("illegal.on_double")
        if not (tile.has(top.high) or tile.has(top.low)):
            return Phrase("illegal.no_shared_number", {"tile": tile, "hour": hour, "top": top})
        return None

    def _move_reason(self, move: ClockMove) -> Phrase | None:
        source, target = move.a, move.b
        assert source is not None and target is not None
        reason = self._hour_reason(source) or self._hour_reason(target)
        if reason is not None:
            return reason
        if not self._any_trouble():
            return Phrase("illegal.rearrange_trouble")
        if self.is_home(source):
            return Phrase("illegal.hour_home", {"hour": source})
        tile = self.top(source)
        if tile is None:
            return Phrase("illegal.hour_empty", {"hour": source})
        if source == target:
            return Phrase("illegal.same_hour")
        return self._target_reason(target, tile)

    # -- applying -------------------------------------------------------------
    def _apply(self, move: ClockMove) -> ClockMove:
        kind = move.kind
        if kind == "draw":
            self.drawn = self.stock[self.stock_pos]
            self.stock_pos += 1
        elif kind == "place":
            assert move.a is not None and self.drawn is not None
            self.piles[move.a].append(self.drawn)
            self.drawn = None
        elif kind == "move":
            assert move.a is not None and move.b is not None
            self.piles[move.b].append(self.piles[move.a].pop())
        elif kind == "discard":
            assert self.drawn is not None
            given_up = self.drawn.is_double  # only a double in trouble may be discarded
            self.discards.append(self.drawn)
            self.drawn = None
            if given_up:
                self._finish("lost")
                return move
        else:
            self._finish("resigned")
            return move
        self._settle()
        return move

    def _settle(self) -> None:
        # Won the moment every hour is home; lost at once when nothing else can change.
        if all(self.is_home(h) for h in range(1, self.hours + 1)):
            self._finish("won")
        elif self.drawn is not None:
            if self._drawn_in_trouble() and not self._rearranging_moves():
                self._finish("lost")
        elif not self.stock_size and not self._rearranging_moves():
            self._finish("lost")

    def _finish(self, reason: str) -> None:
        won = reason == "won"
        self._outcome = Outcome(ClockEnd(reason), (0,) if won else (), (1,),
                                (len(self.home_hours()),))

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- what may be seen -------------------------------------------------------
    def view(self, seat: int | None) -> ClockView:
        """What the player (seat 0) or a spectator (None) may know: all but the stock order.

        Raises ValueError for any other seat.
        """
        if seat not in (0, None):
            raise ValueError(f"Big Clock has only seat 0, not {seat}")
        n = self.hours
        own_turn = seat == 0 and self._outcome is None
        return ClockView(
            player=self.players[0],
            seat=seat,
            hours=n,
            piles=tuple(tuple(self.piles[h]) for h in range(1, n + 1)),
            home=tuple(self.home_hours()),
            in_trouble=tuple(self.in_trouble()),
            drawn=self.drawn,
            stock_size=self.stock_size,
            discards=tuple(self.discards),
            legal_moves=tuple(self.legal_moves()) if own_turn else (),
            history=tuple(self.moves),
            outcome=self._outcome,
            options=self.options,
        )

    # -- records ----------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict[str, Any]) -> ClockGame:
        """The game a record starts from, before its moves. Raises RecordError."""
        players, options, seed, raw_deal = record_start(record, cls.kind, ClockOptions)
        deal = None if raw_deal is None else ClockDeal.from_json(raw_deal, options.set)
        return cls(players, options, seed=seed, deal=deal)

    def record(self) -> dict[str, Any]:
        """The record, with the deal (made from the seed, if that was given) and the seed."""
        return write_record(self.kind, options_to_dict(self.options), self.players,
                            deal=self.deal.to_json(), seed=self.seed, moves=self.moves)

    def summary(self) -> dict[str, Any]:
        outcome = self._outcome
        name = self.players[0]
        n = self.hours
        return {
            "game": self.kind,
            "finished": outcome is not None,
            "winner": name if outcome is not None and outcome.winners else None,
            "reason": outcome.reason if outcome else None,
            "scores": {name: len(self.home_hours())},
            "hands": {name: [] if self.drawn is None else [str(self.drawn)]},
            "to_move": None if outcome is not None else name,
            "legal_moves": [str(m) for m in self.legal_moves()],
            "home": self.home_hours(),
            "stock": self.stock_size,
            "discards": [str(t) for t in self.discards],
            "tops": {str(h): None if not self.piles[h] else str(self.piles[h][-1])
                     for h in range(1, n + 1)},
            "heights": {str(h): len(self.piles[h]) for h in range(1, n + 1)},
            "in_trouble": [f"{t} {'drawn' if at == DRAWN else f'at hour {at}'}"
                           for t, at in self.in_trouble()],
        }

    def copy(self) -> ClockGame:
        """An independent copy, cheap enough for AI playouts."""
        other = object.__new__(ClockGame)
        other.__dict__.update(self.__dict__)
        other.moves = list(self.moves)
        other.piles = [list(p) for p in self.piles]
        other.discards = list(self.discards)
        # The stock itself is never changed (stock_pos moves), so it may be shared.
        return other
