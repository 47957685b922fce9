"""The "Play again" button a finished table's board carries (its click: bot/discord_bot/rematch.py). Apart
from the click's module so the board can draw it without importing what the click does."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_bot.texts import t
from games.core import i18n

REMATCH_TEMPLATE = r"tp:(?P<table>[0-9]+)"

i18n.register({"dc.btn.play_again": {"en": "Play again", "ja": "もう一度遊ぶ"}})


def custom_id(table_id: int) -> str:
    return f"tp:{table_id}"


def play_again_button(table_id: int, lang: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=t("dc.btn.play_again", lang), style=discord.ButtonStyle.success, custom_id=custom_id(table_id)
    )
