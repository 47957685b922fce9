"""KINGs TRICKTAKERs variant engines (Ombre, Whist, Napoleon): variant id -> Game object.

The `kings` facade (games/kings) delegates these variants here; each engine implements the full contract.
"""

from typing import Any, Final

from games.core.contract import Game
from games.kings.variants.base import Variant
from games.kings.variants.engine import VariantGame
from games.kings.variants.napoleon import Napoleon
from games.kings.variants.ombre import Ombre
from games.kings.variants.whist import Whist

RULES: Final[dict[str, Variant]] = {"whist": Whist(), "napoleon": Napoleon(), "ombre": Ombre()}
"""Each variant's rules: the `kings` facade calls their per-action methods directly (hot path)."""

ENGINES: dict[str, Game[Any]] = {variant_id: VariantGame(rules) for variant_id, rules in RULES.items()}
