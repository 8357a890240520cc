"""storage/privacy.py on both backends: a person erased leaves no row with their id or
name; the others' rows stay; the finished game keeps its seats, with a placeholder."""

from __future__ import annotations

from pathlib import Path

from storage import Seat, Storage
from storage.models import GuildSettings, Player, SeatResult

ANN, BOB = 111_111_111_111, 222_222_222_222


async def every_row(store: Storage) -> list[tuple[object, ...]]:
    """Every row of the bot's tables that can hold a person."""
    rows = []
    for table in ("players", "person_languages", "ratings", "queue_entries", "seats",
                  "results", "game_tables", "sent_notifications", "hand_messages"):
        rows += [tuple(r) for r in await store.backend.fetch(f"SELECT * FROM {table}")]
    return rows


async def test_a_person_erased_leaves_no_row_with_their_id_or_name(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        await store.upsert_player(Player(ANN, "Annabel", tz="Europe/Kyiv"))
        await store.set_person_language(ANN, "uk")
        table = await store.create_table(guild_id=1, channel_id=2, game="traditional",
                                         host_id=ANN, seats=[Seat(ANN, None, "Annabel"),
                                                             Seat(BOB, None, "Bob")])
        await store.start_table(table.id, deadline=None, seed=3)
        await store.append_move(table.id, 1, "6-6", deadline=None)
        await store.mark_sent(table.id, 1, "turn", ANN)
        assert await store.active_seats_of(ANN) == [table.id]  # in play: refused above
        await store.finish_table(table.id, [SeatResult(0, 1, 10), SeatResult(1, 2, 0)])
        await store.queue_join(guild_id=1, user_id=ANN, name="Annabel", game="carousel",
                               seats=[4], longest_turn=3600, rated=True, expires_at=9e9)
        heard: list[bool] = []
        store.on_forget(lambda: heard.append(True))
        assert await store.active_seats_of(ANN) == []  # finished
        changed = await store.forget_person(ANN, name="Forgotten player")
        assert changed > 0 and heard == [True]
        rows = await every_row(store)
        assert not [r for r in rows if ANN in r or any("Annabel" in str(v) for v in r)]
        assert [r for r in rows if BOB in r]  # bob's rows stay
        record = await store.record(table.id)
        assert record["players"] == ["Forgotten player", "Bob"]
        assert record["moves"][0] == "6-6"
        assert await store.forget_person(ANN, name="Forgotten player") == 0  # nothing left
    finally:
        await store.close()


async def test_a_person_erased_leaves_no_trace_in_a_tournament(target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        tour = await store.create_tournament(
            guild_id=1, channel_id=2, host_id=ANN, game="traditional", options={},
            table_settings={}, format="swiss", rounds=3, round_seconds=86400, seats=2,
            min_seats=None, advance=1, teams=False, check_in=False, starts_at=9e9)
        for user, name in ((ANN, "Annabel"), (BOB, "Bob"), (333, "Cy")):
            await store.add_entrant(tour.id, user, name, statuses=("signup",))
        await store.add_round(tour.id, 1, starts_at=1.0, deadline=2.0,
                              pairing={"tables": [[ANN, BOB]], "byes": [333]},
                              tables=[[ANN, BOB]], byes=[333])
        await store.record_action(tour.id, ANN, "remove", {"user": ANN})
        await store.forget_person(ANN, name="Forgotten player")
        rows = []
        for table in ("tournaments", "tournament_entrants", "tournament_rounds",
                      "tournament_tables", "tournament_actions"):
            rows += [tuple(r) for r in await store.backend.fetch(f"SELECT * FROM {table}")]
        assert not [r for r in rows if ANN in r or any(str(ANN) in str(v) or "Annabel"
                                                       in str(v) for v in r)]
        names = sorted(e.name for e in await store.entrants(tour.id))
        assert names == ["Bob", "Cy", "Forgotten player"]  # the standings still add up
        (table,) = [t for t in await store.round_tables(tour.id, 1) if BOB in t.seats]
        assert len(set(table.seats)) == 2 and min(table.seats) < 0  # the placeholder id
    finally:
        await store.close()


SERVER, OTHER = 5_000, 6_000


async def rows_of_servers(store: Storage) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables a server's data lives in, by table."""
    rows: dict[str, list[tuple[object, ...]]] = {}
    for table in ("game_tables", "seats", "moves", "results", "ratings", "daily_results",
                  "daily_channels", "tournaments", "tournament_entrants", "queue_entries",
                  "guild_settings", "server_languages", "players"):
        rows[table] = [tuple(r) for r in await store.backend.fetch(f"SELECT * FROM {table}")]
    return rows


async def fill_server(store: Storage, guild_id: int) -> int:
    """A finished rated game, a daily try, a tournament, a queue entry, settings and a
    language on the server; returns the finished table's id."""
    table = await store.create_table(guild_id=guild_id, channel_id=2, game="traditional",
                                     host_id=ANN, seats=[Seat(ANN, None, "Annabel"),
                                                         Seat(BOB, None, "Bob")])
    await store.start_table(table.id, deadline=None, seed=3)
    await store.append_move(table.id, 1, "6-6", deadline=None)
    await store.finish_table(table.id, [SeatResult(0, 1, 10), SeatResult(1, 2, 0)])
    await store.claim_daily(guild_id, "2026-12-07", ANN, name="Annabel", seed=4, hours=12,
                            started_at=1.0, table_id=table.id)
    await store.set_daily_channel(guild_id, 9)
    await store.create_tournament(
        guild_id=guild_id, channel_id=2, host_id=ANN, game="traditional", options={},
        table_settings={}, format="swiss", rounds=3, round_seconds=86400, seats=2,
        min_seats=None, advance=1, teams=False, check_in=False, starts_at=9e9)
    await store.queue_join(guild_id=guild_id, user_id=BOB, name="Bob", game="carousel",
                           seats=[4], longest_turn=3600, rated=True, expires_at=9e9)
    await store.set_guild_settings(GuildSettings(guild_id, default_turn_seconds=600))
    await store.set_server_language(guild_id, "uk")
    return table.id


async def test_a_server_erased_leaves_no_row_of_it_and_the_others_whole(
        target: Path | str) -> None:
    store = await Storage.open(target)
    try:
        await store.upsert_player(Player(ANN, "Annabel", tz="Europe/Kyiv"))
        erased, kept = await fill_server(store, SERVER), await fill_server(store, OTHER)
        assert await store.server_in_play(SERVER) == ([], [1])  # the tournament signs up
        before = await rows_of_servers(store)
        assert await store.erase_server(SERVER) > 0
        after = await rows_of_servers(store)
        for table, rows in after.items():
            assert not [r for r in rows if SERVER in r], table
        assert not [r for r in after["seats"] + after["moves"] if r[0] == erased]
        # The other server's rows and the person's own stay as they were.
        for table in ("game_tables", "results", "daily_results", "tournaments",
                      "queue_entries", "guild_settings", "server_languages"):
            assert [r for r in before[table] if OTHER in r] == after[table], table
        assert after["players"] == before["players"]
        assert [r for r in after["ratings"] if 0 in r]  # the global board keeps them
        assert (await store.record(kept))["players"] == ["Annabel", "Bob"]
        assert await store.erase_server(SERVER) == 0
    finally:
        await store.close()
