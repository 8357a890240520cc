"""The rules of Partnership Dominó, the block game in pairs (RULES.md section 5)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.deals import LineDeal, deal_from_seed, read_line_deal
from engine.errors import RecordError
from engine.game import HandSummary, Outcome, Termination
from engine.line import Line
from engine.moves import LineMove
from engine.options import read_options
from engine.partnership.legality import PartnershipLegality
from engine.partnership.options import DEFAULT_OPTIONS, PartnershipOptions
from engine.partnership.scoring import (
    PAIRS,
    blocked_winner,
    hand_points,
    next_leader,
    pair_of,
)
from engine.partnership.view import HandResult, PartnershipView
from engine.records import record_players, record_seed
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set


class PartnershipEnd(Termination):
    """How a partnership match ended: its last hand went out (domino) or was blocked
    (tranque)."""

    DOMINO = "domino"
    BLOCKED = "blocked"


SET_TOP = 6  # played with the double-6 set
HAND_SIZE = 7  # every tile is dealt: four hands of 7, no stock
SEATS = 4


def seeded_deal(rng: SeededRandom, index: int) -> LineDeal:
    """A hand dealt from the seed's stream: the 28 tiles shuffled, 7 to each seat in turn
    (`index`, the hand's number from 0, does not matter)."""
    return deal_from_seed(rng, full_set(SET_TOP), SEATS, HAND_SIZE)


def opening(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """Who leads the first hand and with what: the holder of the highest double (6-6 in
    every full deal), else of the heaviest tile (only an explicit deal lacks every
    double). Raises ValueError if every hand is empty."""
    held = [(tile.is_double, tile.pips, tile.high, seat, tile)
            for seat, hand in enumerate(hands) for tile in hand]
    if not held:
        raise ValueError("nobody holds a tile")
    best = max(held, key=lambda entry: entry[:3])
    return best[3], best[4]


class PartnershipGame(PartnershipLegality):
    """A Partnership match: hands until a pair reaches `options.target` (0: one hand)."""

    def __init__(
        self,
        players: Sequence[str],
        options: PartnershipOptions | None = None,
        *,
        seed: int | None = None,
        deal: LineDeal | None = None,
        next_deals: Sequence[LineDeal] = (),
    ) -> None:
        """Start the first hand, from `deal` if given, else from `seed`; later hands come
        from `next_deals`, then from the seed (seed 0 without one). Raises ValueError for
        other than 4 players, `next_deals` without `deal`, neither a deal nor a seed, or a
        deal with a stock (this game has none)."""
        super().__init__(players)
        for given in (deal, *next_deals):
            if given is not None and given.stock:
                raise ValueError("Partnership Dominó has no stock: deal every tile to the hands")
        self._begin(players, seed, deal, next_deals)
        self.options = options or DEFAULT_OPTIONS
        self.pair_scores = [0, 0]
        self.results = []
        self.history = []
        self._start_hand()

    # -- dealing -------------------------------------------------------------
    def _dealer(self) -> Callable[[SeededRandom, int], LineDeal]:
        return seeded_deal

    def _start_hand(self) -> None:
        dealt = self._next_deal()
        self.hands = [sorted(h, reverse=True) for h in dealt.hands]
        self.stock: list[Tile] = []
        self.stock_pos = 0
        self.line = Line()
        self.history = []
        self.lead_tile = None
        if self.results:
            self.turn = self.results[-1].next_leader
        else:
            self.turn, self.lead_tile = opening(self.hands)
        self.leader = self.turn

    # -- applying ------------------------------------------------------------
    def _apply(self, move: LineMove) -> LineMove:
        seat = self.turn
        if move.kind == "pass":
            self.history.append((seat, "pass"))
            self.turn = (seat + 1) % SEATS
            return move
        tile = move.tile
        assert tile is not None
        line = self.line
        capicua = False
        if not line.tiles:
            line.lead(tile, seat)
        else:
            end = move.end or line.ends_for(tile)[0]
            move = LineMove("play", tile, end)
            # A capicúa: the tile's two numbers are the two (different) open ends.
            capicua = line.left != line.right and {tile.high, tile.low} == {line.left,
                                                                           line.right}
            line.place(tile, end, seat)
        self.hands[seat].remove(tile)
        self.history.append((seat, str(move)))
        if not self.hands[seat]:
            self._end_hand("domino", seat, capicua)
        elif self._blocked():
            self._end_hand("blocked", seat, False)
        else:
            self.turn = (seat + 1) % SEATS
        return move

    def _end_hand(self, reason: str, ender: int, capicua: bool) -> None:
        counts = tuple(self.count(seat) for seat in range(SEATS))
        winner = pair_of(ender) if reason == "domino" else blocked_winner(counts)
        points = bonus = 0
        if winner is not None:
            bonus = self.options.capicua if capicua else 0
            points = hand_points(counts, winner, self.options.scoring) + bonus
            self.pair_scores[winner] += points
        result = HandResult(
            number=len(self.results) + 1, reason=reason, ender=ender, winner=winner,
            leader=self.leader,
            next_leader=next_leader(reason, ender=ender, leader=self.leader, winner=winner),
            counts=counts, points=points, capicua=bonus,
            pair_scores=(self.pair_scores[0], self.pair_scores[1]),
            hands=tuple(tuple(h) for h in self.hands))
        self.results.append(result)
        target = self.options.target
        if target == 0:
            places = tuple(1 if winner is None or pair_of(s) == winner else 2
                           for s in range(SEATS))
            self._outcome = Outcome(PartnershipEnd(reason), result.winners, places,
                                    self.seat_scores)
        elif winner is not None and self.pair_scores[winner] >= target:
            places = tuple(1 if pair_of(s) == winner else 2 for s in range(SEATS))
            self._outcome = Outcome(PartnershipEnd(reason), PAIRS[winner], places, self.seat_scores)
        else:
            self._start_hand()

    # -- state ---------------------------------------------------------------
    @property
    def seat_scores(self) -> tuple[int, ...]:
        """Each seat's pair's match total."""
        return tuple(self.pair_scores[pair_of(s)] for s in range(SEATS))

    def score_of(self, seat: int) -> int:
        return self.pair_scores[pair_of(seat)]

    def position_key(self) -> Hashable:
        """The line counts by its two open numbers only, either way round; the hand's
        leader matters (it leads again after a tie)."""
        ends = tuple(sorted((self.line.left, self.line.right)))
        return (ends, self.turn, self.leader, self.lead_tile, tuple(self.pair_scores),
                len(self.results), tuple(tuple(h) for h in self.hands), self._outcome)

    @property
    def finished_hands(self) -> int:
        return len(self.results)

    def hand_summary(self, index: int) -> HandSummary:
        result = self.results[index]
        points = tuple(result.points if pair_of(s) == result.winner else 0
                       for s in range(SEATS))
        scores = tuple(result.pair_scores[pair_of(s)] for s in range(SEATS))
        return HandSummary(index + 1, result.reason, result.winners,
                           tuple(tuple(str(t) for t in h) for h in result.hands),
                           result.counts, points, scores)

    # -- what may be seen ----------------------------------------------------
    def view(self, seat: int | None) -> PartnershipView:
        """What `seat` may know; None is a spectator. Never another seat's hand."""
        own_turn = seat is not None and seat == self.to_move
        line = self.line
        return PartnershipView(
            players=self.players,
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            line=tuple(line.tiles),
            ends=(line.left, line.right) if line.tiles else None,
            scores=self.seat_scores,
            pair_scores=(self.pair_scores[0], self.pair_scores[1]),
            target=self.options.target,
            hand_number=self.hand_number,
            leader=self.leader,
            lead_tile=self.lead_tile if not line.tiles else None,
            to_move=self.to_move,
            legal_moves=tuple(self.legal_moves()) if own_turn else (),
            history=tuple(self.history),
            results=tuple(self.results),
            outcome=self._outcome,
            options=self.options,
        )

    # -- records -------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict[str, Any]) -> PartnershipGame:
        """The game a record starts from, before its moves. Raises RecordError (for a
        deal with a stock too: this game has none)."""
        if not isinstance(record, dict):
            raise RecordError("a record is a JSON object")
        if record.get("game") != cls.kind:
            raise RecordError(f"not a {cls.kind} record: {record.get('game')!r}")
        players = record_players(record, *cls.seats)
        options = read_options(PartnershipOptions, record.get("options"))
        seed = record_seed(record)
        raw_deal = record.get("deal")
        if raw_deal is None and seed is None:
            raise RecordError("a record needs a `deal` or a `seed`")
        deal: LineDeal | None = None
        next_deals: tuple[LineDeal, ...] = ()
        if raw_deal is not None:
            deal, next_deals = read_line_deal(raw_deal, full_set(SET_TOP), len(players))
            for index, given in enumerate((deal, *next_deals)):
                if given.stock:
                    raise RecordError(f"deal {index + 1} has a stock: this game has none")
                if not all(given.hands):
                    raise RecordError(f"deal {index + 1} leaves a hand empty")
        return cls(players, options, seed=seed, deal=deal, next_deals=next_deals)

    def summary(self) -> dict[str, Any]:
        names = self.players
        last = self.results[-1] if self.results else None
        return {
            **self._summary_head(self.seat_scores, self.hand_number),
            "line": [str(p.tile) for p in self.line.tiles],
            "pairs": [f"{names[a]}+{names[b]}" for a, b in PAIRS],
            "blocker": names[last.ender] if last is not None and last.reason == "blocked"
            else None,
        }

    def copy(self) -> PartnershipGame:
        """An independent copy, cheap enough for AI playouts."""
        other = self._copy_base()
        other.line = self.line.copy()
        other.pair_scores = list(self.pair_scores)
        return other
