"""Ratings: /leaderboard (public) and /stats. Top-level commands, bound like reading.py's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot import boards
from bot.discord_bot.commands.common import game_choices
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import ls, t
from bot.tables import TableService
from games.core.registry import get_game


class RatingsCommands:
    def __init__(self, service: TableService, prefs: Preferences) -> None:
        self.service = service
        self.prefs = prefs

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        return [
            app_commands.Command(
                name="leaderboard", description=ls("dc.cmd.leaderboard"), callback=self.leaderboard
            ),
            app_commands.Command(name="stats", description=ls("dc.cmd.stats"), callback=self.stats),
        ]

    @app_commands.describe(game=ls("dc.opt.game"), scope=ls("dc.opt.scope"))
    @app_commands.choices(
        game=game_choices(),
        scope=[
            app_commands.Choice(name=ls("dc.choice.server"), value="server"),
            app_commands.Choice(name=ls("dc.choice.global"), value="global"),
        ],
    )
    async def leaderboard(
        self, interaction: discord.Interaction, game: str | None = None, scope: str = "server"
    ) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._leaderboard(interaction, lang, game, scope), ephemeral=True)

    async def _leaderboard(self, interaction: discord.Interaction, lang: str, game: str | None, scope: str) -> None:
        guild = None if scope == "global" or interaction.guild_id is None else interaction.guild_id
        rows = await self.service.leaderboard(guild, game, limit=10)
        name = boards.game_name(get_game(game), lang) if game else t("dc.all_games", lang)
        title = t("dc.leaderboard.title", lang, game=name, scope=t(f"dc.choice.{scope}", lang))
        if not rows:
            await send(interaction, content=f"**{title}**\n" + t("dc.leaderboard.none", lang), ephemeral=False)
            return
        lines = [
            t("dc.leaderboard.line", lang, rank=r.rank, name=r.name, rating=f"{r.rating:.1f}", games=r.games, wins=r.wins)
            for r in rows
        ]
        await send(interaction, embed=discord.Embed(title=title, description="\n".join(lines)), ephemeral=False)

    @app_commands.describe(user=ls("dc.opt.user"))
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        lang = await self.prefs.safe_lang(interaction)
        await within_budget(interaction, self._stats(interaction, lang, user), ephemeral=True)

    async def _stats(self, interaction: discord.Interaction, lang: str, user: discord.User | None) -> None:
        who = user or interaction.user
        result = await self.service.player_stats(who.id, interaction.guild_id)
        title = t("dc.stats.title", lang, name=who.display_name)
        if not result.rows:
            await send(interaction, content=f"**{title}**\n" + t("dc.stats.none", lang))
            return
        lines = []
        for r in result.rows:
            name = t("dc.all_games", lang) if r.game == "*" else boards.game_name(get_game(r.game), lang)
            lines.append(
                t("dc.leaderboard.line", lang, rank=r.rank, name=name, rating=f"{r.rating:.1f}", games=r.games, wins=r.wins)
            )
        await send(interaction, embed=discord.Embed(title=title, description="\n".join(lines)))
