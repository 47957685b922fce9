"""Shared playouts for the picture tests: every game and variant, small counts (fast in CI)."""

from __future__ import annotations

import random
from typing import Any

from games.core.registry import all_games

# (game, variant, players): every variant of every game, and the largest table of the open games.
CONFIGS: list[tuple[str, str, int]] = [
    ("trickster", "standard", 3),
    ("trickster", "standard", 7),
    ("trickster-cot", "standard", 4),
    ("trickster-cot", "standard", 7),
    ("kings", "standard", 5),
    ("kings", "two-player", 2),
    ("kings", "ombre", 3),
    ("kings", "whist", 4),
    ("kings", "napoleon", 5),
    ("dream-capture", "standard", 6),
    ("timetrap", "standard", 2),
    ("timetrap", "standard", 4),
]

NAMES = ["Alice", "ボブ", "Chihiro", "Daisuke", "Eve", "ふみこ", "Gus"]


def playout(game_id: str, variant: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    """Every state of one random game, first to last."""
    game = all_games()[game_id]
    rng = random.Random(seed)
    state = game.setup(players, {}, seed, variant)
    states = [state]
    while not game.is_over(state) and len(states) < 5000:
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return game, states
