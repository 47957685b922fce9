"""Random playouts that yield states with their views (the CLI's and the tests' picture sources)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.core.contract import Game


def states(game: Game[Any], players: int, variant: str | None, seed: int, count: int) -> Iterator[Any]:
    """`count` states spread over whole random games (every `step`-th state of games seed, seed+1, ...)."""
    made = 0
    game_seed = seed
    while made < count:
        rng = random.Random(game_seed)
        state = game.setup(players, {}, game_seed, variant)
        trail = [state]
        for _ in range(20_000):
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_act(state)))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            trail.append(state)
        want = count - made
        step = max(1, len(trail) // want)
        for st in trail[::step][:want]:
            yield st
            made += 1
        game_seed += 1
