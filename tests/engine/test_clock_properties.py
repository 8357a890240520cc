"""Big Clock properties over random seeded deals and random legal play (hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.clock import ClockGame, ClockMove, ClockOptions, clock_tiles
from engine.errors import IllegalMove
from engine.records import replay
from engine.tiles import Tile


def every_candidate(hours: int) -> list[ClockMove]:
    """Every well-formed move that could name this clock's hours, and one hour beyond."""
    candidates = [ClockMove.draw(), ClockMove.discard()]
    candidates += [ClockMove.place(h) for h in range(hours + 2)]
    candidates += [ClockMove.move(a, b) for a in range(1, hours + 2) for b in range(1, hours + 2)]
    return candidates


def tiles_in_play(g: ClockGame) -> Counter[Tile]:
    every = [t for pile in g.piles for t in pile] + g.stock[g.stock_pos:] + g.discards
    if g.drawn is not None:
        every.append(g.drawn)
    return Counter(every)


def check_invariants(g: ClockGame, homes: dict[int, list[Tile]]) -> None:
    n = g.hours
    # Tiles are conserved across piles, stock, discards and the drawn tile.
    assert tiles_in_play(g) == Counter(clock_tiles(n))
    # No tile ever lies on a double.
    for pile in g.piles:
        assert not any(t.is_double for t in pile[:-1])
    # Home piles never change.
    for hour, pile in homes.items():
        assert g.piles[hour] == pile
    for hour in g.home_hours():
        homes.setdefault(hour, list(g.piles[hour]))
    # Every double is home, in trouble, waiting drawn on its way home, still in the stock,
    # or given up (then the game is lost).
    troubled = {t for t, _ in g.in_trouble()}
    stock = set(g.stock[g.stock_pos:])
    for d in range(1, n + 1):
        double = Tile(d, d)
        places = [d in g.home_hours(), double in troubled,
                  g.drawn == double and double not in troubled, double in stock,
                  double in g.discards]
        assert sum(places) == 1, (double, places)
        if double in g.discards:
            assert g.summary()["reason"] == "lost"
    # With the full set, an empty stock, no tile waiting and no trouble means won.
    if g.drawn is None and not stock and not troubled:
        assert g.summary()["reason"] in ("won", "resigned")


@settings(max_examples=60, deadline=None)
@given(top=st.sampled_from([6, 9, 12]), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=150),
       resign_at=st.one_of(st.none(), st.integers(0, 150)))
def test_random_legal_play_keeps_the_invariants(top: int, seed: int, choices: list[int],
                                                resign_at: int | None) -> None:
    g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
    homes: dict[int, list[Tile]] = {}
    check_invariants(g, homes)
    candidates = every_candidate(top)
    for step, choice in enumerate(choices):
        if g.is_over():
            break
        legal = g.legal_moves()
        # Exactly the listed moves are accepted (resign aside, which is always allowed).
        for move in candidates:
            assert (g.illegal_reason(move) is None) == (move in legal), move
        assert g.illegal_reason(ClockMove.resign()) is None
        if step == resign_at:
            g.play("resign")
            break
        move = legal[choice % len(legal)]
        copy = g.copy()
        assert copy.play(str(move)) == move
        g.play(move)
        assert g.summary() == copy.summary()
        check_invariants(g, homes)
    if g.is_over():
        assert g.legal_moves() == []
        for move in candidates:
            try:
                g.play(move)
            except IllegalMove as exc:
                assert str(exc) == "the game is over"
            else:  # pragma: no cover - a move after the end must fail
                raise AssertionError(move)
    assert replay(g.record()).summary() == g.summary()


@settings(max_examples=30, deadline=None)
@given(top=st.sampled_from([6, 9, 12]), seed=st.integers(0, 2**32))
@example(top=12, seed=1979346392)  # a person's hint once moved 1 2 / 2 1 here for ever
def test_hint_play_keeps_the_invariants_and_replays(top: int, seed: int) -> None:
    from engine.clock.ai.hint import hint

    g = ClockGame(("Ann",), ClockOptions(top), seed=seed)
    homes: dict[int, list[Tile]] = {}
    while not g.is_over():
        g.play(hint(g))  # a person's hint: it gives up only when nothing can win
        check_invariants(g, homes)
    assert replay(g.record()).summary() == g.summary()
