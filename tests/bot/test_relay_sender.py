"""The sending half of the relay (bot/tables/relay.py) without a database: what a process keeps, what it
sends, in which order, and what happens when the database is away for a moment or for long."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

import pytest
from test_relay_order import _update

from bot.store.base import StoreError
from bot.store.relay import Claimed, RelayRow
from bot.tables import relay as relay_module
from bot.tables.models import Update
from bot.tables.outbox import Outbox
from bot.tables.relay import Relay


class FlakyStore:
    """Refuses the first `failures` writes (a database restart), then keeps what it is sent."""

    def __init__(self, failures: int = 0) -> None:
        self.failures = failures
        self.rows: list[RelayRow] = []

    def on_relay(self, listener: Callable[[frozenset[int]], None]) -> None:
        pass

    async def relay_send(self, rows: Sequence[RelayRow], shard_count: int) -> None:
        if self.failures:
            self.failures -= 1
            raise StoreError("lost the connection to the database")
        self.rows.extend(rows)

    async def relay_claim(self, shard_ids: Sequence[int] | None, limit: int) -> list[Claimed]:
        return []

    async def relay_expire(self, keep_seconds: float) -> list[int]:
        return []


def _on(guild: int, version: int) -> Update:
    return _update(version, guild=guild)


async def test_a_process_keeps_its_shards_updates_and_sends_the_others_in_order() -> None:
    store = FlakyStore(failures=2)
    relay = Relay(store, Outbox())
    relay.own(2, [1])
    mine, theirs = 1 << 22, 10  # shard 1 (this process), shard 0 (another)
    kept = relay.route([_on(theirs, 1), _on(mine, 1), _on(theirs, 2)])
    assert [u.table.guild_id for u in kept] == [mine]
    await relay.drain()  # two refusals, then written
    assert [(r.guild_id, r.version) for r in store.rows] == [(theirs, 1), (theirs, 2)]


async def test_one_process_with_every_shard_sends_nothing() -> None:
    store = FlakyStore()
    relay = Relay(store, Outbox())
    updates = [_on(10, 1), _on(1 << 22, 1)]
    assert relay.route(updates) == updates  # never told (terminal, tools)
    relay.own(None, None)  # the bot without shard settings
    assert relay.route(updates) == updates
    await relay.drain()
    assert store.rows == []


async def test_updates_are_dropped_with_a_log_line_when_the_database_stays_away(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(relay_module, "GIVE_UP_SECONDS", 0.0)
    store = FlakyStore(failures=1)
    relay = Relay(store, Outbox())
    relay.own(2, [1])
    with caplog.at_level(logging.WARNING, logger="tricktable.relay"):
        relay.route([_on(10, 1)])
        await relay.drain()
    assert "dropped 1 relayed updates for tables [1]" in caplog.text
    relay.route([_on(10, 2)])
    await relay.drain()
    assert [r.version for r in store.rows] == [2]  # the next ones go through again


async def test_updates_held_behind_a_missing_version_go_out_at_shutdown() -> None:
    """A process stopping while a table's Update waits for its predecessor posts it rather than drop it."""
    outbox = Outbox()
    got: list[int] = []

    async def listener(update: Update) -> None:
        got.append(update.table.version)

    outbox.subscribe(listener)
    relay = Relay(FlakyStore(), outbox)
    relay.own(2, [1])
    mine = 1 << 22
    relay.outbox.deliver(relay._in_order([_on(mine, 1)]))
    relay.outbox.deliver(relay._in_order([_on(mine, 3)]))  # 2 is still on its way from another process
    await outbox.drain()
    assert got == [1]
    relay.flush_held()
    await outbox.drain()
    assert got == [1, 3]
    await relay.stop()
    await outbox.stop()


async def test_a_commit_carries_its_rows_unless_rows_written_apart_are_still_on_their_way() -> None:
    """`split` gives the rows to the caller's commit (they cannot be lost after it); while a lobby note's
    row is still being written, the commit's rows queue behind it so the owner gets them in order."""

    class SlowStore(FlakyStore):
        def __init__(self) -> None:
            super().__init__()
            self.go = asyncio.Event()

        async def relay_send(self, rows: Sequence[RelayRow], shard_count: int) -> None:
            await self.go.wait()
            self.rows.extend(rows)

    store = SlowStore()
    relay = Relay(store, Outbox())
    relay.own(2, [1])
    theirs = 10  # shard 0
    local, rows = relay.split([_on(theirs, 1)])
    assert local == [] and [(r.version, r.shard) for r in rows] == [(1, 0)]
    assert store.rows == []  # nothing written apart: the commit carries it
    relay.route([_on(theirs, 1)])  # a note, written apart; still on its way
    local, rows = relay.split([_on(theirs, 2)])
    assert rows == []  # queued behind the note instead
    store.go.set()
    await relay.drain()
    assert [r.version for r in store.rows] == [1, 2]
