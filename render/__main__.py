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
from typing import Any

from engine.registry import GAME_NAMES
from render import DEFAULT_THEME, Picture, render_board, render_hand, render_replay_gif
from render.review import review_sheet
from render.samples import (
    carousel_record,
    clock_record,
    long_traditional_record,
    mexican_record,
    replayed,
    stages,
    traditional_record,
)


def _save(out: Path, name: str, pic: Picture) -> None:
    (out / f"{name}.{pic.format}").write_bytes(pic.data)
    (out / f"{name}.txt").write_text(pic.alt + "\n", encoding="utf-8")


def _hand_view(record: dict[str, Any], moves: int) -> Any:
    """The view of the seat to move after `moves` moves (or the first seat at the end)."""
    game = replayed(record, moves)
    seat = game.to_move if game.to_move is not None else 0
    return game.view(seat)


def sample_boards() -> list[tuple[str, Any, str]]:
    """(name, public view, theme) of every board the gallery shows: each a real position
    of a game played from a seed by the computer player."""
    boards: list[tuple[str, Any, str]] = []
    records = {
        "traditional": traditional_record(),
        "carousel": carousel_record(players=4),
        "carousel7": carousel_record(players=7),
        "clock": clock_record(seed=1),
        "mexican": mexican_record(),
    }
    for game_name, record in records.items():
        for stage, game in stages(record).items():
            boards.append((f"{game_name}-{stage}", game.view(None), DEFAULT_THEME))
    ends = {
        "carousel-pairs-end": carousel_record(players=4, seed=4, pairs=True),
        "carousel2-end": carousel_record(players=2, seed=6),
        "traditional-long": long_traditional_record(),
        "traditional4-end": traditional_record(seed=3, players=4),
    }
    for name, record in ends.items():
        boards.append((name, replayed(record, 10**6).view(None), DEFAULT_THEME))
    boards.append(("traditional-long-numerals", boards[-2][1], "table-numerals"))
    for players in (2, 8):
        end = replayed(mexican_record(seed=players, players=players), 10**6)
        boards.append((f"mexican{players}-end", end.view(None), DEFAULT_THEME))
    for hours in (6, 9):
        middle = stages(clock_record(seed=2, hours=hours))["middle"]
        boards.append((f"clock{hours}-middle", middle.view(None), DEFAULT_THEME))
    return boards


def sample_hands() -> list[tuple[str, Any, str]]:
    """(name, seat's view, theme) of every hand the gallery shows."""
    return [("hand-traditional", _hand_view(traditional_record(), 4), DEFAULT_THEME),
            ("hand-carousel7", _hand_view(carousel_record(players=7), 20), DEFAULT_THEME),
            ("hand-mexican", _hand_view(mexican_record(), 12), DEFAULT_THEME)]


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
    save("replay-traditional", render_replay_gif(traditional_record()))
    save("review-360", review_sheet(boards))
    return names


def docs_pictures(out: Path) -> list[str]:
    """Write `<game>.png` (a table of each game in its middle) and `hand.png` into `out`,
    and the same in Russian and Ukrainian (`<game>.ru.png`, `<game>.uk.png`)."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    middles = {f"{game}-middle" for game in GAME_NAMES}  # each registered game's, in its middle
    for locale in ("en", "ru", "uk"):
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
