"""Building the bot's messages (Components V2 `LayoutView`s) from tables and public views.

Public messages are built from `game.view(None)` only; a hand is built from
its own seat's view and is only ever sent ephemerally. Pictures come from
`render/` (run in a thread); without them the message is text only.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from discord import ui

from catalog import t, tn
from catalog.reader import current
from cogs.components import AiSelect, BackButton, LobbyButton, PlayButton, TableButton, TileButton
from cogs.escape import alt_text, shown
from cogs.words import ending, level_words, move_words, options_lines, reason_words
from engine.ai import LEVELS
from engine.choices import EndChoice, end_choices
from engine.game import HandSummary
from engine.line_game import line_view
from engine.notation import piece_text, tile_text
from tables.live import LiveTable
from tables.results import seat_results

log = logging.getLogger(__name__)

BUTTONS_PER_ROW = 5
MAX_MOVE_ROWS = 3


@dataclass(frozen=True, slots=True)
class Shot:
    """A rendered picture ready to attach: PNG bytes, file name and alt text."""

    png: bytes
    filename: str
    alt: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), self.filename, description=self.alt[:1000])

    def gallery(self) -> ui.MediaGallery[Any]:
        """The picture in a message, shown from its attached `file()`."""
        return ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{self.filename}", description=self.alt[:1000] or None))


async def render(kind: str, view: Any, filename: str) -> Shot | None:
    """`render.render_board`/`render_hand` of `view` off the event loop; None if unavailable."""
    try:
        import render as render_pkg
    except ImportError:
        return None
    func = getattr(render_pkg, f"render_{kind}", None)
    if func is None:
        return None
    try:
        # One look that reads on both Discord themes (render's default), so no per-user pick.
        # In the language of the message it goes into: the reader's (catalog/reader.py).
        picture = await asyncio.to_thread(func, view, render_pkg.DEFAULT_THEME, current())
    except Exception:
        log.exception("rendering the %s failed", kind)
        return None
    names = view.players
    return Shot(picture.data, filename, alt_text(picture.alt, names))


def when(timestamp: float | None, style: str = "R") -> str:
    """A Discord timestamp (`<t:unix:R>`), shown in each reader's own time zone."""
    if timestamp is None:
        return "-"
    return discord.utils.format_dt(datetime.fromtimestamp(timestamp, tz=UTC), style)  # type: ignore[arg-type]


def seat_label(table: LiveTable, seat: int) -> str:
    s = table.seats[seat]
    if s.is_ai:
        return t("lobby.ai_seat", name=shown(s.name), level=level_words(s.ai_level))
    return f"<@{s.user_id}>"


def _rows(buttons: list[ui.Item[Any]], max_rows: int) -> list[ui.ActionRow[Any]]:
    rows = []
    for start in range(0, min(len(buttons), max_rows * BUTTONS_PER_ROW), BUTTONS_PER_ROW):
        rows.append(ui.ActionRow(*buttons[start:start + BUTTONS_PER_ROW]))
    return rows


def _layout(texts: list[str], shot: Shot | None, rows: list[ui.ActionRow[Any]],
            colour: int | None = None) -> ui.LayoutView:
    view = ui.LayoutView(timeout=None)
    children: list[ui.Item[Any]] = [ui.TextDisplay("\n".join(x for x in texts if x))]
    if shot is not None:
        children.append(shot.gallery())
    container = ui.Container(*children, accent_colour=colour)
    view.add_item(container)
    for row in rows:
        view.add_item(row)
    return view


# -- the lobby -----------------------------------------------------------------------------
def lobby_layout(table: LiveTable) -> ui.LayoutView:
    settings = table.settings
    lines = [f"{i + 1}. {seat_label(table, i)}" for i in range(len(table.seats))]
    lines += [f"{i + 1}. {t('lobby.free')}" for i in range(len(table.seats), settings.seats)]
    texts = [
        t("lobby.title", game=t(f"game.{table.game_kind}"), table=table.id),
        t("lobby.host", host=f"<@{table.host_id}>"),
        t("lobby.seats", filled=len(table.seats), wanted=settings.seats, lines="\n".join(lines)),
        t("lobby.options", options="\n".join(
            f"- {line}" for line in options_lines(table.game_kind, table.row.options))),
        t("lobby.turn", turn=_duration(settings.turn_seconds)),
        t("lobby.expires", when=when(table.deadline)) if table.status == "lobby" else "",
        t("lobby.autostart") if settings.auto_start else "",
        # Only what differs from how tables usually run.
        t("lobby.forced_by_hand") if not settings.auto_forced else "",
        t("lobby.resign_ends") if settings.on_resign == "end" and settings.seats >= 3 else "",
    ]
    full = len(table.seats) >= settings.seats
    buttons: list[ui.Item[Any]] = [
        LobbyButton("join", table.id, label=t("lobby.join"), disabled=full),
        LobbyButton("leave", table.id, label=t("lobby.leave")),
        LobbyButton("start", table.id, label=t("lobby.start")),
        LobbyButton("cancel", table.id, label=t("lobby.cancel")),
    ]
    levels = [discord.SelectOption(label=t(f"lobby.ai_level.{level}"), value=level)
              for level in LEVELS]
    menu: list[ui.Item[Any]] = [AiSelect(table.id, placeholder=t("lobby.ai_pick"), options=levels,
                                         disabled=full)]
    return _layout(texts, None, [*_rows(buttons, 1), *_rows(menu, 1)], colour=0x5865F2)


def _duration(seconds: int) -> str:
    """"2 d", "12 h", "90 min" in the reader's language."""
    if seconds % 86400 == 0:
        return t("time.days", count=seconds // 86400)
    if seconds % 3600 == 0:
        return t("time.hours", count=seconds // 3600)
    return t("time.minutes", count=seconds // 60)


# -- the table message (line games) --------------------------------------------------------
BoardText = Callable[[Any], list[str]]


def line_text(view: Any) -> list[str]:
    """A line of tiles (Traditional) in words, also the fallback when there is no picture."""
    if not view.line:
        return [t("table.board_empty")]
    line = " ".join(piece_text(p.left, p.right) for p in view.line)
    ends = f"{view.ends[0]} · {view.ends[1]}"
    return [t("table.board", line=line), t("table.ends", ends=ends)]


def spinner_text(view: Any) -> list[str]:
    """A spinner and its four arms (Carousel) in words."""
    if view.spinner is None:
        return [t("table.board_empty")]
    parts = [tile_text(view.spinner)]
    for side in ("L", "R", "U", "D"):
        arm = " ".join(piece_text(a.inner, a.outer) for a in view.arms[side])
        if arm:
            parts.append(f"{t(f'move.{side}')}: {arm}")
    ends = " · ".join(f"{t(f'move.{s}')} {n}" for s, n in view.ends.items())
    return [t("table.board", line="  ".join(parts)), t("table.ends", ends=ends),
            t("table.count", count=view.count)]


def table_layout(table: LiveTable, shot: Shot | None,
                 board_text: BoardText) -> ui.LayoutView:
    """The one public message of a line-game table: board, turn, scores; or its result."""
    if table.status == "lobby":
        return lobby_layout(table)
    game = table.game
    game_name = t(f"game.{table.game_kind}")
    title = t("table.title", game=game_name, table=table.id)
    if game is None:
        key = "table.cancelled" if table.status == "cancelled" else "table.abandoned"
        return _layout([title, t(key)], None, [])
    view = line_view(game.view(None))
    # The move number: how far the game is, and which state the message shows.
    head = t("table.hand_no", hand=view.hand_number) + " · " + t("table.move_no", move=table.seq)
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
        return _layout([*texts, _turn_text(table, view)], shot, _playing_rows(table, view),
                       colour=0x2ECC71)
    if table.status == "cancelled":  # never read as a result
        return _layout([*texts, t("table.cancelled")], shot, [], colour=0x99AAB5)
    texts += result_text(table)
    if table.status == "finished":
        rows = _rows([TableButton("rematch", table.id, label=t("table.rematch"),
                                  style=discord.ButtonStyle.success),
                      TableButton("rules", table.id, label=t("table.rules"))], 1)
    else:
        texts.append(t("table.cancelled" if table.status == "cancelled" else "table.abandoned"))
        rows = []
    return _layout(texts, shot, rows, colour=0x99AAB5)


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
    return _rows(buttons, 2)


def end_words(table: LiveTable) -> str:
    """How the table's game ended, in words: "Bob went out", "Fish: nobody can play"."""
    outcome = table.game.outcome() if table.game is not None else None
    if table.resigned is not None or outcome is None:
        seat = table.resigned
        names = [shown(table.seats[seat].name)] if seat is not None else []
        return ending(table.game_kind, "resigned", names)
    return ending(table.game_kind, outcome.reason,
                  [shown(table.seats[s].name) for s in outcome.winners])


def hand_summary_text(table: LiveTable, summary: HandSummary) -> list[str]:
    """How a hand ended, in words: the winner and why, each player's tiles left and count,
    the points, the goat(s), the match score."""
    names = [shown(s.name) for s in table.seats]
    how = ending(table.game_kind, summary.reason, [names[s] for s in summary.winners])
    lines = [t("summary.title", hand=summary.number, how=how)]
    for s, name in enumerate(names):
        tiles = " ".join(tile_text(x) for x in summary.tiles[s]) or t("hand.empty")
        lines.append(t("summary.seat", name=name, tiles=tiles, count=summary.counts[s],
                       points=summary.points[s]))
    if summary.goats:
        lines.append(t("summary.goats", names=", ".join(names[s] for s in summary.goats)))
    lines.append(t("result.match", scores=" · ".join(
        f"{name} {score}" for name, score in zip(names, summary.scores, strict=False))))
    return lines


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
                       goat=t("result.goat") if r.goat else ""))
    if outcome is not None and outcome.winners:
        lines.append(t("result.winner", names=" + ".join(shown(table.seats[s].name)
                                                          for s in outcome.winners)))
    elif outcome is not None:
        lines.append(t("result.nobody"))
    scores = game.view(None).scores
    if scores:
        lines.append(t("result.match", scores=" · ".join(
            f"{shown(s.name)} {v}" for s, v in zip(table.seats, scores, strict=False))))
    return lines


# -- a private hand --------------------------------------------------------------------------
def hand_layout(table: LiveTable, seat: int, shot: Shot | None, *, status: str | None = None,
                buttons: bool = True) -> ui.LayoutView:
    """A seat's own hand (sent only to them: ephemeral or DM), `status` first ("You
    played [6|3]"), with a button per playable tile while `buttons` and it is their turn.

    A tile whose ends lead to different positions asks for the end (a TileButton);
    one whose ends are alike plays at once.
    """
    assert table.game is not None
    view = table.game.view(seat)
    tiles = " ".join(tile_text(tile) for tile in view.hand or ()) or t("hand.empty")
    texts = [t("hand.title", table=table.id), status or "", t("hand.tiles", tiles=tiles)]
    rows: list[ui.Item[Any]] = []
    if buttons and view.to_move == seat and view.legal_moves:
        tiles_seen: list[str] = []
        specials = []
        for move in view.legal_moves:
            if move.kind != "play":
                specials.append(str(move))
            elif str(move.tile) not in tiles_seen:
                tiles_seen.append(str(move.tile))
        texts.append(t("hand.your_turn", count=tn("count.tiles", len(tiles_seen))))
        for tile in tiles_seen:
            choices = end_choices(table.game, tile)
            if len(choices) == 1:
                rows.append(PlayButton(table.id, table.seq, choices[0].move,
                                       label=tile_text(tile)))
            else:
                rows.append(TileButton(table.id, table.seq, tile, label=tile_text(tile)))
        for special in specials:
            rows.append(PlayButton(table.id, table.seq, special, label=t(f"table.{special}"),
                                   style=discord.ButtonStyle.secondary))
    return _layout(texts, shot, _rows(rows, 5))


def end_choice_layout(table: LiveTable, seq: int, tile: str, choices: Sequence[EndChoice],
                      *, shot: Shot | None, seat: int) -> ui.LayoutView:
    """The hand message again, asking where `tile` goes: one button per end of `choices`
    (`engine.choices.end_choices`: the ends that lead to different positions), with what
    it scores where a play scores (Carousel)."""
    assert table.game is not None
    shown_tile = tile_text(tile)
    buttons: list[ui.Item[Any]] = []
    for choice in choices:
        label = t("hand.end", tile=shown_tile, end=t(f"move.{choice.end}"))
        if choice.points:
            label += " " + t("hand.end_points", points=choice.points)
        buttons.append(PlayButton(table.id, seq, choice.move, label=label))
    view = table.game.view(seat)
    tiles = " ".join(tile_text(held) for held in view.hand or ()) or t("hand.empty")
    texts = [t("hand.title", table=table.id), t("hand.tiles", tiles=tiles),
             t("hand.choose_end", tile=shown_tile)]
    return _layout(texts, shot, _rows(buttons, 1))


def text_layout(text: str) -> ui.LayoutView:
    """A plain one-text message (notices, errors are sent as plain content instead)."""
    return _layout([text], None, [])
