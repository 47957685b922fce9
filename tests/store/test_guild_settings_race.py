"""Server settings are merged by the database, not read then written (every write that depends on a read
is decided by the database): two admins changing different settings of one server at the same
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


async def test_two_channels_added_at_once_from_two_processes_both_stay(db_target: str) -> None:
    """`/settings server tables_channel:` adds one channel to the list: the database adds it, so two admins
    adding different channels at the same moment keep both (the operator's list is the start where the
    server has none yet)."""
    first = TableService(await open_store(db_target), Settings())
    second = TableService(await open_store(db_target), Settings())
    big = 2**62  # Discord ids are beyond 32 bits
    try:
        for guild in range(1, 11):
            await asyncio.gather(
                first.add_table_channel(guild, big + 1, defaults=[big]),
                second.add_table_channel(guild, big + 2, defaults=[big]),
            )
            again = await first.add_table_channel(guild, big + 1, defaults=[7])  # already there: kept once
            assert again.table_channels == frozenset({big, big + 1, big + 2}), (guild, again)
            assert (await second.get_guild_settings(guild)).table_channels == again.table_channels
        await first.set_guild_settings(1, table_channels=[])  # any channel, then one added: only that one
        assert (await second.add_table_channel(1, 5, defaults=[big])).table_channels == frozenset({5})
    finally:
        await first.close()
        await second.close()
