"""Several bot processes, Discord in the picture: a relayed Update's lease ends when Discord took its post,
not when the owner's Router queued it. The Router posts later, on its table's poster (paced, retried while
Discord is away); an owner killed in between used to lose a relayed closing note or reminder (its row was
deleted once the Router had returned). Two services on one real PostgreSQL stand for two processes, as in
test_relay.py; the owner (A, shard 0 of 2) runs the real Discord client and Router against the fake Discord
of tests/discord (answering at once, in real time), B (shard 1) applies the changes.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hosttools import ALICE, BOB, FakeClock
from test_relay import SERVER_A, _click, _process

from bot.discord_bot.client import TricktableBot
from bot.discord_bot.config import DiscordSettings
from bot.settings import Settings
from bot.tables import TableInfo, TableService
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord, FakeMessage, FakeUser


def _discord_with_dms_closed() -> FakeDiscord:
    """The fake Discord, installed, where Alice and Bob have closed their DMs: a reminder goes to the thread."""
    fake = FakeDiscord()
    fake.install()
    for person in (ALICE, BOB):
        assert person.user_id is not None
        fake.users[person.user_id] = FakeUser(person.user_id, person.name, dms_open=False)
    return fake


async def _owner(url: str, fake: FakeDiscord) -> tuple[TableService, TricktableBot]:
    """Process A: shard 0 of 2, with its Discord client (pictures off: the board's text is its content)."""
    svc = await _process(url, 0)
    settings = DiscordSettings(
        token="fake-token-not-real", host=Settings(), pictures=False, thread_pace=0.0, global_rate=0.0
    )
    bot = TricktableBot(settings, service=svc, clock_interval=None)
    await fake.connect(bot)
    svc.own_shards(2, [0])  # (the client said "every shard" at its start)
    return svc, bot


async def _next_owner(url: str, fake: FakeDiscord) -> tuple[TableService, TricktableBot]:
    """The shard's next owner, once it has posted every row it found (its poll woken sooner)."""
    svc, bot = await _owner(url, fake)
    relay, router = svc.relay, bot.router
    assert relay is not None

    async def posted() -> bool:
        relay.wake()
        await router.drain()
        return await _rows(svc) == []

    try:
        await _until(posted)
    except BaseException:
        await bot.close()
        await svc.close()
        raise
    return svc, bot


async def _started(svc: TableService, bot: TricktableBot, moved: bool = False) -> TableInfo:
    """A tiny live game of Alice and Bob on `svc` (one move made when `moved`), its board posted by `bot`;
    leases of a second, so a test's next claim comes soon."""
    live = await svc.create(SERVER_A, CHANNEL_ID, ALICE, "tiny", options={"rounds": "1"}, clock_seconds=60)
    await svc.join(live.id, BOB)
    await svc.start(live.id, ALICE.user_id)
    if moved:
        await _click(svc, live.id, None)
    await svc.drain_updates()
    await bot.router.drain()
    assert svc.relay is not None
    svc.relay.lease_seconds = 1.0
    return live


async def _rows(svc: TableService) -> list[tuple[int, bool]]:
    async with svc.store._conn() as conn:  # type: ignore[attr-defined]
        rows = await conn.fetch("SELECT table_id, leased_until IS NOT NULL FROM relay ORDER BY id")
    return [(int(r[0]), bool(r[1])) for r in rows]


async def _until(check: Any, seconds: float = 15.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


def _posted(fake: FakeDiscord, words: str) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(CHANNEL_ID) if words in m.content]


async def _kill(svc: TableService, bot: TricktableBot) -> None:
    """The process dies: its posters with what they hold, nothing drained to Discord."""
    for task in list(bot.router._chains.values()):
        task.cancel()
    await asyncio.sleep(0)
    bot.router._chains.clear()
    await bot.close()
    await svc.close()


async def test_a_pause_note_and_a_reminder_queued_but_never_posted_are_posted_once_by_the_next_owner(
    pg_server: Any,
) -> None:
    url = pg_server.create_database("lease_posted")
    fake = _discord_with_dms_closed()
    clock = FakeClock()
    a, bot_a = await _owner(url, fake)
    b = await _process(url, 1)
    a.clock = b.clock = clock
    a2: TableService | None = None
    bot_a2: TricktableBot | None = None
    try:
        live = await _started(a, bot_a)

        fake.outage(3600, status=503)  # Discord stops answering A: its posters wait and retry
        await b.ask_pause(live.id, BOB.user_id)  # Bob asks for a pause through B: a note for A's thread
        clock.now += 50  # past half of the live clock
        assert await b.process_due_clocks()  # B's clock tick wrote the reminder: a row for A
        await b.drain_updates()

        async def queued() -> bool:  # A claimed both rows and its Router holds them
            return bot_a.router.queued() >= 2 and await _rows(a) == [(live.id, True), (live.id, True)]

        await _until(queued)
        await asyncio.sleep(0.3)
        assert await _rows(a) == [(live.id, True), (live.id, True)]  # not posted: the leases hold
        await _kill(a, bot_a)
        fake.faults.clear()  # Discord is back
        assert _posted(fake, "asks to pause") == [] and _posted(fake, "half") == []

        a2, bot_a2 = await _next_owner(url, fake)
        await asyncio.sleep(0.3)
        assert a2.relay is not None
        a2.relay.wake()
        await a2.drain_updates()
        await bot_a2.router.drain()
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert len(_posted(fake, "asks to pause")) == 1, texts  # the pause note, once
        assert len(_posted(fake, "half")) == 1, texts  # the reminder, once
    finally:
        if bot_a2 is not None:
            await bot_a2.close()
        if a2 is not None:
            await a2.close()
        await b.close()
        fake.uninstall()


async def test_a_reminder_discord_made_before_its_owner_was_killed_is_not_posted_twice_by_the_next(
    pg_server: Any,
) -> None:
    """Discord made the reminder's post but its answer timed out, and the owner was killed before its retry
    (so before the lease ended). The next owner posts the same batch with the same nonce (made from the
    batch's content, not from the process's count of posts), so Discord hands back the message it made."""
    url = pg_server.create_database("lease_nonce")
    fake = _discord_with_dms_closed()
    clock = FakeClock()
    a, bot_a = await _owner(url, fake)
    b = await _process(url, 1)
    a.clock = b.clock = clock
    a2: TableService | None = None
    bot_a2: TricktableBot | None = None
    try:
        # a move first: the reminder comes at another version than the start
        live = await _started(a, bot_a, moved=True)
        fake.fail_next(1, status=None, applied=True, only=("POST", "/channels/{channel_id}/messages"),
                       channel=CHANNEL_ID)  # made, but the answer never arrives
        clock.now += 50
        assert await b.process_due_clocks()  # the reminder, a row for A

        async def timed_out() -> bool:
            return any(c.status == 0 for c in fake.calls)

        await _until(timed_out)
        await _kill(a, bot_a)  # before its retry
        assert len(_posted(fake, "half")) == 1  # Discord made it once
        assert await _rows(b) == [(live.id, True)]  # and the lease holds

        a2, bot_a2 = await _next_owner(url, fake)
        await a2.drain_updates()
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert len(_posted(fake, "half")) == 1, texts  # handed back, not posted again
    finally:
        if bot_a2 is not None:
            await bot_a2.close()
        if a2 is not None:
            await a2.close()
        await b.close()
        fake.uninstall()


async def test_the_owners_own_reminder_queued_but_never_posted_is_posted_once_by_the_next_owner(
    pg_server: Any,
) -> None:
    """The owner applies its table's clock itself: the reminder is not relayed, yet no log brings it back,
    so it is a row of the clock's write all the same, held by the owner until Discord took it. The owner is
    killed while Discord answers 503: the shard's next owner posts it, once (the code before lost it)."""
    url = pg_server.create_database("own_reminder")
    fake = _discord_with_dms_closed()
    clock = FakeClock()
    a, bot_a = await _owner(url, fake)
    a.clock = clock
    a2: TableService | None = None
    bot_a2: TricktableBot | None = None
    try:
        live = await _started(a, bot_a)
        await _until(lambda: _no_rows(a))  # the start's row ended once Discord took the board

        fake.outage(3600, status=503)
        clock.now += 50  # past half of the live clock
        assert await a.process_due_clocks()  # A's own clock tick: the reminder for its own thread
        await a.drain_updates()

        async def held() -> bool:  # the row is A's (leased) and its Router holds the reminder
            return bot_a.router.queued() >= 1 and await _rows(a) == [(live.id, True)]

        await _until(held)
        await _kill(a, bot_a)
        fake.faults.clear()
        assert _posted(fake, "half") == []

        a2, bot_a2 = await _next_owner(url, fake)
        await a2.drain_updates()
        await bot_a2.router.drain()
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert len(_posted(fake, "half")) == 1, texts
    finally:
        if bot_a2 is not None:
            await bot_a2.close()
        if a2 is not None:
            await a2.close()
        fake.uninstall()


async def test_the_owners_own_reminder_discord_made_before_it_was_killed_is_not_posted_twice(
    pg_server: Any,
) -> None:
    """Discord made the owner's own reminder but the answer timed out; the owner is killed before its retry.
    The next owner posts the row's Update: the batch's nonce is made from the same text (the row is the
    Update as the owner made it), so Discord hands back the message it made."""
    url = pg_server.create_database("own_nonce")
    fake = _discord_with_dms_closed()
    clock = FakeClock()
    a, bot_a = await _owner(url, fake)
    a.clock = clock
    a2: TableService | None = None
    bot_a2: TricktableBot | None = None
    try:
        live = await _started(a, bot_a, moved=True)
        await _until(lambda: _no_rows(a))
        fake.fail_next(1, status=None, applied=True, only=("POST", "/channels/{channel_id}/messages"),
                       channel=CHANNEL_ID)  # made, but the answer never arrives
        clock.now += 50
        assert await a.process_due_clocks()

        async def timed_out() -> bool:
            return any(c.status == 0 for c in fake.calls)

        await _until(timed_out)
        await _until(lambda: _one_held(a, live.id))  # the reminder's row, held by A (the code before: none)
        await _kill(a, bot_a)
        assert len(_posted(fake, "half")) == 1

        a2, bot_a2 = await _next_owner(url, fake)
        await a2.drain_updates()
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert len(_posted(fake, "half")) == 1, texts  # handed back, not posted again
    finally:
        if bot_a2 is not None:
            await bot_a2.close()
        if a2 is not None:
            await a2.close()
        fake.uninstall()


async def _no_rows(svc: TableService) -> bool:
    return await _rows(svc) == []


async def _one_held(svc: TableService, table_id: int) -> bool:
    return await _rows(svc) == [(table_id, True)]
