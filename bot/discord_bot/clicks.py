"""The one path every click takes: the clicker's language, the work of the component, and errors answered
in one place (a stale board answers with a fresh hand; a refusal with its reason; anything else is logged
and answered with a short note). Every persistent component mixes in `Guarded`, so none can skip it.

Components are rebuilt by discord.py from their custom id alone (`DynamicItem`), so what they need (the
service, preferences, the poster, the reply helpers) is bound to their class when the bot registers them
(`bind`), never looked up on the client.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot.discord_bot.config import DiscordSettings
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replies import report_error
from bot.discord_bot.routing import Router
from bot.discord_bot.table_replies import TableReplies
from bot.discord_bot.texts import t
from bot.metrics import Metrics
from bot.tables import TableService
from games.core.errors import GameError

log = logging.getLogger("tricktable.discord")


@dataclass(frozen=True, slots=True)
class Kit:
    """What a click may use: the table service, people's and servers' preferences, the poster (hand
    replies, a table's language) and the replies that show a table."""

    service: TableService
    prefs: Preferences
    router: Router
    replies: TableReplies
    settings: DiscordSettings
    metrics: Metrics | None = None  # the operators' endpoint, when on (click latency)


class Guarded:
    """Mixed into every DynamicItem: `callback` runs `run` inside the one error path."""

    kit: ClassVar[Kit]

    @property
    def table(self) -> int | None:
        """The table the component belongs to (named in error notes and logs), if any."""
        return None

    async def prepare(self, interaction: discord.Interaction) -> None:
        """Before the work, inside the error path (a table component notes the server's language)."""

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        kit, table = self.kit, self.table
        started = time.perf_counter()
        lang = await kit.prefs.safe_lang(interaction)
        try:
            await self.prepare(interaction)
            await self.run(interaction, lang)
        except GameError as err:
            if err.code == "stale_version" and table is not None:
                await answer_stale(kit, interaction, table, lang)
            else:
                await report_error(interaction, err, lang, table)
        except Exception as err:  # one table's failure must never escape into discord.py's loop
            await report_error(interaction, err, lang, table)
        finally:
            if kit.metrics is not None:
                kit.metrics.click(time.perf_counter() - started)


async def answer_stale(kit: Kit, interaction: discord.Interaction, table: int, lang: str) -> None:
    """A click on a board the table has moved past: the person's current hand, saying so."""
    try:
        await kit.replies.hand(interaction, table, lang, note=t("dc.stale", lang))
    except Exception as err:
        await report_error(interaction, err, lang, table)


def bind(kit: Kit, *families: type[discord.ui.DynamicItem[Any]]) -> list[type[discord.ui.DynamicItem[Any]]]:
    """One bot's component classes: each family subclassed with that bot's `kit` (discord.py builds the
    instances itself from custom ids, so the class is where they find it)."""
    return [
        type(family.__name__, (family,), {"kit": kit}, template=family.__discord_ui_compiled_template__)
        for family in families
    ]
