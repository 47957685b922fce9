"""KINGs TRICKTAKERs, standard/two-player and the Ombre, Whist and Napoleon variants: the hand, the
trick with who played what, each seat's king/queen/jack set (used ones shown used) and characters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.art.faces import number
from bot.art.labels import counted, tr
from bot.art.scenes.common import Scene, back, legend, row, scene, score_text, up, who
from games.core.names import Names

NAME = {"en": "KINGs TRICKTAKERs", "ja": "KINGs TRICKTAKERs"}
VARIANTS = {
    "standard": {"en": "", "ja": ""},
    "two-player": {"en": "Two players", "ja": "2人用"},
    "ombre": {"en": "Ombre", "ja": "オンブル"},
    "whist": {"en": "Whist", "ja": "ホイスト"},
    "napoleon": {"en": "Napoleon", "ja": "ナポレオン"},
}
COLOUR_WORDS = {
    "w": {"en": "white", "ja": "白"}, "r": {"en": "red", "ja": "赤"}, "b": {"en": "blue", "ja": "青"},
    "g": {"en": "green", "ja": "緑"}, "k": {"en": "black", "ja": "黒"},
}  # fmt: skip


def _title(view: Mapping[str, Any], lang: str, *parts: str) -> str:
    variant = VARIANTS.get(str(view.get("variant")), {}).get(lang, "")
    return " · ".join([NAME[lang if lang in NAME else "en"], *[p for p in (variant, *parts) if p]])


def _standard(view: Mapping[str, Any]) -> bool:
    return "seats" in view


def _trick(view: Mapping[str, Any], key: str, names: Names, lang: str) -> list[dict[str, Any]]:
    out = []
    for entry in view.get(key) or []:
        if isinstance(entry, dict):
            seat, card = entry.get("s"), str(entry.get("c"))
        else:
            seat, card = entry[0], str(entry[1])
        out.append(up(card, cap=who(names, seat, lang)))
    return out


def hand(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    seat = view.get("seat")
    mine = list(view.get("hand") or [])
    rows = []
    trick = _trick(view, "trick", names, lang)
    if trick:
        rows.append(row(tr("art.trick_now", lang), trick, "small"))
    rows.append(
        row(
            tr("art.hand", lang, n=len(mine)),
            [up(c) for c in mine],
            "big",
            mark=seat in view.get("to_act", []),
        )
    )
    discards = view.get("my_discards") if _standard(view) else view.get("discards")
    if discards:
        rows.append(row(tr("art.discards", lang), [up(c) for c in discards], "small"))
    known = view.get("known")
    if _standard(view):
        by_seat: dict[int, list[str]] = {}
        for owner, card in known or []:
            by_seat.setdefault(int(owner), []).append(str(card))
    else:
        by_seat = {int(s): list(cs) for s, cs in (known or {}).items() if cs}
    for s, cards in sorted(by_seat.items()):
        if s != seat:
            rows.append(
                row(tr("art.known_in", lang, name=who(names, s, lang)), [up(c) for c in cards], "small")
            )
    chars = list(view["seats"][seat]["chars"]) if _standard(view) and seat is not None else []
    head = who(names, seat, lang) if seat is not None else tr("art.spectator", lang)
    return scene(
        "kings", "hand", lang, _title(view, lang, head), rows, legend=legend("kings", mine + chars, lang)
    )


def _seat_set(
    colour: str, king_number: int | None, used: bool, queen_up: bool | None, jack: str | None
) -> list[dict[str, Any]]:
    cards = [up(f"king-{colour}", state="used" if used else "up", n=king_number)]
    if queen_up is not None:
        cards.append(up(f"queen-{colour}", state="up" if queen_up else "used"))
    if jack is not None:
        cards.append(
            up(f"jack-{colour}", state={"up": "up", "turned": "turned", "bid": "bid"}.get(jack, "up"))
        )
    return cards


def board(view: Mapping[str, Any], lang: str, names: Names) -> Scene:
    rows = []
    acting = set(view.get("to_act") or [])
    notes = [tr("art.round", lang, n=view.get("round", 1))]
    trick = _trick(view, "trick", names, lang)
    if trick:
        rows.append(row(tr("art.trick_now", lang), trick, "big"))
    last = _trick(view, "last_trick", names, lang)
    if last and not trick:
        rows.append(row(tr("art.last_trick_plain", lang), last, "small"))
    if _standard(view):
        for s, info in enumerate(view["seats"]):
            label = tr(
                "art.kings_seat", lang, name=who(names, s, lang), points=counted("art.points", info["score"], lang),
                tricks=info["tricks_won"], hand=info["hand_count"],
            )  # fmt: skip
            cards = []
            if info.get("king"):
                cards = _seat_set(
                    info["king"],
                    info.get("king_number"),
                    bool(info.get("king_used")),
                    bool(info.get("queen_up")),
                    info.get("jack"),
                )
            for colour, used in info.get("extra_kings") or []:
                cards.append(up(f"king-{colour}", state="used" if used else "up"))
            cards.extend(up(c) for c in info.get("chars") or [])
            lines = [tr("art.taken", lang, n=len(info.get("taken") or []))] if info.get("taken") else []
            rows.append(row(label, cards, "small", mark=s in acting, lines=lines))
        if view.get("deck_count"):
            rows.append(
                row(tr("art.deck", lang, n=view["deck_count"]), [back(int(view["deck_count"]))], "small")
            )
        if view.get("pool"):
            rows.append(row(tr("art.pool", lang), [up(c) for c in view["pool"]], "small"))
    else:
        trump = view.get("trump")
        if trump:
            notes.append(tr("art.trump", lang, c=COLOUR_WORDS.get(trump, {}).get(lang, trump)))
        for s in range(int(view["players"])):
            label = tr(
                "art.kings_seat", lang, name=who(names, s, lang), points=counted("art.points", view["scores"][s], lang),
                tricks=view["tricks"][s], hand=view["hand_sizes"][s],
            )  # fmt: skip
            colour = view["sets"][s]
            cards = []
            if colour:
                used = bool(view["kings_used"][s])
                state = "used" if used else "up"
                cards.append(up(f"king-{colour}", state=state, n=number("kings", f"king-{colour}", state)))
                queens = view["queens_left"][s]
                if queens:
                    cards.append(up(f"queen-{colour}", n=queens if queens > 1 else None))
            rows.append(row(label, cards, "small", mark=s in acting))
        if view.get("team_scores"):
            notes.append(
                tr("art.team_scores", lang, scores=" / ".join(score_text(x) for x in view["team_scores"]))
            )
    return scene("kings", "board", lang, _title(view, lang), rows, notes=[" · ".join(notes)])
