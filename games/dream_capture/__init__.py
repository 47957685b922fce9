"""Ex-Tarot "Capture of Dreams" (夢の捕獲): six players in two teams of three, six deals.

Rulebook: seeds/001_156fd8ce6bcaeb20.txt; rulings: RULINGS.md and docs/rules/dream-capture.md.
"""

from games.dream_capture.game import GAME

GAMES = (GAME,)

__all__ = ["GAME", "GAMES"]
