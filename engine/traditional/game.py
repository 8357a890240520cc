"""The rules of the Traditional draw game («Козёл»), RULES.md section 1."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from operator import attrgetter
from typing import Any

from engine.deals import LineDeal, read_line_deal
from engine.game import HandSummary, Outcome, Termination, places_by
from engine.line import Line, placed_tile
from engine.moves import LineMove
from engine.records import record_start
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set
from engine.traditional.deal import SET_TOP, opening_tile, seeded_deal
from engine.traditional.fastpath import PLACED, SIDE, TEXT_L, TEXT_R
from engine.traditional.legality import TraditionalLegality
from engine.traditional.options import DEFAULT_OPTIONS, TraditionalOptions
from engine.traditional.scoring import NO_WINNER, hand_goats, hand_places, seats_of
from engine.traditional.view import HandResult, TraditionalView


class TraditionalEnd(Termination):
    """How a Traditional match (or its one hand) ended: the last hand went out (domino) or
    was blocked (fish)."""

    DOMINO = "domino"
    FISH = "fish"


_BY_VALUE = attrgetter("code")  # the order of Tile as one int, read in C: sorts hands fast


class TraditionalGame(TraditionalLegality):
    """A Traditional game: one hand, or a match of hands up to `options.target`.

    The legal moves and the reasons a move is illegal are `TraditionalLegality`'s; this
    class deals, applies moves, scores, ends hands and shows views and records.
    """

    def __init__(
        self,
        players: Sequence[str],
        options: TraditionalOptions | None = None,
        *,
        seed: int | None = None,
        deal: LineDeal | None = None,
        next_deals: Sequence[LineDeal] = (),
    ) -> None:
        """Start the first hand, from `deal` if given, else from `seed`.

        Later hands come from `next_deals`, then from the seed (`engine.deals.SeedStream`;
        without a seed, seed 0, pinned in the tests). Raises ValueError for a number
        of players the game does not take, `next_deals` without `deal`, or when
        neither a deal nor a seed is given.
        """
        super().__init__(players)
        self._begin(players, seed, deal, next_deals)
        self.options = options or DEFAULT_OPTIONS
        self.scores = [0] * len(players)
        self.results: list[HandResult] = []
        self.history = []
        self._start_hand()

    # -- dealing -------------------------------------------------------------
    def _dealer(self) -> Callable[[SeededRandom, int], LineDeal]:
        return partial(seeded_deal, len(self.players), self.options)

    def _start_hand(self) -> None:
        dealt = self._next_deal()
        self.hands: list[list[Tile]] = [sorted(h, key=_BY_VALUE, reverse=True)
                                        for h in dealt.hands]
        self.stock: list[Tile] = list(dealt.stock)
        self.stock_pos = 0
        self.line = Line()
        self.history = []
        self.last_layer = NO_WINNER  # who laid the last tile: a fish's maker
        previous_winner = self.results[-1].winner if self.results else NO_WINNER
        # The tile that must open the hand; None lets the leader open with any tile.
        self.lead_tile: Tile | None = None
        if self.options.lead == "winner" and previous_winner != NO_WINNER:
            self.turn = previous_winner
        else:
            self.turn, self.lead_tile = opening_tile(self.hands)

    # -- applying ---------------------------------------------------------------
    def play(self, move: LineMove | str) -> LineMove:
        """As `Game.play`, with a fast path for the moves `legal_moves` gives: a tile played
        at a named end, a lead, a pass. Anything else, or an illegal move, takes the general
        path, which gives the reason."""
        if type(move) is LineMove and self._outcome is None:
            tile = move.tile
            if tile is not None and move.kind == "play":
                line = self.line
                end = move.end
                if line.tiles:
                    if end == "L":
                        number = line.left
                    elif end == "R":
                        number = line.right
                    else:
                        return super().play(move)
                    high, low = tile.high, tile.low
                    if high != number and low != number:
                        return super().play(move)
                    seat = self.turn
                    hand = self.hands[seat]
                    at = 0
                    for held in hand:  # this very tile object (an equal copy: general path)
                        if held is tile:
                            break
                        at += 1
                    else:
                        return super().play(move)
                    outer = low if high == number else high
                    code = tile.code
                    if end == "L":
                        key = ((code * SIDE + number) * 2) * 4 + seat
                        placed = PLACED[key] if seat < 4 else None
                        if placed is None or placed.tile is not tile:
                            placed = placed_tile(tile, outer, number, seat)
                            if seat < 4:
                                PLACED[key] = placed
                        line.tiles.appendleft(placed)
                        line.left = outer
                        text = TEXT_L[code]
                    else:
                        key = ((code * SIDE + number) * 2 + 1) * 4 + seat
                        placed = PLACED[key] if seat < 4 else None
                        if placed is None or placed.tile is not tile:
                            placed = placed_tile(tile, number, outer, seat)
                            if seat < 4:
                                PLACED[key] = placed
                        line.tiles.append(placed)
                        line.right = outer
                        text = TEXT_R[code]
                    del hand[at]
                    self.last_layer = seat
                    self.history.append((seat, text))
                    self.moves.append(text)
                    if not hand:
                        self._end_hand(seat, "domino")
                    elif self.stock_pos == len(self.stock) and self._blocked():
                        self._end_hand(seat, "fish")
                    else:
                        seat += 1
                        self.turn = seat if seat < len(self.players) else 0
                    return move
                if end is None and (self.lead_tile is None or self.lead_tile is tile):
                    seat = self.turn
                    hand = self.hands[seat]
                    at = 0
                    for held in hand:
                        if held is tile:
                            break
                        at += 1
                    else:
                        return super().play(move)
                    line.lead(tile, seat)
                    del hand[at]
                    self.last_layer = seat
                    text = str(tile)
                    self.history.append((seat, text))
                    self.moves.append(text)
                    if not hand:
                        self._end_hand(seat, "domino")
                    elif self.stock_pos == len(self.stock) and self._blocked():
                        self._end_hand(seat, "fish")
                    else:
                        seat += 1
                        self.turn = seat if seat < len(self.players) else 0
                    return move
            elif move.kind == "pass" and self.line.tiles and self.stock_pos == len(self.stock) \
                    and not self._can_play(self.turn):
                seat = self.turn
                self.history.append((seat, "pass"))
                self.moves.append("pass")
                seat += 1
                self.turn = seat if seat < len(self.players) else 0
                return move
        return super().play(move)

    def _apply(self, move: LineMove) -> LineMove:
        seat = self.turn
        if move.kind == "draw":
            self.hands[seat].append(self.stock[self.stock_pos])
            self.hands[seat].sort(key=_BY_VALUE, reverse=True)
            self.stock_pos += 1
            self.history.append((seat, "draw"))
            if not self.stock_size and self._blocked():
                self._end_hand(self.last_layer, "fish")
            return move
        if move.kind == "pass":
            self.history.append((seat, "pass"))
            self.turn = (seat + 1) % len(self.players)
            return move
        tile = move.tile
        assert tile is not None
        if not self.line.tiles:
            self.line.lead(tile, seat)
        else:
            end = move.end or self.line.ends_for(tile)[0]
            move = LineMove("play", tile, end)
            self.line.place(tile, end, seat)
        self.hands[seat].remove(tile)
        self.last_layer = seat
        self.history.append((seat, str(move)))
        if not self.hands[seat]:
            self._end_hand(seat, "domino")
        elif not self.stock_size and self._blocked():
            self._end_hand(seat, "fish")
        else:
            self.turn = (seat + 1) % len(self.players)
        return move

    def _end_hand(self, maker: int, reason: str) -> None:
        lone_blank = self.options.lone_blank
        seat_counts = []
        for hand in self.hands:  # `count` of each seat, inlined
            if len(hand) == 1 and hand[0].high == 0:
                seat_counts.append(lone_blank)
            else:
                pips = 0
                for t in hand:
                    pips += t.high + t.low
                seat_counts.append(pips)
        counts = tuple(seat_counts)
        winner = maker
        if reason == "fish" and self.options.fish_winner == "lowest":
            lowest = min(counts)
            tied = [s for s, c in enumerate(counts) if c == lowest]
            winner = tied[0] if len(tied) == 1 else NO_WINNER
        points = 0
        if winner != NO_WINNER:
            others = sum(counts) - counts[winner]
            points = max(0, others - counts[winner])
            self.scores[winner] += points
        result = HandResult(
            reason=reason,
            winner=winner,
            counts=counts,
            places=hand_places(counts, winner),
            goats=hand_goats(counts, winner),
            points=points,
            hands=tuple(map(tuple, self.hands)),
        )
        self.results.append(result)
        target = self.options.target
        if target == 0:
            self._outcome = Outcome(TraditionalEnd(reason), seats_of(winner), result.places,
                                    tuple(self.scores))
        elif winner != NO_WINNER and self.scores[winner] >= target:
            places = places_by(self.scores, lower_is_better=False)
            self._outcome = Outcome(TraditionalEnd(reason), (winner,), places, tuple(self.scores))
        else:
            self._start_hand()

    def position_key(self) -> Hashable:
        """The line counts by its two open numbers only, either way round: the tiles
        inside it and which end is called L play no part in what follows."""
        ends = tuple(sorted((self.line.left, self.line.right)))
        return (ends, self.turn, self.stock_pos, tuple(self.scores), len(self.results),
                tuple(tuple(h) for h in self.hands), self._outcome)

    def score_of(self, seat: int) -> int:
        return self.scores[seat]

    @property
    def finished_hands(self) -> int:
        return len(self.results)

    def hand_summary(self, index: int) -> HandSummary:
        result = self.results[index]
        n = len(self.players)
        scores = [0] * n
        for earlier in self.results[:index + 1]:
            if earlier.winner != NO_WINNER:
                scores[earlier.winner] += earlier.points
        points = tuple(result.points if s == result.winner else 0 for s in range(n))
        return HandSummary(index + 1, result.reason, seats_of(result.winner),
                           tuple(tuple(str(t) for t in h) for h in result.hands),
                           result.counts, points, tuple(scores), result.goats)

    # -- what may be seen ----------------------------------------------------------
    def view(self, seat: int | None) -> TraditionalView:
        """What `seat` may know; None is a spectator. Never another seat's hand or the stock."""
        own_turn = seat is not None and seat == self.to_move
        return TraditionalView(
            players=self.players,
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            line=tuple(self.line.tiles),
            ends=(self.line.left, self.line.right) if self.line.tiles else None,
            stock_size=self.stock_size,
            scores=tuple(self.scores),
            target=self.options.target,
            hand_number=self.hand_number,
            to_move=self.to_move,
            legal_moves=tuple(self.legal_moves()) if own_turn else (),
            history=tuple(self.history),
            results=tuple(self.results),
            outcome=self._outcome,
            options=self.options,
        )

    # -- records -------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict[str, Any]) -> TraditionalGame:
        """The game a record starts from, before its moves. Raises RecordError."""
        players, options, seed, raw_deal = record_start(record, cls.kind, TraditionalOptions)
        deal: LineDeal | None = None
        next_deals: tuple[LineDeal, ...] = ()
        if raw_deal is not None:
            deal, next_deals = read_line_deal(raw_deal, full_set(SET_TOP), len(players))
        return cls(players, options, seed=seed, deal=deal, next_deals=next_deals)

    def summary(self) -> dict[str, Any]:
        return {
            **self._summary_head(self.scores, self.hand_number),
            "line": [str(p.tile) for p in self.line.tiles],
            "goats": [self.players[s] for s in self.results[-1].goats] if self.results else [],
        }

    def copy(self) -> TraditionalGame:
        """An independent copy, cheap enough for AI playouts."""
        other = self._copy_base()
        other.line = self.line.copy()
        other.scores = list(self.scores)
        return other
