"""Small builders shared by the per-game scenes (a scene is the JSON-ready source of one picture)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.art.faces import face
from bot.art.labels import tr
from games.core.names import Names, seat_name

Scene = dict[str, Any]
Card = dict[str, Any]


def up(cid: str, cap: str | None = None, state: str = "up", n: int | None = None) -> Card:
    out: Card = {"id": cid}
    if state != "up":
        out["state"] = state
    if n is not None:
        out["n"] = n
    if cap:
        out["cap"] = cap
    return out


def back(n: int | None = None, cap: str | None = None) -> Card:
    out: Card = {"back": True}
    if n is not None:
        out["n"] = n
    if cap:
        out["cap"] = cap
    return out


def row(
    label: str = "",
    cards: Iterable[Card] = (),
    size: str = "big",
    mark: bool = False,
    lines: Sequence[str] = (),
) -> dict[str, Any]:
    out: dict[str, Any] = {"label": label, "size": size, "cards": list(cards)}
    if mark:
        out["mark"] = True
    if lines:
        out["lines"] = list(lines)
    return out


def who(names: Names, seat: Any, lang: str) -> str:
    return seat_name(names, seat, lang)


def scene(game: str, kind: str, lang: str, title: str, rows: list[dict[str, Any]], **extra: Any) -> Scene:
    out: Scene = {"game": game, "kind": kind, "lang": lang, "title": title, "rows": [r for r in rows if r]}
    out.update({k: v for k, v in extra.items() if v})
    return out


def legend(game: str, cards: Iterable[str], lang: str) -> list[str]:
    """One line per distinct effect among `cards`: "Bard (Dance): …"."""
    seen: set[str] = set()
    lines: list[str] = []
    for cid in cards:
        f = face(game, cid, lang)
        if not f.effect or f.effect in seen or f.style == "note":
            continue
        seen.add(f.effect)
        label = f.title
        if f.sub and not f.sub[:1].isdigit() and f.sub[:1] not in "+-" and not f.effect.startswith(f.sub):
            label = f"{f.title} ({f.sub})"
        effect = f.effect
        if f.sub and effect.startswith(f.sub):  # "Summon: Take a card…" -> "Summoner (Summon): Take…"
            label, effect = f"{f.title} ({f.sub})", effect[len(f.sub) :].lstrip(":： ")
        elif effect.startswith(f"{f.title}:") or effect.startswith(f"{f.title}："):  # "Rare: Rare: …" once
            effect = effect[len(f.title) :].lstrip(":： ")
        lines.append(f"{label}: {effect}")
    return lines


def score_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def title(game_name: Mapping[str, str], lang: str, *parts: str) -> str:
    base = game_name.get(lang) or game_name.get("en") or ""
    return " · ".join([base, *[p for p in parts if p]])


def trash_row(trash: Sequence[str], lang: str, keep: int = 10) -> dict[str, Any]:
    if not trash:
        return {}
    shown = list(trash)[-keep:]
    label = (
        tr("art.trash", lang, n=len(trash))
        if len(shown) == len(trash)
        else tr("art.trash_last", lang, n=len(trash), k=len(shown))
    )
    return row(label, [up(c) for c in shown], "small")
