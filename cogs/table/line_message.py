"""The line games' table message (every game without a layout of its own): board, turn,
scores and buttons, or the result; and hands' ends and results in words.

Public messages are built from `game.view(None)` only. The lobby's message is
cogs/lobby/lobby_message.py's, a hand's cogs/play/hand_message.py's, Big Clock's
cogs/table/games/clock.py's; the pieces they are all made of are in
cogs/common/components.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import ui

from catalog import has, t, tn
from cogs.common.components import Shot, layout, rows, seat_label, when
from cogs.common.escape import shown
from cogs.common.game_words import ending, move_words, reason_words
from cogs.lobby.lobby_message import lobby_layout
from cogs.play.move_buttons import PlayButton
from cogs.stats.review_button import ReviewButton
from cogs.table.held_seats import claim_button, held_lines
from cogs.table.table_buttons import BackButton, TableButton
from engine.game import HandSummary
from engine.line_game import line_view
from engine.notation import piece_text, tile_text
from engine.registry import game_spec
from tables.live import LiveTable
from tables.results import seat_results
from tables.reviews import reviewable

log = logging.getLogger(__name__)

# -- the table message (line games) --------------------------------------------------------
BoardText = Callable[[Any], list[str]]


def line_text(view: Any) -> list[str]:
    """A line of tiles (Traditional) in words, also the fallback when there is no picture."""
    if not view.line:
        return [t("table.board_empty")]
    line = " ".join(piece_text(p.left, p.right) for p in view.line)
    ends = f"{view.ends[0]} · {view.ends[1]}"
    return [t("table.board", line=line), t("table.ends", ends=ends)]


def table_layout(table: LiveTable, shot: Shot | None,
                 board_text: BoardText) -> ui.LayoutView:
    """The one public message of a line-game table: board, turn, scores; or its result."""
    if table.status == "lobby":
        return lobby_layout(table)
    game = table.game
    game_name = t(f"game.{table.game_kind}")
    title = t("table.title", game=game_name, table=table.id)
    if game is None:
        if table.status == "cancelled":
            key = "table.cancelled"
        elif table.settings.starts_at is not None:  # told as its schedule told it
            key = "table.closed_unfilled"
        else:
            key = "table.abandoned"
        return layout([title, t(key)], None, [])
    view = line_view(game.view(None))
    # The move number: how far the game is, and which state the message shows.
    head = (t(game_key("table.hand_no", table.game_kind), hand=view.hand_number) + " · "
            + t("table.move_no", move=table.seq))
    if view.target:
        head += " · " + t("table.target", target=view.target)
    texts = [title, head, *board_text(view), t("table.stock", stock=view.stock_size)]
    for s, name in enumerate(view.players):
        marker = "▶ " if s == view.to_move and table.status == "playing" else ""
        texts.append(t("table.player", marker=marker, name=shown(name),
                       tiles=tn("count.tiles", view.hand_sizes[s]), score=view.scores[s]))
    last = view.last_move
    if last is not None:
        texts.append(t("table.last", name=shown(view.players[last[0]]), move=move_words(last[1])))
    event = view.last_score
    if event is not None and event.seat is not None:
        texts.append(t("table.last_score", name=shown(view.players[event.seat]),
                       points=event.points, reason=reason_words(event.reason)))
    if game.finished_hands and (table.status != "playing" or not view.history):
        # The hand that just ended, until the next one's first move.
        texts += hand_summary_text(table, game.hand_summary(game.finished_hands - 1))
    if table.status == "playing":
        texts += [t("table.away", name=shown(table.seats[s].name)) for s in table.settings.away
                  if s < len(table.seats)]
        texts += [t("table.resigned_ai", name=shown(table.seats[s].name))
                  for s in table.settings.resigned if s < len(table.seats)]
        texts += held_lines(table)
        return layout([*texts, _turn_text(table, view)], shot, _playing_rows(table, view),
                       colour=0x2ECC71)
    if table.status == "cancelled":  # never read as a result
        return layout([*texts, t("table.cancelled")], shot, [], colour=0x99AAB5)
    texts += result_text(table)
    if table.status == "finished":
        ended: list[ui.Item[Any]] = [
            TableButton("rematch", table.id, label=t("table.rematch"),
                        style=discord.ButtonStyle.success),
            TableButton("rules", table.id, label=t("table.rules"))]
        if reviewable(table.game_kind):  # the computer's review, for whoever asks, privately
            ended.append(ReviewButton(table.id, label=t("review.button")))
        found = rows(ended, 1)
    else:
        texts.append(t("table.cancelled" if table.status == "cancelled" else "table.abandoned"))
        found = []
    return layout(texts, shot, found, colour=0x99AAB5)


def _turn_text(table: LiveTable, view: Any) -> str:
    seat = view.to_move
    if seat is None:
        return ""
    if table.played_by_ai(seat):  # an AI seat, or a person's seat while they are away
        return t("table.turn_ai", name=shown(table.seats[seat].name))
    return t("table.turn", mention=seat_label(table, seat), when=when(table.deadline))


def _playing_rows(table: LiveTable, view: Any) -> list[ui.ActionRow[Any]]:
    assert table.game is not None
    seat = view.to_move
    legal = {str(m) for m in table.game.view(seat).legal_moves} if seat is not None else set()
    seq = table.seq
    buttons: list[ui.Item[Any]] = [
        TableButton("hand", table.id, label=t("table.your_hand"),
                    style=discord.ButtonStyle.primary)]
    if not table.settings.auto_forced:  # else draws and passes play themselves
        buttons += [
            PlayButton(table.id, seq, "draw", label=t("table.draw"),
                       style=discord.ButtonStyle.secondary, disabled="draw" not in legal),
            PlayButton(table.id, seq, "pass", label=t("table.pass"),
                       style=discord.ButtonStyle.secondary, disabled="pass" not in legal)]
    buttons += [TableButton("rules", table.id, label=t("table.rules")),
                # Last and apart from the moves; it asks before it acts.
                TableButton("resign", table.id, label=t("table.resign"),
                            style=discord.ButtonStyle.danger)]
    if table.settings.away:
        buttons.append(BackButton(table.id, label=t("table.take_back")))
    elif table.seat_state.held:  # the same button takes a seat kept for its person
        buttons.append(claim_button(table))
    return rows(buttons, 2)


def end_words(table: LiveTable) -> str:
    """How the table's game ended, in words: "Bob went out", "Fish: nobody can play"."""
    outcome = table.game.outcome() if table.game is not None else None
    if table.resigned is not None or outcome is None:
        seat = table.resigned
        names = [shown(table.seats[seat].name)] if seat is not None else []
        return ending(table.game_kind, "resigned", names)
    return ending(table.game_kind, outcome.reason,
                  [shown(table.seats[s].name) for s in outcome.winners])


def game_key(key: str, game: str) -> str:
    """A game's own wording of `key` where the catalog has one (`<key>.<game>`: Mexican
    Train's "Round 2" for "Hand 2"), else `key`."""
    own = f"{key}.{game}"
    return own if has(own, "en") else key


def hand_summary_text(table: LiveTable, summary: HandSummary) -> list[str]:
    """How a hand ended, in words: the winner and why, each player's tiles left and count,
    the points, the goat(s), the match score."""
    names = [shown(s.name) for s in table.seats]
    how = ending(table.game_kind, summary.reason, [names[s] for s in summary.winners])
    lines = [t(game_key("summary.title", table.game_kind), hand=summary.number, how=how)]
    for s, name in enumerate(names):
        tiles = " ".join(tile_text(x) for x in summary.tiles[s]) or t("hand.empty")
        lines.append(t("summary.seat", name=name, tiles=tiles, count=summary.counts[s],
                       points=summary.points[s]))
    lines += _pair_lines(table, summary, names)
    if summary.goats:
        lines.append(t("summary.goats", names=", ".join(names[s] for s in summary.goats)))
    lines.append(t(game_key("result.match", table.game_kind), scores=" · ".join(
        f"{name} {score}" for name, score in zip(names, summary.scores, strict=False))))
    return lines


def _pair_lines(table: LiveTable, summary: HandSummary, names: list[str]) -> list[str]:
    """Each pair's pips left and points in the hand, for a game always played in two
    pairs of four seats (partners opposite: seats 1 and 3, 2 and 4), whose summary gives
    each partner the pair's points; none for any other (the Carousel's pairs score by
    seat)."""
    if len(names) != 4 or not game_spec(table.game_kind).always_pairs:
        return []
    return [t("summary.pair", names=f"{names[a]} + {names[a + 2]}",
              pips=summary.counts[a] + summary.counts[a + 2], points=summary.points[a])
            for a in (0, 1)]


def result_text(table: LiveTable) -> list[str]:
    """Places, points, goats and the winner of a finished line game."""
    game = table.game
    if game is None:
        return []
    outcome = game.outcome()
    lines = [t("result.title", reason=end_words(table))]
    results = sorted(seat_results(table), key=lambda r: (r.place, r.seat))
    for r in results:
        lines.append(t("result.place", place=r.place, name=shown(table.seats[r.seat].name),
                       points=tn("count.points", r.points),
                       goat=t("result.goat") if r.figures.get("goat") else ""))
    if outcome is not None and outcome.winners:
        lines.append(t("result.winner", names=" + ".join(shown(table.seats[s].name)
                                                          for s in outcome.winners)))
    elif outcome is not None:
        lines.append(t("result.nobody"))
    scores = game.view(None).scores
    if scores:
        lines.append(t(game_key("result.match", table.game_kind), scores=" · ".join(
            f"{shown(s.name)} {v}" for s, v in zip(table.seats, scores, strict=False))))
    return lines
