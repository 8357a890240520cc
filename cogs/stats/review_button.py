"""The "Review" button of a game-over DM (issue 53): the computer's review of the game,
privately: the turning point and the clicker's costliest moves, each with the better
move; or that it is still being made (minutes after the end), or that there is none.

Custom id: dom:review:<table>.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from catalog import t
from cogs.common.answering import ack, answer, guard
from cogs.common.escape import shown
from cogs.common.items import ReaderItem, button, part
from tables.review_reading import Judged, PersonReview, ReviewReading


def judged_line(key: str, judged: Judged) -> str:
    return t(key, move=judged.move, name=shown(judged.name), played=f"`{judged.played}`",
             best=f"`{judged.best}`", grade=t(f"review.grade.{judged.grade}"),
             loss=f"{judged.loss:.1f}")


def review_text(table_id: int, review: PersonReview) -> str:
    """The review's private answer in the reader's language."""
    if review.state != "done":
        return t(f"review.{review.state}", table=table_id)
    lines = [t("review.title", table=table_id)]
    clock = review.clock
    if clock is not None:
        if clock["won"]:
            lines.append(t("review.clock_won"))
        elif clock["last_winnable"] is None:
            lines.append(t("review.clock_never"))
        else:
            lines.append(t("review.clock_lost", move=int(clock["last_winnable"]) + 1,
                           played=f"`{clock['losing_move']}`"))
        return "\n".join(lines)
    if review.turning is not None:
        lines.append(judged_line("review.turning", review.turning))
    if review.seated:
        if review.costly:
            lines.append(t("review.yours"))
            lines += [judged_line("review.line", j) for j in review.costly]
        else:
            lines.append(t("review.clean"))
    return "\n".join(lines)


class ReviewButton(ReaderItem[ui.Button[Any]], template=r"dom:review:(?P<table>\d+)"):
    """Review on a game-over DM."""

    def __init__(self, table: int, *, label: str | None = None) -> None:
        self.table = table
        super().__init__(button(f"dom:review:{table}", label or "Review",
                                discord.ButtonStyle.secondary, False))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: ui.Item[Any],
                             match: re.Match[str], /) -> ReviewButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with guard(interaction, self.table):
            await ack(interaction, ephemeral=True)
            review = await part(interaction, ReviewReading).for_person(self.table,
                                                                        interaction.user.id)
            await answer(interaction, review_text(self.table, review)[:2000], ephemeral=True,
                         allowed_mentions=discord.AllowedMentions.none())


REVIEW_ITEMS = (ReviewButton,)
