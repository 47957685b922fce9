"""/history file:True: the game's record (a JSON file `python -m games replay` reads, games/core/record.py)
and its short text summary, attached to a private reply; and the Replay button under /history.

While the game runs (or after it, where the server keeps hands hidden) the record holds only what the
requester could see: the service builds it for them (bot/tables/replays.record), never from the state.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord_bot.replay_button import replay_button
from bot.tables import TableService
from bot.tables.models import TableInfo, TableStatus
from games.core import i18n
from games.core.record import summary

FILE_OPTION = app_commands.locale_str(
    "Attach the game's record (JSON, for `python -m games replay`) and a summary",
    ja="対局記録（JSON、`python -m games replay` 用）と概要を添付する",
)

i18n.register(
    {
        "dc.record.attached": {
            "en": "The record of table #{table}: `python -m games replay {file}` replays it.",
            "ja": "卓 #{table} の対局記録です。`python -m games replay {file}` で再生できます。",
        },
    }
)


async def attachments(
    service: TableService, interaction: discord.Interaction, table: int, lang: str
) -> dict[str, Any]:
    """Message arguments: the record file, the summary file and a line saying how to replay it."""
    record = await service.game_record(table, interaction.user.id, interaction.guild_id)
    name = f"table-{table}.json"
    text = summary(record, lang)
    files = [
        discord.File(io.BytesIO(record.dumps().encode()), filename=name),
        discord.File(io.BytesIO(text.encode()), filename=f"table-{table}.txt"),
    ]
    content = "\n".join([i18n.translate("dc.record.attached", lang, table=table, file=name), "```", text[:1500], "```"])
    return {"content": content, "files": files}


def replay_view(info: TableInfo, lang: str) -> discord.ui.View | None:
    """The Replay button under /history, for a game that was played."""
    if info.status is TableStatus.LOBBY or (info.status is TableStatus.CANCELLED and info.version == 0):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(replay_button(info.id, lang))
    return view
