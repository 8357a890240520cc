"""The engine's exceptions: every rule a caller can break has its own type."""

from __future__ import annotations

from catalog import Phrase


class NotationError(ValueError):
    """Text that is not a tile or a move in record notation; the message names the text."""


class IllegalMove(ValueError):
    """A well-formed move that the rules do not allow now. `reason` says why as a catalog
    key and values (shown in each reader's language); the message is its English."""

    def __init__(self, reason: Phrase | str) -> None:
        self.reason = reason if isinstance(reason, Phrase) else Phrase("illegal.other",
                                                                       {"text": reason})
        # The English is written when it is read: a search or a test that tries every
        # move catches hundreds of thousands of these and reads none.
        super().__init__(self.reason)

    def __str__(self) -> str:
        return str(self.reason)


class RecordError(ValueError):
    """A game record that cannot be read: bad JSON shape, unknown game or option, bad deal."""


class OptionError(RecordError):
    """Options a game cannot be played with (a value out of range, hands too big for the
    set). `reason` says why as a catalog key and values (shown in each reader's
    language); the message is its English."""

    def __init__(self, reason: Phrase) -> None:
        self.reason = reason
        super().__init__(str(reason))
