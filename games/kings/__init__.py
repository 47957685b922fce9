"""KINGs TRICKTAKERs (game id `kings`): standard (3-5), two-player, and the variant engines."""

from typing import Any

from games.core.contract import Game

GAMES: tuple[Game[Any], ...] = ()
