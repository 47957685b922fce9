"""Server settings are merged by the database, not read then written (issue 16: every write that depends
on a read is decided by the database): two admins changing different settings of one server at the same
moment, from two bot processes on one database, both keep theirs. On both stores."""

from __future__ import annotations

import asyncio

from bot.settings import Settings
from bot.store.factory import open_store
from bot.tables import ClockMode, TableService


async def test_two_processes_changing_different_server_settings_at_once_both_stay(db_target: str) -> None:
    first = TableService(await open_store(db_target), Settings())
    second = TableService(await open_store(db_target), Settings())
    try:
        for guild in range(1, 16):
            clock, pictures = await asyncio.gather(
                first.set_guild_settings(guild, default_clock="async"),
                second.set_guild_settings(guild, text_only=True),
            )
            channels = await first.set_guild_settings(guild, table_channels=[guild])
            for saved in (await first.get_guild_settings(guild), await second.get_guild_settings(guild)):
                assert saved.default_clock is ClockMode.ASYNC and saved.text_only is True, (guild, saved)
                assert saved.table_channels == frozenset({guild})
            # each answer is the row as merged at that moment: it carries its own change
            assert clock.default_clock is ClockMode.ASYNC and pictures.text_only is True
            assert channels.default_clock is ClockMode.ASYNC and channels.text_only is True
    finally:
        await first.close()
        await second.close()
