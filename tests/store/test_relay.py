"""Several bot processes: a click may reach any process, the messages go out from the owner of the table's
channel (the process running its server's shard). Two services on one PostgreSQL database stand for two
processes: A runs shard 0 of 2, B runs shard 1 of 2; the tables are on a server of shard 0 (A's).

Before the relay, B's listener received (and the Discord layer posted) the Updates of every click B
applied, and A's listener none of them.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from hosttools import ALICE, BOB, FakeClock

from bot.settings import Settings
from bot.store.factory import open_store
from bot.store.relay import shard_of
from bot.tables import TableService, TableStatus, Update
from games.core.errors import GameError

SETTINGS = Settings(snapshot_every=4)
SERVER_A = 10  # (10 >> 22) % 2 == 0: shard 0
SERVER_B = 1 << 22  # shard 1


class Heard:
    """A process's listener: what its Discord layer would post."""

    def __init__(self, svc: TableService) -> None:
        self.updates: list[Update] = []
        svc.subscribe(self.keep)

    async def keep(self, update: Update) -> None:
        self.updates.append(update)

    async def until(self, count: int, seconds: float = 10.0) -> list[Update]:
        for _ in range(int(seconds / 0.02)):
            if len(self.updates) >= count:
                break
            await asyncio.sleep(0.02)
        return self.updates


async def _process(url: str, shard: int | None) -> TableService:
    svc = TableService(await open_store(url), SETTINGS)
    svc.own_shards(2, None if shard is None else [shard])
    return svc


async def _started(svc: TableService, guild: int = SERVER_A) -> int:
    info = await svc.create(guild, 20, ALICE, "tiny", options={"rounds": "2"}, seed=5)
    await svc.join(info.id, BOB)
    await svc.start(info.id, ALICE.user_id)
    return info.id


async def _click(svc: TableService, table: int, key: str | None) -> Update:
    """Whoever owes a decision clicks their first legal action (with the board's version)."""
    info = await svc.get_table(table)
    for seat in info.seats:
        assert seat.user_id is not None
        view = await svc.seat_view(table, seat.user_id)
        if view.legal_actions:
            return await svc.submit(table, seat.user_id, view.legal_actions[0], view.version, key)
    raise AssertionError("nobody to act")


async def _until_version(svc: TableService, table: int, version: int, seconds: float = 10.0) -> None:
    """Wait until `svc` holds the table at `version`: another process's commit reaches it by a
    notification, and a board read before that is one version behind (a click on it is refused as
    stale, as a player's would be)."""
    for _ in range(int(seconds / 0.02)):
        if (await svc.get_table(table)).version >= version:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"table {table} never reached version {version} here")


def test_the_shard_of_a_server_is_discords() -> None:
    assert [shard_of(g, 2) for g in (SERVER_A, SERVER_B, 0)] == [0, 1, 0]
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4


async def test_a_click_on_another_process_is_applied_once_and_posted_by_the_owner(pg_server: Any) -> None:
    url = pg_server.create_database("relay_click")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    try:
        table = await _started(a)
        await a.drain_updates()
        before = len(heard_a.updates)  # joined, started: A's own, posted by A
        made = [await _click(b, table, f"dm{i}") for i in range(4)]  # four clicks by DM, on B
        await b.drain_updates()
        got = (await heard_a.until(before + 4))[before:]
        assert heard_b.updates == []  # B posts nothing for a table on A's shard
        assert got == made  # every field, in order, private events with their audiences
        assert [u.table.version for u in got] == [1, 2, 3, 4]
        private = [(e, a, u.actor) for u in got for e, a in u.events if e.kind == "my_pick"]
        assert private and all(a == frozenset({actor}) for _, a, actor in private)  # still private
        assert (await a.public_view(table)).version == 4  # the owner's board is the new one
        last = made[-1]
        with pytest.raises(GameError):  # the same click again (Discord retried it) changes nothing
            await b.submit(table, ALICE.user_id if last.actor == 0 else BOB.user_id, "play:x", 3, "dm3")
        assert len(await a.store.actions(table)) == 4  # applied once each
        await asyncio.sleep(0.2)
        assert len(heard_a.updates) == before + 4  # and posted once each
    finally:
        await b.close()
        await a.close()


async def test_lobby_start_and_the_end_go_to_the_owner_too(pg_server: Any) -> None:
    url = pg_server.create_database("relay_lobby")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    try:
        info = await a.create(SERVER_A, 20, ALICE, "tiny", options={"rounds": "1"}, seed=5)
        await b.join(info.id, BOB)  # Bob's join reaches B
        await b.add_ai(info.id, ALICE.user_id, "random")
        await b.start(info.id, ALICE.user_id)
        while (await b.get_table(info.id)).status is TableStatus.PLAYING:
            await _click(b, info.id, None)
        await b.drain_updates()
        await heard_a.until(4)
        await asyncio.sleep(0.1)
        kinds = [e.kind for u in heard_a.updates for e, _ in u.events]
        assert kinds[:2] == ["host.joined", "host.joined"] and "host.started" in kinds
        assert kinds[-1] == "host.finished" and heard_a.updates[-1].outcome is not None
        assert heard_b.updates == []
    finally:
        await b.close()
        await a.close()


async def test_a_resignation_on_another_process_is_posted_by_the_owner(pg_server: Any) -> None:
    url = pg_server.create_database("relay_resign")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    try:
        table = await _started(a)
        await a.drain_updates()
        before = len(heard_a.updates)
        await b.resign(table, BOB.user_id)  # by DM: the AI plays Bob's seat from now on
        await b.drain_updates()
        got = (await heard_a.until(before + 1))[before:]
        assert "host.resigned" in [e.kind for u in got for e, _ in u.events]
        assert heard_b.updates == []
    finally:
        await b.close()
        await a.close()


class _Unreachable:
    """B's relay writes after its commit never arrive (B was killed right after committing)."""

    async def relay_send(self, rows: Any, shard_count: int) -> None:
        await asyncio.Event().wait()


async def test_a_process_killed_right_after_its_commit_has_handed_its_updates_on(pg_server: Any) -> None:
    """The rows for the owner are written in the same transaction as the click: once B acknowledged a
    click, A posts it, whatever happens to B afterwards (before, B wrote them after its commit)."""
    url = pg_server.create_database("relay_killed")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a = Heard(a)
    try:
        table = await _started(a)
        await a.drain_updates()
        before = len(heard_a.updates)
        assert b.relay is not None
        b.relay.store = _Unreachable()  # type: ignore[assignment]
        made = [await _click(b, table, f"k{i}") for i in range(3)]
        got = (await heard_a.until(before + 3))[before:]
        assert got == made and [u.table.version for u in got] == [1, 2, 3]
    finally:
        b.relay.store = b.store  # type: ignore[union-attr]
        await b.close()
        await a.close()


async def test_a_relayed_update_not_yet_claimed_goes_out_before_the_owners_next_one(
    pg_server: Any,
) -> None:
    """B's version 2 is committed but A has not claimed it yet when A applies version 3 itself: A posts
    2, then 3."""
    url = pg_server.create_database("relay_cross")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a = Heard(a)
    try:
        table = await _started(a)
        made = [await _click(a, table, "one")]  # the owner posted version 1 itself
        await a.drain_updates()
        before = len(heard_a.updates)
        assert a.relay is not None
        a.relay.wake = lambda: None  # type: ignore[method-assign]  # A does not claim for now
        made.append(await _click(b, table, "two"))
        await _until_version(a, table, 2)  # A's board shows B's move (only its relay row is unclaimed)
        made.append(await _click(a, table, "three"))
        await asyncio.sleep(0.1)
        assert len(heard_a.updates) == before  # 3 waits for 2
        del a.relay.wake  # A hears of the row again
        a.relay.wake()
        got = (await heard_a.until(before + 2))[before:]
        assert got == made[1:] and [u.table.version for u in got] == [2, 3]
    finally:
        await b.close()
        await a.close()


async def test_a_fresh_owner_posts_what_waited_before_its_own_first_move(pg_server: Any) -> None:
    """A process of the owner's shard starts while B's moves wait for it, and applies a click before it
    claimed them: it posts B's moves first, then its own (before, its own went first)."""
    url = pg_server.create_database("relay_fresh")
    b = await _process(url, 1)
    Heard(b)
    try:
        table = await _started(b)
        made = [await _click(b, table, f"k{i}") for i in range(3)]
        await b.drain_updates()
        a = await _process(url, 0)
        assert a.relay is not None
        a.relay.wake = lambda: None  # type: ignore[method-assign]  # not claimed yet
        heard_a = Heard(a)
        try:
            made.append(await _click(a, table, "mine"))
            await asyncio.sleep(0.1)
            assert heard_a.updates == []  # its own move waits for a claim
            del a.relay.wake
            a.relay.wake()
            got = await heard_a.until(6)  # joined, started, three of B's moves, its own
            assert [u.table.version for u in got if u.action is not None] == [1, 2, 3, 4]
            assert got[-4:] == made
        finally:
            await a.close()
    finally:
        await b.close()


async def test_updates_wait_for_an_owner_and_reach_it_when_it_starts(pg_server: Any) -> None:
    url = pg_server.create_database("relay_absent")
    b = await _process(url, 1)
    heard_b = Heard(b)
    try:
        table = await _started(b)  # nobody runs shard 0 yet
        made = [await _click(b, table, f"k{i}") for i in range(3)]
        await b.drain_updates()
        assert heard_b.updates == []
        a = await _process(url, 0)
        try:
            heard_a = Heard(a)  # a process of shard 0 starts: it claims what waited
            got = await heard_a.until(5)  # joined, started, three moves
            assert len(got) == 5
            assert [e.kind for e, _ in got[0].events] == ["host.joined"]  # Bob's join, first
            assert "host.started" in [e.kind for e, _ in got[1].events]
            assert got[-3:] == made
            assert [u.table.version for u in got[-3:]] == [1, 2, 3]
        finally:
            await a.close()
    finally:
        await b.close()


async def test_a_clock_expired_on_another_process_is_posted_by_the_owner(pg_server: Any) -> None:
    url = pg_server.create_database("relay_clock")
    a, b = await _process(url, 0), await _process(url, 1)
    heard_a, heard_b = Heard(a), Heard(b)
    clock = FakeClock()
    a.clock = b.clock = clock
    try:
        info = await a.create(SERVER_A, 20, ALICE, "tiny", options={"rounds": "1"}, clock_seconds=60)
        await a.join(info.id, BOB)
        await a.start(info.id, ALICE.user_id)
        await a.drain_updates()
        before = len(heard_a.updates)
        clock.now += 3600
        assert await b.process_due_clocks()  # B's clock tick took the table
        await b.drain_updates()
        got = (await heard_a.until(before + 1))[before:]
        assert "host.clock_expired" in [e.kind for u in got for e, _ in u.events]
        assert heard_b.updates == []
    finally:
        await b.close()
        await a.close()


async def test_rows_nobody_claims_are_dropped_with_a_log_line(
    pg_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    url = pg_server.create_database("relay_expire")
    b = await _process(url, 1)
    Heard(b)
    try:
        table = await _started(b)
        await b.drain_updates()
        assert b.relay is not None
        assert await b.relay.expire(3600) == []  # young rows stay
        with caplog.at_level(logging.WARNING, logger="tricktable.relay"):
            dropped = await b.relay.expire(0)
        assert dropped and set(dropped) == {table}
        assert "nobody claimed" in caplog.text
    finally:
        await b.close()


async def test_one_process_or_sqlite_posts_everything_itself(pg_server: Any, tmp_path: Path) -> None:
    """The default (no shard settings) and SQLite keep today's path: every Update to the own listener."""
    url = pg_server.create_database("relay_single")
    for svc in (
        TableService(await open_store(url), SETTINGS),
        TableService(await open_store(f"sqlite:///{tmp_path / 'one.db'}"), SETTINGS),
    ):
        if svc.relay is None:  # SQLite: nothing to relay to, whatever the shards
            svc.own_shards(2, [1])
        heard = Heard(svc)
        try:
            table = await _started(svc)
            await _click(svc, table, "x")
            await svc.drain_updates()
            assert [u.table.version for u in heard.updates][-1] == 1
            assert len(heard.updates) == 3
        finally:
            await svc.close()


async def test_a_process_without_a_listener_leaves_its_rows_for_the_owner(pg_server: Any) -> None:
    """A tool on the database never swallows the bot's rows: not without a listener, and not when it
    never said which shards it runs (a terminal or the bench on the bot's database)."""
    url = pg_server.create_database("relay_tool")
    b = await _process(url, 1)
    tool = await _process(url, None)  # runs every shard, but nobody listens
    terminal = TableService(await open_store(url), SETTINGS)  # listens, but runs no Discord shard
    heard_terminal = Heard(terminal)
    try:
        table = await _started(b)
        await b.drain_updates()
        for other in (tool, terminal):
            assert other.relay is not None
            other.relay.wake()
            await other.drain_updates()
        assert heard_terminal.updates == []
        a = await _process(url, 0)
        heard_a = Heard(a)
        try:
            assert len(await heard_a.until(2)) == 2 and heard_a.updates[0].table.id == table
        finally:
            await a.close()
    finally:
        await terminal.close()
        await tool.close()
        await b.close()


async def test_the_discord_client_tells_the_service_its_shards(pg_server: Any) -> None:
    """DISCORD_SHARD_COUNT / DISCORD_SHARD_IDS decide which tables' Updates this process posts."""
    from bot.discord_bot.client import bot_class
    from bot.discord_bot.config import DiscordSettings
    from bot.tables.relay import Shards

    env = {"DISCORD_TOKEN": "x", "DISCORD_SHARD_COUNT": "2", "DISCORD_SHARD_IDS": "1"}
    settings = DiscordSettings.from_env(dotenv=False, environ=env | {"DISCORD_SYNC_COMMANDS": "0"})
    svc = TableService(await open_store(pg_server.create_database("relay_client")), SETTINGS)
    bot = bot_class(settings)(settings, service=svc, clock_interval=None)
    try:
        await bot.setup_hook()
        assert svc.relay is not None and svc.relay.shards == Shards(2, frozenset({1}))
        assert not svc.relay.shards.owns(SERVER_A) and svc.relay.shards.owns(SERVER_B)
    finally:
        bot._unsubscribe()  # (never connected: discord.py's close expects a gateway)
        await svc.close()
