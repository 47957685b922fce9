"""What several command groups share: the game choices, finding the table a command means, the admin check."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_bot.replies import send
from bot.discord_bot.texts import ls, t
from bot.tables import TableService, TableStatus
from bot.tables.readers import check_readable
from games.core.registry import all_games


def game_choices() -> list[app_commands.Choice[str]]:
    """Every installed game (Discord shows 25 at most), named in English and Japanese."""
    choices = []
    for game_id, game in list(all_games().items())[:25]:
        names = game.info.names
        name = app_commands.locale_str(names.get("en", game_id), ja=names.get("ja", names.get("en", game_id)))
        choices.append(app_commands.Choice(name=name, value=game_id))
    return choices


CLOCK_CHOICES = [
    app_commands.Choice(name=ls("dc.choice.live"), value="live"),
    app_commands.Choice(name=ls("dc.choice.async"), value="async"),
    app_commands.Choice(name=ls("dc.choice.live-bank"), value="live-bank"),  # time banks (bot/tables/bank.py)
    app_commands.Choice(name=ls("dc.choice.async-bank"), value="async-bank"),
]


def is_admin(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


async def resolve_table(
    service: TableService,
    interaction: discord.Interaction,
    table: int | None,
    lang: str,
    finished: bool = False,
) -> int | None:
    """The table named, else the user's table in this thread/channel, else their latest one (None, after
    saying so, when they have none). With `finished` (reading commands such as /history), a table's own
    thread finds it whatever its status, and the user's finished tables count too."""
    if table is not None:
        return table
    if finished and interaction.guild_id is not None and interaction.channel_id is not None:
        in_thread = await service.list_tables(
            interaction.guild_id, channel_id=interaction.channel_id, statuses=tuple(TableStatus)
        )
        own = [info for info in in_thread if info.thread_id == interaction.channel_id]
        if own:
            return own[0].id
    mine = await service.tables_of_user(interaction.user.id, active_only=not finished)
    here = [info for info in mine if interaction.channel_id in (info.thread_id, info.channel_id)]
    candidates = here or mine
    if not candidates:
        await send(interaction, content=t("dc.no_table", lang))
        return None
    return candidates[0].id


async def readable_table(
    service: TableService,
    interaction: discord.Interaction,
    table: int | None,
    lang: str,
    finished: bool = False,
) -> int | None:
    """`resolve_table` for the commands that show a table to whoever asks (`/history`, `/table status`):
    a table of another server, or in a DM one the asker never sat at, is refused (bot/tables/readers.py)."""
    tid = await resolve_table(service, interaction, table, lang, finished=finished)
    if tid is not None:
        check_readable(await service.get_table(tid), interaction.guild_id, interaction.user.id)
    return tid
