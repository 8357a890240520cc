"""`python -m render gallery OUTDIR`: a PNG of every game at its opening, middle and end,
plus hands, a 7-player carousel, a long wrapping line, a replay GIF and a review sheet
of every board at a phone's width on both Discord themes (review-360.png).

Each picture's alt text is written next to it (same name, `.txt`).

`python -m render docs docs/pictures`: the pictures the README and /domino help show,
one table of each game in its middle, and a hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from catalog.reader import LANGUAGES
from engine.registry import GAME_NAMES
from render import Picture, render_board, render_hand, render_replay_gif
from render.games import GameSamples, Sample
from render.games import samples as game_samples_of
from render.review import review_sheet


def _save(out: Path, name: str, pic: Picture) -> None:
    (out / f"{name}.{pic.format}").write_bytes(pic.data)
    (out / f"{name}.txt").write_text(pic.alt + "\n", encoding="utf-8")


def game_samples() -> list[GameSamples]:
    """Every registered game's samples (render/games/<game>.py), in registry order."""
    return [found for name in GAME_NAMES if (found := game_samples_of(name)) is not None]


def sample_boards() -> list[Sample]:
    """(name, public view, theme) of every board the gallery shows: each a real position
    of a game played from a seed by the computer player. Each game's opening, middle and
    end come first, then the other boards, game by game."""
    every = game_samples()
    return [*(b for found in every for b in found.boards),
            *(b for found in every for b in found.extras)]


def sample_hands() -> list[Sample]:
    """(name, seat's view, theme) of every hand the gallery shows."""
    return [hand for found in game_samples() for hand in found.hands]


def gallery(out: Path) -> list[str]:
    """Write the gallery into `out`; return the names written.

    `review-360.png` shows every board at a phone's width on both Discord themes.
    """
    out.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    boards: list[tuple[str, Picture]] = []

    def save(name: str, pic: Picture) -> None:
        _save(out, name, pic)
        names.append(f"{name}.{pic.format}")

    for name, view, theme in sample_boards():
        pic = render_board(view, theme)
        save(name, pic)
        boards.append((name, pic))
    for name, view, theme in sample_hands():
        save(name, render_hand(view, theme))
    for found in game_samples():
        for name, record in found.replays:
            save(name, render_replay_gif(record))
    save("review-360", review_sheet(boards))
    return names


def docs_pictures(out: Path) -> list[str]:
    """Write `<game>.png` (a table of each game in its middle) and `hand.png` into `out`,
    and the same in every translated language (`<game>.ru.png`, `<game>.uk.png`,
    `<game>.es.png`, `<game>.pt.png`)."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    middles = {f"{game}-middle" for game in GAME_NAMES}  # each registered game's, in its middle
    for locale in LANGUAGES:
        suffix = "" if locale == "en" else f".{locale}"
        pictures = {name.removesuffix("-middle"): render_board(view, theme, locale)
                    for name, view, theme in sample_boards()
                    if name in middles}
        pictures["hand"] = render_hand(*sample_hands()[0][1:], locale)
        for name, pic in pictures.items():
            _save(out, name + suffix, pic)
            names.append(f"{name}{suffix}.png")
    return names


def main(argv: list[str]) -> int:
    """Write the pictures `argv` asks for; `--help` prints the usage and writes nothing."""
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("gallery", "docs"))
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    out: Path = args.outdir
    for name in (gallery if args.what == "gallery" else docs_pictures)(out):
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
