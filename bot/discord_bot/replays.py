"""Replays on Discord: one private message stepping through a game with ⏮ ◀ ▶ ⏭ and a "jump to a round"
select, each step the table's picture at that moment and its log lines (bot/tables/replays.py steps).

Opening costs one click (the Replay button on the final result and on /history, or /replay); each step
one more, editing the same private message. The custom ids carry only the table, the step number and
which button it is: nothing about the viewer or a card, so an id says nothing hidden; every click asks
the service again, which rebuilds the step from the action log for whoever clicked (their seat while the
game runs, every hand after it unless the server keeps them hidden). A step the replay no longer has (a
button from a replay of a log an engine change made unreadable) is answered with one line.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Self

import discord

from bot import art, render
from bot.discord_bot import boards
from bot.discord_bot.clicks import Guarded
from bot.discord_bot.pictures import alt_text, layout
from bot.discord_bot.preferences import Preferences
from bot.discord_bot.replay_button import FIRST, LAST, NEXT, OPEN, PREVIOUS, step_id
from bot.discord_bot.replies import send, update_message, within_budget
from bot.discord_bot.texts import t
from bot.tables import TableService, replays
from games.core import i18n

log = logging.getLogger("tricktable.discord")

STEP_TEMPLATE = r"rp:(?P<table>[0-9]+):(?P<step>[0-9]+):(?P<tag>[ofpnl])"
JUMP_TEMPLATE = r"rq:(?P<table>[0-9]+)"
PICTURE = "replay.png"
LOG_LINES = 25  # a trick's lines; a long setup step keeps its last ones
MAX_OPTIONS = 25  # Discord's select limit: rounds beyond it are reached with the buttons

i18n.register(
    {
        "dc.replay.title": {"en": "Replay of table #{table} · {game}", "ja": "卓 #{table} のリプレイ・{game}"},
        "dc.replay.jump": {"en": "Jump to a round…", "ja": "ラウンドへ移動…"},
        "dc.replay.option": {"en": "{where} (step {n})", "ja": "{where}（ステップ {n}）"},
        "dc.replay.every_hand": {
            "en": "The game is over: every hand is shown.",
            "ja": "ゲーム終了: 全員の手札を表示しています。",
        },
        "dc.replay.seat": {
            "en": "As {name} saw it at the time.",
            "ja": "{name} から当時見えていたとおりに表示しています。",
        },
        "dc.replay.spectator": {"en": "As a spectator saw it.", "ja": "観戦者から見えたとおりに表示しています。"},
        "dc.replay.nothing": {"en": "(nothing to show at this step)", "ja": "（このステップの記録はありません）"},
    }
)


async def message(
    kit_service: TableService, prefs: Preferences, interaction: discord.Interaction, table: int, index: int, lang: str
) -> dict[str, Any]:
    """The replay message at step `index` for whoever is asking (message arguments for send or edit)."""
    replay, who = await kit_service.replay(table, interaction.user.id, interaction.guild_id)
    view = replays.step_view(replay, index, who)
    game, info = replay.game, replay.info
    names = render.names_of(info)
    where = replays.caption(view, lang)
    title = t("dc.replay.title", lang, table=table, game=boards.game_name(game, lang))
    if view.every_hand:
        whose = t("dc.replay.every_hand", lang)
    elif isinstance(who, int):
        whose = t("dc.replay.seat", lang, name=info.seats[who].name)
    else:
        whose = t("dc.replay.spectator", lang)
    lines = [boards.render_event(game, e, lang, names) for e in view.events]
    shown = [line for line in lines if line][-LOG_LINES:] or [t("dc.replay.nothing", lang)]
    components = _controls(replay, view, lang)
    pictures = await prefs.pictures_on(interaction.guild_id) and art.supported(game.info.id)  # DMs: text
    description = "\n".join([f"**{where}**", *shown, f"-# {whose}"])
    if not pictures:
        board = [game.render_view(v, lang, names=names) for _, v in view.hands] or [
            game.render_view(view.public, lang, names=names)
        ]
        text = "\n\n".join([description, *board])
        return {"embed": discord.Embed(title=title, description=text[: boards.EMBED_LIMIT]), "view": components}
    scene = art.replay_scene(view.public, view.hands, lang, names, where, view.every_hand, view.trick)
    png = await art.render_async(scene)
    picture = discord.File(io.BytesIO(png), filename=PICTURE, description=alt_text(scene)[:1000] or None)
    block = layout(discord.Embed(title=title, description=description), components, [picture])
    return {"view": block, "files": [picture]}


def _controls(replay: replays.Replay, view: replays.StepView, lang: str) -> discord.ui.View:
    table, index, last = replay.info.id, view.index, view.count - 1
    components = discord.ui.View(timeout=None)
    for label, target, tag in (("⏮", 0, FIRST), ("◀", index - 1, PREVIOUS), ("▶", index + 1, NEXT), ("⏭", last, LAST)):
        components.add_item(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=step_id(table, max(0, min(last, target)), tag),
                disabled=not 0 <= target <= last or target == index,
            )
        )
    rounds = replays.rounds(replay)
    if len(rounds) > 1:
        options = [
            discord.SelectOption(
                label=t("dc.replay.option", lang, where=i18n.translate(f"replay.{view.round_word}", lang, n=number),
                        n=first + 1)[:100],
                value=str(first),
                default=number == view.round,
            )
            for number, first in rounds[:MAX_OPTIONS]
        ]  # fmt: skip
        components.add_item(
            discord.ui.Select(custom_id=f"rq:{table}", placeholder=t("dc.replay.jump", lang), options=options)
        )
    return components


class ReplayStepButton(Guarded, discord.ui.DynamicItem[discord.ui.Button[Any]], template=STEP_TEMPLATE):
    """Replay (opens a new private message) and ⏮ ◀ ▶ ⏭ (edit it): the step comes from the custom id."""

    def __init__(self, table: int, step: int, tag: str) -> None:
        super().__init__(discord.ui.Button(custom_id=step_id(table, step, tag), label="·"))
        self.table_id, self.step, self.tag = table, step, tag

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), int(match["step"]), match["tag"])

    @property
    def table(self) -> int | None:
        return self.table_id

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        kit = self.kit
        if self.tag == OPEN:  # a new private message: the final result and /history stay as they are
            work = message(kit.service, kit.prefs, interaction, self.table_id, 0, lang)
            found = await within_budget(interaction, work, ephemeral=True)
            await send(interaction, **found)
            return
        found = await within_budget(
            interaction, message(kit.service, kit.prefs, interaction, self.table_id, self.step, lang),
            ephemeral=True, update=True,
        )  # fmt: skip
        await _edit(interaction, found)


class ReplayJumpSelect(Guarded, discord.ui.DynamicItem[discord.ui.Select[Any]], template=JUMP_TEMPLATE):
    """The "jump to a round" list: its value is the round's first step."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"rq:{table}", options=[discord.SelectOption(label="·", value="0")])
        )
        self.table_id = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]))

    @property
    def table(self) -> int | None:
        return self.table_id

    async def run(self, interaction: discord.Interaction, lang: str) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        step = int(values[0]) if values and values[0].isascii() and values[0].isdigit() else -1  # not '²'
        kit = self.kit
        found = await within_budget(
            interaction, message(kit.service, kit.prefs, interaction, self.table_id, step, lang),
            ephemeral=True, update=True,
        )  # fmt: skip
        await _edit(interaction, found)


async def _edit(interaction: discord.Interaction, found: dict[str, Any]) -> None:
    """The replay message edited in place to the new step (its picture replaced, or cleared in text)."""
    if "files" in found:
        await update_message(interaction, view=found["view"], attachments=found["files"])
    else:
        await update_message(interaction, embed=found["embed"], view=found["view"], attachments=[])


FAMILIES: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayStepButton, ReplayJumpSelect)
