"""KINGs TRICKTAKERs variant engines (Ombre, Whist, Napoleon): variant id -> Game object.

The `kings` facade (games/kings) delegates these variants here; each engine implements the full contract.
"""

from typing import Any

from games.core.contract import Game

ENGINES: dict[str, Game[Any]] = {}
