"""`/domino forget-me` (issue 55): a person's data erased on request, as Discord's
developer policy asks bots to honour.

Refused while the person is seated at a lobby or game in progress (they leave or
resign first: the others' game needs their seat until it ends). Otherwise storage
erases them (storage/privacy.py: their own rows deleted, their id and name in the
others' games replaced by a placeholder), and the records, pages and leaderboards,
all read from storage, show the placeholder from then on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from catalog import t
from tables.errors import TableError
from tables.live import LiveTable

# The name an erased person's seats show, the same for everyone and every reader.
PLACEHOLDER_KEY = "forget.placeholder"


class Erasing(Protocol):
    """What forgetting asks of storage (storage.privacy.PrivacyMixin)."""

    async def active_seats_of(self, user_id: int) -> list[int]: ...

    async def forget_person(self, user_id: int, *, name: str) -> int: ...


class Holding(Protocol):
    """The tables held here (tables.service.TableService.held_tables)."""

    @property
    def held_tables(self) -> Mapping[int, LiveTable]: ...


class Forgetting:
    """Erase a person's data, once nothing in play needs it."""

    def __init__(self, held: Holding, store: Erasing) -> None:
        self.held = held
        self.store = store

    async def check(self, user_id: int) -> None:
        """Raises TableError (error.forget.seated) while the person is seated at a lobby
        or game in progress, here or (stored) in another process's shard."""
        seated = {table.id for table in self.held.held_tables.values()
                  if table.status in ("lobby", "playing") and table.seat_of(user_id) is not None}
        seated.update(await self.store.active_seats_of(user_id))
        if seated:
            raise TableError("error.forget.seated",
                             tables=", ".join(f"#{table_id}" for table_id in sorted(seated)))

    async def forget(self, user_id: int) -> int:
        """Erase the person (after `check`); returns how many stored rows changed.
        Raises TableError as `check` does."""
        await self.check(user_id)
        return await self.store.forget_person(user_id, name=t(PLACEHOLDER_KEY, "en"))


class ServerErasing(Protocol):
    """What erasing a server asks of storage (storage.server_erasure.ServerErasureMixin)."""

    async def server_in_play(self, guild_id: int) -> tuple[list[int], list[int]]: ...

    async def erase_server(self, guild_id: int) -> int: ...


class ServerErasure:
    """Erase a server's data at its admin's request, once nothing there is in play."""

    def __init__(self, held: Holding, store: ServerErasing) -> None:
        self.held = held
        self.store = store

    async def check(self, guild_id: int) -> None:
        """Raises TableError (error.erase_server.in_play) while the server has a lobby or
        game in progress or a tournament not yet over, held here or stored by another
        process: they are cancelled or finished first, so no one's game is cut off."""
        tables = {table.id for table in self.held.held_tables.values()
                  if table.guild_id == guild_id and table.status in ("lobby", "playing")}
        stored, tournaments = await self.store.server_in_play(guild_id)
        tables.update(stored)
        if tables or tournaments:
            named = [f"#{table_id}" for table_id in sorted(tables)]
            named += [t("erase_server.tournament", number=number) for number in tournaments]
            raise TableError("error.erase_server.in_play", what=", ".join(named))

    async def erase(self, guild_id: int) -> int:
        """Erase the server's data (after `check`); returns how many stored rows went.
        Raises TableError as `check` does."""
        await self.check(guild_id)
        return await self.store.erase_server(guild_id)
