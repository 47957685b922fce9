"""Ratings: /leaderboard (public; a season, pages, the viewer's own rank) and /stats, as pictures with the
same words below (bot/discord_bot/leaderboards.py). Top-level commands, bound like reading.py's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import leaderboards
from bot.discord_bot.commands.common import game_choices
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import ls, t
from bot.tables import TableService


class RatingsCommands:
    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        board: app_commands.Command[Any, Any, Any] = app_commands.Command(
            name="leaderboard", description=ls("dc.cmd.leaderboard"), callback=self.leaderboard
        )
        board.autocomplete("season")(self.season_complete)
        return [board, app_commands.Command(name="stats", description=ls("dc.cmd.stats"), callback=self.stats)]

    @app_commands.describe(
        game=ls("dc.opt.game"),
        scope=ls("dc.opt.scope"),
        season=app_commands.locale_str(t("dc.opt.season", "en"), ja=t("dc.opt.season", "ja")),
    )
    @app_commands.choices(
        game=game_choices(),
        scope=[
            app_commands.Choice(name=ls("dc.choice.server"), value="server"),
            app_commands.Choice(name=ls("dc.choice.global"), value="global"),
        ],
    )
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None, scope: str = "server", season: str | None = None
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        work = leaderboards.leaderboard_command(self.service, self.prefs, interaction, lang, game, scope, season)
        await within_budget(interaction, work, ephemeral=True)

    async def season_complete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await leaderboards.season_choices(self.service, interaction.guild_id, current)

    @app_commands.describe(user=ls("dc.opt.user"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._stats(interaction, lang, user), ephemeral=True)

    async def _stats(self, interaction: discord.Interaction, lang: str, user: discord.User | None) -> None:
        who = user or interaction.user
        message = await leaderboards.stats_message(self.service, self.prefs, interaction.guild_id, who, lang)
        await send(interaction, ephemeral=True, **message)
