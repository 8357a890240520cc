"""The Carousel fives game with a spinner («Карусель»), RULES.md section 2."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from operator import attrgetter
from typing import Any

from catalog import Phrase
from engine.carousel.legality import CarouselLegality
from engine.carousel.options import CarouselOptions
from engine.carousel.scoring import (
    blocked_scores,
    domino_score,
    past_target_reason,
    play_score,
)
from engine.carousel.spinner import side_move_text
from engine.carousel.view import CarouselView
from engine.deals import LineDeal, deal_from_seed, read_line_deal
from engine.errors import RecordError
from engine.fives import SIDE_INDEX, SIDES, Spinner, count_parts
from engine.game import HandSummary, Outcome, ScoreEvent, Termination, places_by
from engine.moves import LineMove
from engine.records import record_start
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set, pip_total


class CarouselEnd(Termination):
    """How a Carousel match ended: the target reached by a score during a hand (won), by the
    count of a hand that went out (domino), or of a blocked hand (blocked)."""

    WON = "won"
    DOMINO = "domino"
    BLOCKED = "blocked"


_BY_VALUE = attrgetter("high", "low")  # the order of Tile, read in C: sorts hands fast


class CarouselGame(CarouselLegality):
    """A Carousel match: hands are dealt until a player (or pair) reaches `options.target`.

    The legal moves and the reasons a move is illegal are `CarouselLegality`'s; this
    class deals, applies moves, scores, ends hands and shows views and records.
    """

    def __init__(
        self,
        players: Sequence[str],
        options: CarouselOptions | None = None,
        *,
        seed: int | None = None,
        deal: LineDeal | None = None,
        next_deals: Sequence[LineDeal] = (),
    ) -> None:
        """Start the first hand, from `deal` if given, else from `seed`.

        Later deals (hands and redeals) come from `next_deals`, then from the seed
        (`engine.deals.SeedStream`; without a seed, seed 0, pinned in the tests). Raises
        ValueError for a number of players the game does not take, `pairs` without
        4 players, hands too big for the set, `next_deals` without `deal`, or
        neither a deal nor a seed. An explicit deal is played as given (the caller
        checked its tiles, e.g. with `read_line_deal`).
        """
        super().__init__(players)
        n = len(players)
        self._begin(players, seed, deal, next_deals)
        self.options = options = options or CarouselOptions()
        if options.pairs and n != 4:
            raise ValueError("pairs need exactly 4 players")
        self.top = options.set_top(n)
        if n * options.hand_size > len(full_set(self.top)):
            # Checked even with an explicit deal: later hands may come from the seed.
            raise ValueError(f"{n} hands of {options.hand_size} need more than "
                             f"{len(full_set(self.top))} tiles (double-{self.top})")
        self.reserve = (2 if n == 2 else 1) if options.keep_in_stock else 0
        self.side_scores = [0] * (2 if options.pairs else n)
        self.events: list[ScoreEvent] = []
        self.results: list[str] = []  # how each finished hand ended
        self.hand_ends: list[tuple[tuple[Tile, ...], ...]] = []  # the hands left at each end
        self.hand_number = 1
        self.opener: int | None = None  # who opened the current hand
        self.first = 0
        self._deal_hand(redeal=False)

    # -- dealing -------------------------------------------------------------
    def _dealer(self) -> Callable[[SeededRandom, int], LineDeal]:
        return partial(seeded_deal, len(self.players), self.top, self.options.hand_size)

    def _deal_hand(self, *, redeal: bool) -> None:
        """Deal the next hand (or the same hand again) and offer the opening to its first seat."""
        n = len(self.players)
        used = len(self.dealt)
        dealt = self._next_deal()
        if dealt.first is not None:
            self.first = dealt.first
        elif used == 0:
            self.first = 0
        elif not redeal:
            assert self.opener is not None
            self.first = (self.opener + 1) % n
        # A redeal offers the opening to the same first seat again.
        self.hands: list[list[Tile]] = [sorted(h, key=_BY_VALUE, reverse=True)
                                        for h in dealt.hands]
        self.stock: list[Tile] = list(dealt.stock)
        self.stock_pos = 0
        self.layout: Spinner | None = None
        self.opener = None
        self.open_passes = 0
        self.turn = self.first
        self.history: list[tuple[int, str]] = []

    # -- applying ---------------------------------------------------------------
    def play(self, move: LineMove | str) -> LineMove:
        """As `Game.play`, with a fast check for a tile played at a named open end (the
        moves `legal_moves` gives); anything else takes the general path, which gives
        the reason when a move is illegal."""
        layout = self.layout
        if type(move) is LineMove and layout is not None and self._outcome is None \
                and move.kind == "play" and move.tile is not None:
            tile = move.tile
            i = SIDE_INDEX.get(move.end or "")
            if i is not None and (tile.high == layout.ends[i] or tile.low == layout.ends[i]) \
                    and i in layout.open_sides() \
                    and any(held is tile for held in self.hands[self.turn]):
                text = side_move_text(tile, i)
                self._apply(move)
                self.moves.append(text)
                return move
        return super().play(move)

    def _apply(self, move: LineMove) -> LineMove:
        seat = self.turn
        n = len(self.players)
        if move.kind == "draw":
            hand = self.hands[seat]
            hand.append(self.stock[self.stock_pos])
            hand.sort(key=_BY_VALUE, reverse=True)
            self.stock_pos += 1
            self.history.append((seat, "draw"))
            # Drawing the last drawable tile may leave nobody able to play.
            if self.layout is not None and not self.drawable and self._blocked():
                self._end_blocked()
            return move
        if move.kind == "pass":
            self.history.append((seat, "pass"))
            if self.layout is None:
                self.open_passes += 1
                if self.open_passes == n:
                    self._deal_hand(redeal=True)
                    return move
            self.turn = (seat + 1) % n
            return move
        tile = move.tile
        assert tile is not None
        if self.layout is None:
            self.layout = Spinner(tile, seat, self.options.spinner_first)
            self.opener = seat
        else:
            end = move.end or self.layout.ends_for(tile)[0]
            if move.end is None:
                move = LineMove("play", tile, end)
            self.layout.place(tile, end, seat)
        self.hands[seat].remove(tile)
        self.history.append((seat, str(move) if move.end is None
                             else side_move_text(tile, SIDE_INDEX[move.end])))
        if self._score_play(seat, tile):
            return move
        if not self.hands[seat]:
            self._end_domino(seat)
        elif not self.drawable and self._blocked():
            self._end_blocked()
        else:
            self.turn = (seat + 1) % n
        return move

    def _score_play(self, seat: int, tile: Tile) -> bool:
        """Score the open-end count (and the tile bonus); True when that wins the match."""
        assert self.layout is not None
        scored = play_score(self.layout, tile, self.options.tile_bonus)
        if scored is None:
            return False
        return self._score(seat, scored[0], scored[1], "won")

    def _score(self, seat: int | None, points: int, reason: Phrase, how: str) -> bool:
        """Add one score to the seat's side; True when it wins the match (ending it as `how`).

        With `exact_finish`, a score passing the target is noted but not recorded.
        """
        if seat is None:
            self.events.append(ScoreEvent(self.hand_number, None, 0, reason))
            return False
        side = self.side_of(seat)
        total = self.side_scores[side] + points
        target = self.options.target
        if total > target and self.options.exact_finish:
            self.events.append(ScoreEvent(self.hand_number, seat, points,
                                          past_target_reason(reason, target),
                                          False))
            return False
        self.side_scores[side] = total
        self.events.append(ScoreEvent(self.hand_number, seat, points, reason))
        if total >= target:
            self._note_hand_end(how)
            winners = (side, side + 2) if self.options.pairs else (side,)
            scores = self.scores
            self._outcome = Outcome(CarouselEnd(how), winners,
                                    places_by(scores, lower_is_better=False), scores)
            return True
        return False

    def _end_domino(self, seat: int) -> None:
        pips = [pip_total(h) for h in self.hands]
        scorer, points, reason = domino_score(pips, seat, self.options.pairs)
        if not self._score(scorer, points, reason, "domino"):
            self._next_hand("domino")

    def _end_blocked(self) -> None:
        pips = [pip_total(h) for h in self.hands]
        for seat, points, reason in blocked_scores(pips, self.options.pairs,
                                                   self.options.blocked, self.players):
            if self._score(seat, points, reason, "blocked"):
                return
        self._next_hand("blocked")

    def _note_hand_end(self, how: str) -> None:
        self.results.append(how)
        self.hand_ends.append(tuple(tuple(h) for h in self.hands))

    def _next_hand(self, how: str) -> None:
        self._note_hand_end(how)
        self.hand_number += 1
        self._deal_hand(redeal=False)

    def position_key(self) -> Hashable:
        """Each arm counts by whether it holds a tile, its open number and whether its
        last tile is a double; L and R may swap (the spinner's own count follows them
        alike), and so may U and D. Which tiles lie inside an arm plays no part."""
        layout = self.layout
        arms: tuple[Any, ...] = ()
        if layout is not None:
            state = [(bool(arm), layout.ends[i], bool(arm) and arm[-1].inner == arm[-1].outer)
                     for i, arm in enumerate(layout.arms)]
            arms = (layout.value, tuple(sorted(state[:2])), tuple(sorted(state[2:])))
        return (arms, self.turn, self.stock_pos, tuple(self.side_scores), self.hand_number,
                tuple(tuple(h) for h in self.hands), self._outcome)

    def score_of(self, seat: int) -> int:
        return self.side_scores[self.side_of(seat)]

    @property
    def finished_hands(self) -> int:
        return len(self.results)

    def hand_summary(self, index: int) -> HandSummary:
        number = index + 1
        reason, tiles = self.results[index], self.hand_ends[index]
        n = len(self.players)
        points, totals = [0] * n, [0] * len(self.side_scores)
        for event in self.events:
            if event.seat is not None and event.recorded and event.hand <= number:
                totals[self.side_of(event.seat)] += event.points
                if event.hand == number:
                    points[event.seat] += event.points
        pips = tuple(pip_total(h) for h in tiles)
        if reason == "domino":  # who laid their last tile
            winners = tuple(s for s in range(n) if not tiles[s])
        elif reason == "blocked":  # the fewest pips, alone (a tie: nobody)
            fewest = [s for s in range(n) if pips[s] == min(pips)]
            winners = tuple(fewest) if len(fewest) == 1 else ()
        else:  # the match was won at once, mid-hand: by the last score
            winners = tuple(e.seat for e in self.events[-1:] if e.seat is not None)
        return HandSummary(number, reason, winners,
                           tuple(tuple(str(t) for t in h) for h in tiles), pips,
                           tuple(points), tuple(totals[self.side_of(s)] for s in range(n)))

    # -- what may be seen ----------------------------------------------------------
    def view(self, seat: int | None) -> CarouselView:
        """What `seat` may know; None is a spectator. Never another seat's hand or the stock."""
        layout = self.layout
        own_turn = seat is not None and seat == self.to_move
        if layout is None:
            arms: dict[str, tuple[Any, ...]] = {side: () for side in SIDES}
            ends: dict[str, int] = {}
            playable: tuple[str, ...] = ()
            parts: tuple[int, ...] = ()
        else:
            arms = {side: tuple(arm) for side, arm in zip(SIDES, layout.arms, strict=True)}
            ends = dict(zip(SIDES, layout.ends, strict=True))
            playable = tuple(SIDES[i] for i in layout.open_sides())
            parts = tuple(count_parts(layout))
        return CarouselView(
            players=self.players,
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            spinner=layout.tile if layout is not None else None,
            spinner_seat=layout.seat if layout is not None else None,
            arms=arms,
            ends=ends,
            playable_sides=playable,
            count=self.count(),
            count_parts=parts,
            stock_size=self.stock_size,
            stock_drawable=self.drawable,
            scores=self.scores,
            hand_number=self.hand_number,
            to_move=self.to_move,
            legal_moves=tuple(self.legal_moves()) if own_turn else (),
            history=tuple(self.history),
            scoring=tuple(self.events),
            outcome=self._outcome,
            options=self.options,
        )

    # -- records -------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict[str, Any]) -> CarouselGame:
        """The game a record starts from, before its moves. Raises RecordError."""
        players, options, seed, raw_deal = record_start(record, cls.kind, CarouselOptions)
        deal: LineDeal | None = None
        next_deals: tuple[LineDeal, ...] = ()
        if raw_deal is not None:
            deal, next_deals = read_line_deal(raw_deal, full_set(options.set_top(len(players))),
                                              len(players))
            for one in (deal, *next_deals):
                if not all(one.hands):
                    raise RecordError("every hand of a deal needs at least one tile")
        try:
            return cls(players, options, seed=seed, deal=deal, next_deals=next_deals)
        except ValueError as exc:
            raise RecordError(str(exc)) from None

    def summary(self) -> dict[str, Any]:
        """The replay JSON. `hands` lists tiles high first (6-6, 6-5, ..., 0-0)."""
        names = self.players
        return {
            **self._summary_head(self.scores, self.hand_number),
            "count": self.count(),
            "spinner": str(self.layout.tile) if self.layout is not None else None,
            "arms": {side: [str(t.tile) for t in arm] for side, arm in
                     zip(SIDES, self.layout.arms if self.layout else ([], [], [], []),
                         strict=True)},
            "scoring": [{"hand": e.hand, "seat": None if e.seat is None else names[e.seat],
                         "points": e.points, "reason": str(e.reason), "recorded": e.recorded}
                        for e in self.events],
        }

    def copy(self) -> CarouselGame:
        """An independent copy, cheap enough for AI playouts (the same future deals)."""
        other = self._copy_base()
        other.layout = self.layout.copy() if self.layout is not None else None
        other.hand_ends = list(self.hand_ends)
        other.side_scores = list(self.side_scores)
        other.events = list(self.events)
        return other


def seeded_deal(players: int, top: int, hand_size: int, rng: SeededRandom,
                index: int) -> LineDeal:
    """A deal from the seed's stream: the double-`top` set shuffled, `hand_size` tiles a
    seat; the match's first deal (`index` 0) also draws its first opener."""
    dealt = deal_from_seed(rng, full_set(top), players, hand_size)
    if index == 0:
        return LineDeal(dealt.hands, dealt.stock, rng.below(players))
    return dealt
