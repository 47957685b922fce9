"""Trickster (both editions): the hand, the pot, Houses or tableaux, the Trash, scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.art.faces import is_card, name_of
from bot.art.labels import counted, tr
from bot.art.scenes.common import Scene, back, legend, row, scene, trash_row, up, who
from games.core import i18n
from games.core.names import Names

NAMES = {"trickster": {"en": "Trickster", "ja": "トリックスター"},
         "trickster-cot": {"en": "Trickster: Champions of Time", "ja": "トリックスター：チャンピオン・オブ・タイム"}}  # fmt: skip


def _title(game: str, lang: str, *parts: str) -> str:
    return " · ".join([NAMES[game].get(lang) or NAMES[game]["en"], *[p for p in parts if p]])


def hand(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    game = str(view["game"])
    seat = view.get("seat")
    if game == "trickster":
        mine = list(view["hands"][seat]["cards"]) if seat is not None else []
    else:
        mine = list(view.get("hand") or [])
    rows = []
    pot = list(view.get("pot") or [])
    if pot:
        rows.append(row(tr("art.pot", lang), [up(c) for c in pot], "small"))
    rows.append(
        row(tr("art.hand", lang, n=len(mine)), [up(c) for c in mine], "big", mark=seat in _acting(view))
    )
    if game == "trickster-cot" and seat is not None:
        tableau = view["tableaus"][seat]
        if tableau:
            rows.append(row(tr("art.tableau", lang), [up(c) for c in tableau], "small"))
    rows.extend(_private(view, lang, names))
    head = who(names, seat, lang) if seat is not None else tr("art.spectator", lang)
    return scene(game, "hand", lang, _title(game, lang, head), rows, legend=legend(game, mine, lang))


def _acting(view: Mapping[str, Any]) -> list[int]:
    if "to_act" in view:
        return list(view["to_act"])
    turn = view.get("turn")
    out = [] if turn is None else [turn]
    pending = view.get("pending")
    if pending:
        out.extend(s for s in pending.get("choosers", []) if s not in pending.get("committed", []))
    if view.get("phase") == "house":
        out.extend(s for s in range(view["players"]) if s not in view.get("house_committed", []))
    return out


def _private(view: Mapping[str, Any], lang: str, names: Names) -> list[dict[str, Any]]:
    """What this seat alone was shown: known cards elsewhere, its secret pick, revealed cards."""
    game = str(view["game"])
    rows = []
    if view.get("my_house_pick"):
        rows.append(row(tr("art.house_pick", lang), [up(view["my_house_pick"])], "small"))
    for key in ("my_pick",):
        if view.get(key):
            rows.append(row(tr("art.my_choice", lang), [up(view[key])], "small"))
    exchange = view.get("exchange") or {}
    if exchange.get("mine"):
        rows.append(row(tr("art.my_choice", lang), [up(exchange["mine"])], "small"))
    pending = view.get("pending") or {}
    choice = pending.get("my_choice")
    if isinstance(choice, str) and is_card(game, choice):
        rows.append(row(tr("art.my_choice", lang), [up(choice)], "small"))
    revealed = list(pending.get("revealed") or []) + list((view.get("effect") or {}).get("revealed") or [])
    if revealed:
        rows.append(row(tr("art.revealed", lang), [up(c) for c in revealed], "small"))
    if game == "trickster":
        for s, entry in enumerate(view["hands"]):
            if s != view.get("seat") and entry.get("known"):
                rows.append(
                    row(
                        tr("art.known_in", lang, name=who(names, s, lang)),
                        [up(c) for c in entry["known"]],
                        "small",
                    )
                )
        deck_known = [d["card"] for d in view.get("deck_known") or []]
    else:
        for s, cards in sorted((view.get("known_hands") or {}).items(), key=lambda kv: int(kv[0])):
            rows.append(
                row(tr("art.known_in", lang, name=who(names, int(s), lang)), [up(c) for c in cards], "small")
            )
        deck_known = list(view.get("deck_known") or [])
    if deck_known:
        rows.append(row(tr("art.known_deck", lang), [up(c) for c in deck_known], "small"))
    return rows


def board(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    game = str(view["game"])
    n = int(view["players"])
    acting = set(_acting(view))
    rows = []
    pot = list(view.get("pot") or [])
    pattern = view.get("pattern")
    if pattern and pattern != "open":
        code = f"trickster.pattern.{pattern}"
        named = tr(code, lang) if i18n.has(code) else str(pattern)
        pot_label = f"{tr('art.pot', lang)} · {tr('art.pattern', lang, p=named)}"
    else:
        pot_label = tr("art.pot", lang)
    rows.append(row(pot_label, [up(c) for c in pot] or [], "big"))
    sideways = set(view.get("sideways") or [])
    for s in range(n):
        if game == "trickster":
            score = view["scores_now"][s]
            count = view["hands"][s]["count"]
            zone = view["houses"][s]
        else:
            score = view["totals"][s]
            count = view["hand_sizes"][s]
            zone = view["tableaus"][s]
        label = tr(
            "art.seat", lang, name=who(names, s, lang), points=counted("art.points", score, lang), hand=count
        )
        cards = [up(c, state="side" if c in sideways else "up") for c in zone]
        rows.append(row(label, cards, "small", mark=s in acting))
    trash = trash_row(list(view.get("trash") or []), lang)
    deck = back(int(view.get("deck") or 0), cap=tr("art.deck_cap", lang))
    if trash:
        trash["cards"].insert(0, deck)
        rows.append(trash)
    else:
        rows.append(row("", [deck], "small"))
    if game == "trickster-cot" and view.get("timeline"):
        rows.append(row(tr("art.timeline", lang), [up(c) for c in view["timeline"]], "small"))
    pending = view.get("pending") or {}
    revealed = list(pending.get("revealed") or []) + list((view.get("effect") or {}).get("revealed") or [])
    if revealed:
        rows.append(row(tr("art.revealed", lang), [up(c) for c in revealed], "small"))
    notes: list[str] = []
    if game == "trickster-cot":
        notes.insert(0, tr("art.round", lang, n=view.get("round", 1)))
        if view.get("phase") == "draft":
            pool = [name_of(game, h, lang) for h in view.get("pool") or []]
            notes.append(tr("art.draft", lang, heroes=", ".join(pool)))
    return scene(game, "board", lang, _title(game, lang), rows, notes=[" · ".join(notes)] if notes else [])
