"""Finished games as the pages show them: the record, every move with whose it was and
the scores after it, the hands of a match, and the board after any move.

Only a finished table is ever read here: a table in its lobby, in play, cancelled or
abandoned is "no such game" (`GameNotFound`), so nothing of an unfinished game (hand,
position, deal) can reach a page. Boards are drawn on request off the event loop and
kept in a bounded cache, so stepping through a game draws each position once.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.game import Game, HandSummary
from engine.records import new_game, replay
from engine.registry import game_spec
from render import render_board
from storage import Storage


class GameNotFound(LookupError):
    """No finished game with that id in that server."""


@dataclass(frozen=True)
class Step:
    """Move `number` (from 1): who made it (`seat`), its record text, the scores after it,
    and the `hand` (round) it was made in, from 1."""

    number: int
    seat: int | None
    move: str
    scores: tuple[int, ...]
    hand: int = 1


# The most moves a part of a folded game holds: a hand longer than this is cut in parts
# of equal length, so no page of moves grows with the game (issue 52: under 100 KB).
PART_MOVES = 250


@dataclass(frozen=True)
class Part:
    """Part `number` (from 1) of a game's moves: moves `first` to `last` (numbers from 1),
    all of hand `hand`, and the scores after its last move."""

    number: int
    hand: int
    first: int
    last: int
    scores: tuple[int, ...]


def parts_of(steps: tuple[Step, ...], most: int = PART_MOVES) -> tuple[Part, ...]:
    """The game's moves cut hand by hand, each hand in as few parts of at most `most`
    moves as it needs (of equal length, to one move); together every move once, in
    order; no part for a game of no moves."""
    hands: list[list[Step]] = []
    for step in steps:
        if not hands or hands[-1][0].hand != step.hand:
            hands.append([])
        hands[-1].append(step)
    parts: list[Part] = []
    for hand in hands:
        pieces = -(-len(hand) // most)
        size = -(-len(hand) // pieces)
        for start in range(0, len(hand), size):
            piece = hand[start:start + size]
            parts.append(Part(len(parts) + 1, piece[0].hand, piece[0].number,
                              piece[-1].number, piece[-1].scores))
    return tuple(parts)


@dataclass(frozen=True)
class FinishedGame:
    """What a game page shows of one finished game; `resigners` are the seats whose
    resignation ended it (reason "resigned"), else none; `users` each seat's Discord id
    (None: a computer player); `pairs` whether it was played in two pairs (seat s for
    pair s % 2)."""

    table_id: int
    guild_id: int | None
    game: str
    players: tuple[str, ...]
    record: dict[str, Any]
    steps: tuple[Step, ...]
    hands: tuple[HandSummary, ...]
    reason: str
    places: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished_at: float
    resigners: tuple[int, ...] = ()
    parts: tuple[Part, ...] = ()
    users: tuple[int | None, ...] = ()
    pairs: bool = False

    @property
    def solitaire(self) -> bool:
        return game_spec(self.game).solitaire

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that score together: the two pairs (seats 0 and 2, 1 and 3) in a
        pairs game, else each seat alone; in seat order of their first seat."""
        seats = range(len(self.players))
        if self.pairs:
            return tuple(tuple(s for s in seats if s % 2 == k) for k in (0, 1))
        return tuple((s,) for s in seats)


def _steps(record: dict[str, Any]) -> tuple[tuple[Step, ...], Game[Any]]:
    game = new_game(record)
    steps = []
    for number, move in enumerate(record["moves"], start=1):
        seat, hand = game.to_move, game.finished_hands + 1  # the move ending a hand is in it
        game.play(move)
        scores = tuple(game.score_of(s) for s in range(len(game.players)))
        steps.append(Step(number, seat, move, scores, hand))
    return tuple(steps), game


def _board(record: dict[str, Any], moves: int, lang: str) -> bytes:
    game = replay({**record, "moves": record["moves"][:moves]})
    return render_board(game.view(None), locale=lang).data


class Replays:
    """Finished games read from storage, and their boards, with bounded caches."""

    def __init__(self, store: Storage, *, games: int = 64, boards: int = 1024,
                 draw: Callable[[dict[str, Any], int, str], bytes] = _board) -> None:
        self.store = store
        self._games: OrderedDict[int, FinishedGame] = OrderedDict()
        # A board is kept under its game's scope (server; None: DMs) as well as its id.
        self._boards: OrderedDict[tuple[int | None, int, int, str], bytes] = OrderedDict()
        self._limits = (games, boards)
        self._draw = draw
        self.drawn = 0  # boards drawn so far (the cache's misses)
        # A person erased (/domino forget-me): no cached game or board keeps their name.
        store.on_forget(self.clear)

    def clear(self) -> None:
        """Forget every cached game and board (they are read and drawn again)."""
        self._games.clear()
        self._boards.clear()

    async def game(self, guild_id: int | None, table_id: int) -> FinishedGame:
        """The finished game `table_id` of server `guild_id` (None: played in DMs).
        Raises GameNotFound for any other table, whatever its status."""
        cached = self._games.get(table_id)
        if cached is None:
            cached = await self._read(table_id)
            self._games[table_id] = cached
            while len(self._games) > self._limits[0]:
                self._games.popitem(last=False)
        self._games.move_to_end(table_id)
        if cached.guild_id != guild_id:
            raise GameNotFound(table_id)
        return cached

    async def _read(self, table_id: int) -> FinishedGame:
        table = await self.store.get_table(table_id)
        if table is None or table.status != "finished":
            raise GameNotFound(table_id)
        stored = await self.store.record(table_id)
        # The engine writes the record again from its replay, so every deal is explicit.
        full = await asyncio.to_thread(lambda: replay(stored).record())
        steps, final = await asyncio.to_thread(_steps, full)
        hands = tuple(final.hand_summary(i) for i in range(final.finished_hands))
        found = FinishedGame(
            table_id=table.id, guild_id=table.guild_id, game=table.game,
            players=final.players, record=full, steps=steps, hands=hands,
            parts=parts_of(steps), reason="", places=(), scores=(), winners=(),
            finished_at=table.updated_at, users=tuple(seat.user_id for seat in table.seats),
            pairs=game_spec(table.game).in_pairs(full.get("options", {})))
        outcome = final.outcome()
        if outcome is not None:
            return dataclasses.replace(
                found, reason=outcome.reason, places=outcome.places,
                scores=outcome.scores, winners=outcome.winners)
        return await self._resigned(found)

    async def _resigned(self, found: FinishedGame) -> FinishedGame:
        """A game the moves do not end, yet finished: a resignation (or a forfeit on time)
        ended it, which the record does not hold; its stored results say how it ended.
        Resigners share the last place (tables/results.py), so they are the seats in it.
        Raises GameNotFound when no results were stored either."""
        rows = await self.store.results_of_table(found.table_id)
        if len(rows) != len(found.players):
            raise GameNotFound(found.table_id)
        places = tuple(row.place for row in rows)
        return dataclasses.replace(
            found, reason="resigned", places=places,
            scores=tuple(row.points for row in rows),
            winners=tuple(s for s, place in enumerate(places) if place == 1),
            resigners=tuple(s for s, place in enumerate(places) if place == max(places)))

    async def board(self, game: FinishedGame, moves: int, lang: str) -> bytes:
        """The PNG of the board after the first `moves` moves (0: the deal). Raises
        GameNotFound for a number outside 0..len(moves)."""
        if not 0 <= moves <= len(game.steps):
            raise GameNotFound(game.table_id)
        key = (game.guild_id, game.table_id, moves, lang)
        data = self._boards.get(key)
        if data is None:
            data = await asyncio.to_thread(self._draw, game.record, moves, lang)
            self.drawn += 1
            self._boards[key] = data
            while len(self._boards) > self._limits[1]:
                self._boards.popitem(last=False)
        self._boards.move_to_end(key)
        return data
