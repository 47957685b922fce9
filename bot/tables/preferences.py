"""Per-user and per-server settings. Not a table concern: the service only hands these calls through.

Every change is merged with the stored row by the database in one statement (None keeps the stored
value), never read here and written back: two admins (or two processes) changing different settings at
once both keep theirs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.settings import AI_LEVELS
from bot.store.base import GuildRow, Store
from bot.tables.bank import CLOCK_CHOICES
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
        return _guild_settings(guild_id, await self.store.guild_row(guild_id) or GuildRow())

    async def set_guild_settings(
        self,
        guild_id: int,
        default_clock: ClockMode | str | None,
        table_channels: Iterable[int] | None,
        text_only: bool | None = None,
        ai_level: str | None = None,
    ) -> GuildSettings:
        clock: str | None = None
        if default_clock is not None:  # live, async, or a time bank: live-bank, async-bank
            clock = str(default_clock)
            if clock not in CLOCK_CHOICES:
                raise TableError("bad_clock")
        if ai_level is not None and ai_level not in AI_LEVELS:
            raise TableError("unknown_policy", policy=ai_level, choices=", ".join(AI_LEVELS))
        channels = None if table_channels is None else json.dumps(sorted(set(map(int, table_channels))))
        row = await self.store.update_guild_settings(
            guild_id, default_clock=clock, table_channels=channels, text_only=text_only, ai_level=ai_level
        )
        return _guild_settings(guild_id, row)

    async def add_table_channel(
        self, guild_id: int, channel_id: int, defaults: Iterable[int] = ()
    ) -> GuildSettings:
        """One more channel where tables may be created, added by the database to the stored list (to
        `defaults`, the operator's list, where the server has none yet): two added at once both stay."""
        base = json.dumps(sorted(set(map(int, defaults))))
        return _guild_settings(guild_id, await self.store.add_guild_channel(guild_id, int(channel_id), base))



async def takeover_level(store: Store, guild_id: int, operator_level: str) -> str:
    """The AI level that plays a seat nobody plays on this server (a clock that ran out, a resignation,
    an admin's replace without a choice): the server's own (/settings server ai_level), else the
    operator's TRICKTABLE_AI_LEVEL. Read from the store each time (rare events; another process may
    have changed it)."""
    row = await store.guild_row(guild_id)
    level = row.ai_level if row is not None else None
    return level if level is not None and level in AI_LEVELS else operator_level


def _guild_settings(guild_id: int, row: GuildRow) -> GuildSettings:
    return GuildSettings(
        guild_id,
        _clock(row.default_clock),
        frozenset(int(c) for c in json.loads(row.table_channels)) if row.table_channels is not None else None,
        row.text_only,
        row.ai_level,
    )


def _clock(stored: str | None) -> ClockMode | str | None:
    """A server's default clock: a ClockMode (live, async), or a time bank's choice (live-bank, async-bank)."""
    if stored in (ClockMode.LIVE.value, ClockMode.ASYNC.value):
        return ClockMode(stored)
    return stored if stored in CLOCK_CHOICES else None
