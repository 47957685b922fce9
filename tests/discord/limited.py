"""Helpers for tests against a rate-limited fake Discord on a virtual clock: a harness that lives inside
`virtual_time.run(...)`, and a count of the requests a stretch of play cost, by kind and by bucket.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import discord

from tests.discord.discord_limits import Call, DiscordLimits
from tests.discord.fake_discord import FakeDiscord
from tests.discord.harness import Harness


@asynccontextmanager
async def limited_harness(db_path: str, limits: DiscordLimits | None = None) -> AsyncIterator[Harness]:
    """A harness whose fake Discord enforces `limits` (Discord's by default). Run it on a virtual clock."""
    fake = FakeDiscord(limits if limits is not None else DiscordLimits())
    fake.install()
    harness = Harness(fake=fake, db_path=db_path)
    try:
        yield harness
    finally:
        if harness.bot is not None:
            await harness.stop_bot()
        fake.uninstall()


@asynccontextmanager
async def plain_client(fake: FakeDiscord) -> AsyncIterator[discord.Client]:
    """A bare discord.Client logged in to the fake (for tests of the fake itself)."""
    client = discord.Client(intents=discord.Intents.none())
    await fake.connect(client)
    try:
        yield client
    finally:
        await client.close()


@dataclass
class Tally:
    """Requests of a stretch of play (the fake's calls from `start`), by kind, and the 429s by bucket."""

    calls: list[Call]

    @classmethod
    def since(cls, fake: FakeDiscord, start: int) -> Tally:
        return cls(fake.calls[start:])

    def by_kind(self) -> Counter[str]:
        """Requests Discord worked on (a 429 is counted apart, in `limited`)."""
        return Counter(c.kind for c in self.calls if c.status != 429)

    def limited(self) -> Counter[str]:
        """429s by bucket (the bucket's name without its major parameter; "global" for the token's budget)."""
        return Counter(
            "global" if c.scope == "global" else (c.bucket.split(":", 1)[0] or "interaction")
            for c in self.calls
            if c.status == 429
        )

    def per_decision(self, decisions: int) -> dict[str, float]:
        kinds = self.by_kind()
        n = max(1, decisions)
        total = sum(v for k, v in kinds.items() if k != "other")
        figures = {kind: round(kinds.get(kind, 0) / n, 2) for kind in ("thread", "callback", "hand", "dm")}
        figures["total"] = round(total / n, 2)
        return figures

    def most_in_window(self, kind: str, seconds: float) -> dict[str, int]:
        """For each channel, the most requests of `kind` it received within any `seconds` of loop time."""
        times: dict[str, list[float]] = {}
        for call in self.calls:
            if call.kind == kind and call.status != 429:
                times.setdefault(call.params.get("channel_id", ""), []).append(call.at)
        most: dict[str, int] = {}
        for channel, stamps in times.items():
            stamps.sort()
            start = best = 0
            for end, at in enumerate(stamps):
                while at - stamps[start] >= seconds:
                    start += 1
                best = max(best, end - start + 1)
            most[channel] = best
        return most
