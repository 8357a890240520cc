"""The rules of Mexican Train («Мексиканский поезд»), RULES.md section 4."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from typing import Any

from engine.deals import LineDeal, deal_from_seed, read_line_deal
from engine.errors import OptionError, RecordError
from engine.game import HandSummary, Outcome, Termination, places_by
from engine.mexican.legality import MexicanLegality
from engine.mexican.moves import MexicanMove, put, train_index, train_name
from engine.mexican.options import DEFAULT_OPTIONS, MexicanOptions, refuse_zeros
from engine.mexican.view import MexicanView, RoundResult
from engine.moves import LineMove
from engine.records import record_start
from engine.rng import SeededRandom
from engine.tiles import Tile, full_set


class MexicanEnd(Termination):
    """How a Mexican Train game ended: its last round went out (domino) or was blocked."""

    DOMINO = "domino"
    BLOCKED = "blocked"


_BY_VALUE = attrgetter("code")  # the order of Tile as one int, read in C: sorts hands fast


def engine_of(top: int, round_number: int) -> Tile:
    """The engine of round `round_number` (from 1) on the double-`top` set."""
    number = top - (round_number - 1)
    return Tile.of(number, number)


class MexicanGame(MexicanLegality):
    """A game of Mexican Train: `options.round_count` rounds, lowest total wins.

    The legal moves and the reasons a move is illegal are `MexicanLegality`'s; this class
    deals, applies moves, scores, ends rounds and shows views and records.
    """

    def __init__(
        self,
        players: Sequence[str],
        options: MexicanOptions | None = None,
        *,
        seed: int | None = None,
        deal: LineDeal | None = None,
        next_deals: Sequence[LineDeal] = (),
    ) -> None:
        """Start round 1, from `deal` if given, else from `seed`.

        Later rounds come from `next_deals`, then from the seed (`engine.deals.SeedStream`;
        without a seed, seed 0). Raises ValueError for a number of players the game does
        not take, `next_deals` without `deal`, or neither a deal nor a seed; OptionError
        when the hands do not fit in the set. An explicit deal is played as given (the
        caller checked its tiles, e.g. with `from_record`).
        """
        super().__init__(players)
        n = len(players)
        self._begin(players, seed, deal, next_deals)
        self.options = options = options or DEFAULT_OPTIONS
        # Checked even with an explicit deal: later rounds may come from the seed.
        options.check_players(n)
        self.names = tuple(train_name(i, n) for i in range(n + 1))
        self.totals = [0] * n
        self.results = []
        self.round = 1
        self._listed: list[MexicanMove] | None = None  # the moves listed for this position
        self._start_round()

    # -- dealing -------------------------------------------------------------
    def _dealer(self) -> Callable[[SeededRandom, int], LineDeal]:
        n = len(self.players)
        return partial(seeded_deal, n, self.options.set, self.options.size_for(n))

    def _start_round(self) -> None:
        dealt = self._next_deal()
        n = len(self.players)
        self.engine = engine_of(self.options.set, self.round)
        self.hands = [sorted(h, key=_BY_VALUE, reverse=True) for h in dealt.hands]
        self.stock = list(dealt.stock)
        self.stock_pos = 0
        self.trains = [[] for _ in range(n + 1)]
        self.ends = [self.engine.high] * (n + 1)
        self.markers = [False] * n
        self.waiting = None
        self.drew = False
        self.turn = (self.round - 1) % n
        self.history = []

    # -- applying ---------------------------------------------------------------
    def play(self, move: LineMove | str) -> LineMove:
        """As `Game.play`, without checking again a move `legal_moves` has just listed for
        this position (that very object): the search's playouts play only such moves.
        Anything else takes the general path, which gives the reason when it is illegal."""
        listed = self._listed
        if listed is not None and self._outcome is None:
            for known in listed:
                if known is move:
                    applied = self._apply(known)
                    self.moves.append(str(applied))
                    return applied
        return super().play(move)

    def _apply(self, move: LineMove) -> LineMove:
        self._listed = None  # the position changes
        seat = self.turn
        hand = self.hands[seat]
        if move.kind == "draw":
            hand.append(self.stock[self.stock_pos])
            hand.sort(key=_BY_VALUE, reverse=True)
            self.stock_pos += 1
            self.drew = True
            self.history.append((seat, "draw"))
            if self._blocked():  # the stock's last tile fits nowhere and nobody can play
                self._end_round("blocked", None)
            return move
        if move.kind == "pass":
            self.history.append((seat, "pass"))
            self.markers[seat] = True
            if self._blocked():
                self._end_round("blocked", None)
            else:
                self._next_turn()
            return move
        tile = move.tile
        assert tile is not None
        n = len(self.players)
        if self.waiting is not None:
            index = self.waiting
        elif move.end is not None:
            found = train_index(move.end, n)
            assert found is not None
            index = found
        else:
            index = next(i for i in self.open_to(seat) if tile.has(self.ends[i]))
        move = put(tile, self.names[index])
        self.trains[index].append(tile)
        self.ends[index] = tile.other(self.ends[index])
        hand.remove(tile)
        if index == seat:
            self.markers[seat] = False
        self.history.append((seat, str(move)))
        self.waiting = None
        if not hand:
            self._end_round("domino", seat)
            return move
        if tile.is_double:
            # The layer plays again at once, to satisfy it (and may draw for it).
            self.waiting = index
            self.drew = False
        if self._blocked():
            self._end_round("blocked", None)
        elif not tile.is_double:
            self._next_turn()
        return move

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.drew = False

    def points(self, hand: Sequence[Tile]) -> int:
        """What a hand left at the end of a round adds to its total: its pips, 0-0 counting
        the option `blank_double`."""
        blank = self.options.blank_double
        return sum(blank if t.high == 0 else t.high + t.low for t in hand)

    def _end_round(self, reason: str, out: int | None) -> None:
        points = tuple(self.points(h) for h in self.hands)
        self.totals = [total + p for total, p in zip(self.totals, points, strict=True)]
        self.results.append(RoundResult(self.round, self.engine, reason, out,
                                        tuple(tuple(h) for h in self.hands), points,
                                        tuple(self.totals)))
        if self.round < self.options.round_count:
            self.round += 1
            self._start_round()
            return
        totals = tuple(self.totals)
        lowest = [s for s, total in enumerate(totals) if total == min(totals)]
        self.waiting = None
        self._outcome = Outcome(MexicanEnd(reason), tuple(lowest) if len(lowest) == 1 else (),
                                places_by(totals, lower_is_better=True), totals)

    def score_of(self, seat: int) -> int:
        return self.totals[seat]

    @property
    def finished_hands(self) -> int:
        return len(self.results)

    def hand_summary(self, index: int) -> HandSummary:
        """A finished round: who went out (blocked: the fewest points, alone), the tiles
        left, their points and the totals after it."""
        result = self.results[index]
        if result.out is not None:
            winners: tuple[int, ...] = (result.out,)
        else:
            fewest = [s for s, p in enumerate(result.points) if p == min(result.points)]
            winners = tuple(fewest) if len(fewest) == 1 else ()
        return HandSummary(result.number, result.reason, winners,
                           tuple(tuple(str(t) for t in h) for h in result.hands),
                           result.points, result.points, result.totals)

    # -- what may be seen ----------------------------------------------------------
    def view(self, seat: int | None) -> MexicanView:
        """What `seat` may know; None is a spectator. Never another seat's hand or the stock."""
        own_turn = seat is not None and seat == self.to_move
        return MexicanView(
            players=self.players,
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            round=self.round,
            rounds=self.options.round_count,
            engine=self.engine,
            trains=tuple(tuple(train) for train in self.trains),
            ends=tuple(self.ends),
            markers=tuple(self.markers),
            waiting=self.waiting,
            stock_size=self.stock_size,
            totals=tuple(self.totals),
            to_move=self.to_move,
            drew=self.drew,
            legal_moves=tuple(self.moves_now()) if own_turn else (),
            history=tuple(self.history),
            results=tuple(self.results),
            outcome=self._outcome,
            options=self.options,
        )

    # -- records -------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: dict[str, Any]) -> MexicanGame:
        """The game a record starts from, before its moves. Raises RecordError (OptionError
        for options the players cannot play with); every deal is checked first."""
        refuse_zeros(record.get("options"))
        players, options, seed, raw_deal = record_start(record, cls.kind, MexicanOptions)
        deal: LineDeal | None = None
        next_deals: tuple[LineDeal, ...] = ()
        if raw_deal is not None:
            deal, next_deals = read_line_deal(raw_deal, full_set(options.set), len(players))
            check_deals((deal, *next_deals), options)
        try:
            return cls(players, options, seed=seed, deal=deal, next_deals=next_deals)
        except OptionError:
            raise
        except ValueError as exc:
            raise RecordError(str(exc)) from None

    def summary(self) -> dict[str, Any]:
        """The replay JSON: the common keys, then the round, its engine, every train (the
        tiles in the order laid), the open trains and the waiting double's train."""
        n = len(self.players)
        return {
            **self._summary_head(self.totals, self.round),
            "round": self.round,
            "rounds": self.options.round_count,
            "engine": str(self.engine),
            "trains": {self.names[i]: [str(t) for t in train]
                       for i, train in enumerate(self.trains)},
            "open": [self.names[s] for s in range(n) if self.markers[s]],
            "waiting": None if self.waiting is None else self.names[self.waiting],
        }

    def copy(self) -> MexicanGame:
        """An independent copy, cheap enough for AI playouts (the same future deals)."""
        other = self._copy_base()
        other.trains = [list(train) for train in self.trains]
        other.ends = list(self.ends)
        other.markers = list(self.markers)
        other.totals = list(self.totals)
        return other


def check_deals(deals: Sequence[LineDeal], options: MexicanOptions) -> None:
    """Raise RecordError unless every explicit deal fits its round: no more deals than
    rounds, a tile in every hand, and not the round's engine."""
    if len(deals) > options.round_count:
        raise RecordError(f"the record gives {len(deals)} deals for a game of "
                          f"{options.round_count} rounds")
    for index, one in enumerate(deals):
        engine = engine_of(options.set, index + 1)
        if not all(one.hands):
            raise RecordError("every hand of a deal needs at least one tile")
        if any(engine in hand for hand in one.hands) or engine in one.stock:
            raise RecordError(f"the deal of round {index + 1} holds its engine {engine}")


def seeded_deal(players: int, top: int, hand_size: int, rng: SeededRandom,
                index: int) -> LineDeal:
    """Round `index + 1`'s deal from the seed's stream: the double-`top` set less the
    round's engine, shuffled, `hand_size` tiles a seat, the rest the stock."""
    engine = engine_of(top, index + 1)
    tiles = [t for t in full_set(top) if t != engine]
    return deal_from_seed(rng, tiles, players, hand_size)
