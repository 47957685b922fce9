"""What each TIMETRAP card does, in a line (English and Japanese): time cards, Time Trap cards and the
date-condition cards.

Time cards and Time Traps follow the rulebook 003_3dd097fef3f40e34.txt (section 6, カードのプレイ方法) in
our words. The date cards' texts live in dates.py (one data module); they were printed only on images,
so the catalog marks them `ruling=True` and the rules page calls them provisional. The card lines
themselves carry no such note.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core.contract import CardText
from games.timetrap import cards, dates

TIME_RULE: Final = {
    "en": "Play it above the last card while the elapsed tile is face up, below it while face down.",
    "ja": "経時タイルがおもて向きなら直前のカードより大きく、裏向きなら小さく出す。",
}
TIME_TRAP: Final = {
    "en": "Play right after a time card (never first in a day, never after a Time Trap, two a day at "
    "most): discard a time card face down and flip the elapsed tile. Counts 12 face up, 0 face down. "
    "Still held when day 7 begins: you are out.",
    "ja": "時間転移カードの直後にだけ出せる（その日の最初・タイムトラップの直後は不可、1日2枚まで）。時間転移カードを"
    "1枚裏向きで捨て、経時タイルを裏返す。おもて向きで12、裏向きで0。7日目開始時に持っていると脱落。",
}
TRAP_SHORT: Final = {
    "en": "After a time card: discard a time card, flip the elapsed tile. Held on day 7: you are out.",
    "ja": "時間転移カードの直後に出す：1枚捨てて経時タイルを裏返す（1日2枚まで）。7日目に持っていると脱落。",
}
COLOUR: Final = {
    "blue": {"en": "blue date card", "ja": "青の日付条件カード"},
    "yellow": {"en": "yellow date card", "ja": "黄の日付条件カード"},
}


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def date_effect(card_id: str | None, lang: str = "en") -> str | None:
    """The text of a date card id ('B1', 'Y4'); None for no card (day 7) or an unknown id."""
    if not card_id:
        return None
    try:
        found = dates.card(card_id)
    except KeyError:
        return None
    return found.text.get(_lang(lang)) or found.text["en"]


def date_colour(card_id: str, lang: str = "en") -> str:
    return COLOUR["blue" if dates.blue(card_id) else "yellow"][_lang(lang)]


def card_effect(card: str, lang: str = "en") -> str | None:
    """A time card, a Time Trap, or a date card id."""
    lg = _lang(lang)
    if cards.is_trap(card):
        return TIME_TRAP[lg]
    if cards.is_time_card(card):
        return None  # a plain time card (the catalog's "time" line says how they play)
    return date_effect(card, lang)


def describe_action(action: str, view: Mapping[str, Any], lang: str = "en") -> str | None:
    """A time card that triggers today's yellow date card says so; otherwise the card's own line."""
    kind, _, arg = action.partition(":")
    card = arg.partition(":")[0]
    if kind == "trap":
        return TRAP_SHORT[_lang(lang)]
    if kind == "play":
        today = dates.yellow(view.get("date_today"))
        if today is not None and cards.is_time_card(card) and cards.number(card) == today.number:
            return date_effect(today.id, lang)
        return _short(card, lang)
    if kind in ("give", "discard"):
        return _short(card, lang)
    return None


def _short(card: str, lang: str) -> str | None:
    """A select option's description (at most 100 characters)."""
    if cards.is_trap(card):
        return TRAP_SHORT[_lang(lang)]
    return card_effect(card, lang)


def catalog(lang: str = "en") -> list[CardText]:
    """Time cards (one line for 1-11), the Time Trap, then every date card of the default set."""
    lg = _lang(lang)
    out = [
        CardText(
            "time",
            "時間転移カード 1～11" if lg == "ja" else "Time cards 1-11",
            TIME_RULE[lg],
        ),
        CardText("trap", "タイムトラップ" if lg == "ja" else "Time Trap", TIME_TRAP[lg]),
    ]
    date_set = dates.DATE_SETS[dates.DEFAULT_SET]
    every: list[dates.BlueCard | dates.YellowCard] = [*date_set.blue, *date_set.yellow]
    for date in every:
        kind = "blue" if isinstance(date, dates.BlueCard) else "yellow"
        name = f"{date.id}（{COLOUR[kind][lg]}）" if lg == "ja" else f"{date.id} ({COLOUR[kind][lg]})"
        out.append(CardText(date.id, name, date.text.get(lg) or date.text["en"], ruling=date.provisional))
    return out
