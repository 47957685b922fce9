"""Backups taken while the bot plays restore into a bot that plays on (a backup never restored is
not known to work)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.ops.backup import BackupError, backups, create, restore
from bot.settings import Settings
from bot.tables import PlayerRef, TableService, TableStatus

ROOT = Path(__file__).resolve().parents[2]
PEOPLE = [PlayerRef(100 + i, f"Player {i}") for i in range(4)]


async def _new_table(service: TableService, seed: int) -> int:
    info = await service.create(1, 2, PEOPLE[0], "trickster", seed=seed)
    for person in PEOPLE[1:]:
        await service.join(info.id, person)
    await service.start(info.id, PEOPLE[0].user_id)
    return info.id


async def _move(service: TableService, table: int, rng: random.Random) -> bool:
    """One legal move by a seat that owes one; False once the table is over."""
    info = await service.get_table(table)
    if info.status is not TableStatus.PLAYING:
        return False
    for person in PEOPLE:
        view = await service.seat_view(table, person.user_id)
        if view.legal_actions:
            await service.submit(table, person.user_id, rng.choice(view.legal_actions), view.version)
            return True
    return False


async def test_a_backup_under_load_restores_into_a_bot_that_plays_on(tmp_path: Path) -> None:
    db = tmp_path / "live.db"
    service = await TableService.open(str(db), Settings(snapshot_every=8))
    tables = [await _new_table(service, seed) for seed in range(6)]
    rng = random.Random(5)
    stop = asyncio.Event()

    moves = 0

    async def load() -> None:
        nonlocal moves
        while not stop.is_set() and moves < 200:  # 6 games of Trickster take about 260 moves
            moves += await _move(service, rng.choice(tables), rng)
            await asyncio.sleep(0)

    players = asyncio.create_task(load())
    while moves < 60:
        await asyncio.sleep(0.01)
    at_start = moves
    copy = await asyncio.to_thread(create, db, tmp_path / "backups")
    stop.set()
    await players
    assert moves > at_start  # the bot kept playing while the copy was taken
    await service.close()

    con = sqlite3.connect(copy)
    versions = {t: con.execute("SELECT count(*) FROM actions WHERE table_id = ?", (t,)).fetchone()[0] for t in tables}
    con.close()
    assert sum(versions.values()) > 0
    target = tmp_path / "restored.db"
    restore(copy, target)
    restored = await TableService.open(str(target), Settings(snapshot_every=8))
    try:
        for table in tables:
            info = await restored.get_table(table)
            assert info.version == versions[table]  # exactly the backed-up moment, every table loadable
        played = 0
        for table in tables:
            while await _move(restored, table, rng):
                played += 1
        assert played > 0
        for table in tables:
            assert (await restored.get_table(table)).status is TableStatus.FINISHED
    finally:
        await restored.close()


def test_rotation_keeps_the_newest_copies(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    sqlite3.connect(db).execute("CREATE TABLE x (a)").connection.commit()
    for day in range(5):
        create(db, tmp_path / "b", keep=3, now=1_700_000_000 + day * 86400)
    kept = backups(tmp_path / "b")
    assert len(kept) == 3 and kept[0].name == "tricktable-20231118-221320.db"


def test_restore_refuses_while_the_bot_holds_the_database(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("CREATE TABLE x (a)")
    copy = create(db, tmp_path / "b")
    holder.execute("BEGIN IMMEDIATE")  # the running bot in the middle of a write
    with pytest.raises(BackupError, match="stop the bot"):
        restore(copy, db)
    holder.execute("ROLLBACK")
    holder.close()


def test_the_command_line_names_a_missing_database_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.ops.backup", "create", "--db", str(tmp_path / "none.db")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1 and "no database at" in done.stderr and "Traceback" not in done.stderr


def test_backups_of_the_bots_wal_database_leave_nothing_else_in_the_folder(tmp_path: Path) -> None:
    """The bot's database is in WAL mode. Each backup must leave one self-contained file in the backup
    folder: no `-wal`/`-shm` side files that pile up night after night (rotation removes only backups),
    and the backup must open on its own, also read-only."""
    db = tmp_path / "live.db"
    live = sqlite3.connect(db, isolation_level=None)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("CREATE TABLE x (a)")
    live.execute("INSERT INTO x VALUES (1)")
    folder = tmp_path / "b"
    folder.mkdir()
    for side in ("-wal", "-shm"):  # what older versions left behind: swept by the next backup
        (folder / f".tricktable-20231101-000000.db.partial{side}").write_bytes(b"")
    made = [create(db, folder, keep=2, now=1_700_000_000 + day * 86400) for day in range(3)]
    live.close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in made[1:])
    reader = sqlite3.connect(f"file:{made[-1]}?mode=ro", uri=True)
    assert reader.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert reader.execute("SELECT a FROM x").fetchall() == [(1,)]
    reader.close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in made[1:])
