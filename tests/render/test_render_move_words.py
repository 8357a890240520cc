"""Carousel's score reasons and the move words in the picture's language (issue 16): the
engine carries a reason as a catalog Phrase; the record keeps its English."""

from __future__ import annotations

from typing import Any

import pytest

from catalog.reader import reading
from engine.carousel import CarouselGame
from engine.records import new_game
from render import canvas
from render.games import carousel as carousel_render
from render.games import traditional as traditional_render
from render.games.carousel import carousel_alt
from render.games.traditional import traditional_alt, traditional_record
from render.labels import Labels
from render.samples import stages
from render.theme import TABLE


def _scored(bob: int = 0, **options: object) -> CarouselGame:
    """Ann opens [5|5] (10: 2 points, +1 tile bonus), Bob (who had `bob` points) lays
    [5|0] on L (10 again, +1), then Ann must draw."""
    game = new_game({"game": "carousel", "players": ["Ann", "Bob"],
                     "options": {"tile_bonus": True, **options},
                     "deal": {"hands": [["5-5", "1-0", "6-6"], ["5-0", "2-2", "6-1"]],
                              "stock": ["3-3", "4-4"]}, "moves": []})
    assert isinstance(game, CarouselGame)
    game.side_scores[1] = bob
    game.play("5-5")
    game.play("5-0 L")
    return game


ENDS_AND_BONUS = {
    "en": "ends 5+5+0 = 10 -> 2 points; tile bonus [5|0] -> 1 point = 3 points",
    "ru": "концы 5+5+0 = 10 → 2 очка; бонус за фишку [5|0] → 1 очко = 3 очка",
    "uk": "кінці 5+5+0 = 10 → 2 очки; бонус за кістку [5|0] → 1 очко = 3 очки",
}


@pytest.mark.parametrize(("locale", "last_move", "last_score"), [
    ("en", "Last move: Bob [5|0] L.", "Last score: Bob +3 ({})."),
    ("ru", "Последний ход: Bob [5|0] Л.", "Последние очки: Bob +3 ({})."),
    ("uk", "Останній хід: Bob [5|0] Л.", "Останні очки: Bob +3 ({})."),
])
def test_a_carousel_score_and_move_are_read_in_the_alt_texts_language(
        locale: str, last_move: str, last_score: str) -> None:
    alt = carousel_alt(_scored().view(None), Labels(locale))
    assert last_move in alt
    assert last_score.format(ENDS_AND_BONUS[locale]) in alt
    notes = carousel_render._notes(_scored().view(None), Labels(locale))
    # The picture says the move and what it scored in one line (issue 28: "Last score"
    # beside "Last move" repeated each other); the reason is the alt text's.
    assert f"{last_move.removesuffix('.')}, +3" in notes, notes
    assert not any(ENDS_AND_BONUS[locale] in note for note in notes), notes


@pytest.mark.parametrize(("locale", "drew", "sides"), [
    ("en", "Last move: Ann draw.", "arms L 0 (1 tile), R 5 (0 tiles), U 5"),
    ("ru", "Последний ход: Ann с базара.", "концы Л 0 (1 фишка), П 5 (0 фишек), В 5"),
    ("uk", "Останній хід: Ann з базару.", "кінці Л 0 (1 кістка), П 5 (0 кісток), В 5"),
])
def test_a_draw_and_the_arm_sides_are_in_the_readers_words(locale: str, drew: str,
                                                           sides: str) -> None:
    game = _scored()
    game.play("draw")
    alt = carousel_alt(game.view(None), Labels(locale))
    assert drew in alt and sides in alt


def test_a_score_past_the_target_says_so_in_each_language() -> None:
    game = _scored(bob=9, target=11, exact_finish=True)  # Bob's 9 + 3 would pass 11
    event = game.view(None).scoring[-1]
    assert not event.recorded
    assert Labels("ru").reason(event.reason) == (
        f"{ENDS_AND_BONUS['ru']} (не засчитано: счёт перевалит за 11)")
    assert Labels("uk").reason(event.reason) == (
        f"{ENDS_AND_BONUS['uk']} (не зараховано: рахунок перевалить за 11)")
    assert str(event.reason) == ("ends 5+5+0 = 10 -> 2 points; tile bonus 5-0 -> 1 point = "
                                 "3 points (not recorded: past the target 11)")


def test_the_record_keeps_the_english_reason_whoever_reads() -> None:
    with reading("ru"):
        scoring = _scored().summary()["scoring"]
    assert [s["reason"] for s in scoring] == [
        "ends 5+5 = 10 -> 2 points; tile bonus 5-5 -> 1 point = 3 points",
        "ends 5+5+0 = 10 -> 2 points; tile bonus 5-0 -> 1 point = 3 points"]


@pytest.mark.parametrize(("locale", "left", "right", "alt"), [
    ("en", "L ", "R ", "open ends L "), ("ru", "Л ", "П ", "открытые концы Л "),
    ("uk", "Л ", "П ", "відкриті кінці Л "),
])
def test_a_traditional_picture_names_its_ends_in_the_readers_letters(
        locale: str, left: str, right: str, alt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = stages(traditional_record(seed=3))["middle"]
    drawn: list[str] = []
    real = canvas.badge

    def badge(img: Any, at: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(img, at, text, *args, **kwargs)

    monkeypatch.setattr(traditional_render, "badge", badge)
    traditional_render.draw_traditional(game.view(None), TABLE, labels=Labels(locale))
    assert [text[:2] for text in drawn] == [left, right]
    assert alt in traditional_alt(game.view(None), Labels(locale))
