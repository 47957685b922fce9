"""Each game declares what its pictures print (`Game.faces`), and the pictures draw only: every card a
game can deal has a declared face, every deck lists declared cards, and nothing under bot/art imports a
particular game (a new game brings its faces and edits no host file)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.core.faces import Faces
from games.core.registry import all_games
from tests.art.conftest import CONFIGS, playout

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = ("games.trickster", "games.kings", "games.dream_capture", "games.timetrap")


def _faces(game_id: str) -> Faces:
    faces = all_games()[game_id].faces
    assert faces is not None, f"{game_id} declares no faces"
    return faces


@pytest.mark.parametrize(("game_id", "variant", "players"), CONFIGS)
def test_every_card_a_game_deals_has_a_declared_face(game_id: str, variant: str, players: int) -> None:
    """Setup and a whole random game of every variant: each card id in the state has a face."""
    game, states = playout(game_id, variant, players, seed=7)
    faces = _faces(game_id)
    seen = {card for state in (states[0], states[-1]) for card in game.all_cards(state)}
    assert seen, (game_id, variant)
    assert not sorted(seen - set(faces.cards)), (game_id, variant)


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CONFIGS}))
def test_every_setup_of_every_player_count_has_declared_faces(game_id: str) -> None:
    game = all_games()[game_id]
    faces = _faces(game_id)
    for variant in game.info.variants:
        for players in range(variant.min_players, variant.max_players + 1):
            state = game.setup(players, {}, 1, variant.id)
            missing = set(game.all_cards(state)) - set(faces.cards)
            assert not missing, (game_id, variant.id, players, sorted(missing)[:5])


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CONFIGS}))
def test_decks_list_declared_cards_once_and_suits_are_named(game_id: str) -> None:
    faces = _faces(game_id)
    assert faces.decks
    for deck in faces.decks:
        assert deck.cards and len(set(deck.cards)) == len(deck.cards), deck.name
        assert set(deck.cards) <= set(faces.cards), deck.name
        if deck.rows == "suit":
            assert {faces.cards[c].suit for c in deck.cards} <= set(faces.suits), deck.name
    for card, face in faces.cards.items():
        assert all(0 <= v <= 255 for v in face.colour), card
        assert face.title == {} or face.title.get("en") is not None, card  # English is the fallback


def test_every_game_with_pictures_declares_faces() -> None:
    from bot.art import supported

    for game_id, game in all_games().items():
        assert supported(game_id) == (game.faces is not None), game_id


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):  # imports inside functions too
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_the_pictures_import_no_particular_game() -> None:
    files = sorted((ROOT / "bot" / "art").rglob("*.py"))
    assert len(files) >= 10
    found = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in _imports(path)
        if any(name == p or name.startswith(p + ".") for p in GAME_PACKAGES)
    ]
    assert not found, found


def test_the_declared_faces_are_data_not_drawing() -> None:
    """games/<game>/faces.py use no Pillow and nothing of the host."""
    modules = sorted((ROOT / "games").rglob("faces.py"))
    assert len(modules) >= 6
    for path in modules:
        assert not [n for n in _imports(path) if n.split(".")[0] in ("PIL", "bot")], path
