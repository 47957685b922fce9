"""Answering interactions: within Discord's 3 seconds, privately when private, and errors in one place.

Why a module: the traps here are easy to fall into (a public defer makes the follow-up public; a view
sent with an ephemeral reply gets a 15-minute timeout; unanswered interactions fail with 10062).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.discord_bot.texts import t
from games.core.errors import GameError

log = logging.getLogger("tricktable.discord")

T = TypeVar("T")

ACK_BUDGET = 2.0  # seconds of work before we defer; Discord's limit is 3


AnyView = discord.ui.View | discord.ui.LayoutView  # a LayoutView carries pictures (bot/discord_bot/pictures.py)


def inert(view: AnyView | None) -> AnyView | None:
    """A view used only to draw components: stopped, so discord.py keeps no copy (clicks go to DynamicItems)."""
    if view is not None:
        view.stop()
    return view


async def within_budget(
    interaction: discord.Interaction, work: Awaitable[T], *, ephemeral: bool, update: bool = False
) -> T:
    """Await `work`; if it is still running after ACK_BUDGET, acknowledge meanwhile (privately when
    `ephemeral`) so Discord does not time out. The fast path costs no extra task or loop turn."""
    loop = asyncio.get_running_loop()
    deferring: list[asyncio.Task[None]] = []

    def defer_now() -> None:
        if not interaction.response.is_done():
            if update:
                coro = interaction.response.defer()
            else:
                coro = interaction.response.defer(ephemeral=ephemeral, thinking=True)
            deferring.append(loop.create_task(_quietly(coro)))

    timer = loop.call_later(ACK_BUDGET, defer_now)
    try:
        return await work
    finally:
        timer.cancel()
        if deferring:
            await deferring[0]


async def _quietly(coro: Awaitable[Any]) -> None:
    try:
        await coro
    except discord.InteractionResponded:
        pass  # the work answered between the timer firing and this defer: nothing left to do
    except discord.HTTPException as err:
        log.warning("could not defer an interaction: %s", err)


async def send(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: AnyView | None = None,
    ephemeral: bool = True,
    files: list[discord.File] | None = None,
) -> None:
    """A new message answering the interaction (or a follow-up once it is acknowledged)."""
    await send_tracked(
        interaction, content=content, embed=embed, embeds=embeds, view=view, ephemeral=ephemeral, files=files
    )


async def send_tracked(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: AnyView | None = None,
    ephemeral: bool = True,
    files: list[discord.File] | None = None,
) -> int | None:
    """`send`, returning the follow-up's message id (None: the reply is the interaction's original
    response), so the message can be edited later with the interaction's token."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if content is not None:
        kwargs["content"] = content
    if embed is not None:
        kwargs["embed"] = embed
    if embeds:
        kwargs["embeds"] = embeds
    if view is not None:
        kwargs["view"] = inert(view)
    if files:
        kwargs["files"] = files
    if interaction.response.is_done():
        message = await interaction.followup.send(wait=True, **kwargs)
        return message.id
    await interaction.response.send_message(**kwargs)
    return None


async def update_message(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    view: AnyView | None = None,
    attachments: list[discord.File] | None = None,
) -> None:
    """Replace the message the clicked component is on (its visibility stays as it was); what is not
    given is cleared (a used DM form keeps neither its old text nor its menu). `attachments` replace the
    message's pictures (None keeps them as they are)."""
    kwargs: dict[str, Any] = {"view": inert(view), "content": content, "embed": embed}
    if attachments is not None:
        kwargs["attachments"] = attachments
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def report_error(
    interaction: discord.Interaction, error: BaseException, lang: str, table: int | None
) -> None:
    """The one error handler: domain errors become a localized private note; the rest are logged with context."""
    if isinstance(error, GameError):
        text = error.message(lang)
        log.info("refused table=%s user=%s code=%s", table, interaction.user.id, error.code)
    else:
        log.error(
            "failed table=%s user=%s interaction=%s",
            table,
            interaction.user.id,
            interaction.id,
            exc_info=error,
        )
        text = t("dc.internal_error", lang, table=table if table is not None else "-")
    try:
        await send(interaction, content=text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error note table=%s interaction=%s", table, interaction.id)
