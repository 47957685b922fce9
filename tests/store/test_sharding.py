"""Shard settings choose discord.py's AutoShardedClient with this process's share of the shards; without
them the bot stays the plain one-process client."""

from __future__ import annotations

import discord

from bot.discord_bot.client import ShardedTricktableBot, TricktableBot, bot_class
from bot.discord_bot.config import DiscordSettings


async def test_shard_settings_give_this_process_its_shards() -> None:
    env = {"DISCORD_TOKEN": "x", "DISCORD_SHARD_COUNT": "4", "DISCORD_SHARD_IDS": "2,3"}
    settings = DiscordSettings.from_env(dotenv=False, environ=env)
    cls = bot_class(settings)
    assert cls is ShardedTricktableBot and issubclass(cls, discord.AutoShardedClient)
    bot = cls(settings, service=object(), clock_interval=None)  # type: ignore[arg-type]
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_without_shard_settings_the_bot_is_one_process() -> None:
    settings = DiscordSettings.from_env(dotenv=False, environ={"DISCORD_TOKEN": "x"})
    assert bot_class(settings) is TricktableBot
    assert not issubclass(TricktableBot, discord.AutoShardedClient)
