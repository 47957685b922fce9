"""Moving a SQLite bot to PostgreSQL with `python -m bot.ops.copy`: everything arrives, tables play on
from where they were, and the command can be run again safely."""

from __future__ import annotations

from pathlib import Path

import pytest
from hosttools import ALICE, BOB, human_table, play_first_legal
from pgserver import PgServer

from bot.ops import copy as store_copy
from bot.ops.copy import NOT_COPIED, TABLES, CopyError
from bot.settings import Settings
from bot.store.factory import open_store
from bot.tables import PlayerRef, TableService, TableStatus
from bot.tables.seasons import season_of

SETTINGS = Settings(snapshot_every=4)


async def _service(target: str) -> TableService:
    return TableService(await open_store(target), SETTINGS)


async def _bot_with_everything(target: str) -> dict[str, int]:
    """A database with every kind of row: lobby, play with clocks, a rated finished game, settings."""
    svc = await _service(target)
    try:
        lobby = await svc.create(10, 20, ALICE, "tiny", options={"rounds": "3"}, seed=1)
        await svc.join(lobby.id, BOB)
        playing = await human_table(svc, players=3, rounds="5", seed=2)
        await play_first_legal(svc, playing, 7)
        finished = await human_table(svc, players=2, rounds="1", seed=3)
        await play_first_legal(svc, finished, 50)
        assert (await svc.get_table(finished)).status is TableStatus.FINISHED
        await svc.drain_updates()
        await svc.set_settings(ALICE.user_id, language="ja", dm_pings=False)
        await svc.set_guild_settings(10, default_clock="async")
        await svc.set_table_meta(playing, {"board": {"message": 123}})
        await svc.host.store.mark_guild_left(77, 5000.0)  # a server the bot left, not yet forgotten
        await svc.set_personal(ALICE.user_id, timezone="Asia/Tokyo", digest_hour=9)  # a person's day
        await svc.play_again(finished, ALICE)  # Play again: the finished table's rematch lobby
        await svc.seasons.set_settings(10, "monthly", channel_id=30)  # seasons: the finished game's season
        await svc.host.store.end_season(10, str(season_of(svc.clock(), "monthly")), 0.0, svc.clock())  # ended
        await svc.host.store.start_away(BOB.user_id, 6000.0, 9000.0, 14 * 86400.0)  # time away
        await svc.host.store.add_pause_vote(playing, ALICE.user_id, 6000.0)  # a pause asked
    finally:
        await svc.close()
    return {"lobby": lobby.id, "playing": playing, "finished": finished}


async def _counts(target: str) -> dict[str, int]:
    side = await store_copy._side(target)
    try:
        return {table: await side.count(table) for table in TABLES}
    finally:
        await side.close()


async def test_copy_moves_everything_and_tables_play_on(tmp_path: Path, pg_server: PgServer) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    ids = await _bot_with_everything(source)
    destination = pg_server.create_database("copy_everything")

    report = await store_copy.copy(source, destination, out=open("/dev/null", "w"))  # noqa: SIM115
    assert report.ok and report.tables_checked == 4, report
    counts = await _counts(destination)
    assert counts == await _counts(source)
    assert all(counts[t] > 0 for t in TABLES), counts  # every kind of row was there and arrived

    before = await _service(source)
    after = await _service(destination)
    try:
        for user in (1, 2, 3):
            old = await before.seat_view(ids["playing"], user)
            new = await after.seat_view(ids["playing"], user)
            assert (new.view, new.legal_actions, new.version, new.deadline) == (
                old.view,
                old.legal_actions,
                old.version,
                old.deadline,
            )
        assert await after.leaderboard(10, "tiny") == await before.leaderboard(10, "tiny")
        assert await after.get_settings(ALICE.user_id) == await before.get_settings(ALICE.user_id)
        assert await after.get_guild_settings(10) == await before.get_guild_settings(10)
        assert await after.get_table_meta(ids["playing"]) == {"board": {"message": 123}}
        # play goes on from where it was, and a new table never reuses a copied id
        assert await play_first_legal(after, ids["playing"], 2) == 2
        fresh = await after.create(10, 20, ALICE, "tiny", options={"rounds": "1"})
        assert fresh.id > max(ids.values())
    finally:
        await before.close()
        await after.close()


async def test_copy_runs_again_safely(tmp_path: Path, pg_server: PgServer) -> None:
    """Run once while the bot still plays, once more after: the second run brings the new moves."""
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    ids = await _bot_with_everything(source)
    destination = pg_server.create_database("copy_twice")
    quiet = open("/dev/null", "w")  # noqa: SIM115
    assert (await store_copy.copy(source, destination, out=quiet)).ok
    assert (await store_copy.copy(source, destination, out=quiet)).ok  # nothing changed: still identical

    svc = await _service(source)
    await play_first_legal(svc, ids["playing"], 3)  # the bot played on (clocks moved, a snapshot too)
    await svc.join(ids["lobby"], PlayerRef(9, "Late"))
    await svc.set_table_meta(ids["playing"], {"board": None})
    await svc.close()

    report = await store_copy.copy(source, destination, out=quiet)
    assert report.ok
    assert await _counts(destination) == await _counts(source)
    moved = await open_store(destination)
    try:
        assert await moved.get_table_meta(ids["playing"]) == {}  # a removed key is removed there too
        assert len((await moved.load(ids["lobby"])).seats) == 3  # type: ignore[union-attr]
    finally:
        await moved.close()


async def test_copy_refuses_a_destination_with_other_tables(tmp_path: Path, pg_server: PgServer) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    await _bot_with_everything(source)
    destination = pg_server.create_database("copy_foreign")
    other = await _service(destination)
    for _ in range(5):  # one more table than the source has
        await other.create(99, 99, ALICE, "tiny", options={"rounds": "1"})
    await other.close()
    before = await _counts(destination)
    with pytest.raises(CopyError, match="not a copy of this source"):
        await store_copy.copy(source, destination, out=open("/dev/null", "w"))  # noqa: SIM115
    assert await _counts(destination) == before


def test_copy_command_line(tmp_path: Path, pg_server: PgServer, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    source = f"sqlite:///{tmp_path / 'bot.db'}"
    asyncio.run(_bot_with_everything(source))
    destination = pg_server.create_database("copy_cli")
    assert store_copy.main(["--from", source, "--to", destination]) == 0
    assert "counts match and all 4 tables rebuild identically" in capsys.readouterr().out
    # an unreachable destination: one line, exit 2, the password never shown
    wrong = "postgresql://bot:hunter2secret@127.0.0.1:9/nowhere"
    assert store_copy.main(["--from", source, "--to", wrong]) == 2
    captured = capsys.readouterr()
    assert "hunter2secret" not in captured.err + captured.out
    assert captured.err.count("\n") == 1 and captured.err.startswith("copy failed: ")


def test_every_schema_table_is_copied(tmp_path: Path) -> None:
    """A migration adding a table must add it to the copy as well."""
    import sqlite3

    from bot.store.sqlite.migrations import apply_migrations

    conn = sqlite3.connect(str(tmp_path / "s.db"), isolation_level=None)
    apply_migrations(conn, "s.db")
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert names == set(TABLES) | NOT_COPIED
