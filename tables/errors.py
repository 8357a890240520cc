"""Errors a user can cause at a table. Each carries a short message meant for them.

Anything else raised from `tables/` is a bug: the cog logs it and apologises.
"""

from __future__ import annotations


class TableError(Exception):
    """Something a user asked for that cannot be done; `str(error)` is shown to them."""


class NoSuchTable(TableError):
    def __init__(self, table_id: int | None = None) -> None:
        super().__init__("There is no such table here." if table_id is None
                         else f"Table #{table_id} does not exist (or has ended).")


class NotSeated(TableError):
    def __init__(self) -> None:
        super().__init__("You are not seated at this table.")


class NotYourTurn(TableError):
    def __init__(self, whose: str) -> None:
        super().__init__(f"It is not your turn: {whose} is to move.")


class StaleMove(TableError):
    def __init__(self) -> None:
        super().__init__("That move is no longer available: the table has moved on.")


class IllegalMoveError(TableError):
    def __init__(self, reason: str) -> None:
        super().__init__(f"Illegal move: {reason}.")


class NotAllowed(TableError):
    """The user may not do this here (not the host, not a manager, wrong phase)."""


class TableFull(TableError):
    def __init__(self) -> None:
        super().__init__("This table is full.")
