"""Smoke test: an unchanged `bot.start()` against a Discord on 127.0.0.1 connects, syncs its commands
and answers one interaction (the same code path as production, only the two base URLs differ)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import discord
import pytest
import yarl

from bot.discord_bot.client import TricktableBot
from bot.discord_bot.config import DiscordSettings
from bot.settings import Settings
from tests.discord.fake_discord import FakeDiscord
from tests.discord.loopback import LoopbackDiscord


async def test_start_connects_syncs_and_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    server = LoopbackDiscord()
    await server.start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway))
    settings = DiscordSettings(token="loopback-token", host=Settings(database_path=str(tmp_path / "t.db")))
    bot = TricktableBot(settings, clock_interval=1.0)
    bot._connection.guild_ready_timeout = 0
    running = asyncio.create_task(bot.start(settings.token))
    try:
        await asyncio.wait_for(server.identified.wait(), 15)
        await asyncio.wait_for(bot.wait_until_ready(), 15)
        assert {c["name"] for c in server.synced} >= {"table", "hand", "rules", "leaderboard", "settings"}
        people = FakeDiscord()  # only used to build a realistic interaction payload
        alice = people.add_user("alice")
        await server.send_interaction(people.slash_payload(alice, "table list"))
        await asyncio.wait_for(server.callback_seen.wait(), 15)
        reply = server.callbacks[0]
        assert reply["type"] == 4
        assert reply["data"]["flags"] & 64, "the answer is ephemeral"
        assert "No open tables" in reply["data"]["content"]
        assert server.peers <= {"127.0.0.1"}
    finally:
        await bot.close()
        await asyncio.wait_for(running, 15)
        await server.stop()
    assert "loopback-token" not in caplog.text, "the token never reaches the logs"
