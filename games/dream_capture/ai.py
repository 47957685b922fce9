"""Placeholder: replaced below."""

from games.core.policy import random_policy as heuristic_policy

__all__ = ["heuristic_policy"]
