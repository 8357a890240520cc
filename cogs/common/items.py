"""The base of every persistent button, and how a click finds the feature that answers it.

A button is a `DynamicItem` whose custom id carries all it needs (the table id,
the move number, the move), so buttons posted before a restart keep working.
Each feature package holds its buttons, their handlers and their layouts:

    cogs/lobby/lobby_message.py      dom:lobby:<action>:<table>, dom:addai:<table> (Join…)
    cogs/play/move_buttons.py        dom:play:<table>:<seq>:<move>, dom:tile:<table>:<seq>:<tile>
    cogs/table/table_buttons.py      dom:(hand|resign|quit|rules|rematch):<table>, dom:back:<table>
    cogs/table/games/<game>.py       a game's own (Big Clock's Hint: dom:hint:<table>:<seq>)
    cogs/pickup/schedule_notices.py  dom:rsvp:<answer>:<table>              (scheduled tables)
    cogs/pickup/queue_commands.py    dom:party:<party>, dom:renew:<entry>   (the pickup queue)
    cogs/stats/leaderboard.py        dom:board:<game>:<scope>:<page>        (a board's pages)
    cogs/tournament/signup.py        dom:tour:<join|leave|checkin>:<tournament> (sign-up)

`ReaderItem`, the base of every one of them, makes the clicker the reader (what the
click answers is in their language) before any callback runs; `Item`, the base of a
table's buttons, also checks who may act on the table from outside its server. A
callback then calls its feature's handler, found with `part(interaction, Feature)`
among the bot's `Parts` (cogs/features.py).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

import discord
from discord import ui

from cogs.common.admission import admission_of
from cogs.common.answering import guard
from cogs.common.locales import languages_of
from cogs.common.membership import Membership

T = TypeVar("T")
V = TypeVar("V", bound=ui.Item[Any])


class ReaderItem(ui.DynamicItem[V], template=r"(?!)"):
    """A persistent button or menu: before its callback, the clicker becomes the reader.

    A bot that is stopping takes no click (cogs/common/admission.py).
    (This base matches no custom id: each button gives its own template.)"""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        await languages_of(interaction.client).read_interaction(interaction)
        admission = admission_of(interaction.client)
        return admission is None or await admission.admit(interaction)


class Item(ReaderItem[V], template=r"(?!)"):
    """A persistent button or menu of table `table`: the clicker becomes the reader, and
    one acting on a server's table from outside it (a DM) must be a member of that server
    (cogs/common/membership.py; refused privately, in their language)."""

    table: int

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if not await super().interaction_check(interaction):
            return False
        async with guard(interaction, self.table):
            await part(interaction, Membership).check(interaction, self.table)
            return True
        return False


class Parts:
    """The bot's feature handlers, one object per class (what the buttons call)."""

    def __init__(self, *parts: object) -> None:
        self._parts: dict[type, object] = {}
        self.add(*parts)

    def add(self, *parts: object) -> None:
        for found in parts:
            self._parts[type(found)] = found

    def get(self, kind: type[T]) -> T:
        """The handler of class `kind`, or the one that is a `kind` (a protocol a part
        subclasses, such as cogs.play.move_buttons.MoveClicks: the buttons of a module
        below the part's). Raises LookupError (a bug: it was never added)."""
        found = self._parts.get(kind)
        if found is None:
            found = next((p for p in self._parts.values() if isinstance(p, kind)), None)
        if not isinstance(found, kind):
            raise LookupError(f"no {kind.__name__} among the bot's parts")
        return found


@runtime_checkable
class HasParts(Protocol):
    """A client whose buttons work: it holds the feature handlers (`DominoBot`)."""

    @property
    def parts(self) -> Parts: ...


def part(interaction: discord.Interaction[Any], kind: type[T]) -> T:
    """The handler of class `kind` of the client the click came to. Raises TypeError for a
    client without parts (a bug: the buttons are only registered by the bot)."""
    client = interaction.client
    if not isinstance(client, HasParts):
        raise TypeError(f"{type(client).__name__} holds no cogs.common.items.Parts")
    return client.parts.get(kind)


def button(custom_id: str, label: str, style: discord.ButtonStyle,
           disabled: bool) -> ui.Button[Any]:
    """The Discord button a DynamicItem wraps (labels are cut to Discord's 80 characters)."""
    return ui.Button(label=label[:80], style=style, custom_id=custom_id, disabled=disabled)

