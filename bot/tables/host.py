"""What every part of the table service shares: the store, the settings, the group committer, the clock,
the tables in memory and the outbox. One per TableService; the parts hold it, not each other's state."""

from __future__ import annotations

from collections.abc import Callable

from bot.settings import Settings
from bot.store.base import Store
from bot.store.writer import GroupCommitter
from bot.tables import gcpause
from bot.tables.ai import AiRunner
from bot.tables.cache import TableCache
from bot.tables.outbox import Outbox


class Host:
    def __init__(self, store: Store, settings: Settings, clock: Callable[[], float]) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock  # tests replace it on the service (TableService.clock is this attribute)
        self.writer = GroupCommitter(store, after_commit=self._after_commit)
        self.outbox = Outbox()
        self.cache = TableCache(self)
        store.on_table_change(self.cache.changed_elsewhere)  # another process moved a table (PostgreSQL)
        self.ai = AiRunner(settings.ai_workers)

    def _after_commit(self) -> None:
        if len(self.cache.tables) >= gcpause.TICK_FROM_TABLES:
            gcpause.tick()  # many tables loaded: keep the young generations small (bot/tables/gcpause.py)
