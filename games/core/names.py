"""How people are named in every game's text: display names by seat, with "P1".."Pn" as the fallback.

Front ends pass `names` (names[seat] = a person's display name, AI seats included); text modules call
these helpers instead of printing seat numbers, so a seat number, where one still shows, counts from 1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

Names = Sequence[str] | None


def seat_name(names: Names, seat: Any, lang: str = "en") -> str:
    """names[seat] when given and non-empty; otherwise "P{seat+1}" (the same in Japanese)."""
    if seat is None:
        return "—"
    try:
        index = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    if names is not None and 0 <= index < len(names) and str(names[index]).strip():
        return str(names[index]).strip()
    return f"P{index + 1}"


def join_words(items: Iterable[str], lang: str = "en") -> str:
    """ "A, B and C" / "A、B、C" (the Japanese list mark)."""
    words = [w for w in items if w]
    if lang == "ja":
        return "、".join(words)
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_list(names: Names, seats: Iterable[Any], lang: str = "en") -> str:
    """Several people: "Alice, Bob and Carol" / "Alice、Bob、Carol"."""
    return join_words((seat_name(names, s, lang) for s in seats), lang)


def team_name(names: Names, seats: Iterable[Any], lang: str = "en") -> str:
    """A team listed by its players: "Team Alice & Carol" / "Alice・Carolチーム"."""
    members = [seat_name(names, s, lang) for s in seats]
    if lang == "ja":
        return "・".join(members) + "チーム"
    if len(members) <= 2:
        return "Team " + " & ".join(members)
    return "Team " + ", ".join(members[:-1]) + " & " + members[-1]


def count_words(n: int, one: str, many: str, lang: str = "en") -> str:
    """ "1 card" / "2 cards" (Japanese has no plural: pass the same word, e.g. "枚")."""
    if lang == "ja":
        return f"{n}{one}"
    return f"{n} {one if n == 1 else many}"


def score_line(
    names: Names, scores: Sequence[Any], lang: str = "en", *, unit: str = "", unit_ja: str = "点"
) -> str:
    """ "Alice 12, Bob 9" / "Alice 12点、Bob 9点": scores as names with numbers, in seat order."""
    parts = []
    for seat, value in enumerate(scores):
        number = _number(value)
        if lang == "ja":
            parts.append(f"{seat_name(names, seat, lang)} {number}{unit_ja}")
        else:
            parts.append(f"{seat_name(names, seat, lang)} {number}{(' ' + unit) if unit else ''}")
    return ("、" if lang == "ja" else ", ").join(parts)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
