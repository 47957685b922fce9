"""The per-server picture switch (issue 15, migration SQLite 0006 / PostgreSQL 0003) on both backends."""

from __future__ import annotations

from bot.store.base import Store
from bot.tables.preferences import Preferences

GUILD = 2**62 + 5  # beyond 32 bits, as Discord ids are


async def test_text_only_is_unset_then_kept_apart_from_the_other_server_settings(store: Store) -> None:
    assert await store.get_guild_text_only(GUILD) is None
    await store.set_guild_settings(GUILD, "async", "[1]")
    assert await store.get_guild_text_only(GUILD) is None
    await store.set_guild_text_only(GUILD, True)
    assert await store.get_guild_text_only(GUILD) is True
    # changing the clock or channels later keeps the switch (an upsert, not a row replacement)
    await store.set_guild_settings(GUILD, "live", "[]")
    assert await store.get_guild_text_only(GUILD) is True
    assert await store.get_guild_settings(GUILD) == ("live", "[]")
    await store.set_guild_text_only(GUILD, False)
    assert await store.get_guild_text_only(GUILD) is False
    await store.set_guild_text_only(GUILD + 1, True)  # a server with no other setting yet
    assert await store.get_guild_settings(GUILD + 1) == (None, None)


async def test_preferences_read_and_change_only_what_is_given(store: Store) -> None:
    prefs = Preferences(store)
    assert (await prefs.get_guild_settings(GUILD)).text_only is None
    saved = await prefs.set_guild_settings(GUILD, None, None, text_only=True)
    assert saved.text_only is True and (await prefs.get_guild_settings(GUILD)) == saved
    again = await prefs.set_guild_settings(GUILD, "async", None)
    assert again.text_only is True and again.default_clock is not None
