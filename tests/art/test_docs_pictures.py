"""The docs show the pictures they name: every image a rules page or the README links exists, is small,
and every deck of every game has its sheet on a rules page."""

from __future__ import annotations

import re
from pathlib import Path

from bot.art.decks import decks
from games.core.registry import all_games

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"!\[[^\]]*\]\(([^)]+\.png)\)")


def _links(doc: Path) -> list[Path]:
    return [(doc.parent / m).resolve() for m in LINK.findall(doc.read_text(encoding="utf-8"))]


def test_every_linked_picture_exists_and_is_small() -> None:
    docs = [ROOT / "README.md", ROOT / "docs" / "pictures.md", *sorted((ROOT / "docs" / "rules").glob("*.md"))]
    linked = [p for doc in docs for p in _links(doc)]
    assert len(linked) >= 25
    for path in linked:
        assert path.is_file(), path
        assert path.stat().st_size <= 200_000, path


def test_each_rules_page_shows_a_hand_a_board_and_every_deck() -> None:
    rules = ROOT / "docs" / "rules"
    shown = {p.name for doc in rules.glob("*.md") for p in _links(doc)}
    for game in all_games():
        assert f"{game}-hand.png" in shown and f"{game}-board.png" in shown, game
        for deck in decks(game):
            assert f"{game}-cards-{deck}.png" in shown, (game, deck)
    assert "trickster-hand-ja.png" in shown
