"""Pausing a table by all its players together (bot/tables/pause.py): `/table pause` asks every person with
two buttons (agree, decline), the table pauses once each person still seated agreed, and `/table resume` or
the Resume button lets any player go on. Live and async tables alike. (The commands are in
commands/pause.py; this module holds the buttons and the replies both use.)

The custom ids carry only the verb and the table (`tz:<verb>:<table>`), so the buttons work after a
restart; who may press them (the table's players) is the service's rule, answered in one localized line.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_bot.clicks import Guarded
from bot.discord_bot.replies import send, within_budget
from bot.discord_bot.texts import t
from bot.tables.pause import PauseState
from games.core import i18n

TEMPLATE = r"tz:(?P<verb>agree|decline|resume):(?P<table>[0-9]+)"

i18n.register(
    {
        "dc.cmd.table.pause": {
            "en": "Ask every player to pause this table (its clocks stop)",
            "ja": "この卓の一時停止を全員に提案する（持ち時間が止まります）",
        },
        "dc.cmd.table.resume": {"en": "Resume a paused table", "ja": "一時停止中の卓を再開する"},
        "dc.btn.pause_agree": {"en": "Agree to pause", "ja": "一時停止に同意"},
        "dc.btn.pause_decline": {"en": "Keep playing", "ja": "続ける"},
        "dc.btn.resume": {"en": "Resume", "ja": "再開"},
        "dc.pause.asked": {
            "en": "{user} asks to pause table #{table} ({count}/{needed} agreed). Every player, please answer:",
            "ja": "{user} が卓 #{table} の一時停止を提案しました（{count}/{needed} 人が同意）。各プレイヤーは回答してください:",
        },
        "dc.pause.paused": {
            "en": "Table #{table} is paused: every player agreed, its clocks stopped. Any player can resume it.",
            "ja": "卓 #{table} を一時停止しました（全員が同意、持ち時間は停止中）。誰でも再開できます。",
        },
        "dc.pause.agreed": {
            "en": "You agreed to pause #{table} ({count}/{needed}).",
            "ja": "卓 #{table} の一時停止に同意しました（{count}/{needed}）。",
        },
        "dc.pause.declined": {
            "en": "You declined: table #{table} goes on.",
            "ja": "一時停止を断りました。卓 #{table} は続きます。",
        },
        "dc.pause.resumed": {
            "en": "Table #{table} resumed: the clocks run again.",
            "ja": "卓 #{table} を再開しました。持ち時間が再び動きます。",
        },
    }
)


def custom_id(verb: str, table_id: int) -> str:
    return f"tz:{verb}:{table_id}"


def ask_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=t("dc.btn.pause_agree", lang),
            style=discord.ButtonStyle.primary,
            custom_id=custom_id("agree", table_id),
        )
    )
    view.add_item(
        discord.ui.Button(
            label=t("dc.btn.pause_decline", lang),
            style=discord.ButtonStyle.secondary,
            custom_id=custom_id("decline", table_id),
        )
    )
    view.stop()  # drawn only: clicks reach the DynamicItem
    return view


def resume_view(table_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=t("dc.btn.resume", lang),
            style=discord.ButtonStyle.success,
            custom_id=custom_id("resume", table_id),
        )
    )
    view.stop()
    return view


async def answer_pause(interaction: discord.Interaction, state: PauseState, lang: str, asked: bool) -> None:
    """The public reply to an ask (with the buttons) or to the last agreement (with Resume)."""
    table = state.table.id
    count, needed = len(state.voters & state.needed), len(state.needed)
    if state.paused:
        text = t("dc.pause.paused", lang, table=table)
        await send(interaction, content=text, view=resume_view(table, lang), ephemeral=False)
    elif asked:
        text = t(
            "dc.pause.asked", lang, user=interaction.user.mention, table=table, count=count, needed=needed
        )
        await send(interaction, content=text, view=ask_view(table, lang), ephemeral=False)
    else:
        await send(interaction, content=t("dc.pause.agreed", lang, table=table, count=count, needed=needed))


class PauseButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Agree to a pause, decline it, or resume the table."""

    def __init__(self, verb: str, table_id: int) -> None:
        super().__init__(discord.ui.Button(custom_id=custom_id(verb, table_id), label="·"))
        self.verb = verb
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PauseButton:
        return cls(match["verb"], int(match["table"]))

    @property
    def table(self) -> int | None:
        return self.table_id

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        service = self.kit.service
        if self.verb == "agree":
            state = await within_budget(
                interaction, service.ask_pause(self.table_id, interaction.user.id), ephemeral=True
            )
            await answer_pause(interaction, state, lang, asked=False)
        elif self.verb == "decline":
            await within_budget(
                interaction, service.decline_pause(self.table_id, interaction.user.id), ephemeral=True
            )
            await send(interaction, content=t("dc.pause.declined", lang, table=self.table_id))
        else:
            await within_budget(
                interaction, service.resume(self.table_id, interaction.user.id), ephemeral=True
            )
            await send(interaction, content=t("dc.pause.resumed", lang, table=self.table_id), ephemeral=False)
