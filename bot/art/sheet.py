"""Picture sheets (every card of a deck) and the docs' example pictures.

`python -m bot.art.sheet docs/images` rewrites docs/images: per game one hand and one board picture from
a seeded random game (and the Trickster hand in Japanese), and one sheet per deck, which the rules pages
and the README show. Deterministic: the same code draws the same files.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from bot.art import board_scene, hand_scene
from bot.art.decks import decks
from bot.art.faces import face
from bot.art.layout import render
from bot.art.playout import states
from games.core.registry import get_game

SHEET_TITLES = {
    "trickster": "Trickster",
    "trickster-cot": "Trickster: Champions of Time",
    "kings": "KINGs TRICKTAKERs",
    "dream-capture": "Capture of Dreams (Ex-Tarot)",
    "timetrap": "TIMETRAP",
}
PER_ROW = {"trickster": 7, "trickster-cot": 8, "kings": 10, "dream-capture": 12, "timetrap": 11}


def sheet_scene(game: str, deck: str, cards: tuple[str, ...], lang: str = "en") -> dict[str, Any]:
    """Every card of one deck: big cards for hero decks (a row per hero), small cards for number decks."""
    rows: list[dict[str, Any]] = []
    big = game in ("trickster", "trickster-cot") or deck in ("characters", "date-cards", "kings-queens-jacks")
    per_row = (
        PER_ROW[game] if not big else (7 if game == "trickster" else 8 if game == "trickster-cot" else 6)
    )
    if game in ("trickster", "trickster-cot"):
        for start in range(0, len(cards), per_row):
            chunk = cards[start : start + per_row]
            f = face(game, chunk[0], lang)
            label = f"{f.title} ({f.sub})" if f.sub else f.title
            effect = (
                f.effect[len(f.sub) :].lstrip(":： ") if f.sub and f.effect.startswith(f.sub) else f.effect
            )
            rows.append(
                {"label": label, "size": "big", "cards": [{"id": c} for c in chunk], "lines": [effect]}
            )
    elif deck == "kings-queens-jacks":
        up = [{"id": c, "n": _king_n(c, False)} if c.startswith("king") else {"id": c} for c in cards]
        used = [
            {"id": c, "state": "used", "n": _king_n(c, True)}
            if c.startswith("king")
            else {"id": c, "state": "used"}
            for c in cards
        ]
        rows.append({"label": "face up / usable", "size": "big", "cards": up})
        rows.append({"label": "used (turned over)", "size": "big", "cards": used})
    elif game == "dream-capture":
        trumps = [c for c in cards if c.startswith("t")]
        rows.append({"label": "trumps", "size": "big", "cards": [{"id": c} for c in trumps]})
        for suit, name in (("s", "spades"), ("h", "hearts"), ("d", "diamonds"), ("c", "clubs")):
            rows.append({"label": name, "size": "small", "cards": [{"id": c} for c in cards if c[0] == suit]})
    else:
        rows.append({"label": "", "size": "big" if big else "small", "cards": [{"id": c} for c in cards]})
    width = 2 * 16 + per_row * (64 + 6) if not big else 2 * 16 + 6 * (112 + 8)
    if game == "dream-capture":
        width = 2 * 16 + 7 * (112 + 8)
    if game in ("trickster", "trickster-cot"):
        width = 2 * 16 + per_row * (112 + 8)
    title = f"{SHEET_TITLES[game]} · {deck.replace('-', ' ')} ({len(cards)})"
    return {
        "game": game,
        "kind": "sheet",
        "lang": lang,
        "title": title,
        "rows": rows,
        "width": max(width, 420),
    }


def _king_n(card: str, used: bool) -> int:
    from games.kings.variants.data import KING_NUMBER_UP, KING_NUMBER_USED

    colour = card.split("-")[1]
    return (KING_NUMBER_USED if used else KING_NUMBER_UP)[colour]


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
