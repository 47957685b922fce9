"""Ex-Tarot "Capture of Dreams": six seats in two teams, the trick with who played what, the honours
shown before play, tricks and scores per team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.art.labels import counted, tr
from bot.art.scenes.common import Scene, legend, row, scene, up, who
from games.core.names import Names

NAME = {"en": "Capture of Dreams", "ja": "夢の捕獲"}
TEAMS = ("A", "B")


def _trick(view: Mapping[str, Any], key: str, names: Names, lang: str) -> list[dict[str, Any]]:
    return [up(str(c), cap=who(names, s, lang)) for s, c in view.get(key) or []]


def hand(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    seat = view.get("seat")
    mine = list(view.get("hand") or [])
    rows = []
    trick = _trick(view, "trick", names, lang)
    if trick:
        rows.append(row(tr("art.trick", lang, n=view.get("trick_number", 1)), trick, "small"))
    rows.append(
        row(
            tr("art.hand", lang, n=len(mine)),
            [up(c) for c in mine],
            "big",
            mark=seat in view.get("to_act", []),
        )
    )
    if view.get("my_discards"):
        rows.append(row(tr("art.discards", lang), [up(c) for c in view["my_discards"]], "small"))
    head = who(names, seat, lang) if seat is not None else tr("art.spectator", lang)
    title = " · ".join([NAME.get(lang, NAME["en"]), head])
    return scene("dream-capture", "hand", lang, title, rows, legend=legend("dream-capture", mine, lang))


def board(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    rows = []
    acting = set(view.get("to_act") or [])
    trick = _trick(view, "trick", names, lang)
    rows.append(row(tr("art.trick", lang, n=view.get("trick_number", 1)), trick, "big"))
    last = _trick(view, "last_trick", names, lang)
    if last:
        winner = view.get("last_winner")
        label = (
            tr("art.last_trick", lang, name=who(names, winner, lang))
            if winner is not None
            else tr("art.last_trick_plain", lang)
        )
        rows.append(row(label, last, "small"))
    for s in range(int(view["players"])):
        label = tr(
            "art.honours", lang, name=who(names, s, lang), team=TEAMS[s % 2], hand=view["hand_sizes"][s]
        )
        honours = view["honours"][s] if s < len(view.get("honours") or []) else []
        rows.append(row(label, [up(c) for c in honours], "small", mark=s in acting))
    lines = [
        tr(
            "art.team_line",
            lang,
            team=TEAMS[t],
            tricks=counted("art.tricks", view["tricks_won"][t], lang),
            points=counted("art.points", view["scores"][t], lang),
        )
        for t in range(2)
    ]
    notes = [tr("art.deal", lang, deal=view.get("deal", 1), deals=view.get("deals", 1))]
    return scene(
        "dream-capture",
        "board",
        lang,
        NAME.get(lang, NAME["en"]),
        [*rows, row("", [], lines=lines)],
        notes=notes,
    )
