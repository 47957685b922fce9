"""KINGs TRICKTAKERs (game id `kings`): standard (3-5), two-player, and the variant engines.

The facade in game.py handles standard and two-player itself and delegates the variants listed in
games.kings.variants.ENGINES (Ombre, Whist, Napoleon).
"""

from typing import Any

from games.core.contract import Game
from games.kings.game import GAME

GAMES: tuple[Game[Any], ...] = (GAME,)
