"""Errors a user can cause at a table. Each carries a message key and its values.

The text comes from the message catalog (`catalog.t`), so a cog can show it in
the reader's language: `error.text(locale)`; `str(error)` is the English text.
Anything else raised from `tables/` is a bug: the cog logs it and apologises.
"""

from __future__ import annotations

from catalog import t


class TableError(Exception):
    """Something a user asked for that cannot be done: `key` and `values` say what."""

    def __init__(self, key: str, /, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, locale: str | None = None) -> str:
        """The message for the user, in `locale` (English when missing)."""
        return t(self.key, locale, **self.values)

    def __str__(self) -> str:
        return self.text()


class NoSuchTable(TableError):
    def __init__(self, table_id: int | None = None) -> None:
        if table_id is None:
            super().__init__("error.no_such_table")
        else:
            super().__init__("error.table_gone", table=table_id)


class NotSeated(TableError):
    def __init__(self) -> None:
        super().__init__("error.not_seated")


class NotYourTurn(TableError):
    def __init__(self, whose: str) -> None:
        super().__init__("error.not_your_turn", whose=whose)


class StaleMove(TableError):
    def __init__(self) -> None:
        super().__init__("error.stale_move")


class IllegalMoveError(TableError):
    """The engine refused a move: `reason` is its Phrase (or a notation error's text)."""

    def __init__(self, reason: object) -> None:
        super().__init__("error.illegal_move", reason=reason)


class NotAllowed(TableError):
    """The user may not do this here (not the host, not a manager, wrong phase)."""


class TableFull(TableError):
    def __init__(self) -> None:
        super().__init__("error.table_full")


class MoveQueued(TableError):
    """Storage was busy (another process held the database's lock): the move is kept
    and stored as soon as storage lets it, unless the position changed meanwhile."""

    def __init__(self) -> None:
        super().__init__("error.move_queued")
