"""The Discord client: wiring only. It builds the parts (preferences, the poster, the reply helpers, the
commands and the components), hands each what it needs, and connects them to discord.py's events.

No other module imports this one (bot/__main__.py, the entry point, does): a part is handed the service,
its preferences and its helpers, never the client.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import commands, components, leaderboards, pause, privacy, rematch, replays
from bot.discord_bot.clicks import Kit, bind
from bot.discord_bot.config import DiscordSettings
from bot.discord_bot.digest import DigestSender
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.routing import Router
from bot.discord_bot.season_news import SeasonNews
from bot.discord_bot.table_replies import TableReplies
from bot.discord_bot.texts import Translator
from bot.metrics import Metrics
from bot.ops.health import Heartbeat, heartbeat_path
from bot.tables import TableService

log = logging.getLogger("tricktable.discord")


class TricktableBot(discord.Client):
    """One process, one service. `service` may be given (tests, bench); otherwise it is opened from settings.

    With DISCORD_SHARD_COUNT set, `bot_class` gives ShardedTricktableBot (below) instead.
    """

    def __init__(
        self,
        settings: DiscordSettings,
        service: TableService | None = None,
        clock_interval: float | None = 1.0,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # threads and channels; no privileged intent is needed
        sharding: dict[str, Any] = {}  # only ShardedTricktableBot is given shard settings (and the trace)
        if settings.shard_count is not None:
            sharding["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            sharding["shard_ids"] = list(settings.shard_ids)
        self.metrics = Metrics() if settings.metrics_port is not None else None  # operators' endpoint
        if self.metrics is not None:
            sharding["http_trace"] = self.metrics.trace()  # Discord's requests and 429s, below discord.py
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            **sharding,
        )
        self.settings = settings
        self._owns_service = service is None
        self._clock_interval = clock_interval
        self.tree = app_commands.CommandTree(self)
        self._unsubscribe: Any = None
        self._unsubscribe_metrics: Any = None
        self._heartbeat: asyncio.Task[None] | None = None
        self.service: TableService = service  # type: ignore[assignment]  # opened in setup_hook when None
        if service is not None:
            self._wire(service)

    def _wire(self, service: TableService) -> None:
        """Build the parts around one service and put the commands on the tree."""
        self.preferences = Preferences(service, self.settings)
        self.router = Router(
            service, self.preferences, self, pace=self.settings.thread_pace, global_rate=self.settings.global_rate
        )
        self.replies = TableReplies(service, self.preferences, self.router)
        commands.install(self.tree, service, self.preferences, self.router, self.replies, self.settings)

    async def setup_hook(self) -> None:
        if self.service is None:
            self.service = await TableService.open(self.settings.host.database_path, self.settings.host)
            self._wire(self.service)
        # this process posts for its shards' servers; other tables' Updates go to their owner (relay.py)
        self.service.own_shards(self.settings.shard_count, self.settings.shard_ids)
        self._unsubscribe = self.service.subscribe(self.router.on_update)
        if self.metrics is not None and self.settings.metrics_port is not None:
            self.metrics.watch(lambda: self.service.loaded_tables, self.router.queued, lambda: self.service.ai_queue_depth)
            self.service.host.ai.listeners.append(self.metrics.on_ai)  # strong seats: times, fallbacks, playouts
            self._unsubscribe_metrics = self.service.subscribe(self.metrics.on_update)
            port = self.metrics.serve(self.settings.metrics_port)
            log.info("metrics on port %s", port)
        kit = Kit(self.service, self.preferences, self.router, self.replies, self.settings, self.metrics)
        self.add_dynamic_items(*bind(kit, *components.FAMILIES, privacy.ForgetButton))
        self.add_dynamic_items(*bind(kit, *replays.FAMILIES))  # a replay's Replay, ⏮ ◀ ▶ ⏭ and round list
        self.add_dynamic_items(*bind(kit, leaderboards.LeaderboardPageButton))  # a leaderboard's ◀ ▶
        self.service.on_season_end(SeasonNews(self.router).announce)  # a season's end, in the chosen channel
        self.add_dynamic_items(*bind(kit, rematch.PlayAgainButton))  # a finished table's Play again
        self.add_dynamic_items(*bind(kit, pause.PauseButton))  # a pause's agree / decline / resume
        self.service.subscribe_digest(DigestSender(self.preferences, self.router).send)  # the daily digest DM
        await self.tree.set_translator(Translator())
        if self.settings.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        if self._clock_interval:
            self.service.start_clock_loop(self._clock_interval)
            self._heartbeat = asyncio.create_task(self._health().run())

    def _health(self) -> Heartbeat:
        """The heartbeat `python -m bot.ops.health` and systemd's watchdog read (bot/ops/health.py)."""
        return Heartbeat(
            heartbeat_path(self.settings.host.database_path),
            gateway_ok=lambda: self.is_ready() and not self.is_closed(),
            clock_ok=self.service.clock_loop_alive,
        )

    async def close(self) -> None:
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            self._heartbeat = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self.metrics is not None:
            if self._unsubscribe_metrics is not None:
                self._unsubscribe_metrics()
            self.metrics.close()
        if self.service is not None:
            await self.router.drain()
            if self._owns_service:
                await self.service.close()
        await super().close()

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await privacy.guild_removed(self.service, guild)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await privacy.guild_joined(self.service, guild)


class ShardedTricktableBot(TricktableBot, discord.AutoShardedClient):
    """The bot on discord.py's AutoShardedClient: this process runs the shards DISCORD_SHARD_IDS of
    DISCORD_SHARD_COUNT (all of them when no ids are given); several such processes share one PostgreSQL
    database (deploy/README.md, "Growing past one machine")."""


def bot_class(settings: DiscordSettings) -> type[TricktableBot]:
    """The plain client by default (one process, Discord's single shard); sharded when configured."""
    return ShardedTricktableBot if settings.shard_count is not None else TricktableBot
