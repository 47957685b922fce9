"""The random policy every game ships; stronger AIs use the same (view, legal, rng) -> action shape."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core.contract import ViewThunk


def random_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    """Uniform over legal actions; never looks at the view (so it is also the fastest).

    `int(random() * n)` rather than `randrange(n)`: one C call instead of three Python frames, and
    simulate's loop inlines exactly this draw for random seats (its bias, below n / 2**53, is nil).
    """
    return legal[int(rng.random() * len(legal))]
