"""KINGs TRICKTAKERs variant engines (Ombre, Whist, Napoleon): variant id -> Game object.

The `kings` facade (games/kings) delegates these variants here; each engine implements the full contract.
"""

from typing import Any

from games.core.contract import Game
from games.kings.variants.engine import VariantGame
from games.kings.variants.napoleon import Napoleon
from games.kings.variants.ombre import Ombre
from games.kings.variants.whist import Whist

ENGINES: dict[str, Game[Any]] = {}
ENGINES["whist"] = VariantGame(Whist())
ENGINES["napoleon"] = VariantGame(Napoleon())
ENGINES["ombre"] = VariantGame(Ombre())
