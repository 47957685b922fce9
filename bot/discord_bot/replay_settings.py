"""/settings server replay_reveals: whether a finished game's replay (and record) shows every hand.

On by default, as Board Game Arena's replays are; a server that turns it off keeps every viewer to what
their seat saw, also after the game (bot/tables/replays.py). Its own module so the /settings group gains
one option and one line of its answer.
"""

from __future__ import annotations

from discord import app_commands

from bot.tables import TableService
from games.core import i18n

OPTION = app_commands.locale_str(
    "Replays of finished games show every hand (default on)",
    ja="終了した対局のリプレイで全員の手札を見せる（既定: オン）",
)

i18n.register(
    {
        "dc.settings.replay_reveals": {
            "en": "Replays of finished games: {state} (replay_reveals:…)",
            "ja": "終了した対局のリプレイで全員の手札を表示: {state}（replay_reveals:…）",
        },
        "dc.replay_reveals.on": {"en": "every hand shown", "ja": "オン"},
        "dc.replay_reveals.off": {"en": "each sees only what their seat saw", "ja": "オフ（各自の席から見えたものだけ）"},
    }
)


async def save(service: TableService, guild_id: int, reveals: bool | None) -> bool:
    """Store the admin's choice (None: keep it) and return what the server now has."""
    if reveals is not None:
        return await service.set_replay_reveals(guild_id, reveals)
    return await service.replay_reveals(guild_id)


def describe(reveals: bool, lang: str) -> str:
    state = i18n.translate("dc.replay_reveals.on" if reveals else "dc.replay_reveals.off", lang)
    return i18n.translate("dc.settings.replay_reveals", lang, state=state)
