"""The Mexican Train board picture: every seat count, public fields only, the words."""

from __future__ import annotations

import io
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.ai import choose
from engine.mexican import MexicanGame, MexicanOptions
from engine.mexican.view import MexicanView
from engine.rng import SeededRandom
from render import HandEnd, canvas, render_board, render_hand, render_hand_end, tiles
from render.canvas import BOARD_WIDTH, MARGIN, PHONE_WIDTH
from render.games import mexican as mexican_render
from render.games.mexican import laid
from render.labels import ENGLISH, Labels
from render.theme import Theme, get_theme
from tests.render.badge_spy import spy_on_badges

Box = tuple[float, float, float, float]


def played(players: int, moves: int) -> MexicanGame:
    game = MexicanGame([f"P{i}" for i in range(players)], seed=players)
    rng = SeededRandom(players)
    while len(game.moves) < moves and game.to_move is not None:
        game.play(str(choose("normal", game.view(game.to_move), rng)))
    return game


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_board_is_public_and_names_every_train(players: int) -> None:
    game = played(players, 40)
    seat = game.to_move
    assert seat is not None
    public = render_board(game.view(None), "table", "en")
    assert render_board(game.view(seat), "table", "en").data == public.data
    image = Image.open(io.BytesIO(public.data))
    assert image.width == 720 and len(public.data) < 200_000
    assert "Mexican train" in public.alt and f"engine [{game.engine.high}|" in public.alt
    hand = render_hand(game.view(seat), "table", "en")
    assert hand.width > 0


def test_a_train_is_drawn_from_the_hub_each_tile_turned_to_the_one_before() -> None:
    game = played(4, 30)
    for index, train in enumerate(game.trains):
        halves = laid(tuple(train), game.engine.high)
        number = game.engine.high
        for _, inner, outer in halves:
            assert inner == number
            number = outer
        assert number == game.ends[index]


def test_the_alt_text_is_in_the_readers_language() -> None:
    game = played(3, 10)
    assert render_board(game.view(None), "table", "uk").alt.startswith("Мексиканський потяг")
    assert render_board(game.view(None), "table", "ru").alt.startswith("Мексиканский поезд")



def test_the_alt_text_names_the_waiting_double_and_whose_turn_it_is() -> None:
    # Issue 54: the alt text never named them, though the picture shows both.
    view = next(v for v in boards(4, games=6) if v.waiting is not None and v.history)
    waiting = view.waiting
    assert waiting is not None
    double = view.trains[waiting][-1]
    assert double.high == double.low
    alt = render_board(view, "table", "en").alt
    owner = "Mexican train" if waiting == len(view.players) else view.players[waiting]
    assert f"{owner}: the double [{double.high}|{double.high}] waits to be satisfied." in alt
    assert view.to_move is not None and alt.endswith(f"{view.players[view.to_move]} to move.")
    seat, move = view.history[-1]
    assert f"Last move: {view.players[seat]} {ENGLISH.move(move)}." in alt
    russian = render_board(view, "table", "ru").alt
    assert f"дубль [{double.high}|{double.high}] ждёт, пока его закроют." in russian
    assert russian.endswith(f"Ходит {view.players[view.to_move]}.")
    calm = next(v for v in boards(4) if v.waiting is None and v.to_move is not None)
    assert "waits" not in render_board(calm, "table", "en").alt


def test_the_alt_text_of_a_finished_game_names_its_end_and_winners() -> None:
    game = played(3, 10_000)
    assert game.to_move is None
    view = game.view(None)
    assert view.outcome is not None
    alt = render_board(view, "table", "en").alt
    assert "Game over: " in alt and "to move" not in alt
    winners = [view.players[s] for s in view.outcome.winners] or ["nobody"]
    assert alt.endswith(" and ".join(winners) + " won.")


# --- issue 28: the hidden tiles' count inside its own row, boards no taller than 1.5 ---

def boards(players: int, games: int = 3) -> Iterator[MexicanView]:
    """The public board after every move of `games` one-round games of random moves."""
    names = [f"Player {i}" for i in range(players)]
    for seed in range(games):
        game = MexicanGame(names, MexicanOptions(rounds=2), seed=seed)
        rng = random.Random(seed)
        while game.to_move is not None:
            game.play(rng.choice(game.legal_moves()))
            yield game.view(None)


def inside(inner: Box, outer: Box) -> bool:
    return (outer[0] <= inner[0] and inner[2] <= outer[2] and outer[1] <= inner[1]
            and inner[3] <= outer[3])


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


@pytest.mark.parametrize("players", range(2, 9))
def test_a_shortened_train_counts_its_hidden_tiles_inside_its_own_row(players: int) -> None:
    # Each row's boxes from its own top: the count, the tiles, the end's number and the
    # marker's badge all lie inside the row (not over the next one), none over another.
    row_box = (MARGIN, 0, BOARD_WIDTH - MARGIN, mexican_render.ROW - 4)
    shortened = 0
    for view in boards(players):
        for index, train in enumerate(view.trains):
            row = mexican_render.lay_row(view, index, Labels("ru"))
            tiles = [(x, mexican_render.TILES_TOP, x + 2 * mexican_render.UNIT,
                      mexican_render.TILES_TOP + mexican_render.UNIT) for x in row.tile_xs]
            assert row.hidden + len(tiles) == len(train)
            assert all(inside(t, row_box) for t in tiles)
            assert not any(overlap(a, b) for a, b in itertools.combinations(tiles, 2))
            number = (row.end_x, mexican_render.TILES_TOP, row.end_x + mexican_render.END_ROOM - 8,
                      mexican_render.TILES_TOP + mexican_render.UNIT)
            assert all(t[2] < number[0] for t in tiles)
            boxes: list[Box] = [*tiles, number]
            if row.marks_box is not None:
                assert inside(row.marks_box, row_box), (index, row)
                assert not any(overlap(row.marks_box, b) for b in boxes), (index, row)
                boxes.append(row.marks_box)
            if row.hidden:
                shortened += 1
                # Its last seven tiles at least; two beside the widest badge.
                assert row.count_box is not None and len(tiles) >= (2 if row.marks else 7)
                assert inside(row.count_box, row_box), (index, row)
                assert not any(overlap(row.count_box, b) for b in boxes), (index, row)
            else:
                assert row.count_box is None
    assert shortened > 0


def test_the_count_is_drawn_where_the_layout_puts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    view = next(v for v in boards(8) if any(
        mexican_render.lay_row(v, i).hidden for i in range(len(v.trains))))
    drawn = spy_on_badges(monkeypatch, mexican_render)
    theme = get_theme("table")
    fit = mexican_render.frame(view, theme)
    image = mexican_render.draw_mexican(view, theme, fit)
    top = fit.top + MARGIN + mexican_render.HUB
    for index in range(len(view.trains)):
        row = mexican_render.lay_row(view, index)
        if row.count_box is None:
            continue
        x0, y0, x1, y1 = row.count_box
        y = top + index * mexican_render.ROW
        assert (((x0 + x1) / 2, y + (y0 + y1) / 2), f"+{row.hidden}") in drawn
        assert y + y1 <= top + (index + 1) * mexican_render.ROW <= image.height


@pytest.mark.parametrize("players", range(2, 9))
def test_every_board_is_at_most_one_and_a_half_times_as_tall_as_wide(players: int) -> None:
    theme = get_theme("table")
    tallest = 0
    for view in boards(players, games=2):
        fit = mexican_render.frame(view, theme)
        tallest = max(tallest, fit.top + fit.box[3] - fit.box[1] + 2 * MARGIN)
    assert tallest <= 1.5 * BOARD_WIDTH, (players, tallest)


def test_the_player_to_move_is_marked_by_an_arrow_and_words(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    texts: list[str] = []
    polygons = []
    real_text, real_polygon = canvas.draw_text, ImageDraw.ImageDraw.polygon

    def text(img, xy, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(words)
        return real_text(img, xy, words, *args, **kwargs)

    def polygon(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        polygons.append(args)
        return real_polygon(self, *args, **kwargs)

    monkeypatch.setattr(mexican_render, "draw_text", text)
    monkeypatch.setattr(canvas, "draw_text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "polygon", polygon)
    game = played(4, 9)
    render_board(game.view(None), "table", "en")
    assert texts.count(ENGLISH("turn")) == 1 and len(polygons) == 1
    assert any(t.startswith("· ") and "tiles" in t for t in texts)  # each row's facts
    texts.clear()
    polygons.clear()
    while game.to_move is not None:
        game.play(game.legal_moves()[0])
    render_board(game.view(None), "table", "en")
    assert ENGLISH("turn") not in texts and not polygons
    assert not any(t.startswith("picture.") for t in texts)  # every word is in the catalog


@pytest.mark.parametrize("theme_name", ["table", "dark", "light"])
def test_every_half_but_the_blank_shows_its_numeral(theme_name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 54: the pips of 1 to 6 were 3 px dots at a phone's width (5 and 6 alike); on
    # this board every half shows its numeral, 13 px or more there, the blank none.
    faces: list[tuple[int, int, int, Theme]] = []
    real = tiles.tile_image

    def counted(a: int, b: int, **kw: Any) -> Image.Image:
        faces.append((a, b, kw["unit"], kw["theme"]))
        return real(a, b, **kw)

    monkeypatch.setattr(tiles, "tile_image", counted)
    game = played(4, 60)
    render_board(game.view(None), theme_name, "en")
    shown = {n for a, b, _, _ in faces for n in (a, b)}
    assert len(shown) >= 8  # the engine and trains show most numbers
    for a, b, unit, look in faces:
        for number in (a, b):
            assert tiles.numbered(number, look) == (number != 0), (number, look.name)
            assert tiles.smallest_pip(number, unit, look) == 0.0
        assert tiles.numeral_size(unit) * PHONE_WIDTH / BOARD_WIDTH >= 13
        assert look.name == theme_name  # the same colours: only the halves' marks differ


def test_the_hand_shows_the_numerals_the_board_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    # The tiles in hand look like the same tiles on the trains: numerals, the blank none.
    faces: list[tuple[int, Theme]] = []
    real = tiles.tile_image

    def counted(a: int, b: int, **kw: Any) -> Image.Image:
        faces.extend((n, kw["theme"]) for n in (a, b))
        return real(a, b, **kw)

    monkeypatch.setattr(tiles, "tile_image", counted)
    game = played(4, 6)
    assert game.to_move is not None
    render_hand(game.view(game.to_move), "table", "en")
    assert len({n for n, _ in faces}) >= 5
    assert all(tiles.numbered(n, look) == (n != 0) for n, look in faces)
    faces.clear()  # and so do the tiles left in the round's summary
    while not game.finished_hands:
        game.play(game.legal_moves()[0])
    render_hand_end(HandEnd(game.players, game.hand_summary(0), game="mexican"), "table", "en")
    assert len({n for n, _ in faces}) >= 5
    assert all(tiles.numbered(n, look) == (n != 0) for n, look in faces)
