"""The rows of tournaments in storage (migration 014), as frozen values, and how a
database row becomes one (storage/tournaments.py has the SQL)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.records import upgraded_options

TOURNAMENT_STATUSES = ("signup", "running", "paused", "finished", "cancelled")
TABLE_STATES = ("waiting", "opening", "playing", "done")
DECIDED_BY = ("played", "deadline", "forfeit", "bye")


@dataclass(frozen=True)
class TournamentRow:
    """A stored tournament. `options` are the game's, `table_settings` the tables'
    (tables.table_settings.TableSettings as JSON); `round_seconds` a round's length;
    `paused_seconds` the time spent paused so far (the schedule moves by it), `paused_at`
    the start of the pause going on, if any; `current_round` the last round paired."""

    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    title: str
    game: str
    options: dict[str, Any]
    table_settings: dict[str, Any]
    format: str
    rounds: int
    round_seconds: int
    seats: int
    min_seats: int | None
    advance: int
    teams: bool
    check_in: bool
    starts_at: float
    status: str
    current_round: int
    signup_message_id: int | None
    standings_message_id: int | None
    created_at: float
    paused_at: float | None
    paused_seconds: float
    finished_at: float | None


@dataclass(frozen=True)
class EntrantRow:
    """One entrant: `seed` 1 the strongest (fixed at the start; join order before it),
    `withdrawn_round` the round during or before which they left (0: before the start),
    `replaced_by_ai` once a host or the no-show rule handed their seat to an AI."""

    tournament_id: int
    user_id: int
    name: str
    seed: int
    rating: float
    joined_at: float
    active: bool
    checked_in: bool
    withdrawn_round: int | None
    replaced_by_ai: bool


@dataclass(frozen=True)
class RoundRow:
    """A paired round: when it opened, its deadline, the pairing (`{"tables": [[ids]],
    "byes": [ids], "teams": bool}`), `status` open/done and `stage` (which of its
    notices went out: see tables.tournament.service)."""

    tournament_id: int
    number: int
    starts_at: float
    deadline: float
    pairing: dict[str, Any]
    status: str
    stage: int


@dataclass(frozen=True)
class RoundTableRow:
    """One table of a round (a bye is a table of one, `decided_by` "bye"): the entrants
    in seat order (`seats`), the bot's table once opened (`table_id`), its `state`, its
    `result` once done (`{"places": [...], "scores": [...]}`, by seat), how it was decided,
    the seats that forfeit (`forfeits`: no-shows and withdrawals) and those whose person
    moved at least once (`moved`)."""

    tournament_id: int
    round: int
    index: int
    table_id: int | None
    seats: tuple[int, ...]
    state: str
    result: dict[str, Any] | None
    decided_by: str
    forfeits: tuple[int, ...]
    moved: tuple[int, ...]


@dataclass(frozen=True)
class ActionRow:
    """A host's action (pause, resume, remove, replace, extend, cancel) with who did it."""

    id: int
    tournament_id: int
    user_id: int
    action: str
    detail: dict[str, Any]
    at: float


T_COLUMNS = ("id, guild_id, channel_id, host_id, title, game, options, table_settings,"
              " format, rounds, round_seconds, seats, min_seats, advance, teams, check_in,"
              " starts_at, status, current_round, signup_message_id, standings_message_id,"
              " created_at, paused_at, paused_seconds, finished_at")
E_COLUMNS = ("tournament_id, user_id, name, seed, rating, joined_at, active, checked_in,"
              " withdrawn_round, replaced_by_ai")
R_COLUMNS = "tournament_id, number, starts_at, deadline, pairing, status, stage"
TT_COLUMNS = ("tournament_id, round, idx, table_id, seats, state, result, decided_by,"
               " forfeits, moved")
def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def tournament_row(row: Sequence[Any]) -> TournamentRow:
    """A database row of its *_COLUMNS, in their order, as a `TournamentRow`."""
    return TournamentRow(
        int(row[0]), _opt_int(row[1]), int(row[2]), int(row[3]), str(row[4]), str(row[5]),
        upgraded_options(str(row[5]), json.loads(row[6])), json.loads(row[7]), str(row[8]),
        int(row[9]), int(row[10]),
        int(row[11]), _opt_int(row[12]), int(row[13]), bool(row[14]), bool(row[15]),
        float(row[16]), str(row[17]), int(row[18]), _opt_int(row[19]), _opt_int(row[20]),
        float(row[21]), None if row[22] is None else float(row[22]), float(row[23]),
        None if row[24] is None else float(row[24]))


def entrant_row(row: Sequence[Any]) -> EntrantRow:
    """A database row of its *_COLUMNS, in their order, as a `EntrantRow`."""
    return EntrantRow(int(row[0]), int(row[1]), str(row[2]), int(row[3]), float(row[4]),
                      float(row[5]), bool(row[6]), bool(row[7]), _opt_int(row[8]),
                      bool(row[9]))


def round_row(row: Sequence[Any]) -> RoundRow:
    """A database row of its *_COLUMNS, in their order, as a `RoundRow`."""
    return RoundRow(int(row[0]), int(row[1]), float(row[2]), float(row[3]),
                    json.loads(row[4]), str(row[5]), int(row[6]))


def table_row(row: Sequence[Any]) -> RoundTableRow:
    """A database row of its *_COLUMNS, in their order, as a `RoundTableRow`."""
    return RoundTableRow(int(row[0]), int(row[1]), int(row[2]), _opt_int(row[3]),
                         tuple(json.loads(row[4])), str(row[5]),
                         None if row[6] is None else json.loads(row[6]), str(row[7]),
                         tuple(json.loads(row[8])), tuple(json.loads(row[9])))
