"""Text glue shared by the terminal and Discord front ends.

Every game-specific text comes from the game's own render_* methods, always given the people's names
(`names[seat]`, from the table's seats), so nobody reads "P2" or "Seat 0"; this module only adds the
host's texts (clocks, seats, turn order, outcome lines, card texts) and decides which events a reader
may see. Both languages.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any

from bot.tables import bank as banks
from bot.tables.bank import ClockBoard
from bot.tables.models import SeatView, TableInfo, Update
from games.core import i18n
from games.core.contract import Event, Game, Outcome
from games.core.errors import GameError
from games.core.names import team_name

i18n.register(
    {
        "render.outcome_high": {
            "en": "Final result (the highest score wins)",
            "ja": "最終結果（得点の高い方が勝ち）",
        },
        "render.outcome_low": {
            "en": "Final result (the lowest score wins)",
            "ja": "最終結果（得点の低い方が勝ち）",
        },
        "render.team_line": {"en": "{place}. {team} — {score}", "ja": "{place}位 {team} — {score}"},
        "render.place_line": {"en": "{place}. {name}", "ja": "{place}位 {name}"},
        "render.card_texts_none": {
            "en": "None of the cards you can see has an effect text.",
            "ja": "見えているカードに効果テキストのあるものはありません。",
        },
        # time banks, time away, pauses (clock_lines)
        "host.clock_reminder_reserve": {
            "en": "⏳ {name}, a quarter of your reserve is left on table #{table} ({left}).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間の残りが4分の1になりました（残り {left}）。",
        },
        # a reminder whose clock is not at half its full time (it ran again after time away or a pause, or
        # quiet hours held it): it says what is left, no fraction that would not be true
        "host.clock_reminder_left": {
            "en": "⏳ {name}, your time on table #{table} is running out ({left} left).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間が少なくなっています（残り {left}）。",
        },
        # the same reminders in a private text, with the deadline in the reader's own time zone
        "host.clock_reminder_at": {
            "en": "⏳ {name}, half your time is gone on table #{table} (deadline {at}, in {left}).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間が半分を過ぎました（期限 {at}、残り {left}）。",
        },
        "host.clock_reminder_reserve_at": {
            "en": "⏳ {name}, a quarter of your reserve is left on table #{table} ({left}; it runs out {at}).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間の残りが4分の1になりました（残り {left}、期限 {at}）。",
        },
        "host.clock_reminder_left_at": {
            "en": "⏳ {name}, your time on table #{table} is running out (deadline {at}, in {left}).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間が少なくなっています（期限 {at}、残り {left}）。",
        },
        "host.clock_due": {"en": "{name} · time runs out {when}", "ja": "{name} · 期限 {when}"},
        "host.clock_left": {"en": "{name} · {left} left", "ja": "{name} · 残り {left}"},
        "host.clock_reserve": {"en": "{name} · {left} in reserve", "ja": "{name} · 持ち時間 {left}"},
        "host.away_line": {"en": "{name} · away until {when}", "ja": "{name} · {when} まで離席中"},
        "host.paused_line": {
            "en": "⏸ Paused by all its players: the clocks are stopped. Any player can resume (/table resume).",
            "ja": "⏸ 全員の同意で一時停止中（持ち時間は停止）。誰でも再開できます（/table resume）。",
        },
    }
)

# Public events that only say "someone locked in a secret choice" (Trickster's `committed`, KINGs'
# `bid_committed`, Champions of Time's `pick_committed`…): the board shows who is still choosing, so
# the table's thread skips them; /history and the terminal log keep them.
QUIET_SUFFIX = "committed"


def names_of(info: TableInfo) -> list[str]:
    """names[seat] = the seat's display name (AI seats by their own names), for every game text."""
    return [s.name for s in info.seats]


def event_text(
    game: Game[Any],
    event: Event,
    lang: str = "en",
    names: Sequence[str] | None = None,
    when: Callable[[float], str] | None = None,
) -> str:
    """One event as a line: host events by their i18n code (seat numbers counted from 1), engine events
    through the game. `when` writes a moment for this reader (a private text: their own time zone): a
    reminder then names its deadline as a time, not only as what is left."""
    if event.kind.startswith("host."):
        params = dict(event.data)
        if isinstance(params.get("seat"), int):
            params["seat"] = params["seat"] + 1
        if event.kind == "host.clock_reminder":
            return reminder_text(params, lang, when)
        return i18n.translate(event.kind, lang, **params)
    return game.render_event(event, lang, names=names)


def reminder_text(params: dict[str, Any], lang: str, when: Callable[[float], str] | None) -> str:
    """A clock's reminder as true as the clock: a time bank's at a quarter of the reserve, a fixed clock's
    at half its full time, any other (after time away, a pause) says what is left; with `when`, the
    deadline as a time in the reader's zone too."""
    code = "host.clock_reminder"
    if params.pop("reserve", False):
        code += "_reserve"
    elif params.get("part") == "left":
        code += "_left"
    due = params.get("due")
    if when is not None and isinstance(due, (int, float)):
        return i18n.translate(code + "_at", lang, at=when(float(due)), **params)
    return i18n.translate(code, lang, **params)


def is_quiet(event: Event) -> bool:
    """An event the live thread leaves out (it is still in /history): a secret choice was locked in."""
    return event.kind.endswith(QUIET_SUFFIX)


def visible_events(update: Update, seat: int | None) -> list[Event]:
    """The events of `update` that `seat` may see (None: the public channel sees public ones only)."""
    return [e for e, audience in update.events if audience is None or (seat is not None and seat in audience)]


def update_lines(game: Game[Any], update: Update, seat: int | None, lang: str = "en") -> list[str]:
    names = names_of(update.table)
    return [event_text(game, e, lang, names) for e in visible_events(update, seat)]


def private_lines(game: Game[Any], update: Update, seat: int, lang: str = "en") -> list[str]:
    """Only the events addressed to `seat` privately (front ends send these by DM/ephemeral)."""
    names = names_of(update.table)
    return [
        event_text(game, e, lang, names)
        for e, audience in update.events
        if audience is not None and seat in audience
    ]


def board_text(game: Game[Any], view: SeatView, lang: str = "en", names: Sequence[str] | None = None) -> str:
    return game.render_view(view.view, lang, names=names)


def prompt_text(game: Game[Any], view: SeatView, lang: str = "en", names: Sequence[str] | None = None) -> str:
    return game.render_prompt(view.prompt, lang, names=names) if view.prompt is not None else ""


def action_labels(
    game: Game[Any], view: SeatView, lang: str = "en", names: Sequence[str] | None = None
) -> list[tuple[str, str]]:
    """(action, label) for each legal action, in the engine's order (button labels, numbered menus)."""
    return [(a, game.render_action(a, view.view, lang, names=names)) for a in view.legal_actions]


def action_effect(game: Game[Any], action: str, view: SeatView, lang: str = "en") -> str | None:
    """The short effect text behind one action (a select option's description); never raises."""
    try:
        return game.describe_action(action, view.view, lang) or None
    except Exception:  # a missing text must never break a hand
        return None


def card_texts(game: Game[Any], view: SeatView, lang: str = "en") -> list[tuple[str, str]]:
    """(cards, effect) for every effect among the cards the seat can see now (its hand, the table, the
    cards its choices name), the effects of its current choices first; cards with the same effect share
    a line. Found by asking the game about every string in the view (card ids are strings; everything
    else answers None), so it works for every game without knowing its layout."""
    try:
        catalog = {text.key: text.name for text in game.card_catalog(lang)}
    except Exception:
        catalog = {}
    groups: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}  # effect -> the catalog name, when only a kind (not a card) names it
    effect_of: dict[str, str] = {}  # card id or kind -> its effect
    for text in dict.fromkeys(_strings(view.view)):
        try:
            effect = game.card_effect(text, lang)
        except Exception:
            effect = None
        if not effect:
            continue
        effect_of[text] = effect
        try:
            name = game.render_card(text, lang)
        except Exception:  # not a card id the game can draw
            name = text
        if name == text:  # not a card id: a kind (a hero's slug, a character "healer1"…)
            kinds.setdefault(effect, catalog.get(text) or catalog.get(text.rstrip("0123456789")) or text)
            groups.setdefault(effect, [])
        elif name not in groups.setdefault(effect, []):
            groups[effect].append(name)
    first: list[str] = []
    for action in view.legal_actions:
        # the cards the choice names ("pick:healer1", "play:r5"): their effects lead the list; a choice
        # that names none the view shows is described by the game (its short text)
        named = [effect_of[token] for token in re.split(r"[:,;|+ ]", action) if token in effect_of]
        if not named:
            described = action_effect(game, action, view, lang)
            named = [described] if described else []
            if described and described not in groups:
                groups[described] = [game.render_action(action, view.view, lang)]
        first.extend(effect for effect in named if effect not in first)
    order = first + [effect for effect in groups if effect not in first]
    return [(", ".join(groups[e]) or kinds.get(e, ""), e) for e in order]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


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


def clock_lines(
    info: TableInfo,
    board: ClockBoard,
    lang: str,
    when: Callable[[float], str],
    to_act: frozenset[int] = frozenset(),
    runs_out: Callable[[float], str] | None = None,
    now: float = 0.0,
) -> list[str]:
    """The clocks as a board shows them (time banks, time away, pauses): a paused table says so; each
    person away says until when (`when` writes a moment for this reader: a Discord timestamp in public, the
    reader's zone in private); with a bank every person's reserve shows, else the time left of those who
    owe a decision (with `runs_out`, a running clock is the moment it runs out, e.g. a Discord timestamp
    that counts down by itself, `now` being when the board is drawn)."""
    lines = [i18n.translate("host.paused_line", lang)] if board.paused else []
    for seat, clock in sorted(board.clocks.items()):
        name = info.seats[seat].name
        if seat in board.away:
            lines.append(i18n.translate("host.away_line", lang, name=name, when=when(board.away[seat])))
        elif clock.running and runs_out is not None:
            lines.append(i18n.translate("host.clock_due", lang, name=name, when=runs_out(now + clock.left)))
        elif clock.running or (board.paused and seat in to_act):
            lines.append(i18n.translate("host.clock_left", lang, name=name, left=banks.duration(clock.left, lang)))
        elif board.bank:
            lines.append(i18n.translate("host.clock_reserve", lang, name=name, left=banks.duration(clock.left, lang)))
    for seat, until in sorted(board.away.items()):
        if seat not in board.clocks:
            lines.append(i18n.translate("host.away_line", lang, name=info.seats[seat].name, when=when(until)))
    return lines


def seat_lines(info: TableInfo, lang: str = "en") -> list[str]:
    """"Seat 1: Ann" …: seat numbers count from 1 wherever people read them."""
    return [i18n.translate("host.seat_line", lang, seat=s.seat + 1, name=s.name) for s in info.seats]


def winning_direction(outcome: Outcome) -> str | None:
    """"high" or "low" when the scores say which way wins (in the order of the places the scores only
    fall, or only rise, and the first differs from the last; ties broken otherwise are fine), else None."""
    order = sorted(range(len(outcome.placements)), key=lambda s: outcome.placements[s])
    scores = [outcome.scores[s] for s in order]
    if len(scores) < 2 or scores[0] == scores[-1]:
        return None
    if all(a >= b for a, b in pairwise(scores)):
        return "high"
    if all(a <= b for a, b in pairwise(scores)):
        return "low"
    return None


def _shown(score: float) -> int | float:
    return int(score) if float(score).is_integer() else score


def marks_winner_only(outcome: Outcome) -> bool:
    """True when the scores only mark who won (1 for the first place, 0 for everyone else, as TIMETRAP's
    last survivor): they are not points, so the result shows places alone and claims no direction."""
    return all(
        score == (1.0 if place == 1 else 0.0) for score, place in zip(outcome.scores, outcome.placements, strict=True)
    )


def outcome_lines(info: TableInfo, outcome: Outcome, lang: str = "en") -> list[str]:
    """The final ranking, best first, with scores (ties share a place); the title says which way wins;
    team games list each team by its players. Scores that only mark the winner are left out."""
    if not outcome.teams and marks_winner_only(outcome):
        lines = [i18n.translate("host.outcome_title", lang)]
        for seat in sorted(range(len(outcome.placements)), key=lambda s: (outcome.placements[s], s)):
            name = info.seats[seat].name if seat < len(info.seats) else f"#{seat + 1}"
            lines.append(i18n.translate("render.place_line", lang, place=outcome.placements[seat], name=name))
        return lines
    direction = winning_direction(outcome)
    title = {"high": "render.outcome_high", "low": "render.outcome_low"}.get(direction or "", "host.outcome_title")
    lines = [i18n.translate(title, lang)]
    names = names_of(info)
    if outcome.teams:
        teams = sorted(outcome.teams, key=lambda team: (min(outcome.placements[s] for s in team), min(team)))
        for team in teams:
            place = min(outcome.placements[s] for s in team)
            scores = {_shown(outcome.scores[s]) for s in team}
            score = (
                str(next(iter(scores)))
                if len(scores) == 1
                else ", ".join(f"{names[s] if s < len(names) else s} {_shown(outcome.scores[s])}" for s in team)
            )
            lines.append(
                i18n.translate("render.team_line", lang, place=place, team=team_name(names, team, lang), score=score)
            )
        return lines
    order = sorted(range(len(outcome.placements)), key=lambda s: (outcome.placements[s], s))
    for seat in order:
        name = info.seats[seat].name if seat < len(info.seats) else f"#{seat + 1}"
        lines.append(
            i18n.translate(
                "host.outcome_line", lang, place=outcome.placements[seat], name=name, score=_shown(outcome.scores[seat])
            )
        )
    return lines


def error_text(err: GameError, lang: str = "en") -> str:
    return err.message(lang)


def join_lines(lines: Sequence[str]) -> str:
    return "\n".join(line for line in lines if line)
