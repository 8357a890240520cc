"""`python -m render gallery OUTDIR`: a PNG of every game at its opening, middle and end,
plus hands, a 7-player carousel, a long wrapping line and a replay GIF, in both themes.

Each picture's alt text is written next to it (same name, `.txt`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from render import Picture, render_board, render_hand, render_replay_gif
from render.samples import (
    carousel_record,
    clock_record,
    full_line_view,
    long_traditional_record,
    replayed,
    stages,
    traditional_record,
)

USAGE = "usage: python -m render gallery OUTDIR"


def _save(out: Path, name: str, pic: Picture) -> None:
    (out / f"{name}.{pic.format}").write_bytes(pic.data)
    (out / f"{name}.txt").write_text(pic.alt + "\n", encoding="utf-8")


def _hand_view(record: dict[str, Any], moves: int) -> Any:
    """The view of the seat to move after `moves` moves (or the first seat at the end)."""
    game = replayed(record, moves)
    seat = game.to_move if game.to_move is not None else 0
    return game.view(seat)


def gallery(out: Path) -> list[str]:
    """Write the gallery into `out`; return the names written."""
    out.mkdir(parents=True, exist_ok=True)
    names: list[str] = []

    def save(name: str, pic: Picture) -> None:
        _save(out, name, pic)
        names.append(f"{name}.{pic.format}")

    records = {
        "traditional": traditional_record(),
        "carousel": carousel_record(players=4),
        "clock": clock_record(seed=1),
    }
    for theme in ("dark", "light"):
        for game_name, record in records.items():
            for stage, game in stages(record).items():
                save(f"{theme}-{game_name}-{stage}", render_board(game.view(None), theme))
    seven = carousel_record(players=7)
    for stage, game in stages(seven).items():
        save(f"dark-carousel7-{stage}", render_board(game.view(None), "dark"))
    pairs = carousel_record(players=4, seed=4, pairs=True)
    save("dark-carousel-pairs-end", render_board(replayed(pairs, 10**6).view(None), "dark"))
    long_record = long_traditional_record()
    save("dark-traditional-long", render_board(replayed(long_record, 10**6).view(None)))
    save("dark-traditional-all28", render_board(full_line_view()))
    trad = records["traditional"]
    save("dark-hand-traditional", render_hand(_hand_view(trad, 4), "dark"))
    save("light-hand-traditional", render_hand(_hand_view(trad, 5), "light"))
    save("dark-hand-carousel7", render_hand(_hand_view(seven, 20), "dark"))
    save("dark-replay-traditional", render_replay_gif(trad, "dark"))
    return names


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "gallery":
        print(USAGE, file=sys.stderr)
        return 2
    out = Path(argv[1])
    for name in gallery(out):
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
