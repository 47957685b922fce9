"""Picture sheets (every card of a deck) and the docs' example pictures.

`python -m bot.art.sheet docs/images` rewrites docs/images: per game one hand and one board picture from
a seeded random game (and the Trickster hand in Japanese), and one sheet per deck, which the rules pages
and the README show. Deterministic: the same code draws the same files.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.art import board_scene, hand_scene
from bot.art.decks import decks
from bot.art.faces import face, number
from bot.art.labels import tr
from bot.art.layout import render
from bot.art.playout import states
from games.core.registry import get_game


def sheet_scene(game: str, deck: str, cards: tuple[str, ...], lang: str = "en") -> dict[str, Any]:
    """Every card of one deck, laid out as the game declares the deck (`Deck.rows`): big cards for named
    cards, small ones for number cards, at most `per_row` to a row."""
    found = get_game(game)
    declared = found.faces
    spec = next((d for d in declared.decks if d.name == deck), None) if declared is not None else None
    if declared is None or spec is None:
        raise KeyError(f"{game} declares no deck {deck!r}")
    rows: list[dict[str, Any]] = []
    if spec.rows == "hero":  # a row per hero: its name (ability) and effect
        for start in range(0, len(cards), spec.per_row):
            chunk = cards[start : start + spec.per_row]
            f = face(game, chunk[0], lang)
            label = f"{f.title} ({f.sub})" if f.sub else f.title
            effect = (
                f.effect[len(f.sub) :].lstrip(":： ") if f.sub and f.effect.startswith(f.sub) else f.effect
            )
            rows.append(
                {"label": label, "size": "big", "cards": [{"id": c} for c in chunk], "lines": [effect]}
            )
    elif spec.rows == "state":  # face up, then turned over, each with the number it shows then
        for state, label in (("up", tr("art.sheet_up", lang)), ("used", tr("art.sheet_used", lang))):
            shown = []
            for c in cards:
                card: dict[str, Any] = {"id": c} if state == "up" else {"id": c, "state": state}
                n = number(game, c, state)
                if n is not None:
                    card["n"] = n
                shown.append(card)
            rows.append({"label": label, "size": "big", "cards": shown})
    elif spec.rows == "suit":  # a row per suit, in the game's order of suits
        for suit, name in declared.suits.items():
            size = "big" if spec.big or suit in spec.big_suits else "small"
            ids = [c for c in cards if c in declared.cards and declared.cards[c].suit == suit]
            rows.append({"label": _l(name, lang), "size": size, "cards": [{"id": c} for c in ids]})
    else:
        rows.append(
            {"label": "", "size": "big" if spec.big else "small", "cards": [{"id": c} for c in cards]}
        )
    width = 2 * 16 + spec.per_row * ((112 + 8) if spec.big else (64 + 6))
    title = f"{_l(found.info.names, lang)} · {deck.replace('-', ' ')} ({len(cards)})"
    return {
        "game": game,
        "kind": "sheet",
        "lang": lang,
        "title": title,
        "rows": rows,
        "width": max(width, 420),
    }


def _l(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


EXAMPLES: list[tuple[str, str | None, int, int]] = [
    ("trickster", None, 4, 3),
    ("trickster-cot", None, 4, 5),
    ("kings", "standard", 4, 2),
    ("kings", "whist", 4, 3),
    ("dream-capture", None, 6, 1),
    ("timetrap", None, 3, 2),
]
NAMES = ["Alice", "Bob", "Chihiro", "Daisuke", "Eve", "Fumiko", "Gus"]
NAMES_JA = ["あおい", "Bob", "ちひろ", "だいすけ", "Eve", "ふみこ", "Gus"]


def _interesting(game_id: str, variant: str | None, players: int, seed: int) -> tuple[Any, Any]:
    """A state that shows a lot: cards in play (a pot or trick), a full hand and a busy table."""
    game = get_game(game_id)
    trail = list(states(game, players, variant or game.info.default_variant, seed, 60))

    def shown(state: Any) -> int:
        public = game.view(state, None)
        if not (public.get("pot") or public.get("trick")):
            return -1
        hand = hand_scene(game.view(state, 0), "en")
        board = board_scene(public, "en")
        mine = sum(len(r["cards"]) for r in hand["rows"] if r.get("size") == "big")
        table = sum(len(r["cards"]) for r in board["rows"])
        return 3 * min(mine, 8) + min(table, 20)

    return game, max(trail, key=shown)


def write_docs(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, scene: dict[str, Any]) -> None:
        path = out / name
        path.write_bytes(render(scene))
        written.append(path)

    for game_id, variant, players, seed in EXAMPLES:
        game, state = _interesting(game_id, variant, players, seed)
        names = NAMES[:players]
        stem = game_id if variant in (None, "standard") else f"{game_id}-{variant}"
        save(f"{stem}-hand.png", hand_scene(game.view(state, 0), "en", names))
        save(f"{stem}-board.png", board_scene(game.view(state, None), "en", names))
        if game_id == "trickster":
            save(f"{game_id}-hand-ja.png", hand_scene(game.view(state, 0), "ja", NAMES_JA[:players]))
            save(f"{game_id}-board-ja.png", board_scene(game.view(state, None), "ja", NAMES_JA[:players]))
        if stem != game_id:
            continue
        for deck, cards in decks(game_id).items():
            save(f"{game_id}-cards-{deck}.png", sheet_scene(game_id, deck, cards))
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
    for path in write_docs(target):
        print(f"{path} {path.stat().st_size // 1024} KB")
