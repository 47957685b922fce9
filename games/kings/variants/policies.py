"""Heuristic AI seats for the variants (see each function's docstring for its plan)."""

from __future__ import annotations

from games.core.contract import Policy
from games.core.policy import random_policy


def heuristic_for(variant: str) -> Policy:
    return random_policy
