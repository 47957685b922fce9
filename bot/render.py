"""Text glue shared by the terminal and Discord front ends.

Every game-specific text comes from the game's own render_* methods; this module only adds the host's
texts (clocks, seats, outcome lines) and decides which events a reader may see. Both languages.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot.tables.models import SeatView, TableInfo, Update
from games.core import i18n
from games.core.contract import Event, Game, Outcome
from games.core.errors import GameError


def event_text(game: Game[Any], event: Event, lang: str = "en") -> str:
    """One event as a line: host events by their i18n code, engine events through the game."""
    if event.kind.startswith("host."):
        return i18n.translate(event.kind, lang, **dict(event.data))
    return game.render_event(event, lang)


def visible_events(update: Update, seat: int | None) -> list[Event]:
    """The events of `update` that `seat` may see (None: the public channel sees public ones only)."""
    return [e for e, audience in update.events if audience is None or (seat is not None and seat in audience)]


def update_lines(game: Game[Any], update: Update, seat: int | None, lang: str = "en") -> list[str]:
    return [event_text(game, e, lang) for e in visible_events(update, seat)]


def private_lines(game: Game[Any], update: Update, seat: int, lang: str = "en") -> list[str]:
    """Only the events addressed to `seat` privately (front ends send these by DM/ephemeral)."""
    return [
        event_text(game, e, lang)
        for e, audience in update.events
        if audience is not None and seat in audience
    ]


def board_text(game: Game[Any], view: SeatView, lang: str = "en") -> str:
    return game.render_view(view.view, lang)


def prompt_text(game: Game[Any], view: SeatView, lang: str = "en") -> str:
    return game.render_prompt(view.prompt, lang) if view.prompt is not None else ""


def action_labels(game: Game[Any], view: SeatView, lang: str = "en") -> list[tuple[str, str]]:
    """(action, label) for each legal action, in the engine's order (button labels, numbered menus)."""
    return [(a, game.render_action(a, view.view, lang)) for a in view.legal_actions]


def time_left(deadline: float | None, now: float | None = None) -> str:
    if deadline is None:
        return ""
    left = max(0, int(deadline - (time.time() if now is None else now)))
    if left >= 3600:
        return f"{left // 3600}h{(left % 3600) // 60:02d}m"
    if left >= 60:
        return f"{left // 60}m{left % 60:02d}s"
    return f"{left}s"


def waiting_line(info: TableInfo, to_act: frozenset[int], lang: str = "en") -> str:
    names = ", ".join(info.seats[s].name for s in sorted(to_act) if s < len(info.seats))
    return i18n.translate("host.waiting_for", lang, names=names) if names else ""


def seat_lines(info: TableInfo, lang: str = "en") -> list[str]:
    return [i18n.translate("host.seat_line", lang, seat=s.seat, name=s.name) for s in info.seats]


def outcome_lines(info: TableInfo, outcome: Outcome, lang: str = "en") -> list[str]:
    """The final ranking, best first, with scores (ties share a place)."""
    lines = [i18n.translate("host.outcome_title", lang)]
    order = sorted(range(len(outcome.placements)), key=lambda s: (outcome.placements[s], s))
    for seat in order:
        name = info.seats[seat].name if seat < len(info.seats) else f"#{seat}"
        score = outcome.scores[seat]
        shown = int(score) if float(score).is_integer() else score
        lines.append(
            i18n.translate("host.outcome_line", lang, place=outcome.placements[seat], name=name, score=shown)
        )
    return lines


def error_text(err: GameError, lang: str = "en") -> str:
    return err.message(lang)


def join_lines(lines: Sequence[str]) -> str:
    return "\n".join(line for line in lines if line)
