"""Which games exist: every package under games/ (except core) that exports `GAMES`.

Discovery instead of a hand-kept list, so adding a game never edits a shared file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import games
from games.core import i18n
from games.core.contract import Game
from games.core.errors import InvalidOptions

i18n.register(
    {
        "unknown_game": {
            "en": "Unknown game {game}; choose one of: {choices}.",
            "ja": "不明なゲーム {game}。次から選んでください: {choices}",
        }
    }
)


@cache
def all_games() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for module in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not module.ispkg or module.name == "core":
            continue
        package = importlib.import_module(f"games.{module.name}")
        for game in getattr(package, "GAMES", ()):
            found[game.info.id] = game
    return dict(sorted(found.items()))


def get_game(game_id: str) -> Game[Any]:
    registry = all_games()
    if game_id not in registry:
        raise InvalidOptions("unknown_game", game=game_id, choices=", ".join(registry))
    return registry[game_id]
