"""AI policies for Trickster: random, and a heuristic that sees only its seat's view."""

from __future__ import annotations

from games.core.contract import Policy
from games.core.policy import random_policy

POLICIES: dict[str, Policy] = {"random": random_policy}
