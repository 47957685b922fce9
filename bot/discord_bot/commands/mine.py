"""/games: every table where I sit, across servers and DMs: whose turn it is, my time left there, and a
link to each table's thread, the tables waiting for me first. A private reply, so its times are in the
reader's own time zone (/settings me timezone; UTC when never chosen, and it says so)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.my_games import games_text
from bot.discord_bot.personal_settings import lstr
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import t
from bot.tables import TableService


class MineCommands:
    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        return [app_commands.Command(name="games", description=lstr("dc.cmd.games"), callback=self.games)]

    async def games(self, interaction: discord.Interaction) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._games(interaction, lang), ephemeral=True)

    async def _games(self, interaction: discord.Interaction, lang: str) -> None:
        user = interaction.user.id
        games = await self.service.my_games(user)
        if not games:
            await send(interaction, content=t("dc.games.none", lang))
            return
        mine = await self.service.get_personal(user)
        waiting = sum(1 for g in games if g.waiting)
        title = t("dc.games.title", lang)
        if waiting:
            title += " · " + t("dc.games.waiting", lang, n=waiting)
        now = self.service.clock()
        await send(interaction, embed=discord.Embed(title=title, description=games_text(games, mine, now, lang)))
