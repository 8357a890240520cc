"""`python -m storage migrate sqlite:///FILE postgresql://...`: copy, then verify."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine.records import new_game, replay
from storage import GuildSettings, Player, Seat, SeatResult, Storage
from storage.copy import copied_tables, verify_copy
from tests.pg import fresh_schema, raw_execute

ROOT = Path(__file__).resolve().parents[2]
TWO = [Seat(1, None, "Ann"), Seat(2, None, "Bob")]


async def play_out(store: Storage, seed: int, *, moves: int | None = None) -> int:
    """A real traditional game with seed `seed`, its first legal move each turn; finished
    (results and ratings) unless stopped after `moves`. Returns the table id."""
    row = await store.create_table(guild_id=7, channel_id=seed, game="traditional",
                                   host_id=1, seats=TWO, options={"target": 0})
    await store.start_table(row.id, deadline=None, seed=seed)
    game = new_game({"game": "traditional", "options": {"target": 0},
                     "players": ["Ann", "Bob"], "seed": seed})
    seq = 0
    while not game.is_over() and (moves is None or seq < moves):
        move = str(game.legal_moves()[0])
        game.play(move)
        seq += 1
        await store.append_move(row.id, seq, move, deadline=float(seq))
    outcome = game.outcome()
    if outcome is not None:
        goats = game.hand_summary(game.finished_hands - 1).goats
        await store.finish_table(row.id, [
            SeatResult(i, p, outcome.scores[i], figures={"goat": int(i in goats)})
            for i, p in enumerate(outcome.places)])
    return row.id


async def fill(path: Path) -> int:
    store = await Storage.open(path)
    for seed in range(4):
        await play_out(store, seed)
    await play_out(store, 10, moves=3)  # a game in progress
    await store.create_table(guild_id=7, channel_id=99, game="carousel", host_id=2,
                             seats=TWO[1:])  # a lobby
    await store.record_solitaire_result(1, game="clock", won=True,
                                        figures={"hours_home": 12, "discards": 2},
                                        duration=95.5, guild_id=7)
    await store.upsert_player(Player(1, "Ann", "de", "Europe/Berlin", 1320, 420, True, False))
    await store.set_guild_settings(GuildSettings(7, rate_ai=True, lobby_role_id=5))
    await store.mark_sent(1, 1, "turn", 2)
    # What a server keeps besides its games: each must reach PostgreSQL too.
    await store.set_person_language(1, "uk")
    await store.set_server_language(7, "ru")
    await store.claim_daily(7, "2026-12-07", 1, name="Ann", seed=4, hours=12, started_at=1.0,
                            table_id=1)
    await store.set_daily_channel(7, 9)
    entry, _ = await store.queue_join(guild_id=7, user_id=2, name="Bob", game="carousel",
                                      seats=[4], longest_turn=3600, rated=True, expires_at=9e9)
    await store.mark_offered(entry.id)
    await store.create_party(7, 1, {2})
    tour = await store.create_tournament(
        guild_id=7, channel_id=2, host_id=1, game="traditional", options={},
        table_settings={}, format="swiss", rounds=3, round_seconds=86400, seats=2,
        min_seats=None, advance=1, teams=False, check_in=False, starts_at=9e9)
    await store.add_entrant(tour.id, 1, "Ann", statuses=("signup",))
    await store.record_action(tour.id, 1, "pause", {})
    await store.set_forming_post(7, "carousel", 3, 33)
    await store.set_forming_on(8, False)
    await store.close()
    return tour.id


async def test_migrate_copies_everything_and_verifies_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    tour_id = await fill(path)
    async with fresh_schema() as url:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        cmd = [sys.executable, "-m", "storage", "migrate", f"sqlite:///{path}", url]
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 0, done.stderr + done.stdout
        assert "moves: " in done.stdout and "verified: ok" in done.stdout
        assert "games: 5 records identical, 5 replayed without error" in done.stdout

        source, target = await Storage.open(path), await Storage.open(url)
        try:
            for table_id in range(1, 7):
                assert await target.record(table_id) == await source.record(table_id)
            finished = await target.record(1)
            assert replay(finished).outcome() is not None
            assert await target.leaderboard("traditional", 7) == \
                await source.leaderboard("traditional", 7)
            assert await target.get_player(1) == await source.get_player(1)
            assert await target.get_guild_settings(7) == await source.get_guild_settings(7)
            assert await target.solitaire_history(1) == await source.solitaire_history(1)
            live = {t.table.id for t in await target.active_tables()}
            assert live == {t.table.id for t in await source.active_tables()} == {5, 6}
            # The check finds a row that went missing.
            await raw_execute(url, "DELETE FROM sent_notifications")
            report = await verify_copy(source, target, lambda r: replay(r).outcome())
            assert report.problems == ["sent_notifications: 1 rows in the file, 0 copied"]
            tables = await copied_tables(source.backend)  # type: ignore[arg-type]
            assert set(report.rows) == set(tables) and report.replayed == 5
            for name in ("queue_entries", "queue_parties", "tournaments", "tournament_actions",
                         "daily_results", "person_languages", "forming_posts", "queue_offers"):
                assert report.rows[name] >= 1, name  # every table, not the games' only
            assert await target.get_server_language(7) == "ru"
            assert [e.name for e in await target.entrants(tour_id)] == ["Ann"]
            # New rows get ids after the copied ones.
            fresh = await target.create_table(guild_id=7, channel_id=1, game="traditional",
                                              host_id=1, seats=TWO)
            assert fresh.id == 7
        finally:
            await source.close()
            await target.close()

        # A database that already holds data is refused, and left as it was.
        again = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                               timeout=120, check=False)
        assert again.returncode == 1 and "not empty" in again.stderr
