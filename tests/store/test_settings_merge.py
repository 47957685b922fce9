"""Two changes to one person's settings at once both stay, on both stores (every write that depends
on a read is decided by the database)."""

from __future__ import annotations

import asyncio

from bot.store.base import Store


async def test_a_language_and_a_dm_change_at_once_both_stay(store: Store) -> None:
    for user in range(1, 21):
        await asyncio.gather(
            store.update_settings(user, language="ja"), store.update_settings(user, dm_pings=False)
        )
        assert await store.get_settings(user) == ("ja", False)
    assert await store.update_settings(99) == (None, True)  # nothing given: the defaults, stored once
