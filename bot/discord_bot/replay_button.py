"""The "Replay" button (on the final result and on /history) and the replay's custom ids, apart from the
replay message (replays.py) so the board and /history can show the button without importing it."""

from __future__ import annotations

from typing import Any

import discord

from games.core import i18n

OPEN, FIRST, PREVIOUS, NEXT, LAST = "o", "f", "p", "n", "l"

i18n.register({"dc.btn.replay": {"en": "Replay", "ja": "リプレイ"}})


def step_id(table: int, step: int, tag: str) -> str:
    """rp:<table>:<step>:<which button>: nothing about the viewer or a card (they hold no secret)."""
    return f"rp:{table}:{step}:{tag}"


def replay_button(table: int, lang: str) -> discord.ui.Button[Any]:
    """Opens a new private replay message of the table (one click), starting at its first step."""
    return discord.ui.Button(
        label=i18n.translate("dc.btn.replay", lang), style=discord.ButtonStyle.secondary, emoji="🎞️",
        custom_id=step_id(table, 0, OPEN),
    )  # fmt: skip
