"""/replay [table]: a game stepped through in one private message (bot/discord_bot/replays.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import replays
from bot.discord_bot.commands.common import resolve_table
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.tables import TableService

DESCRIPTION = app_commands.locale_str(
    "Step through a game trick by trick, with pictures (only you see it)",
    ja="対局をトリックごとに絵で振り返る（自分だけに表示）",
)
TABLE = app_commands.locale_str(
    "Table number (default: your table here, else your latest)",
    ja="卓番号（省略時: ここでのあなたの卓、なければ最新の卓）",
)


class ReplayCommands:
    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        return [app_commands.Command(name="replay", description=DESCRIPTION, callback=self.replay)]

    @app_commands.describe(table=TABLE)
    async def replay(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._replay(interaction, lang, table), ephemeral=True)

    async def _replay(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        tid = await resolve_table(self.service, interaction, table, lang, finished=True)
        if tid is not None:
            await send(interaction, **await replays.message(self.service, self.prefs, interaction, tid, 0, lang))
