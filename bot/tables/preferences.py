"""Per-user and per-server settings. Not a table concern: the service only hands these calls through."""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.store.base import Store
from bot.tables.errors import TableError
from bot.tables.models import ClockMode, GuildSettings, UserSettings
from games.core import i18n


class Preferences:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get_settings(self, user_id: int) -> UserSettings:
        found = await self.store.get_settings(user_id)
        if found is None:
            return UserSettings(user_id)
        return UserSettings(user_id, found[0], found[1])

    async def set_settings(self, user_id: int, language: str | None, dm_pings: bool | None) -> UserSettings:
        if language is not None and language not in i18n.LANGUAGES:
            raise TableError("bad_language", choices=", ".join(i18n.LANGUAGES))
        # one statement merges the change with what is stored: two changes at once both stay
        stored_language, stored_pings = await self.store.update_settings(user_id, language, dm_pings)
        return UserSettings(user_id, stored_language, stored_pings)

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        found = await self.store.get_guild_settings(guild_id)
        text_only = await self.store.get_guild_text_only(guild_id)
        if found is None:
            return GuildSettings(guild_id, text_only=text_only)
        clock, channels = found
        return GuildSettings(
            guild_id,
            ClockMode(clock) if clock is not None else None,
            frozenset(int(c) for c in json.loads(channels)) if channels is not None else None,
            text_only,
        )

    async def set_guild_settings(
        self,
        guild_id: int,
        default_clock: ClockMode | str | None,
        table_channels: Iterable[int] | None,
        text_only: bool | None = None,
    ) -> GuildSettings:
        current = await self.get_guild_settings(guild_id)
        clock = current.default_clock
        if default_clock is not None:
            try:
                clock = ClockMode(default_clock)
            except ValueError:
                raise TableError("bad_clock") from None
        channels = current.table_channels if table_channels is None else frozenset(map(int, table_channels))
        new = GuildSettings(guild_id, clock, channels, current.text_only if text_only is None else text_only)
        await self.store.set_guild_settings(
            guild_id,
            None if clock is None else clock.value,
            None if channels is None else json.dumps(sorted(channels)),
        )
        if text_only is not None:
            await self.store.set_guild_text_only(guild_id, text_only)
        return new
