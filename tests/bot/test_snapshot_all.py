"""`python -m bot.ops.snapshot_all`: after it ran with the old release, a new release whose engine deals
differently rebuilds every table in play exactly as it was (from the snapshot, not from the seed)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hosttools import ALICE, FakeClock, human_table, open_service, play_first_legal

from bot.ops import snapshot_all
from bot.settings import Settings
from bot.store.records import SeatRow, TableRow
from bot.store.sqlite import SqliteStore
from bot.tables import TableService, TableStatus
from bot.tables.errors import TableUnavailable
from bot.tables.live import rebuild
from games.core import i18n
from games.core.rng import Rng

NO_SNAPSHOTS = Settings(snapshot_every=1000)  # the service writes none before a game ends


def new_release_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    """What an engine upgrade may do: every shuffle comes out in another order."""
    old = Rng.shuffled

    def shuffled(self: Rng, items: Any) -> list[Any]:
        return list(reversed(old(self, items)))

    monkeypatch.setattr(Rng, "shuffled", shuffled)


async def rebuilt(path: str, table_id: int) -> Any:
    """The table as a restarted bot would rebuild it: its JSON state, or "unavailable"."""
    store = SqliteStore(path)
    await store.open()
    try:
        record = await store.load(table_id)
        assert record is not None
        try:
            live = rebuild(record)
        except TableUnavailable:
            return "unavailable"
        return live.game.to_json(live.state)
    finally:
        await store.close()


async def stored(path: str, table_id: int) -> tuple[Any, ...]:
    """Everything the tool must never change: the table row (version, status…), seats and whole log."""
    store = SqliteStore(path)
    await store.open()
    try:
        rows = {r.id: (r, seats) for r, seats in await store.table_rows(limit=1000)}
        return rows[table_id], await store.actions(table_id)
    finally:
        await store.close()


async def snapshot_of(path: str, table_id: int) -> tuple[int, str] | None:
    store = SqliteStore(path)
    await store.open()
    try:
        return await store.snapshot(table_id)
    finally:
        await store.close()


async def tables_in_play(path: str, clock: FakeClock) -> tuple[int, int]:
    """A table three actions in and a table just dealt (version 0), neither with a snapshot yet."""
    svc = await open_service(path, NO_SNAPSHOTS, clock)
    played = await human_table(svc, players=3, rounds="4", seed=11)
    assert await play_first_legal(svc, played, 3) == 3
    dealt = await human_table(svc, players=2, seed=12)
    for table in (played, dealt):
        assert await svc.store.snapshot(table) is None
    await svc.close()
    return played, dealt


async def test_a_new_engine_changes_or_breaks_tables_without_the_tool(
    db_path: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the tool exists: rebuilt from the seed, the new shuffle deals another game."""
    played, dealt = await tables_in_play(db_path, clock)
    before = {t: await rebuilt(db_path, t) for t in (played, dealt)}
    new_release_shuffle(monkeypatch)
    for table in (played, dealt):
        assert await rebuilt(db_path, table) != before[table]


async def test_snapshotted_tables_survive_a_new_engine(
    db_path: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    played, dealt = await tables_in_play(db_path, clock)
    before = {t: await rebuilt(db_path, t) for t in (played, dealt)}
    rows_before = {t: await stored(db_path, t) for t in (played, dealt)}

    summary = await snapshot_all.run(db_path)
    assert (summary.tables, summary.snapshotted, summary.already_current, summary.failed) == (2, 2, 0, [])
    snap = await snapshot_of(db_path, played)
    assert snap is not None and snap[0] == 3 and json.loads(snap[1]) == before[played]
    assert (await snapshot_of(db_path, dealt) or (None,))[0] == 0
    for table in (played, dealt):
        assert await stored(db_path, table) == rows_before[table]  # version, seats, status, log untouched

    new_release_shuffle(monkeypatch)
    for table in (played, dealt):
        assert await rebuilt(db_path, table) == before[table]
    # and the game goes on under the new release from where it was
    svc = await open_service(db_path, NO_SNAPSHOTS, clock)
    assert await play_first_legal(svc, played, 2) == 2
    assert (await svc.get_table(played)).version == 5
    await svc.close()


async def test_running_twice_is_harmless(db_path: str, clock: FakeClock) -> None:
    played, dealt = await tables_in_play(db_path, clock)
    await snapshot_all.run(db_path)
    snaps = {t: await snapshot_of(db_path, t) for t in (played, dealt)}
    rows = {t: await stored(db_path, t) for t in (played, dealt)}

    again = await snapshot_all.run(db_path)
    assert (again.tables, again.snapshotted, again.already_current, again.failed) == (2, 0, 2, [])
    for table in (played, dealt):
        assert await snapshot_of(db_path, table) == snaps[table]
        assert await stored(db_path, table) == rows[table]


async def test_only_tables_in_play_are_touched(db_path: str, clock: FakeClock) -> None:
    """Finished tables already end on a snapshot; lobby and cancelled tables have no game state."""
    svc = await open_service(db_path, NO_SNAPSHOTS, clock)
    finished = await human_table(svc, players=2, rounds="1")
    await play_first_legal(svc, finished, 10)
    assert (await svc.get_table(finished)).status is TableStatus.FINISHED
    lobby = (await svc.create(10, 20, ALICE, "tiny")).id
    cancelled = await human_table(svc)
    await svc.cancel(cancelled, ALICE.user_id)
    await svc.close()
    before = {
        t: (await stored(db_path, t), await snapshot_of(db_path, t)) for t in (finished, lobby, cancelled)
    }

    summary = await snapshot_all.run(db_path)
    assert (summary.tables, summary.snapshotted, summary.already_current) == (0, 0, 0)
    for table in (finished, lobby, cancelled):
        assert (await stored(db_path, table), await snapshot_of(db_path, table)) == before[table]


def test_command_prints_the_summary_and_fails_on_a_broken_table(
    db_path: str, clock: FakeClock, capsys: pytest.CaptureFixture[str]
) -> None:
    async def build() -> tuple[int, int]:
        played, _ = await tables_in_play(db_path, clock)
        svc = await TableService.open(db_path, NO_SNAPSHOTS)
        row = TableRow(0, 1, 1, None, "no-such-game", "standard", {}, "playing", 1, 0, 0, "live", 120, 0, 0)
        (broken,) = await svc.store.insert_tables_bulk([(row, [SeatRow(0, 5, "a"), SeatRow(1, 6, "b")])])
        await svc.close()
        return played, broken

    played, broken = asyncio.run(build())
    assert snapshot_all.main(["--db", db_path]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out.strip().splitlines()[-1]) == {
        "tables": 3,
        "snapshotted": 2,
        "already_current": 0,
        "failed": 1,
    }
    assert f"table {broken} failed" in err and f"table {played}" not in err

    assert snapshot_all.main(["--db", db_path]) == 1  # the broken table still fails; the rest are current
    out, _ = capsys.readouterr()
    assert json.loads(out.strip().splitlines()[-1])["already_current"] == 2


def test_command_refuses_a_missing_database(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped --db must not create an empty database and report that all is well."""
    missing = tmp_path / "nope.db"
    assert snapshot_all.main(["--db", str(missing)]) == 2
    assert not missing.exists()
    assert "no database" in capsys.readouterr().err


async def test_history_after_a_new_engine_is_a_notice_not_another_game(
    db_path: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/history` replays the log from the seed. Under a new shuffle that replay describes another deal
    (cards that were never dealt), so the player gets one notice instead; the table plays on."""
    played, dealt = await tables_in_play(db_path, clock)
    svc = await open_service(db_path, NO_SNAPSHOTS, clock)
    full = {t: [h.event.kind for h in await svc.history(t, ALICE.user_id)] for t in (played, dealt)}
    await svc.close()
    await snapshot_all.run(db_path)
    svc = await open_service(db_path, NO_SNAPSHOTS, clock)
    for table in (played, dealt):  # same engine: the snapshot confirms the replay
        assert [h.event.kind for h in await svc.history(table, ALICE.user_id)] == full[table]
        assert "host.history_unavailable" not in full[table]
    await svc.close()

    new_release_shuffle(monkeypatch)
    svc = await open_service(db_path, NO_SNAPSHOTS, clock)
    for table in (played, dealt):
        assert [h.event.kind for h in await svc.history(table, ALICE.user_id)] == ["host.history_unavailable"]
    assert "earlier version of the rules engine" in i18n.translate("host.history_unavailable", "en")
    assert await play_first_legal(svc, played, 1) == 1  # the game itself goes on
    await svc.close()
