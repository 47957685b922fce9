"""Card pictures on Discord messages: the one module where the Discord front end meets bot.art.

A message that carries a picture is a Components V2 block (`ui.LayoutView`): a container with the message's
text (the same words as the text-only message: the picture's text alternative), a media gallery showing
`attachment://…png`, and the message's buttons or selects below, in one block. A server whose admins chose
text only (`/settings server pictures:off`, read by preferences.py), DMs and the console keep
today's embeds and views.

Pictures are drawn only from what the message's audience may see: a seat's hand from its SeatView, the
board from the public view, the result from the outcome. Drawing happens in a worker thread (bot.art) and
is cached by content, so a board edited for every move costs one render per new state.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot import art, render
from bot.discord_bot.preferences import Preferences
from bot.tables import TableService
from bot.tables.models import SeatView, TableInfo, TableStatus
from games.core.contract import Game, Outcome

log = logging.getLogger("tricktable.discord")

HAND_FILE = "hand.png"
BOARD_FILE = "board.png"
RESULT_FILE = "result.png"
TEXT_LIMIT = 3900  # Components V2: 4,000 characters over all text displays
BUTTONS_PER_ROW = 5


async def _file(scene: dict[str, Any], filename: str, alt: str) -> discord.File | None:
    try:
        png = await art.render_async(scene)
    except Exception:  # a picture must never cost the message: the text is the same information
        log.exception("could not draw %s for game=%s", filename, scene.get("game"))
        return None
    return discord.File(io.BytesIO(png), filename=filename, description=alt[:1000] or None)


def alt_text(scene: dict[str, Any]) -> str:
    """A short description of a picture (its rows' labels): screen readers read it instead of the image."""
    labels = [str(scene.get("title") or "")]
    labels.extend(str(r.get("label")) for r in scene.get("rows") or () if r.get("label"))
    return " — ".join(label for label in labels if label)


async def hand_files(info: TableInfo, seat_view: SeatView, game: Game[Any], lang: str) -> list[discord.File]:
    """The picture of a seat's hand (a spectator's "hand" is the public table)."""
    if not art.supported(game.info.id):
        return []
    names = render.names_of(info)
    if seat_view.seat is None:
        scene = art.board_scene(seat_view.view, lang, names)
    else:
        scene = art.hand_scene(seat_view.view, lang, names)
    found = await _file(scene, HAND_FILE, alt_text(scene))
    return [found] if found is not None else []


async def board_files(
    info: TableInfo, public: SeatView, game: Game[Any], lang: str, outcome: Outcome | None
) -> list[discord.File]:
    """The public table; once the table is finished, the final result (`outcome`) first."""
    if not art.supported(game.info.id):
        return []
    names = render.names_of(info)
    files: list[discord.File] = []
    if info.status is TableStatus.FINISHED and outcome is not None:
        scene = art.result_scene(
            game.info.id, outcome.to_json(), lang, names, title=_game_name(game, lang)
        )
        found = await _file(scene, RESULT_FILE, alt_text(scene))
        if found is not None:
            files.append(found)
    scene = art.board_scene(public.view, lang, names)
    found = await _file(scene, BOARD_FILE, alt_text(scene))
    if found is not None:
        files.append(found)
    return files


def _game_name(game: Game[Any], lang: str) -> str:
    return game.info.names.get(lang) or game.info.names.get("en") or game.info.id


def layout(
    embed: discord.Embed, view: discord.ui.View | None, files: Sequence[discord.File]
) -> discord.ui.LayoutView:
    """The embed's words, the pictures and the view's components as one Components V2 block."""
    parts: list[str] = []
    if embed.title:
        parts.append(f"### {embed.title}")
    if embed.description:
        parts.append(embed.description)
    for embed_field in embed.fields:
        name = "" if embed_field.name in (None, "\u200b") else f"**{embed_field.name}**\n"
        parts.append(f"{name}{embed_field.value}")
    if embed.footer and embed.footer.text:
        parts.append(f"-# {embed.footer.text}")
    text = "\n".join(parts)
    if len(text) > TEXT_LIMIT:
        text = text[: TEXT_LIMIT - 1] + "…"
    gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(
        *(discord.MediaGalleryItem(f"attachment://{f.filename}", description=f.description) for f in files)
    )
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=embed.colour)
    container.add_item(gallery)
    container.add_item(discord.ui.TextDisplay(text or "\u200b"))
    for row in _rows(view):
        container.add_item(row)
    block = discord.ui.LayoutView(timeout=None)
    block.add_item(container)
    block.stop()  # drawn only: clicks reach the DynamicItems
    return block


def _rows(view: discord.ui.View | None) -> list[discord.ui.ActionRow[Any]]:
    """The view's buttons (5 a row, in order) and selects (one a row) as action rows."""
    if view is None:
        return []
    view.stop()
    rows: list[discord.ui.ActionRow[Any]] = []
    buttons: list[discord.ui.Item[Any]] = []
    for item in list(view.children):
        view.remove_item(item)
        if isinstance(item, discord.ui.Button):
            buttons.append(item)
            if len(buttons) == BUTTONS_PER_ROW:
                rows.append(discord.ui.ActionRow(*buttons))
                buttons = []
        else:
            if buttons:
                rows.append(discord.ui.ActionRow(*buttons))
                buttons = []
            rows.append(discord.ui.ActionRow(item))
    if buttons:
        rows.append(discord.ui.ActionRow(*buttons))
    return rows


async def hand(
    prefs: Preferences,
    info: TableInfo,
    seat_view: SeatView,
    game: Game[Any],
    lang: str,
    embed: discord.Embed,
    view: discord.ui.View | None,
    *,
    edit: bool = False,
) -> dict[str, Any]:
    """Message arguments for a hand reply: the V2 block with its picture, or the embed and view as before.
    `edit`: for editing an existing message (the picture replaces the old attachments)."""
    if not await prefs.pictures_on(info.guild_id):
        return _plain(embed, view, edit)
    files = await hand_files(info, seat_view, game, lang)
    return _dressed(embed, view, files, edit)


async def board(
    prefs: Preferences,
    service: TableService,
    info: TableInfo,
    public: SeatView,
    game: Game[Any],
    lang: str,
    embed: discord.Embed,
    view: discord.ui.View | None,
    *,
    edit: bool = False,
) -> dict[str, Any]:
    """Message arguments for the public board (and, once finished, the result)."""
    if not await prefs.pictures_on(info.guild_id):
        return _plain(embed, view, edit)
    outcome = await service.outcome(info.id) if info.status is TableStatus.FINISHED else None
    files = await board_files(info, public, game, lang, outcome)
    return _dressed(embed, view, files, edit)


def _plain(embed: discord.Embed, view: discord.ui.View | None, edit: bool) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"embed": embed, "view": view}
    if edit:
        kwargs["attachments"] = []
    return kwargs


def _dressed(
    embed: discord.Embed, view: discord.ui.View | None, files: list[discord.File], edit: bool
) -> dict[str, Any]:
    if not files:
        return _plain(embed, view, edit)
    block = layout(embed, view, files)
    if edit:
        return {"view": block, "attachments": files, "embed": None, "content": None}
    return {"view": block, "files": files}
