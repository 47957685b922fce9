"""One bot process on SQLite: the messages it posts itself that no log brings back (a pause note, the
start, a closing note) are rows of their change's transaction, delivered at once as before and deleted once
every listener took them; a bot stopped before that (killed) gets them again at its next start, once. A
terminal or a tool on the same file writes no such rows and never takes the bot's. The listener here
stands for the Discord Router: it promises (a future) and keeps the promise when "Discord took the post".
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from hosttools import ALICE, BOB, FakeClock
from test_relay_order import _update

from bot.settings import Settings
from bot.store.relay import Claimed
from bot.tables import TableService, relay_codec
from bot.tables.models import Update
from bot.tables.relay_own import OwnRows

SERVER = 1 << 22


class Router:
    """Takes every Update at once and keeps its promise when told (`post`)."""

    def __init__(self, svc: TableService) -> None:
        self.updates: list[Update] = []
        self.promises: list[asyncio.Future[None]] = []
        svc.subscribe(self.on_update)

    async def on_update(self, update: Update) -> asyncio.Future[None]:
        self.updates.append(update)
        promise: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.promises.append(promise)
        return promise

    def post(self) -> None:
        for promise in self.promises:
            if not promise.done():
                promise.set_result(None)

    def kinds(self) -> list[str]:
        return [e.kind for u in self.updates for e, _ in u.events]


def _rows(path: Path) -> list[int]:
    with sqlite3.connect(path) as conn:
        return [int(r[0]) for r in conn.execute("SELECT table_id FROM relay ORDER BY id")]


async def _bot(path: Path, clock: FakeClock) -> TableService:
    svc = await TableService.open(str(path), Settings(database_path=str(path)))
    svc.clock = clock
    svc.own_shards(None, None)  # the Discord client says so at its start
    return svc


async def _settled(svc: TableService) -> None:
    for _ in range(5):
        await svc.drain_updates()
        await asyncio.sleep(0.01)


async def test_a_pause_note_is_a_row_until_posted_and_a_bot_stopped_before_gets_it_again_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.db"
    clock = FakeClock()
    bot = await _bot(path, clock)
    router = Router(bot)
    info = await bot.create(SERVER, 20, ALICE, "tiny", options={"rounds": "1"}, seed=5)
    await bot.join(info.id, BOB)
    await bot.start(info.id, ALICE.user_id)
    await _settled(bot)
    assert "host.started" in router.kinds()
    assert _rows(path) == [info.id]  # the start: a row until its post went through
    router.post()
    await _settled(bot)
    assert _rows(path) == []

    await bot.ask_pause(info.id, BOB.user_id)
    await _settled(bot)
    assert router.kinds()[-1] == "host.pause_asked"  # delivered at once, as before
    assert _rows(path) == [info.id]  # and held until Discord took it
    terminal = await TableService.open(str(path), Settings(database_path=str(path)))
    Router(terminal)  # a terminal with a listener on the same file: it never takes the bot's rows
    await _settled(terminal)
    assert _rows(path) == [info.id]
    await terminal.close()
    await bot.close()  # stopped before the post went through (the promise never kept)

    again = await _bot(path, clock)
    router2 = Router(again)
    await _settled(again)
    assert router2.kinds() == ["host.pause_asked"]  # the next start posts it, once
    router2.post()
    await _settled(again)
    assert _rows(path) == []
    await again.close()


async def test_a_terminal_writes_no_rows(tmp_path: Path) -> None:
    path = tmp_path / "console.db"
    terminal = await TableService.open(str(path), Settings(database_path=str(path)))
    heard = Router(terminal)
    info = await terminal.create(SERVER, 20, ALICE, "tiny", options={"rounds": "1"}, seed=5)
    await terminal.join(info.id, BOB)
    await terminal.start(info.id, ALICE.user_id)
    await terminal.ask_pause(info.id, BOB.user_id)
    await _settled(terminal)
    assert "host.pause_asked" in heard.kinds()
    assert _rows(path) == []
    await terminal.close()


def test_a_row_claimed_back_before_its_writer_said_it_committed_is_still_ours() -> None:
    """The owner's claim may return the row before the write's caller went on (the commit is done, the
    writer's answer not handed over yet): the row is this process's all the same, not posted again."""
    own = OwnRows()
    update = _update(3, guild=SERVER)
    row = own.row(update, 0)
    claimed = Claimed(7, row.table_id, row.payload)
    back = own.claimed_back(claimed)
    assert back is not None and back.update is update
    assert not own.committed([update])  # nothing left to claim back
    assert own.claimed_back(claimed) is None and relay_codec.decode(row.payload) == update
