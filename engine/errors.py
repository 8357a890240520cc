"""The engine's exceptions: every rule a caller can break has its own type."""

from __future__ import annotations


class NotationError(ValueError):
    """Text that is not a tile or a move in record notation; the message names the text."""


class IllegalMove(ValueError):
    """A well-formed move that the rules do not allow now; the message says why."""


class RecordError(ValueError):
    """A game record that cannot be read: bad JSON shape, unknown game or option, bad deal."""
