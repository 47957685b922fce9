"""Persistent components: rebuilt from their custom id after any restart (registered in setup_hook).

They hold no game state and no logic: the id says which table, version, verb and action; the bot's
handler turns that into one service call.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_bot import ids

if TYPE_CHECKING:
    from bot.discord_bot.client import TricktableBot


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_TEMPLATE):
    def __init__(self, cid: ids.ComponentId) -> None:
        super().__init__(discord.ui.Button(custom_id=cid.button(), label="·"))
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(ids.ComponentId(int(match["table"]), int(match["ver"]), match["verb"], match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TricktableBot = interaction.client  # type: ignore[assignment]
        await bot.handle_component(interaction, self.cid, None)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    def __init__(self, cid: ids.ComponentId) -> None:
        super().__init__(discord.ui.Select(custom_id=cid.select(), options=[discord.SelectOption(label="·")]))
        self.cid = cid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableSelect:
        return cls(ids.ComponentId(int(match["table"]), int(match["ver"]), match["verb"], match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TricktableBot = interaction.client  # type: ignore[assignment]
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await bot.handle_component(interaction, self.cid, values)
