"""Discord's side of privacy (docs/privacy.md): "forget me" with a confirm button, and servers the bot
leaves or rejoins. The work itself is the table service's (bot/tables/privacy.py).

The confirm button's custom id carries only the person's own id: a click by anyone else is refused, and
the button works after a restart like every other component (registered in setup_hook).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord_bot.clicks import Guarded
from bot.discord_bot.replies import send, update_message
from bot.discord_bot.texts import t
from bot.tables import TableService
from games.core import i18n

log = logging.getLogger("tricktable.discord")

FORGET_TEMPLATE = r"tf:(?P<user>[0-9]+)"

i18n.register(
    {
        "dc.forget.ask": {
            "en": "**Forget me?** This removes your settings and replaces your name and Discord id with "
            "\"Former player\" in every table, result and leaderboard of this bot. Games you are playing "
            "are resigned (an AI plays your seat to the end) and your open lobbies are left or cancelled. "
            "It cannot be undone.",
            "ja": "**データを削除しますか？** 設定を消し、このボットのすべての卓・結果・ランキングで"
            "あなたの名前と Discord ID を「Former player」に置き換えます。対戦中のゲームは投了になり"
            "（最後まで AI が代わりに打ちます）、募集中の卓からは抜けるか取り消します。元に戻せません。",
        },
        "dc.forget.confirm": {"en": "Yes, forget me", "ja": "はい、削除します"},
        "dc.forget.not_yours": {
            "en": "This button is for the person who asked to be forgotten.",
            "ja": "このボタンは削除を依頼した本人だけが押せます。",
        },
        "dc.forget.done": {
            "en": "Done: you are forgotten ({rows} records anonymized; {resigned} games resigned, "
            "{left} lobbies left, {cancelled} lobbies cancelled).",
            "ja": "削除しました（{rows} 件を匿名化、投了 {resigned} 卓、退出 {left} 卓、取り消し {cancelled} 卓）。",
        },
    }
)


def forget_prompt(user_id: int, lang: str) -> tuple[str, discord.ui.View]:
    """The question and its one red button."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            style=discord.ButtonStyle.danger, label=t("dc.forget.confirm", lang), custom_id=f"tf:{user_id}"
        )
    )
    return t("dc.forget.ask", lang), view


class ForgetButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=FORGET_TEMPLATE):
    def __init__(self, user_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=f"tf:{user_id}", label="·"))
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ForgetButton:
        return cls(int(match["user"]))

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        if interaction.user.id != self.user_id:
            await send(interaction, content=t("dc.forget.not_yours", lang))
            return
        await interaction.response.defer()  # a component: the answer edits the question's message
        report = await self.kit.service.forget_person(self.user_id)
        self.kit.prefs.forget_person(self.user_id)
        text = t(
            "dc.forget.done", lang, rows=report.rows, resigned=len(report.resigned), left=len(report.left),
            cancelled=len(report.cancelled),
        )
        await update_message(interaction, content=text, view=None)


async def guild_removed(service: TableService, guild: discord.Guild) -> None:
    """The bot was removed from a server (or it was deleted): forget its data after the grace period."""
    log.info("left server %s: its data is forgotten after the grace period unless the bot returns", guild.id)
    await service.guild_left(guild.id)


async def guild_joined(service: TableService, guild: discord.Guild) -> None:
    await service.guild_back(guild.id)
