"""A person's DM channel is opened once: discord.py remembers only the last 128 DM channels, so a bot with
more people at its tables asked Discord to open a channel again before nearly every DM (a request of the
global budget each time, which slowed every board at 200 live tables)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.discord_bot.routing import Router


class _Channel:
    def __init__(self, sent: list[tuple[int, str]], channel_id: int) -> None:
        self._sent, self._id = sent, channel_id
        self.id = channel_id

    async def send(self, content: str, **_: Any) -> None:
        self._sent.append((self._id, content))


class _Discord:
    """Only what the Router's DM path uses: open a DM channel, and a channel by id to send to."""

    def __init__(self) -> None:
        self.opened: list[int] = []
        self.sent: list[tuple[int, str]] = []

    async def create_dm(self, user: Any) -> _Channel:
        self.opened.append(user.id)
        return _Channel(self.sent, 10_000 + user.id)

    def get_partial_messageable(self, channel_id: int, **_: Any) -> _Channel:
        return _Channel(self.sent, channel_id)


class _Service:
    async def asleep(self, user_id: int) -> bool:
        return False


def test_each_persons_dm_channel_is_opened_once_beyond_discord_pys_cache() -> None:
    async def main() -> _Discord:
        discord_client = _Discord()
        router = Router(_Service(), None, discord_client)  # type: ignore[arg-type]
        people = range(1, 131)  # more than discord.py's 128 cached DM channels
        for user_id in people:
            assert await router.dm(user_id, f"your turn, {user_id}")
        for user_id in (1, 2):
            assert await router.dm(user_id, "your turn again")
        return discord_client

    discord_client = asyncio.run(main())
    assert discord_client.opened == list(range(1, 131))  # never a second opening for persons 1 and 2
    assert len(discord_client.sent) == 132
    assert discord_client.sent[-2:] == [(10_001, "your turn again"), (10_002, "your turn again")]
