"""The server's replay setting (/settings server replay_reveals), the same on SQLite and PostgreSQL:
on by default (also for a server with other settings), turned off and on again, kept apart from the
server's other settings, and two admins at once leave one of their choices."""

from __future__ import annotations

import asyncio

from bot.store.base import Store


async def test_replay_reveals_default_on_and_toggled_without_touching_other_settings(store: Store) -> None:
    assert await store.replay_reveals(5) is True
    await store.update_guild_settings(5, default_clock="async", text_only=True)
    assert await store.replay_reveals(5) is True
    assert await store.set_replay_reveals(5, False) is False
    assert await store.replay_reveals(5) is False
    row = await store.guild_row(5)
    assert row is not None and row.default_clock == "async" and row.text_only is True
    await store.update_guild_settings(5, ai_level="easy")  # another setting leaves this one alone
    assert await store.replay_reveals(5) is False
    assert await store.set_replay_reveals(5, True) is True
    assert await store.replay_reveals(5) is True
    assert await store.replay_reveals(6) is True  # another server


async def test_two_admins_at_once_leave_one_choice(store: Store) -> None:
    await asyncio.gather(store.set_replay_reveals(7, False), store.set_replay_reveals(7, True))
    assert await store.replay_reveals(7) in (True, False)
    await asyncio.gather(*(store.set_replay_reveals(8, False) for _ in range(5)))
    assert await store.replay_reveals(8) is False
