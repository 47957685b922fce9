"""Messages built from service records: lobby, public board, a seat's hand, event lines.

Only the game's own render_* methods produce game text (always given the people's names); this module
arranges it into embeds and components whose custom ids carry table + version (+ action), so a click
needs no memory of ours. The board and the hand are one embed each plus their components: a picture
is added to that embed by one small module (pictures.py), nothing here needs to change for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord

from bot import render
from bot.discord_bot import ids, play_again, replay_button
from bot.discord_bot.texts import t
from bot.tables.bank import ClockBoard, choice_of
from bot.tables.models import SeatInfo, SeatView, TableInfo, TableStatus, Update
from games.core.contract import Event, Game

EMBED_LIMIT = 4000
MAX_BUTTONS = 20  # 4 rows of 5; more actions than that become selects
MAX_SELECT_OPTIONS = 25
MAX_ROWS = 5
LABEL_LIMIT = 80
DESCRIPTION_LIMIT = 100  # Discord's limit for a select option's description


def game_name(game: Game[Any], lang: str) -> str:
    return game.info.names.get(lang) or game.info.names.get("en") or game.info.id


def status_text(status: TableStatus, lang: str) -> str:
    return t(f"dc.status.{status.value}", lang)


def seat_label(seat: SeatInfo) -> str:
    return seat.name if seat.user_id is None or seat.left else f"<@{seat.user_id}>"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_event(
    game: Game[Any],
    event: Event,
    lang: str,
    names: Sequence[str] | None = None,
    when: Callable[[float], str] | None = None,
) -> str:
    """Host events ("host.*") are catalog codes with their data; engine events are the game's to render
    (the shared glue in bot.render, the same lines the terminal prints), people by their names. `when`:
    a private text's moments in the reader's own time zone."""
    return render.event_text(game, event, lang, names, when)


# ---- lobby ---------------------------------------------------------------------------------------------
def _players_needed(low: int, high: int, lang: str) -> str:
    """"2–7" / "2〜7", or one number when the game takes exactly that many."""
    if low == high:
        return str(low)
    return f"{low}〜{high}" if lang == "ja" else f"{low}–{high}"


def lobby_message(
    info: TableInfo, game: Game[Any], lang: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    variant = game.info.variant(info.variant)
    seats = ", ".join(seat_label(s) for s in info.seats) or t("dc.empty_seats", lang)
    embed = discord.Embed(
        title=t("dc.lobby.title", lang, table=info.id, game=game_name(game, lang)),
        description=t(
            "dc.lobby.body",
            lang,
            variant=variant.names.get(lang) or variant.names.get("en") or variant.id,
            clock=t(f"dc.choice.{choice_of(info.clock_mode.value, info.clock_bank)}", lang),
            n=len(info.seats),
            max=variant.max_players,
            need=_players_needed(variant.min_players, variant.max_players, lang),
            seats=seats,
            creator=f"<@{info.creator_id}>",
        ),
    )
    if info.status is not TableStatus.LOBBY:
        embed.set_footer(
            text=t("dc.lobby.closed", lang, table=info.id, status=status_text(info.status, lang))
        )
        return embed, None
    view = discord.ui.View(timeout=None)
    styles = {
        ids.JOIN: discord.ButtonStyle.success,
        ids.LEAVE: discord.ButtonStyle.secondary,
        ids.ADD_AI: discord.ButtonStyle.secondary,
        ids.START: discord.ButtonStyle.primary,
        ids.CANCEL: discord.ButtonStyle.danger,
    }
    for verb, style in styles.items():
        view.add_item(
            discord.ui.Button(
                label=t(f"dc.btn.{verb}", lang),
                style=style,
                custom_id=ids.ComponentId(info.id, info.version, verb).button(),
            )
        )
    view.add_item(ai_level_select(info, lang))
    return embed, view


def ai_level_select(info: TableInfo, lang: str) -> discord.ui.Select[Any]:
    """Add an AI seat of a chosen level (the Add AI button adds the normal one)."""
    return discord.ui.Select(
        custom_id=ids.ComponentId(info.id, info.version, ids.ADD_AI).select(),
        placeholder=t("dc.ai.placeholder", lang),
        options=[
            discord.SelectOption(
                label=t(f"dc.ai.{level}", lang), value=level, description=t(f"dc.ai.{level}.about", lang)
            )
            for level in ("easy", "normal", "strong")
        ],
    )


# ---- public board ----------------------------------------------------------------------------------------
def board_message(
    info: TableInfo,
    public: SeatView,
    game: Game[Any],
    lang: str,
    to_act: Iterable[int] = (),
    clocks: ClockBoard | None = None,
) -> tuple[discord.Embed, discord.ui.View]:
    names = render.names_of(info)
    text = game.render_view(public.view, lang, names=names)
    embed = discord.Embed(
        title=t("dc.board.title", lang, table=info.id, game=game_name(game, lang), version=info.version),
        description=_clip(text, EMBED_LIMIT),
    )
    seats = {s.seat: s for s in info.seats}
    if info.status is TableStatus.PLAYING:
        owing = frozenset(to_act)
        who = ", ".join(seat_label(seats[s]) for s in sorted(owing) if s in seats)
        if who:
            embed.add_field(name="\u200b", value=t("dc.board.to_act", lang, who=who), inline=False)
        if clocks is not None:  # reserves, time away, a pause: public, so times are Discord timestamps
            stamp, countdown = (lambda ts: f"<t:{int(ts)}:f>"), (lambda ts: f"<t:{int(ts)}:R>")
            lines = render.clock_lines(info, clocks, lang, stamp, owing, countdown, clocks.at)
            if lines:
                embed.add_field(name="\u200b", value=_clip("\n".join(lines), 1024), inline=False)
    elif info.status is TableStatus.FINISHED:
        embed.set_footer(text=t("dc.board.over", lang))
    else:
        embed.set_footer(text=status_text(info.status, lang))
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=t("dc.btn.hand", lang),
            style=discord.ButtonStyle.primary,
            custom_id=ids.ComponentId(info.id, info.version, ids.HAND).button(),
        )
    )
    if info.status is TableStatus.FINISHED:  # the final result: step through the game (replays.py)
        view.add_item(replay_button.replay_button(info.id, lang))
    if info.status is TableStatus.FINISHED:  # the final result: a rematch with the same seats (rematch.py)
        view.add_item(play_again.play_again_button(info.id, lang))
    return embed, view


def results_lines(info: TableInfo, update: Update, lang: str) -> list[str]:
    """The final ranking (shared with the terminal), its title in bold."""
    if update.outcome is None:
        return []
    lines = render.outcome_lines(info, update.outcome, lang)
    return [f"**{lines[0]}**", *lines[1:]] if lines else []


# ---- a seat's hand -------------------------------------------------------------------------------------
def hand_message(
    info: TableInfo, seat_view: SeatView, game: Game[Any], lang: str, note: str | None = None
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The private board of one seat with one component per legal action (buttons, or selects when the
    choices have effect texts or are many) and a "Card texts" button."""
    names = render.names_of(info)
    if seat_view.seat is None:
        title = t("dc.hand.spectator", lang, table=info.id)
    else:
        title = t("dc.hand.title", lang, table=info.id, name=info.seats[seat_view.seat].name)
    parts = []
    if note:
        parts.append(note)
    parts.append(game.render_view(seat_view.view, lang, names=names))
    if seat_view.prompt is not None and seat_view.legal_actions:
        parts.append(f"**{game.render_prompt(seat_view.prompt, lang, names=names)}**")
        if seat_view.deadline:
            parts.append(t("dc.hand.deadline", lang, ts=int(seat_view.deadline)))
    elif seat_view.seat is not None and info.status is TableStatus.PLAYING:
        parts.append(t("dc.hand.waiting", lang))
    embed = discord.Embed(title=_clip(title, 256), description=_clip("\n".join(parts), EMBED_LIMIT))
    view = action_view(info.id, seat_view, game, lang, names)
    if seat_view.seat is not None:
        view = view or discord.ui.View(timeout=None)
        if len(view.children) < MAX_ROWS * 5 and _rows_used(view) < MAX_ROWS:
            view.add_item(texts_button(info.id, seat_view.version, lang, row=_rows_used(view)))
    return embed, view


def texts_button(table_id: int, version: int, lang: str, row: int | None = None) -> discord.ui.Button[Any]:
    """"Card texts": what every card the reader can see does (an ephemeral list)."""
    return discord.ui.Button(
        label=t("dc.btn.texts", lang),
        style=discord.ButtonStyle.primary,
        custom_id=ids.ComponentId(table_id, version, ids.TEXTS).button(),
        row=row,
    )


def _rows_used(view: discord.ui.View) -> int:
    """Rows the view fills: a select takes a row, buttons five to a row."""
    selects = sum(1 for item in view.children if isinstance(item, discord.ui.Select))
    buttons = sum(1 for item in view.children if isinstance(item, discord.ui.Button))
    return selects + (buttons + 4) // 5


def _choices(
    seat_view: SeatView, game: Game[Any], lang: str, names: Sequence[str] | None
) -> list[tuple[str, str, str | None]]:
    """(action, label, effect text) for every legal action, in the engine's order."""
    out = []
    for action in seat_view.legal_actions:
        label = _clip(game.render_action(action, seat_view.view, lang, names=names), LABEL_LIMIT) or action
        effect = render.action_effect(game, action, seat_view, lang)
        out.append((action, label, _clip(effect, DESCRIPTION_LIMIT) if effect else None))
    return out


def action_view(
    table_id: int, seat_view: SeatView, game: Game[Any], lang: str, names: Sequence[str] | None = None
) -> discord.ui.View | None:
    """Buttons for a few plain choices; selects when a choice has an effect text to show (a select
    option carries it as its description) or when there are more choices than buttons fit."""
    choices = _choices(seat_view, game, lang, names)
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTONS and not any(effect for _, _, effect in choices):
        for action, label, _ in choices:
            view.add_item(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=ids.ComponentId(table_id, seat_view.version, ids.ACT, action).button(),
                )
            )
        return view
    _add_selects(view, table_id, seat_view.version, choices, lang, limit=MAX_ROWS - 1)
    return view


def _add_selects(
    view: discord.ui.View,
    table_id: int,
    version: int,
    choices: list[tuple[str, str, str | None]],
    lang: str,
    limit: int,
) -> None:
    chunks = [choices[i : i + MAX_SELECT_OPTIONS] for i in range(0, len(choices), MAX_SELECT_OPTIONS)]
    if len(chunks) > limit:  # no room for the Card texts row: every choice matters more
        limit = MAX_ROWS
    for n, chunk in enumerate(chunks[:limit]):
        placeholder = (
            t("dc.select.placeholder", lang)
            if len(chunks) == 1
            else t("dc.select.more", lang, n=n + 1, of=len(chunks))
        )
        view.add_item(
            discord.ui.Select(
                custom_id=ids.ComponentId(table_id, version, ids.ACT, str(n)).select(),
                placeholder=placeholder,
                options=[
                    discord.SelectOption(label=label, value=action, description=effect)
                    for action, label, effect in chunk
                ],
            )
        )


def select_view(
    table_id: int, seat_view: SeatView, game: Game[Any], lang: str, names: Sequence[str] | None = None
) -> discord.ui.View | None:
    """The DM form of a decision: always selects (they read well in a DM, with each effect text)."""
    choices = _choices(seat_view, game, lang, names)
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    _add_selects(view, table_id, seat_view.version, choices, lang, limit=MAX_ROWS)
    return view


def card_texts_embed(
    info: TableInfo, seat_view: SeatView, game: Game[Any], lang: str
) -> discord.Embed:
    """The effects of the cards the reader can see (hand, table, the cards their choices name)."""
    found = render.card_texts(game, seat_view, lang)
    lines = [f"**{name}** — {effect}" for name, effect in found] or [t("render.card_texts_none", lang)]
    return discord.Embed(
        title=t("dc.texts.title", lang, table=info.id, game=game_name(game, lang)),
        description=_clip("\n".join(lines), EMBED_LIMIT),
    )


def chunk_lines(lines: Sequence[str], limit: int = 1900) -> list[str]:
    """Join lines into messages under Discord's 2,000-character content limit."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = _clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
