"""Trickster: the 49-card sets (`trickster`) and Champions of Time (`trickster-cot`) on shared tricks.

The shared trick loop lives in `games.trickster.tricks`; each edition adds its cards, heroes, round
structure and scoring.
"""

from typing import Any

from games.core.contract import Game
from games.trickster.cot import GAME as TRICKSTER_COT
from games.trickster.game import GAME as TRICKSTER

GAMES: tuple[Game[Any], ...] = (TRICKSTER, TRICKSTER_COT)
