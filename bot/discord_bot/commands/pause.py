"""/table pause and /table resume (added to the /table group by commands.install): a pause agreed by all the
table's players, and any player resumes it (bot/tables/pause.py; the buttons: bot/discord_bot/pause.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.commands.common import resolve_table
from bot.discord_bot.pause import answer_pause
from bot.discord_bot.personal_settings import lstr
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import t
from bot.tables import TableService


class PauseCommands:
    """/table pause and /table resume (added to the /table group by commands.install)."""

    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        return [
            app_commands.Command(name="pause", description=lstr("dc.cmd.table.pause"), callback=self.pause),
            app_commands.Command(
                name="resume", description=lstr("dc.cmd.table.resume"), callback=self.resume
            ),
        ]

    async def pause(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._pause(interaction, lang, table), ephemeral=True)

    async def _pause(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        table_id = await resolve_table(self.service, interaction, table, lang)
        if table_id is None:
            return
        state = await self.service.ask_pause(table_id, interaction.user.id)
        await answer_pause(interaction, state, lang, asked=True)

    async def resume(self, interaction: discord.Interaction, table: int | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._resume(interaction, lang, table), ephemeral=True)

    async def _resume(self, interaction: discord.Interaction, lang: str, table: int | None) -> None:
        table_id = await resolve_table(self.service, interaction, table, lang)
        if table_id is None:
            return
        await self.service.resume(table_id, interaction.user.id)
        await send(interaction, content=t("dc.pause.resumed", lang, table=table_id), ephemeral=False)
