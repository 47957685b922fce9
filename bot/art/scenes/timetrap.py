"""TIMETRAP: the hand, the day's date card with its text, the cards played each day, the tile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.art.faces import face
from bot.art.labels import tr
from bot.art.scenes.common import Scene, back, legend, row, scene, up, who
from games.core.names import Names

NAME = {"en": "TIMETRAP", "ja": "TIMETRAP"}


def _tile(view: Mapping[str, Any], lang: str) -> str:
    last = view.get("last")
    up_ = view.get("tile") == "up"
    if last is None:
        return tr("art.tile_up_open" if up_ else "art.tile_down_open", lang)
    return tr("art.tile_up" if up_ else "art.tile_down", lang, last=last)


def _today(view: Mapping[str, Any], lang: str, size: str) -> dict[str, Any]:
    today = view.get("date_today")
    if not today:
        return {}
    text = face("timetrap", str(today), lang).effect
    return row(
        tr("art.today", lang, n=view.get("day", 1)), [up(str(today))], "small", lines=[text] if text else []
    )


def hand(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    seat = view.get("seat")
    mine = list(view.get("hand") or [])
    rows = [_today(view, lang, "big")]
    rows.append(
        row(
            tr("art.hand", lang, n=len(mine)),
            [up(c) for c in mine],
            "big",
            mark=seat in view.get("to_act", []),
        )
    )
    for s, cards in sorted((view.get("known") or {}).items(), key=lambda kv: int(kv[0])):
        rows.append(
            row(tr("art.known_in", lang, name=who(names, int(s), lang)), [up(c) for c in cards], "small")
        )
    if view.get("known_discards"):
        rows.append(row(tr("art.known_discards", lang), [up(c) for c in view["known_discards"]], "small"))
    head = who(names, seat, lang) if seat is not None else tr("art.spectator", lang)
    notes = [_tile(view, lang)]
    return scene(
        "timetrap",
        "hand",
        lang,
        " · ".join([NAME["en"], head]),
        rows,
        notes=notes,
        legend=legend("timetrap", mine, lang),
    )


def board(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    rows = [_today(view, lang, "big")]
    for day, played in enumerate(view.get("board") or [], start=1):
        if played:
            rows.append(row(tr("art.day", lang, n=day), [up(str(c)) for c, _ in played], "small"))
    pile = int(view.get("discard_pile") or 0)
    if pile:
        rows.append(row(tr("art.discard_pile", lang, n=pile), [back(pile)], "small"))
    acting = set(view.get("to_act") or [])
    passed = set(view.get("passed") or [])
    lines: list[str] = []
    for s in range(int(view["players"])):
        flags = []
        if view["eliminated"][s]:
            flags.append(tr("art.out", lang))
        if s in passed:
            flags.append(tr("art.passed", lang))
        text = tr("art.seat_plain", lang, name=who(names, s, lang), hand=view["hand_sizes"][s])
        rows.append(row(" · ".join([text, *flags]), [], "small", mark=s in acting))
    notes = [
        tr("art.day", lang, n=view.get("day", 1)),
        _tile(view, lang),
        tr("art.played_today", lang, n=view.get("played_today", 0), limit=view.get("limit", 0)),
    ]
    return scene(
        "timetrap", "board", lang, NAME["en"], [*rows, row("", [], lines=lines)], notes=[" · ".join(notes)]
    )
