"""Heuristic AI for Champions of Time (placeholder: replaced below)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core.contract import ViewThunk


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    return legal[rng.randrange(len(legal))]
