"""The slash commands: one class per concern, each command a service call and a reply.

    tables.py    /table new, list, status, leave, resign, abort, replace   (an app_commands.Group)
    reading.py   /hand, /history, /rules, /card                            (top-level commands)
    ratings.py   /leaderboard, /stats                                      (top-level commands)
    settings.py  /settings me, server                                      (an app_commands.Group)
    replay.py    /replay: a game stepped through with pictures             (a top-level command)
    mine.py      /games: every table where I sit, waiting-for-me first     (a top-level command)
    away.py      /away until, /away off: time away                          (an app_commands.Group)
    pause.py     /table pause, /table resume (added to the /table group; buttons: ../pause.py)

Command texts are locale_strs (English, Japanese via texts.Translator); game choices come from the registry
when these modules are imported, so a newly installed game appears after a restart and a sync. Errors of
every command reach the tree's one hook (`install` sets it): no command can skip it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.commands.away import AwayCommands
from bot.discord_bot.commands.mine import MineCommands
from bot.discord_bot.commands.pause import PauseCommands
from bot.discord_bot.commands.ratings import RatingsCommands
from bot.discord_bot.commands.reading import ReadingCommands
from bot.discord_bot.commands.replay import ReplayCommands
from bot.discord_bot.commands.settings import SettingsCommands
from bot.discord_bot.commands.tables import TableCommands, parse_options
from bot.discord_bot.config import DiscordSettings
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import report_error
from bot.discord_bot.routing import Router
from bot.discord_bot.table_replies import TableReplies
from bot.tables import TableService

__all__ = ["install", "parse_options"]


def install(
    tree: app_commands.CommandTree[Any],
    service: TableService,
    prefs: Preferences,
    router: Router,
    replies: TableReplies,
    settings: DiscordSettings,
) -> None:
    """Every command on `tree`, and the tree's error hook."""
    table_group = TableCommands(service, prefs, router, replies, settings)
    for command in PauseCommands(service, prefs).commands():  # /table pause, /table resume
        table_group.add_command(command)
    tree.add_command(table_group)
    tree.add_command(AwayCommands(service, prefs).group())  # /away until, /away off
    for command in ReadingCommands(service, prefs, replies).commands():
        tree.add_command(command)
    for command in RatingsCommands(service, prefs).commands():
        tree.add_command(command)
    tree.add_command(SettingsCommands(service, prefs, settings))
    tree.add_command(ReplayCommands(service, prefs).commands()[0])  # /replay
    tree.add_command(MineCommands(service, prefs).commands()[0])  # /games

    @tree.error
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """The one error hook of the commands: a refusal is answered with its reason in the asker's
        language, anything else is logged with the table it was about and answered with a short note."""
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        lang = await prefs.safe_lang(interaction)
        table = getattr(interaction.namespace, "table", None)
        await report_error(interaction, cause, lang, table if isinstance(table, int) else None)
