"""Forgetting people and servers, and the per-person limit on open tables (docs/privacy.md).

A person who asks to be forgotten first leaves what is still open (a lobby: they leave it, or it is
cancelled when they created it; a game in play: they resign, so the others play on against an AI), then
the store anonymizes them everywhere in one transaction. A server the bot left is remembered with the time
it left; once the grace period has passed its open tables are aborted and everyone in them anonymized,
unless the bot was invited back in the meantime.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.privacy import PrivacyStore
from bot.tables.errors import TableError
from bot.tables.models import TableInfo, TableStatus

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger("tricktable.privacy")

GUILD_SWEEP_SECONDS = 600.0  # how often the clock loop looks for servers whose grace period ended


@dataclass(frozen=True, slots=True)
class ForgetReport:
    """What forgetting a person did: tables resigned, lobbies left or cancelled, rows anonymized."""

    resigned: tuple[int, ...]
    left: tuple[int, ...]
    cancelled: tuple[int, ...]
    rows: int


class Privacy:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._last_sweep = float("-inf")

    @property
    def store(self) -> PrivacyStore:
        store = self.service.store
        if not isinstance(store, PrivacyStore):
            raise TypeError("this store cannot forget people")
        return store

    async def check_open_limit(self, user_id: int, limit: int | None) -> None:
        """Refuse one more open table past `limit` (joining; creating checks inside the insert)."""
        if limit is None:
            return
        count = await self.store.open_tables_of(user_id)
        if count >= limit:
            raise TableError("too_many_open_tables", count=count, limit=limit)

    async def forget_person(self, user_id: int) -> ForgetReport:
        resigned, left, cancelled = [], [], []
        for info in await self.service.tables_of_user(user_id, active_only=True):
            seat = info.seat_of(user_id)
            try:
                if info.status is TableStatus.LOBBY and info.creator_id == user_id:
                    await self.service.cancel(info.id, user_id)
                    cancelled.append(info.id)
                elif info.status is TableStatus.LOBBY:
                    await self.service.leave(info.id, user_id)
                    left.append(info.id)
                elif seat is not None and info.seats[seat].left is None:
                    await self.service.resign(info.id, user_id)
                    resigned.append(info.id)
            except TableError as err:  # the table moved on meanwhile (ended, or they already left)
                log.info("forget %s: table %s: %s", user_id, info.id, err.code)
        await self.service.drain_updates()
        rows = await self.store.forget_user(user_id)
        self._evict(lambda info: info.creator_id == user_id or any(s.user_id == user_id for s in info.seats))
        return ForgetReport(tuple(resigned), tuple(left), tuple(cancelled), rows)

    async def guild_left(self, guild_id: int) -> None:
        await self.store.mark_guild_left(guild_id, self.service.clock())

    async def guild_back(self, guild_id: int) -> None:
        await self.store.mark_guild_back(guild_id)

    async def forget_departed_guilds(self, now: float) -> list[int]:
        """Forget every server whose grace period has ended; returns their ids."""
        grace = self.service.settings.forget_guild_after_seconds
        forgotten = []
        for guild_id in await self.store.guilds_left_before(now - grace):
            for info in await self.service.list_tables(guild_id, statuses=(TableStatus.LOBBY, TableStatus.PLAYING)):
                await self.service.abort(info.id)
            await self.service.drain_updates()
            rows = await self.store.forget_guild(guild_id)
            self._evict(functools.partial(_in_guild, guild_id))
            log.info("forgot server %s (%s rows anonymized or removed)", guild_id, rows)
            forgotten.append(guild_id)
        return forgotten

    async def sweep(self, now: float) -> None:
        """Called by the clock loop: at most every GUILD_SWEEP_SECONDS."""
        if now - self._last_sweep >= GUILD_SWEEP_SECONDS:
            self._last_sweep = now
            await self.forget_departed_guilds(now)

    def _evict(self, matches: Callable[[TableInfo], bool]) -> None:
        cache = self.service.host.cache
        for table_id, live in list(cache.tables.items()):
            if matches(live.info):
                cache.forget(table_id)


def _in_guild(guild_id: int, info: TableInfo) -> bool:
    return info.guild_id == guild_id
