"""The fake Discord answers as Discord does under load, and the real discord.py obeys it: a channel's
message bucket (posts and edits share it), the global budget (interaction callbacks exempt), the cap on
edits of messages older than an hour (30046), outages and timeouts. All on a virtual clock: minutes of
Discord time cost milliseconds.
"""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord
import pytest

from tests.discord import virtual_time
from tests.discord.discord_limits import DiscordLimits, Rate
from tests.discord.fake_discord import CHANNEL_ID, FakeDiscord
from tests.discord.limited import Tally, plain_client


async def _with_fake(limits: DiscordLimits, body: object) -> None:
    """Run `body(fake, client)` with a rate-limited fake installed (call it on a virtual clock)."""
    fake = FakeDiscord(limits)
    fake.install()
    try:
        async with plain_client(fake) as client:
            await body(fake, client)  # type: ignore[operator]
    finally:
        fake.uninstall()


def test_a_channel_takes_five_messages_per_five_seconds_posts_and_edits_together() -> None:
    async def body(fake: FakeDiscord, client: discord.Client) -> None:
        channel = client.get_partial_messageable(CHANNEL_ID)
        loop = asyncio.get_running_loop()
        start = loop.time()
        first = await channel.send(content="0")
        for i in range(1, 6):
            await channel.send(content=str(i))
        for i in range(6):  # edits share the posts' bucket
            await first.edit(content=f"edit {i}")
        elapsed = loop.time() - start
        # 12 requests at 5 per 5 s: the third window opens after 10 s
        assert elapsed >= 10.0, elapsed
        stamps = [c.at - start for c in Tally.since(fake, 0).calls if c.kind == "thread" and c.status == 200]
        assert len(stamps) == 12
        assert all(sum(1 for s in stamps if w <= s < w + 5.0) <= 5 for w in stamps), stamps
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert texts == ["edit 5", "1", "2", "3", "4", "5"]

    started = time.perf_counter()
    virtual_time.run(_with_fake(DiscordLimits(), body))
    assert time.perf_counter() - started < 5, "virtual seconds cost no real time"


def test_concurrent_posts_to_one_channel_are_held_by_discord_py_and_all_arrive_in_bucket() -> None:
    async def body(fake: FakeDiscord, client: discord.Client) -> None:
        channel = client.get_partial_messageable(CHANNEL_ID)
        await channel.send(content="learn the bucket")
        await asyncio.gather(*(channel.send(content=f"m{i}") for i in range(14)))
        assert len(fake.channel_messages(CHANNEL_ID)) == 15
        tally = Tally.since(fake, 0)
        assert max(tally.most_in_window("thread", 5.0).values()) <= 5

    virtual_time.run(_with_fake(DiscordLimits(), body))


def test_the_global_limit_holds_every_channel_but_not_interaction_callbacks() -> None:
    limits = DiscordLimits(global_per_second=10, other=Rate(1000, 1.0))

    async def body(fake: FakeDiscord, client: discord.Client) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        channels = [CHANNEL_ID + 1000 + i for i in range(35)]  # one bucket each: only the global limit binds
        await asyncio.gather(*(client.get_partial_messageable(c).send(content="hi") for c in channels))
        assert loop.time() - start >= 3.0  # 35 at 10/s
        tally = Tally.since(fake, 0)
        assert tally.limited().get("global", 0) >= 1, "Discord answered a global 429"
        assert all(len(fake.channel_messages(c)) == 1 for c in channels), "each posted once"
        per_second: dict[int, int] = {}
        for call in tally.calls:
            if call.status == 200 and call.kind == "thread":
                per_second[int(call.at)] = per_second.get(int(call.at), 0) + 1
        assert max(per_second.values()) <= 10

    virtual_time.run(_with_fake(limits, body))


def test_interaction_endpoints_are_exempt_from_the_global_limit() -> None:
    limiter_limits = DiscordLimits(global_per_second=1)
    from tests.discord.discord_limits import Limiter, bucket_of

    limiter = Limiter(limiter_limits)
    post, exempt = bucket_of("POST", "/channels/{channel_id}/messages", {"channel_id": "1"})
    assert not exempt and limiter.check(post, exempt, 0.0, 0.0).retry_after is None
    again = limiter.check(bucket_of("POST", "/channels/{channel_id}/messages", {"channel_id": "2"})[0], False, 0.1, 0)
    assert again.is_global and again.retry_after is not None
    hook, exempt = bucket_of("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                             {"webhook_id": "9", "webhook_token": "t", "message_id": "@original"})
    assert exempt and limiter.check(hook, exempt, 0.2, 0.0).retry_after is None
    _callback, exempt = bucket_of("POST", "/interactions/{webhook_id}/{webhook_token}/callback", {})
    assert exempt


def test_edits_of_a_message_older_than_an_hour_run_out_with_30046() -> None:
    async def body(fake: FakeDiscord, client: discord.Client) -> None:
        message = await client.get_partial_messageable(CHANNEL_ID).send(content="board")
        await asyncio.sleep(3601)  # an hour of virtual time
        for i in range(3):
            await message.edit(content=f"edit {i}")
        with pytest.raises(discord.HTTPException) as refused:
            await message.edit(content="one too many")
        assert refused.value.code == 30046

    virtual_time.run(_with_fake(DiscordLimits(), body))


def test_outages_and_timeouts_reach_discord_py_as_discord_sends_them() -> None:
    async def body(fake: FakeDiscord, client: discord.Client) -> None:
        channel = client.get_partial_messageable(CHANNEL_ID)
        loop = asyncio.get_running_loop()
        fake.fail_next(1, status=502)  # discord.py retries a 502 by itself after a second
        start = loop.time()
        await channel.send(content="after a 502")
        assert loop.time() - start >= 1.0
        fake.outage(60, status=503)  # a 503 is raised to the caller
        with pytest.raises(discord.DiscordServerError):
            await channel.send(content="during the outage")
        await asyncio.sleep(61)
        await channel.send(content="after the outage")
        fake.fail_next(1, status=None, applied=True)  # posted, but the answer timed out
        with pytest.raises(aiohttp.ServerTimeoutError):
            await channel.send(content="posted unheard")
        fake.fail_next(1, status=None)
        with pytest.raises(asyncio.TimeoutError):
            await channel.send(content="never posted")
        texts = [m.content for m in fake.channel_messages(CHANNEL_ID)]
        assert texts == ["after a 502", "after the outage", "posted unheard"]

    virtual_time.run(_with_fake(DiscordLimits(), body))
