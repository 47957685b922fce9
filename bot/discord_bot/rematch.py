"""The "Play again" button of a finished table and what its click does: the service makes (once) or
joins the table's rematch lobby (bot/tables/rematch.py); the first click posts the new lobby in the
table's thread, later clicks redraw it, and the last person's click starts the game (the Router posts
the board as for any start).

The custom id carries only the finished table's id (`tp:<table>`), so the button works after a restart;
who may press it (the players of that table) is the service's rule, answered in one localized line.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord_bot import boards
from bot.discord_bot.clicks import Guarded
from bot.discord_bot.play_again import REMATCH_TEMPLATE, custom_id
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import t
from bot.tables.rematch import RematchClick
from games.core import i18n

log = logging.getLogger("tricktable.discord")

i18n.register(
    {
        "dc.rematch.created": {
            "en": "Rematch of #{source}: lobby #{table} is open, you are in. It starts when everyone has "
            "pressed Play again (or when its creator starts it).",
            "ja": "#{source} の再戦: 卓 #{table} を作り、あなたは参加済みです。全員が「もう一度遊ぶ」を押すと"
            "始まります（作成者が先に開始することもできます）。",
        },
        "dc.rematch.joined": {
            "en": "You are in the rematch of #{source} (table #{table}).",
            "ja": "#{source} の再戦（卓 #{table}）に参加しました。",
        },
        "dc.rematch.already": {
            "en": "You are already in the rematch of #{source} (table #{table}).",
            "ja": "#{source} の再戦（卓 #{table}）にはすでに参加しています。",
        },
        "dc.rematch.started": {
            "en": "Everyone is in: the rematch #{table} starts.",
            "ja": "全員そろいました。再戦 #{table} を開始します。",
        },
    }
)


class PlayAgainButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=REMATCH_TEMPLATE):
    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id(table_id), label="·"))
        self.source = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayAgainButton:
        return cls(int(match["table"]))

    @property
    def table(self) -> int | None:
        return self.source

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        kit = self.kit
        player = kit.prefs.player(interaction, lang)
        click: RematchClick = await within_budget(
            interaction, kit.service.play_again(self.source, player), ephemeral=True
        )
        info = click.table
        table_lang = kit.router.lang(self.source)
        if click.created:
            await kit.router.note_language(info.id, interaction, fallback=table_lang)
            if click.started is None:  # (a rematch of one person and AI seats starts at once: its board follows)
                await self._post_lobby(click)
        elif click.started is None:
            await kit.router.refresh_lobby(info)
        code = "dc.rematch.created" if click.created else "dc.rematch.joined" if click.joined else "dc.rematch.already"
        note = t(code, lang, source=self.source, table=info.id)
        if click.started is not None:
            note += "\n" + t("dc.rematch.started", lang, table=info.id)
        await send(interaction, content=note)

    async def _post_lobby(self, click: RematchClick) -> None:
        """The new lobby, in the finished table's thread (its channel when the thread is gone)."""
        kit, info = self.kit, click.table
        game = await kit.service.game_of(info.id)
        embed, view = boards.lobby_message(info, game, kit.router.lang(info.id))
        target = info.thread_id or info.channel_id
        parts: dict[str, Any] = {"embed": embed}
        if view is not None:
            view.stop()  # drawn only: clicks reach the DynamicItems
            parts["view"] = view
        try:
            message = await kit.router.discord.get_partial_messageable(target).send(**parts)
        except discord.NotFound:
            info = await kit.service.set_thread(info.id, None)
            target = info.channel_id
            message = await kit.router.discord.get_partial_messageable(target).send(**parts)
        if view is not None:
            await kit.router.remember_lobby(info.id, target, message.id)
