"""The per-server picture switch (SQLite migration 0006, PostgreSQL 0003) on both backends: unset until a
server sets it, then kept apart from the other server settings."""

from __future__ import annotations

from bot.store.base import GuildRow, Store
from bot.tables.preferences import Preferences

GUILD = 2**62 + 5  # beyond 32 bits, as Discord ids are


async def test_text_only_is_unset_then_kept_apart_from_the_other_server_settings(store: Store) -> None:
    assert await store.guild_row(GUILD) is None
    await store.update_guild_settings(GUILD, default_clock="async", table_channels="[1]")
    assert await store.guild_row(GUILD) == GuildRow("async", "[1]", None)
    await store.update_guild_settings(GUILD, text_only=True)
    assert await store.guild_row(GUILD) == GuildRow("async", "[1]", True)
    # changing the clock or channels later keeps the switch (an upsert, not a row replacement)
    await store.update_guild_settings(GUILD, default_clock="live", table_channels="[]")
    assert await store.guild_row(GUILD) == GuildRow("live", "[]", True)
    await store.update_guild_settings(GUILD, text_only=False)
    assert await store.guild_row(GUILD) == GuildRow("live", "[]", False)
    await store.update_guild_settings(GUILD + 1, text_only=True)  # a server with no other setting yet
    assert await store.guild_row(GUILD + 1) == GuildRow(None, None, True)


async def test_preferences_read_and_change_only_what_is_given(store: Store) -> None:
    prefs = Preferences(store)
    assert (await prefs.get_guild_settings(GUILD)).text_only is None
    saved = await prefs.set_guild_settings(GUILD, None, None, text_only=True)
    assert saved.text_only is True and (await prefs.get_guild_settings(GUILD)) == saved
    again = await prefs.set_guild_settings(GUILD, "async", None)
    assert again.text_only is True and again.default_clock is not None
