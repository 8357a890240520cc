"""The Partnership Dominó board: the line drawn as Traditional's (render/games/traditional.py
lays it out), under a header that shows the two pairs.

Partners sit opposite (seats 1 and 3 against 2 and 4): each player's chip is outlined in
their pair's colour, the title's corner gives the two pairs' match scores, and a note line
per pair names the partners with their score. The passes of the hand in progress are
read for what they show, the numbers a player lacks (the open ends they passed on),
which is what partners and opponents go by. After a hand, its end (who went
out or blocked it, what the winners scored) and each pair's pips left.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.line import Line
from engine.partnership.game import PartnershipGame
from engine.partnership.options import PartnershipOptions
from engine.partnership.scoring import PAIRS, pair_counts, pair_of
from engine.partnership.spec import SPEC
from engine.partnership.view import HandResult, PartnershipView
from render.canvas import (
    BOARD_WIDTH,
    MARGIN,
    NOTE_SIZE,
    Chip,
    draw_header,
    header_height,
    new_canvas,
    result_banner,
    text_width,
)
from render.drawer import BoardDrawer
from render.games import GameSamples, Sample
from render.games.traditional import UNIT, draw_tag, end_tags, lay_line
from render.labels import ENGLISH, Labels
from render.layout import Frame, bounds
from render.samples import PLAYERS, autoplay, hand_view, played_once, replayed, stages
from render.text import move_tile, names_and
from render.theme import DEFAULT_THEME, RGB, Theme
from render.tiles import paste_tile

# Each pair's colour, as the Carousel's pairs are drawn (pair 0: seats 1 and 3).
PAIR_MARKS: tuple[RGB, RGB] = ((67, 181, 129), (235, 69, 158))


def passes(view: PartnershipView) -> list[tuple[int, tuple[int, int]]]:
    """This hand's passes in order: (seat, the two open numbers it passed on). The ends
    are found by laying the hand's public moves again on a line of its own."""
    line = Line()
    found: list[tuple[int, tuple[int, int]]] = []
    for seat, text in view.history:
        if text == "pass":
            found.append((seat, (line.left, line.right)))
            continue
        tile = move_tile(text)
        if tile is None:
            continue
        words = text.split()
        if not line.tiles:
            line.lead(tile, seat)
        else:
            end = words[1].upper() if len(words) > 1 else line.ends_for(tile)[0]
            line.place(tile, end, seat)
    return found


def lacking(view: PartnershipView) -> list[tuple[int, tuple[int, ...]]]:
    """Each seat that passed this hand, in the order of its first pass, with the numbers
    its passes show it lacks (the open ends it passed on), ascending."""
    numbers: dict[int, set[int]] = {}
    for seat, ends in passes(view):
        numbers.setdefault(seat, set()).update(ends)
    return [(seat, tuple(sorted(found))) for seat, found in numbers.items()]


def wrapped(entries: list[str], head: str, width: int) -> list[str]:
    """`entries` after `head`, joined by " · ", in as many note lines as `width` needs
    (none without entries)."""
    lines: list[str] = []
    line = head
    for entry in entries:
        joined = (entry if not line else f"{line} {entry}" if line == head
                  else f"{line} · {entry}")
        if line and line != head and text_width(joined, NOTE_SIZE) > width:
            lines.append(line)
            line = entry
        else:
            line = joined
    return [*lines, line] if entries else []


def partners(view: PartnershipView, pair: int, labels: Labels) -> str:
    """The pair's two names, lower seat first: "Anfisa + Olena"."""
    first, second = PAIRS[pair]
    return labels("pair_partners", first=view.players[first], second=view.players[second])


def _chips(view: PartnershipView, labels: Labels) -> list[Chip]:
    passed = {seat for seat, _ in passes(view)}
    chips = []
    for seat, name in enumerate(view.players):
        facts = labels("tiles", count=view.hand_sizes[seat])
        if seat in passed:
            facts += f" · {labels('passed')}"
        tag = labels("turn") if seat == view.to_move else ""
        chips.append(Chip(name, facts, active=seat == view.to_move,
                          mark=PAIR_MARKS[pair_of(seat)], tag=tag))
    return chips


def _result_notes(view: PartnershipView, result: HandResult, labels: Labels) -> list[str]:
    """How the hand ended, what its winners scored, and each pair's pips left."""
    ender = view.players[result.ender]
    if result.winner is None:
        head = labels("partnership_tie", name=ender)
    else:
        key = "partnership_out" if result.reason == "domino" else "partnership_blocked"
        head = labels(key, name=ender, names=partners(view, result.winner, labels),
                      count=result.points)
        if result.capicua:
            head += " · " + labels("partnership_capicua", count=result.capicua)
    pips = pair_counts(result.counts)
    return [head, *wrapped([labels("partnership_pips", names=partners(view, pair, labels),
                                   count=pips[pair]) for pair in (0, 1)],
                           "", BOARD_WIDTH - 2 * MARGIN)]


def _notes(view: PartnershipView, labels: Labels) -> list[str]:
    notes = [f"{partners(view, pair, labels)}: {labels('points', count=view.pair_scores[pair])}"
             for pair in (0, 1)]
    notes += wrapped([labels("lacks", name=view.players[seat],
                             numbers=" ".join(map(str, numbers)))
                      for seat, numbers in lacking(view)],
                     labels("passes"), BOARD_WIDTH - 2 * MARGIN)
    if view.last_move is not None:
        seat, text = view.last_move
        notes.append(labels("last_move", name=view.players[seat], move=labels.move(text)))
    if view.results and (view.outcome is not None or not view.history):
        notes += _result_notes(view, view.results[-1], labels)
    if not view.line and view.to_move is not None:
        notes.append(labels("leads", name=view.players[view.to_move]))
    return notes


def _title(view: PartnershipView, labels: Labels) -> str:
    return " · ".join([labels.game(SPEC.name), labels("hand", hand=view.hand_number)]
                      + ([labels("to", target=view.target)] if view.target else []))


def frame(view: PartnershipView, theme: Theme, labels: Labels = ENGLISH) -> Frame:
    """Where the board of `view` sits on its picture (layout only)."""
    layout = lay_line(view)
    header = header_height(_chips(view, labels), _notes(view, labels), BOARD_WIDTH,
                           result_banner(view, labels))
    if layout.anchor is None:
        return Frame((-UNIT, -UNIT, UNIT, UNIT), header)
    x0, y0, x1, y1 = bounds(layout.tiles, UNIT)
    for tag in end_tags(view, layout, labels):
        x0, y0 = min(x0, math.floor(tag.box[0])), min(y0, math.floor(tag.box[1]))
        x1, y1 = max(x1, math.ceil(tag.box[2])), max(y1, math.ceil(tag.box[3]))
    return Frame((x0, y0, x1, y1), header)


def draw_partnership(view: PartnershipView, theme: Theme, fit: Frame | None = None,
                     labels: Labels = ENGLISH) -> Image.Image:
    """The board of `view` as an RGB image BOARD_WIDTH wide, in `fit` (a replay's shared
    frame) or its own frame. Reads only public fields (never `hand` or `legal_moves`)."""
    layout = lay_line(view)
    fit = fit or frame(view, theme, labels)
    _, min_y, _, max_y = fit.box
    img = new_canvas(BOARD_WIDTH, fit.top + (max_y - min_y) + 2 * MARGIN, theme)
    draw_header(img, theme, _title(view, labels), "", chips=_chips(view, labels),
                notes=_notes(view, labels), banner=result_banner(view, labels))
    dx, dy = BOARD_WIDTH // 2, fit.top + MARGIN - min_y
    draw = ImageDraw.Draw(img)
    for chain in layout.arms.values():
        for (x0, y0), (x1, y1) in chain.joints:
            draw.line((x0 + dx, y0 + dy, x1 + dx, y1 + dy), fill=theme.muted, width=UNIT // 3)
    last = move_tile(view.last_move[1]) if view.last_move is not None else None
    for p in layout.tiles:
        ring = theme.last_move if p.tile == last else None
        paste_tile(img, p.a, p.b, p.x + dx, p.y + dy, vertical=p.vertical, unit=UNIT,
                   theme=theme, ring=ring)
    for tag in end_tags(view, layout, labels):
        draw_tag(img, tag, (dx, dy), theme.accent)
    return img


def partnership_alt(view: PartnershipView, labels: Labels = ENGLISH) -> str:
    """Alt text: the hand, the pairs and their scores, the line, the passes, the last move,
    the turn or the result, and every seat's tiles in hand."""
    parts = [labels("alt_partnership", hand=view.hand_number, target=view.target)
             if view.target else labels("alt_partnership_hand")]
    parts.append(labels("alt_pairs", **{
        key: f"{partners(view, pair, labels)} {view.pair_scores[pair]}"
        for key, pair in (("first", 0), ("second", 1))}))
    if view.line and view.ends is not None:
        parts.append(labels("alt_line", count=len(view.line), left=view.ends[0],
                            right=view.ends[1]))
    else:
        parts.append(labels("alt_line_empty"))
    for note in _notes(view, labels)[2:]:
        parts.append(note + ".")
    if view.outcome is not None:
        parts.append(labels("alt_match_over", names=labels.names(
            view.players[s] for s in view.outcome.winners)))
    elif view.to_move is not None:
        parts.append(labels("alt_to_move", name=view.players[view.to_move]))
    parts.append(labels("alt_hands_stock", hands=names_and(view.players, view.hand_sizes),
                        count=view.stock_size))
    return " ".join(parts)


def partnership_board(view: PartnershipView, theme: Theme, fit: Frame | None = None,
                      labels: Labels = ENGLISH) -> tuple[Image.Image, str]:
    """The board image and its alt text."""
    return draw_partnership(view, theme, fit, labels), partnership_alt(view, labels)


DRAWER = BoardDrawer(SPEC.name, PartnershipView, partnership_board, frame)


# -- samples (the gallery, the help page's picture, the tests and benches) -----------------
@played_once
def partnership_record(seed: int = 5, target: int = 0) -> dict[str, Any]:
    """A whole Partnership game played by the normal AI: one hand (`target` 0) or a match."""
    game = PartnershipGame(PLAYERS[:4], PartnershipOptions(target=target), seed=seed)
    return autoplay(game, seed).record()


def _with_passes(seeds: range = range(40)) -> dict[str, Any]:
    """The single hand among `seeds` with the most passes (a board that shows them)."""
    best = max(seeds, key=lambda seed: partnership_record(seed)["moves"].count("pass"))
    return partnership_record(best)


def samples() -> GameSamples:
    """A single hand's stages, a blocked or passing hand's end, a match's end, a hand and a
    replay."""
    boards = [(f"partnership-{stage}", played.view(None), DEFAULT_THEME)
              for stage, played in stages(partnership_record()).items()]
    passing = _with_passes()
    extras: list[Sample] = [
        ("partnership-passes", replayed(passing, len(passing["moves"]) - 1).view(None),
         DEFAULT_THEME),
        ("partnership-match-end", replayed(partnership_record(seed=2, target=100),
                                           10**6).view(None), DEFAULT_THEME)]
    return GameSamples(
        boards=boards, extras=extras,
        hands=[("hand-partnership", hand_view(partnership_record(), 5), DEFAULT_THEME)],
        replays=[("replay-partnership", partnership_record())])
