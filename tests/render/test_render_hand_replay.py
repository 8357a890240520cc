"""Hand pictures, replay GIFs and the gallery command."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.carousel import CarouselGame
from engine.clock import ClockGame
from engine.notation import tile_text
from engine.traditional import TraditionalGame
from render import render_hand, render_replay_gif
from render.__main__ import main
from render.games.carousel import carousel_record
from render.games.clock import clock_record
from render.games.traditional import traditional_record
from render.hand import playable_tiles, tile_label
from render.samples import PLAYERS, replayed

MAX_GIF = 8 * 1024 * 1024


def test_a_hand_lists_its_tiles_and_rings_the_playable_ones():
    game = TraditionalGame(PLAYERS[:2], seed=5)
    game.play(game.legal_moves()[0])
    for seat in (0, 1):
        view = game.view(seat)
        pic = render_hand(view)
        img = Image.open(io.BytesIO(pic.data))
        assert img.format == "PNG" and img.size == (pic.width, pic.height)
        assert all(tile_text(t) in pic.alt for t in view.hand)
        playable = playable_tiles(view)
        assert playable == {m.tile for m in view.legal_moves if m.tile is not None}
        if playable:
            assert "Playable: " in pic.alt
        if seat != game.to_move:
            assert not playable


def test_a_hand_with_playable_tiles_differs_from_the_same_hand_without():
    game = TraditionalGame(PLAYERS[:2], seed=1)
    game.play(game.legal_moves()[0])
    seat = game.to_move
    view = game.view(seat)
    assert playable_tiles(view)
    import dataclasses
    assert render_hand(view).data != render_hand(dataclasses.replace(view, legal_moves=())).data


def test_labels_are_the_button_texts():
    game = CarouselGame(PLAYERS[:7], seed=3)
    view = game.view(0)
    assert [tile_label(t) for t in view.hand] == [tile_text(t) for t in view.hand]
    assert render_hand(view, "light").alt.startswith("Anfisa's hand, 7 tiles: ")


def test_a_spectator_and_the_clock_have_no_hand():
    with pytest.raises(ValueError):
        render_hand(TraditionalGame(PLAYERS[:2], seed=1).view(None))
    with pytest.raises(TypeError):
        render_hand(ClockGame(seed=1).view(0))  # type: ignore[arg-type]


def check_gif(record) -> None:
    pic = render_replay_gif(record)
    assert pic.format == "gif"
    assert len(pic.data) < MAX_GIF
    img = Image.open(io.BytesIO(pic.data))
    assert img.format == "GIF"
    assert img.n_frames == len(record["moves"]) + 1
    assert img.size == (pic.width, pic.height)
    assert "Replay" in pic.alt


def test_replay_gifs_have_one_frame_a_move_and_stay_small():
    check_gif(traditional_record())
    long_clock = clock_record(seed=21)
    assert len(long_clock["moves"]) > 150
    check_gif(long_clock)


def test_a_long_carousel_match_replays_under_8_mb():
    game = CarouselGame(PLAYERS[:4], seed=9)
    from render.samples import autoplay
    record = autoplay(game, 9, max_moves=400).record()
    assert len(record["moves"]) >= 200
    check_gif(record)


def test_replays_are_deterministic():
    record = carousel_record(players=3, seed=4)
    assert render_replay_gif(record) == render_replay_gif(record)
    assert replayed(record, 10**6).record()["moves"] == record["moves"]


def test_gallery_writes_every_game(tmp_path, capsys):
    assert main(["gallery", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    for game in ("traditional", "carousel", "carousel7", "clock"):
        for stage in ("opening", "middle", "end"):
            assert f"{game}-{stage}.png" in names
    for extra in ("traditional-long.png", "hand-traditional.png", "replay-traditional.gif",
                  "clock6-middle.png", "review-360.png"):
        assert extra in names
    with pytest.raises(SystemExit) as usage:
        main([])
    assert usage.value.code == 2
